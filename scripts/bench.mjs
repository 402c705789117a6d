#!/usr/bin/env node
// @ts-check
// `npm run bench`: every performance target in docs/performance.md, measured side by side in one run on this machine, printed as
// one markdown table (with the machine facts above it) that docs/performance.md reproduces verbatim. A benchmark, not a test:
// test/e2e/budget.test.ts guards the bundle size and deny-list without timing anything.
//
// Process-level figures: temp repos bound by the real `hookshim init`, every event fired as Cursor fires it (the
// bound command through `sh -c`, from the repo root, payload on stdin). All process variants run in rounds,
// interleaved (A B C …, the order rotated by one each round) so machine noise hits them equally; medians and p90 over
// the rounds, after one untimed warm-up round and a verification pass (trace log: the right number of guards ran,
// the answers are the expected ones, nothing on stderr). In-process transcript figures come from
// scripts/bench-transcript.mjs (measureTranscripts), which this script calls rather than duplicates.
//
// Modules: scripts/bench/variants.mjs (what is fired), report.mjs (the table), sequential.cjs (the sequential runner the
// parallel one is compared with), phases.mjs (where hookshim's own time goes, phase by phase: run it on its own).
//
//   node scripts/bench.mjs [--runs 21] [--quick] [--json FILE] [--keep]
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate, measureTranscripts, SESSION, textLine } from './bench-transcript.mjs';
import { DENY, GIT, makeRepo, PYTHON, ROOT, SLOW, systemPython, TRANSCRIPT, TRIVIAL, WARN } from './bench/fixtures.mjs';
import { writeSpawners } from './bench/floor.mjs';
import { loadAverage, machineFacts } from './bench/machine.mjs';
import { matcherEffect as effectOf } from './bench/matchers.mjs';
import { analyse, render, TARGETS, verdict } from './bench/report.mjs';
import { defineVariants, MATCHING, PY_NAMES, SCENARIO_GUARDS, SLOW_S, SLOW_SCRIPTS } from './bench/variants.mjs';

const BUNDLE = path.join(ROOT, 'dist', 'hookshim.cjs');
const USAGE = 'usage: node scripts/bench.mjs [--runs 21] [--quick] [--json FILE] [--keep]';

function parseArgs(argv) {
  const opts = { runs: 21, quick: false, json: undefined, keep: false };
  let runsGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') {
      opts.runs = Number(argv[++i]);
      runsGiven = true;
      if (!Number.isInteger(opts.runs) || opts.runs < 3) throw new Error(`--runs needs an integer ≥ 3; ${USAGE}`);
    } else if (a === '--quick') opts.quick = true;
    else if (a === '--json') {
      opts.json = argv[++i];
      if (!opts.json) throw new Error(`--json needs a file; ${USAGE}`);
    } else if (a === '--keep') opts.keep = true;
    else if (a === '--help' || a === '-h') {
      process.stdout.write(
        `${USAGE}\n  --runs N     interleaved rounds (default 21; 7 with --quick)\n  --quick      ` +
          `fewer rounds and transcript events\n  --json FILE  also write the raw figures (every ` +
          `sample) to FILE\n  --keep       keep the temp repos and transcripts\n`,
      );
      process.exit(0);
    } else throw new Error(`unknown option ${a}; ${USAGE}`);
  }
  if (opts.quick && !runsGiven) opts.runs = 7;
  return opts;
}

