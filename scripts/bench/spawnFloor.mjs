#!/usr/bin/env node
// @ts-check
// The floor under hookshim's matched path on this machine: a bare Node process (CommonJS, fired through `sh -c` as
// Cursor fires hookshim) that does nothing but start N trivial scripts the way the runner does (src/hook/runner.ts:
// `/bin/sh -c`, its own process group, three pipes, the payload written to stdin, output collected) and wait for all.
// Beside it `node -e 0` and the same scripts started from this already-running process ("direct", as in `npm run
// bench`). What hookshim's overhead cannot go below: floor(N) − direct(N) − `node -e 0` (docs/performance.md). Two
// bare spawners: one on node:child_process, one on libuv's handles (src/hook/uvSpawn.ts, bundled here by esbuild),
// as the runner starts a POSIX script.
//
//   node scripts/bench/spawnFloor.mjs [--runs 15] [--counts 1,5,20]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { direct, fire } from './fire.mjs';
import { writeSpawners } from './floor.mjs';
import { loadAverage } from './machine.mjs';
import { summary } from './stats.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 15) || 15;
const counts = args.includes('--counts') ? args[args.indexOf('--counts') + 1].split(',').map(Number) : [1, 5, 20];
const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-floor-')));
try {
  const spawners = await writeSpawners(tmp);
  const script = path.join(tmp, 'g.sh');
  fs.writeFileSync(script, '#!/bin/sh\ncat >/dev/null\n', { mode: 0o755 });
  const opts = { cwd: tmp, env: process.env, input: '{}' };
  const uvOpts = { ...opts, env: { ...process.env, ...spawners.uvEnv } };
  /** @type {[string, () => Promise<{ ms: number, stderr?: string }>][]} */
  const variants = [
    ['node', () => fire('node -e 0', opts)],
    ...counts.flatMap(
      (n) =>
        /** @type {[string, () => Promise<{ ms: number, stderr?: string }>][]} */ ([
          [`floor ${n}`, () => fire(spawners.childProcess(script, n), opts)],
          [`uv ${n}`, () => fire(spawners.uv(script, n), uvOpts)],
          [`direct ${n}`, () => direct(Array(n).fill(`'${script}'`), opts)],
        ]),
    ),
  ];
  const load = loadAverage();
  /** @type {Map<string, { ms: number[], cpu: number[] }>} */
  const got = new Map(variants.map(([k]) => [k, { ms: [], cpu: [] }]));
  for (let r = -1; r < runs; r++) {
    const order = [...variants.slice((r + 1) % variants.length), ...variants.slice(0, (r + 1) % variants.length)];
    for (const [k, run] of order) {
      const res = await run();
      if (r < 0) continue; // warm-up
      got.get(k)?.ms.push(res.ms);
      if (res.stderr) got.get(k)?.cpu.push(Number(res.stderr));
    }
  }
  const med = (xs) => (xs.length ? summary(xs).median : NaN);
  const node = med(got.get('node')?.ms ?? []);
  const rows = counts.map((n) => {
    const d = med(got.get(`direct ${n}`)?.ms ?? []);
    const cells = ['floor', 'uv'].map((k) => {
      const f = got.get(`${k} ${n}`) ?? { ms: [], cpu: [] };
      return [med(f.ms), med(f.cpu), med(f.ms) - d - node].map((x) => x.toFixed(1));
    });
    return `| ${n} | ${cells[0].join(' | ')} | ${cells[1].join(' | ')} | ${d.toFixed(1)} |`;
  });
  const cols = (how) => `${how}: wall (ms) | its CPU (ms) | floor − direct − \`node -e 0\` (ms)`;
  process.stdout.write(
    [
      `| scripts | ${cols('node:child_process')} | ${cols("libuv's handles")} | direct (ms) |`,
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `\`node -e 0\` ${node.toFixed(1)} ms. Load average ${load} at start, ${loadAverage()} at end; ${runs} rounds.`,
      '',
    ].join('\n'),
  );
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
