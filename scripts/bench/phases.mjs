#!/usr/bin/env node
// Where hookshim's own time goes on the matched path: `preToolUse` with 1, 5 and 20 trivial guards (and nothing
// matching), fired as Cursor fires it with HOOKSHIM_DEBUG=1, whose timings line (src/hook/spans.ts) gives each phase in
// ms. Variants interleave per round; medians per phase. Prints one markdown table, the phases as rows; "outside" is
// the wall time around it (sh, the exec of node, process exit) minus the total the process saw itself.
//
//   node scripts/bench/phases.mjs [--runs 15] [--bundle FILE]   (npm run build first; --bundle: another build's dist/hookshim.cjs)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fire } from './fire.mjs';
import { cursorPayload, freshId, makeRepo, TRIVIAL } from './fixtures.mjs';
import { loadAverage } from './machine.mjs';
import { summary } from './stats.mjs';

/** The timings line of one event as [phase, ms] pairs. */
export function parseTimings(stderr) {
  const line = /timings \(ms since node started\): (.*)$/m.exec(stderr)?.[1];
  if (!line) throw new Error(`no timings line (HOOKSHIM_DEBUG=1) in: ${stderr}`);
  return line.split(', ').map((part) => {
    const m = /^(.*) \+([\d.]+)$/.exec(part);
    if (!m) throw new Error(`unreadable timing "${part}"`);
    return [m[1].replace(/ \(cache \w+\)$/, '').replace('node started + -e compiled', 'node started + loader compiled'), Number(m[2])];
  });
}

/** Fire every variant `runs` times (interleaved), returning per variant: per phase samples, wall samples. */
export async function measurePhases({ runs = 15, bundle, log = () => {} } = {}) {
  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-phases-')));
  try {
    const names = (n) => Array.from({ length: n }, (_, i) => `g${i + 1}.sh`);
    const variants = [[0, makeRepo(tmp, 'none', { PreToolUse: [['Write|Edit', ['ok.sh']]] }, { 'ok.sh': TRIVIAL })]];
    for (const n of [1, 5, 20]) variants.push([n, makeRepo(tmp, `m${n}`, { PreToolUse: [['Bash', names(n)]] }, Object.fromEntries(names(n).map((x) => [x, TRIVIAL])))]);
    if (bundle) for (const [, repo] of variants) fs.copyFileSync(bundle, path.join(repo.dir, '.cursor', 'hooks', 'hookshim.cjs'));
    const once = async ([n, repo]) => {
      if (n === 'node') {
        // Node alone, fired the same way: where its own clock starts and ends, for the columns beside it.
        const r = await fire(`node -e "process.stderr.write('timings (ms since node started): node started + -e compiled +' + performance.now().toFixed(1))"`, { cwd: repo.dir, env: repo.env, input: '{}' });
        return { ms: r.ms, phases: parseTimings(r.stderr) };
      }
      const input = cursorPayload('preToolUse', repo, 'phases', { tool_name: 'Shell', tool_input: { command: 'ls', cwd: '' }, tool_use_id: freshId('tool') });
      const r = await fire(repo.command('preToolUse'), { cwd: repo.dir, env: { ...repo.env, HOOKSHIM_DEBUG: '1' }, input });
      if (r.stdout.trim() !== '{"permission":"allow"}') throw new Error(`${n} guards: answered ${r.stdout} ${r.stderr}`);
      return { ms: r.ms, phases: parseTimings(r.stderr) };
    };
    variants.unshift(['node', variants[0][1]]);
    for (const v of variants) await once(v); // warm-up: code cache written
    const got = new Map(variants.map(([n]) => [n, []]));
    for (let r = 0; r < runs; r++) {
      const order = [...variants.slice(r % variants.length), ...variants.slice(0, r % variants.length)];
      for (const v of order) got.get(v[0]).push(await once(v));
      log(`round ${r + 1}/${runs}`);
    }
    return got;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** One markdown table: phases as rows (in the order they happen), one column per variant, medians. */
export function phasesTable(got) {
  // Phases in the order they happen: the longest run's order, then any phase only shorter runs have.
  const all = [...got.values()].flat().map((s) => s.phases.map(([p]) => p));
  const order = [...new Set(all.sort((a, b) => b.length - a.length).flat())];
  const med = (xs) => (xs.length ? summary(xs).median : undefined);
  const cols = [...got.keys()];
  const cell = (v) => (v === undefined ? '—' : v.toFixed(1));
  const rows = order.map((p) => `| ${p} | ${cols.map((n) => cell(med(got.get(n).map((s) => s.phases.find(([q]) => q === p)?.[1]).filter((x) => x !== undefined)))).join(' | ')} |`);
  // The deltas add up to the process's own clock when the line was written (performance.now(), from Node's start).
  const outside = cols.map((n) => cell(med(got.get(n).map((s) => s.ms - s.phases.reduce((a, [, ms]) => a + ms, 0)))));
  const wall = cols.map((n) => cell(med(got.get(n).map((s) => s.ms))));
  return [
    `| phase (ms, medians) | ${cols.map((n) => (n === 'node' ? '`node -e 0`' : n === 0 ? 'nothing matches' : `${n} guard${n > 1 ? 's' : ''}`)).join(' | ')} |`,
    `|---|${cols.map(() => '---:').join('|')}|`,
    ...rows,
    `| outside the process's own clock (sh, exec, exit) | ${outside.join(' | ')} |`,
    `| **wall time** | ${wall.join(' | ')} |`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = Number(args[args.indexOf('--runs') + 1] || 15) || 15;
  const bundle = args.includes('--bundle') ? path.resolve(args[args.indexOf('--bundle') + 1]) : undefined;
  const load = loadAverage();
  const got = await measurePhases({ runs, bundle, log: (m) => process.stderr.write(`phases: ${m}\n`) });
  process.stdout.write(`${phasesTable(got)}\n\nLoad average ${load} at start, ${loadAverage()} at end; ${runs} rounds.\n`);
}