const progress = (msg) => process.stderr.write(`bench: ${msg.trimEnd()}\n`);

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(BUNDLE)) throw new Error('dist/hookshim.cjs is missing: run `npm run build` (or `npm run bench`)');
  const t0 = Date.now();
  const facts = machineFacts();
  const loadStart = loadAverage();
  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-bench-')));
  try {
    progress(`${opts.runs} rounds${opts.quick ? ' (quick)' : ''}; temp ${tmp}`);
    const world = setup(tmp);
    // The copy `hookshim init` vendored into the repos is what runs (dist/ may be rebuilt meanwhile).
    const vendored = path.join(world.repos.nomatch.dir, '.cursor', 'hooks', 'hookshim.cjs');
    const vendoredIn = (r) =>
      ['.cursor', '.github'].map((d) => path.join(r.dir, d, 'hooks', 'hookshim.cjs')).find((f) => fs.existsSync(f));
    const copies = new Set(Object.values(world.repos).map((r) => fs.readFileSync(vendoredIn(r)).toString('base64')));
    if (copies.size !== 1)
      throw new Error('dist/hookshim.cjs changed while the repos were bound (a concurrent build?); run again');
    facts.build = buildFacts(vendored);
    const variants = defineVariants({ ...world, spawners: await writeSpawners(tmp) });

    progress('first stop on each transcript (the full rewrite, cold, end to end)');
    const firstStop = {};
    for (const [mb, v] of [
      [1, 'stop.1mb'],
      [50, 'stop.50mb'],
    ])
      firstStop[mb] = await variants.get(v).first();

    progress('verification pass (trace log: guards run, answers, stderr; transcripts rewritten)');
    for (const v of variants.values()) await v.run({ verify: path.join(tmp, `trace-${v.id}.ndjson`) });
    progress('warm-up round');
    await round(world, [...variants.values()], 0);

    const samples = Object.fromEntries([...variants.keys()].map((k) => [k, []]));
    const list = [...variants.values()];
    for (let r = 0; r < opts.runs; r++) {
      const got = await round(world, list, r);
      for (const [k, s] of Object.entries(got)) samples[k].push(s);
      if ((r + 1) % Math.max(1, Math.floor(opts.runs / 7)) === 0 || r + 1 === opts.runs)
        progress(`round ${r + 1}/${opts.runs} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }

    const matcher = await matcherEffect(world);

    progress('in-process transcript figures (scripts/bench-transcript.mjs)');
    const tx = await measureTranscripts({
      sizes: [1, 50],
      runs: opts.quick ? 1 : 3,
      events: opts.quick ? 10 : 40,
      bounds: !opts.quick,
      log: progress,
    });

    const bundleBytes = fs.statSync(vendored).size;
    const loadEnd = loadAverage();
    const seconds = (Date.now() - t0) / 1000;
    const report = analyse({ samples, firstStop, tx: tx.rows, txBounds: tx.bounds, bundleBytes, matcher });
    process.stdout.write(render({ facts, loadStart, loadEnd, report, runs: opts.runs, seconds }));
    progress(`done in ${seconds.toFixed(0)} s`);
    if (opts.json) {
      const raw = {
        facts: { ...facts, loadStart, loadEnd },
        runs: opts.runs,
        seconds,
        targets: TARGETS,
        rows: report.rows,
        figures: report.figures,
        samples,
        firstStop,
        transcript: tx.rows,
        bundleBytes,
      };
      fs.writeFileSync(opts.json, `${JSON.stringify(raw, null, 2)}\n`);
      progress(`raw figures in ${opts.json}`);
    }
  } finally {
    if (opts.keep) progress(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * ─── MATCHER EFFECT: the lead's row group ──────────────────────────────────────────────────────────────
 * Events Cursor starts vs tool calls made, for this repository's own catalog, once `hookshim init` writes Cursor
 * matchers into .cursor/hooks.json. Return rows [what, target, measured, verdict]: they print under "Matcher effect"
 * (scripts/bench/report.mjs); an empty list prints a "not measured yet" row. `world` holds the temp dir (`tmp`), the
 * transcripts and the bound repos; this repository is ROOT (scripts/bench/fixtures.mjs).
 */
async function matcherEffect(world) {
  const r = effectOf(ROOT);
  const fewer = 1 - r.with / r.without;
  const rows = [
    [
      `Processes Cursor starts for an example session of ${r.calls} tool calls ` +
        `(scripts/bench/matchers.mjs: its mix, and which events each tool starts)`,
      'a call no row needs starts nothing',
      `**${r.with}** with the matchers \`init\` wrote, ${r.without} without ` +
        `(${(fewer * 100).toFixed(0)} % fewer)${startsOnly(r, 0, 'start nothing')}${startsOnly(r, 1, 'start one event only')}`,
      'info',
    ],
  ];
  // The bench's no-match repo: a Shell call its Read and Write|Edit rows never select. Its preToolUse is what the
  // target is about; postToolUse starts for every tool to record results for the transcript every row gets (docs/transcripts.md).
  const shell = effectOf(world.repos.nomatch.dir, { Shell: 1 }).perTool[0]?.events ?? [];
  const starts = shell.includes('preToolUse');
  const others = shell.filter((e) => e !== 'preToolUse');
  rows.push([
    '`preToolUse`, nothing matches (Shell; rows for Read and Write|Edit only): with the matchers',
    'not started at all',
    (starts
      ? 'started (the matcher lets Shell through)'
      : '**not started**: 0 ms (the rows above time what it costs without a matcher)') +
      (others.length
        ? `; the call still starts ${others.join(', ')} (tool results recorded for the transcript ` +
          `every row gets; \`transcripts: false\` opts out)`
        : ''),
    verdict(!starts),
  ]);
  return rows;
}

