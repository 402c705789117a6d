#!/usr/bin/env node
// @ts-check
// The floor under hookshim's matched path on this machine: a bare Node process (CommonJS, fired through `sh -c` as
// Cursor fires hookshim) that does nothing but start N trivial scripts the way the runner does (src/hook/runner.ts:
// `/bin/sh -c`, its own process group, three pipes, the payload written to stdin, output collected) and wait for all.
// Beside it `node -e 0` and the same scripts started from this already-running process ("direct", as in `npm run
// bench`). What hookshim's overhead cannot go below: floor(N) − direct(N) − `node -e 0` (docs/performance.md).
//
//   node scripts/bench/spawnFloor.mjs [--runs 15] [--counts 1,5,20]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { direct, fire } from './fire.mjs';
import { loadAverage } from './machine.mjs';
import { summary } from './stats.mjs';

/** The bare spawner: `node spawner.cjs <script> <n>` starts n copies of the script, each `/bin/sh -c <script>` like a shell-form row; prints its CPU time on stderr. */
const SPAWNER = `'use strict';
const { spawn } = require('node:child_process');
const [script, n] = [process.argv[2], Number(process.argv[3])];
const env = { ...process.env, CLAUDECODE: '1' };
let left = n;
const done = () => {
  const c = process.cpuUsage();
  process.stderr.write(String((c.user + c.system) / 1000));
  process.exit(0);
};
for (let i = 0; i < n; i++) {
  const c = spawn('/bin/sh', ['-c', script], { cwd: process.cwd(), env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  c.stdin.on('error', () => {});
  c.stdin.end('{"hook_event_name":"PreToolUse"}');
  c.stdout.on('data', () => {});
  c.stderr.on('data', () => {});
  c.on('close', () => --left === 0 && done());
}
if (n === 0) done();
`;

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 15) || 15;
const counts = args.includes('--counts') ? args[args.indexOf('--counts') + 1].split(',').map(Number) : [1, 5, 20];
const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-floor-')));
try {
  const spawner = path.join(tmp, 'spawner.cjs');
  fs.writeFileSync(spawner, SPAWNER);
  const script = path.join(tmp, 'g.sh');
  fs.writeFileSync(script, '#!/bin/sh\ncat >/dev/null\n', { mode: 0o755 });
  const opts = { cwd: tmp, env: process.env, input: '{}' };
  /** @type {[string, () => Promise<{ ms: number, stderr?: string }>][]} */
  const variants = [
    ['node', () => fire('node -e 0', opts)],
    ...counts.flatMap(
      (n) =>
        /** @type {[string, () => Promise<{ ms: number, stderr?: string }>][]} */ ([
          [`floor ${n}`, () => fire(`node '${spawner}' '${script}' ${n}`, opts)],
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
    const floor = got.get(`floor ${n}`) ?? { ms: [], cpu: [] };
    const d = med(got.get(`direct ${n}`)?.ms ?? []);
    return `| ${n} | ${med(floor.ms).toFixed(1)} | ${med(floor.cpu).toFixed(1)} | ${d.toFixed(1)} | ${(med(floor.ms) - d - node).toFixed(1)} |`;
  });
  process.stdout.write(
    [
      `| scripts | bare spawner, wall (ms) | its CPU (ms) | direct (ms) | floor − direct − \`node -e 0\` (ms) |`,
      '|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `\`node -e 0\` ${node.toFixed(1)} ms. Load average ${load} at start, ${loadAverage()} at end; ${runs} rounds.`,
      '',
    ].join('\n'),
  );
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
