#!/usr/bin/env node
// @ts-check
// Where hookshim's own time goes on the matched path: `preToolUse` with 1, 5 and 20 trivial guards (and nothing
// matching), fired as Cursor fires it with HOOKSHIM_DEBUG=1, whose timings line (src/hook/spans.ts) gives each phase in
// ms. Variants interleave per round; medians per phase. Prints one markdown table, the phases as rows; "outside" is
// the wall time around it (sh, the exec of node, process exit) minus the total the process saw itself.
//
//   node scripts/bench/phases.mjs [--runs 15] [--counts 0,1,5,20] [--cache] [--transcript MB] [--bundle LABEL=FILE …]
// --cache: each build also with its V8 code cache on (HOOKSHIM_CODE_CACHE=1).
// --transcript MB: each event carries a Cursor transcript of that size (its results seeded), as `npm run bench`'s tool
// events do (1 MB there); without it the payloads carry none, so the transcript's phases do no work.
// npm run build first. --bundle (repeatable): builds to compare, e.g. before=/tmp/old/hookshim.cjs after=dist/hookshim.cjs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fire } from './fire.mjs';
import { generate, SESSION } from '../bench-transcript.mjs';
import { cursorPayload, freshId, makeRepo, TRIVIAL } from './fixtures.mjs';
import { loadAverage } from './machine.mjs';
import { summary } from './stats.mjs';

/** The timings line of one event as [phase, ms] pairs. */
export function parseTimings(stderr) {
  const m =
    /timings \(ms since node started\): (.*?)(?:; compiled (\d+) texts, ([\d.]+) KiB in ([\d.]+) ms)?(?:; cpu ([\d.]+) ms)?$/m.exec(
      stderr,
    );
  if (!m) throw new Error(`no timings line (HOOKSHIM_DEBUG=1) in: ${stderr}`);
  const phases = m[1].split(', ').map((part) => {
    const x = /^(.*) \+([\d.]+)$/.exec(part);
    if (!x) throw new Error(`unreadable timing "${part}"`);
    return [
      x[1].replace(/ \(cache \w+\)$/, '').replace('node started + -e compiled', 'node started + loader compiled'),
      Number(x[2]),
    ];
  });
  const compiled = m[2] === undefined ? undefined : { texts: Number(m[2]), kib: Number(m[3]), ms: Number(m[4]) };
  return { phases, compiled, cpu: m[5] === undefined ? undefined : Number(m[5]) };
}

/**
 * Fire every variant `runs` times (interleaved), returning per column (`node`, then `<guards>` or `<label> <guards>` for
 * each bundle) the samples: phases, CPU time, wall time. `bundles`: [label, file] pairs to compare (an A/B of two builds
 * in one run); none: the build `hookshim init` vendors.
 */