/** "; Read, Grep start nothing" for the tools of a matcher effect that start `n` events. */
function startsOnly(r, n, what) {
  const tools = r.perTool.filter((t) => t.events.length === n).map((t) => t.tool);
  return tools.length ? `; ${tools.join(', ')} ${what}` : '';
}

/** Transcripts (1, 20 and 50 MB, with their recorded results) and the bound repos. */
function setup(tmp) {
  progress('generating the 1, 20 and 50 MB Cursor transcripts');
  const tx = {};
  for (const mb of [1, 20, 50]) {
    tx[mb] = { path: path.join(tmp, `cursor-${mb}mb.jsonl`), results: path.join(tmp, `results-${mb}mb.jsonl`) };
    generate(tx[mb].path, tx[mb].results, mb * 1024 * 1024);
  }
  progress('binding the repos with hookshim init');
  const names = (n, prefix = 'g') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}.sh`);
  const scriptsOf = (list, text) => Object.fromEntries(list.map((n) => [n, text]));
  const G = SCENARIO_GUARDS;
  const repos = {
    // Rows for other tools only: a preToolUse Shell call selects nothing. Read's warn-only guard feeds post.replay.
    nomatch: makeRepo(
      tmp,
      'nomatch',
      {
        PreToolUse: [
          ['Read', ['warn.sh']],
          ['Write|Edit', ['ok.sh']],
        ],
        PostToolUse: [['Write|Edit', ['ok.sh']]],
      },
      { 'warn.sh': WARN, 'ok.sh': TRIVIAL },
      tx[1].results,
    ),
    slow: makeRepo(
      tmp,
      'slow',
      { PreToolUse: [['Bash', names(SLOW_SCRIPTS, 's')]] },
      scriptsOf(names(SLOW_SCRIPTS, 's'), SLOW(SLOW_S)),
      tx[1].results,
    ),
    git: makeRepo(tmp, 'git', { PreToolUse: [['Bash', names(G)]] }, scriptsOf(names(G), GIT), tx[1].results, {
      git: true,
    }),
    // Five guards, the third of which denies (the issue's "one denies" row).
    deny: makeRepo(
      tmp,
      'deny',
      { PreToolUse: [['Bash', names(G)]] },
      { ...scriptsOf(names(G), TRIVIAL), [names(G)[2]]: DENY },
      tx[1].results,
    ),
    tx: makeRepo(tmp, 'tx', { PreToolUse: [['Bash', names(G)]] }, scriptsOf(names(G), TRANSCRIPT), tx[20].results),
    stop20: makeRepo(tmp, 'stop20', { Stop: [[undefined, ['tx.sh']]] }, { 'tx.sh': TRANSCRIPT }, tx[20].results),
    stop1: makeRepo(tmp, 'stop1', { Stop: [[undefined, ['tx.sh']]] }, { 'tx.sh': TRANSCRIPT }, tx[1].results),
    stop50: makeRepo(tmp, 'stop50', { Stop: [[undefined, ['tx.sh']]] }, { 'tx.sh': TRANSCRIPT }, tx[50].results),
  };
  for (const n of MATCHING)
    repos[`m${n}`] = makeRepo(
      tmp,
      `m${n}`,
      { PreToolUse: [['Bash', names(n)]] },
      scriptsOf(names(n), TRIVIAL),
      tx[1].results,
    );
  // Five guards in Python (the issue's own rows: each an interpreter start, where running them at once can pay).
  const python = systemPython();
  if (python)
    repos.py = makeRepo(
      tmp,
      'py',
      { PreToolUse: [['Bash', PY_NAMES]] },
      scriptsOf(PY_NAMES, PYTHON(python)),
      tx[1].results,
    );
  else progress("no python3 in /usr/bin, /usr/local/bin or /opt/homebrew/bin: the Python guards' rows are left out");
  // The same five trivial guards with the transcript opt-out: what keeping every row's transcript costs
  // (docs/security.md "What hookshim keeps").
  repos.m5notx = makeRepo(
    tmp,
    'm5notx',
    { PreToolUse: [['Bash', names(5)]] },
    scriptsOf(names(5), TRIVIAL),
    tx[1].results,
    {
      config: { transcripts: false },
    },
  );
  // The same 1 and 5 trivial guards bound for GitHub Copilot (`init --host copilot`), against Copilot running the rows
  // itself: one after another, as it runs the hooks of one event (docs/copilot-hooks.md §2).
  // Their session log is the one captured from the real Copilot CLI (test/fixtures/copilot/events.jsonl).
  const copilotHome = path.join(tmp, 'copilot-home');
  const log = path.join(copilotHome, 'session-state', SESSION, 'events.jsonl');
  fs.mkdirSync(path.dirname(log), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'test', 'fixtures', 'copilot', 'events.jsonl'), log);
  for (const n of [1, SCENARIO_GUARDS]) {
    repos[`cp${n}`] = makeRepo(
      tmp,
      `cp${n}`,
      { PreToolUse: [['Bash', names(n)]] },
      scriptsOf(names(n), TRIVIAL),
      tx[1].results,
      { host: 'copilot' },
    );
    repos[`cp${n}`].env.COPILOT_HOME = copilotHome;
  }
  return { tmp, tx, repos, names };
}

/** What was measured: version, commit, uncommitted changes under the bundled sources, digest of the vendored bundle. */
function buildFacts(bundle) {
  const git = (...a) => spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'src', 'adapters', 'catalog', 'package.json', 'scripts/build.mjs');
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  const digest = crypto.createHash('sha256').update(fs.readFileSync(bundle)).digest('hex').slice(0, 12);
  return (
    `hookshim ${version} at ${head.status === 0 ? head.stdout.trim() : '?'}` +
    `${dirty.stdout.trim() ? ' + uncommitted changes' : ''}; vendored bundle sha256 ${digest}…`
  );
}

/** One round: the transcripts grow by one line (untimed, as a session does between events), then every variant once. */
async function round(world, list, r) {
  for (const t of Object.values(world.tx))
    fs.appendFileSync(t.path, `${textLine(`round ${r}: one more assistant line`)}\n`);
  const k = r % list.length;
  const got = {};
  for (const v of [...list.slice(k), ...list.slice(0, k)]) {
    const res = await v.run();
    got[v.id] = res.each ? { ms: res.ms, each: res.each } : { ms: res.ms };
  }
  return got;
}

await main().catch((err) => {
  process.stderr.write(`bench: ${err.stack ?? err}\n`);
  process.exit(1);
});