export async function measurePhases({
  runs = 15,
  bundles = [],
  counts = [0, 1, 5, 20],
  cache = false,
  transcriptMB = 0,
  log = /** @type {(line: string) => void} */ (() => {}),
} = {}) {
  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-phases-')));
  try {
    // The bench's world: one session's transcript with its recorded results, seeded into every repo's state dir.
    const tx =
      transcriptMB > 0 ? { path: path.join(tmp, 'cursor.jsonl'), results: path.join(tmp, 'results.jsonl') } : undefined;
    if (tx) generate(tx.path, tx.results, transcriptMB * 1024 * 1024);
    const names = (n) => Array.from({ length: n }, (_, i) => `g${i + 1}.sh`);
    /** @type {[string, number | 'node', any, Record<string, string>][]} */
    const variants = [];
    // With `cache`, each bundle also runs with its V8 code cache on (HOOKSHIM_CODE_CACHE=1), in repos of its own.
    const builds = (bundles.length ? bundles : [['', undefined]]).flatMap(([label, bundle]) => [
      [label, bundle, {}],
      ...(cache ? [[`${label}${label ? ' ' : ''}+cache`, bundle, { HOOKSHIM_CODE_CACHE: '1' }]] : []),
    ]);
    for (const [label, bundle, env] of builds) {
      for (const n of counts) {
        const repo =
          n === 0
            ? makeRepo(
                tmp,
                `none${variants.length}`,
                { PreToolUse: [['Write|Edit', ['ok.sh']]] },
                { 'ok.sh': TRIVIAL },
                tx?.results,
              )
            : makeRepo(
                tmp,
                `m${n}-${variants.length}`,
                { PreToolUse: [['Bash', names(n)]] },
                Object.fromEntries(names(n).map((x) => [x, TRIVIAL])),
                tx?.results,
              );
        if (bundle) fs.copyFileSync(bundle, path.join(repo.dir, '.cursor', 'hooks', 'hookshim.cjs'));
        variants.push([label ? `${label} ${n}` : String(n), n, repo, env]);
      }
    }
    const once = async ([, n, repo, env]) => {
      if (n === 'node') {
        // Node alone, fired the same way: where its own clock starts and ends, for the columns beside it.
        const r = await fire(
          `node -e "const c = process.cpuUsage(); process.stderr.write('timings (ms since node ` +
            `started): node started + -e compiled +' + performance.now().toFixed(1) + '; cpu ' + ` +
            `((c.user + c.system) / 1000).toFixed(1) + ' ms')"`,
          { cwd: repo.dir, env: repo.env, input: '{}' },
        );
        return { ms: r.ms, ...parseTimings(r.stderr) };
      }
      const input = cursorPayload('preToolUse', repo, tx ? SESSION : 'phases', {
        tool_name: 'Shell',
        tool_input: { command: 'ls', cwd: '' },
        tool_use_id: freshId('tool'),
        ...(tx ? { transcript_path: tx.path } : {}),
      });
      const r = await fire(repo.command('preToolUse'), {
        cwd: repo.dir,
        env: { ...repo.env, HOOKSHIM_DEBUG: '1', ...env },
        input,
      });
      if (r.stdout.trim() !== '{"permission":"allow"}')
        throw new Error(`${n} guards: answered ${r.stdout} ${r.stderr}`);
      return { ms: r.ms, ...parseTimings(r.stderr) };
    };
    variants.unshift(['node', 'node', variants[0][2], {}]);
    for (const v of variants) await once(v); // warm-up: code caches written (+cache), state dirs made
    const got = new Map(variants.map(([key]) => [key, []]));
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

/** A column's heading: `node -e 0`, "nothing matches", "5 guards", with its bundle's label if any. */
function heading(key) {
  if (key === 'node') return '`node -e 0`';
  const [, label, n] = /^(?:(.*) )?(\d+)$/.exec(key);
  const what = n === '0' ? 'nothing matches' : `${n} guard${n === '1' ? '' : 's'}`;
  return label ? `${label}: ${what}` : what;
}

/** One markdown table: phases as rows (in the order they happen), one column per variant, medians. */
export function phasesTable(got) {
  // Phases in the order they happen: the longest run's order, then any phase only shorter runs have.
  const all = [...got.values()].flat().map((s) => s.phases.map(([p]) => p));
  const order = [...new Set(all.sort((a, b) => b.length - a.length).flat())];
  const med = (xs) => (xs.length ? summary(xs).median : undefined);
  const cols = [...got.keys()];
  const cell = (v) => (v === undefined ? '—' : v.toFixed(1));
  const rows = order.map(
    (p) =>
      `| ${p} | ${cols
        .map((n) =>
          cell(
            med(
              got
                .get(n)
                .map((s) => s.phases.find(([q]) => q === p)?.[1])
                .filter((x) => x !== undefined),
            ),
          ),
        )
        .join(' | ')} |`,
  );
  // The deltas add up to the process's own clock when the line was written (performance.now(), from Node's start).
  const outside = cols.map((n) => cell(med(got.get(n).map((s) => s.ms - s.phases.reduce((a, [, ms]) => a + ms, 0)))));
  const wall = cols.map((n) => cell(med(got.get(n).map((s) => s.ms))));
  const of = (n, key) =>
    med(
      got
        .get(n)
        .map((s) => s.compiled?.[key])
        .filter((x) => x !== undefined),
    );
  return [
    `| phase (ms, medians) | ${cols.map(heading).join(' | ')} |`,
    `|---|${cols.map(() => '---:').join('|')}|`,
    ...rows,
    `| outside the process's own clock (sh, exec, exit) | ${outside.join(' | ')} |`,
    `| **wall time** | ${wall.join(' | ')} |`,
    `| V8 compiling the hook code, all texts (ms; in the phases above) | ${cols.map((n) => cell(of(n, 'ms'))).join(' | ')} |`,
    `| … texts compiled: how many, KiB | ` +
      `${cols.map((n) => (of(n, 'texts') === undefined ? '—' : `${of(n, 'texts')}, ${of(n, 'kib').toFixed(1)}`)).join(' | ')} |`,
    `| CPU time of the process (user + system; steadier than wall time on a busy machine) | ${cols
      .map((n) =>
        cell(
          med(
            got
              .get(n)
              .map((s) => s.cpu)
              .filter((x) => x !== undefined),
          ),
        ),
      )
      .join(' | ')} |`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = Number(args[args.indexOf('--runs') + 1] || 15) || 15;
  // --bundle LABEL=FILE, repeatable: compare builds in one interleaved run.
  const bundles = args
    .flatMap((a, i) => (a === '--bundle' ? [args[i + 1]] : []))
    .map((b) =>
      b.includes('=')
        ? [b.slice(0, b.indexOf('=')), path.resolve(b.slice(b.indexOf('=') + 1))]
        : [path.basename(b), path.resolve(b)],
    );
  const counts = args.includes('--counts') ? args[args.indexOf('--counts') + 1].split(',').map(Number) : undefined;
  const transcriptMB = args.includes('--transcript') ? Number(args[args.indexOf('--transcript') + 1]) : 0;
  if (args.includes('--transcript') && !(transcriptMB > 0)) {
    process.stderr.write('phases: --transcript takes a size in MB, e.g. --transcript 1\n');
    process.exit(2);
  }
  const load = loadAverage();
  const got = await measurePhases({
    runs,
    bundles,
    cache: args.includes('--cache'),
    transcriptMB,
    ...(counts ? { counts } : {}),
    log: (m) => process.stderr.write(`phases: ${m}\n`),
  });
  process.stdout.write(
    `${phasesTable(got)}\n\n${transcriptMB ? `Each event with a ${transcriptMB} MB transcript. ` : ''}` +
      `Load average ${load} at start, ${loadAverage()} at end; ${runs} rounds.\n`,
  );
}
