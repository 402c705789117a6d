#!/usr/bin/env node
// @ts-check
// Benchmark (not a test) of the transcript rewrite in src/state/transcript.ts, on generated Cursor transcripts of
// 1 MB and 50 MB with a recorded result for every Shell call. Prints every transcript target of docs/performance.md
// ("Transcripts") with its figure, side by side in one run:
//   - first full rewrite of the 50 MB transcript: MB/s, in a fresh child process (what Cursor pays once per conversation);
//   - peak RSS of that child (peakRssKb(): VmHWM), beside a child that only loads the module;
//   - the size of the Claude-shaped copy over the source (and without the tool-result lines, which are not in the source);
//   - per event, in a warm process: append one line and call claudeTranscript again ("append"), and append a Shell
//     tool_use, call, record its result, append a line, call again ("result": the rewind path); 50 MB vs 1 MB;
//   - per event, cold: a fresh node process doing one call (includes node start-up);
//   - bounded events: a call with a 500 ms deadline on a ~300 MB transcript and on a 2 GiB file without a newline
//     (sparse), each in a fresh child; and, for scale, the full rewrite of that 300 MB transcript with no deadline;
//   - for reference, the JSON floor: a fresh process that only reads, JSON.parses and JSON.stringifies each line.
// Usage: node scripts/bench-transcript.mjs [--sizes 1,50] [--runs 3] [--events 40] [--no-bounds] [--keep 1] [--before <checkout>]
// (npm run bench:transcript); --before measures another checkout's rewrite beside this one, run by run.
// Importable: measureTranscripts() returns the rows (and, with `bounds: true`, the bounded-event figures);
// generate() / seedState() build the fixtures scripts/bench.mjs fires.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SESSION = 'bench-0000-4000-8000-000000000001';
const CWD = '/home/dev/project';
const self = fileURLToPath(import.meta.url);

/** Parent (CLI): measure, print medians and the targets. */
async function main() {
  const argv = process.argv.slice(2);
  const args = Object.fromEntries(
    argv.reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
  );
  const loadStart = os.loadavg()[0];
  const { rows, bounds, tmp } = await measureTranscripts({
    sizes: (args.sizes ?? '1,50').split(',').map(Number),
    runs: Number(args.runs ?? 3),
    events: Number(args.events ?? 40),
    keep: args.keep !== undefined,
    bounds: !argv.includes('--no-bounds'),
    ...(args.before ? { before: args.before } : {}),
  });
  print(rows, bounds, { loadStart, loadEnd: os.loadavg()[0] });
  if (tmp) console.log(`kept ${tmp}`);
}

/** The transcript targets (docs/performance.md "Transcripts"). */
export const TX_TARGETS = { firstRewriteMBps: 100, peakRssMB: 100, copyRatio: 1.5, perEventRatio: 1.1 };

/**
 * Bundle src/state/transcript.ts, generate the transcripts, spawn the measuring children; one row per size (what `print`
 * shows). Importable: scripts/bench.mjs reports these rows next to its end-to-end figures. `log` gets the header
 * lines (default console.log); with `keep` the temp dir survives and is returned as `tmp`; with `bounds` the
 * bounded-event figures are measured too (a ~300 MB and a 2 GiB sparse file: about 20 s more). With `before` (another
 * checkout of hookshim) its src/state/transcript.ts is measured too, interleaved run by run on copies of the same
 * files: `before` rows (variant "before") follow the others, and `bounds.before` holds its bounded events.
 * @param {{ sizes?: number[], runs?: number, events?: number, keep?: boolean, bounds?: boolean, before?: string,
 *   log?: (line: string) => void }} [options]
 */
export async function measureTranscripts({
  sizes = [1, 50],
  runs = 3,
  events = 40,
  keep = false,
  bounds = false,
  before,
  log = console.log,
} = {}) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-bench-'));
  try {
    const esbuild = await import('esbuild');
    /** @type {import('esbuild').BuildOptions} */
    const opts = { bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' };
    const variants = [
      { name: 'after', root: path.join(path.dirname(self), '..') },
      ...(before ? [{ name: 'before', root: path.resolve(before) }] : []),
    ];
    for (const v of variants) {
      v.dir = path.join(tmp, v.name);
      fs.mkdirSync(v.dir);
      await esbuild.build({
        ...opts,
        entryPoints: [path.join(v.root, 'src', 'state', 'transcript.ts')],
        outfile: path.join(v.dir, 'transcript.mjs'),
      });
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const ram = (os.totalmem() / 2 ** 30).toFixed(1);
    log(
      `node ${process.version}, ${os.cpus().length} CPUs (nproc ${nproc()}), ${os.cpus()[0]?.model ?? '?'}, ` +
        `${ram} GiB RAM; load average ${load}; ${runs} runs, ${events} events each`,
    );
    for (const v of variants) v.baseline = spawnChild(v.dir, ['baseline']).maxRssKb;
    log(
      `baseline RSS of a node process that loads the bundle: ` +
        `${variants.map((v) => `${(v.baseline / 1024).toFixed(1)} MB (${v.name})`).join(', ')}\n`,
    );
    const rows = [];
    const boundFigures = {};
    for (const mb of sizes) {
      const gen = generate(
        path.join(tmp, `conv-${mb}mb.jsonl`),
        path.join(tmp, `results-${mb}mb.jsonl`),
        mb * 1024 * 1024,
      );
      for (const v of variants) {
        v.src = path.join(v.dir, `conv-${mb}mb.jsonl`);
        v.results = path.join(v.dir, `results-${mb}mb.jsonl`);
        fs.copyFileSync(path.join(tmp, `conv-${mb}mb.jsonl`), v.src);
        fs.copyFileSync(path.join(tmp, `results-${mb}mb.jsonl`), v.results);
        v.first = [];
        v.cold = [];
      }
      // First rewrites (each variant in turn) and JSON floors interleaved, each in a fresh process.
      const floor = [];
      for (let r = 0; r < runs; r++) {
        for (const v of variants) {
          v.state = path.join(v.dir, `state-${mb}-${r}`);
          seedState(v.state, v.results);
          v.first.push(spawnChild(v.dir, ['first', v.src, v.state]));
        }
        floor.push(spawnChild(variants[0].dir, ['floor', variants[0].src]).ms);
      }
      for (const v of variants) {
        v.copy = copySize(v.state);
        v.ev = spawnChild(v.dir, ['events', v.src, v.state, String(events)]);
      }
      for (let r = 0; r < Math.max(5, runs); r++) {
        for (const v of variants) {
          fs.appendFileSync(v.src, `${textLine(`cold event ${r}`)}\n`);
          const t0 = process.hrtime.bigint();
          spawnChild(v.dir, ['once', v.src, v.state]);
          v.cold.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
      }
      for (const v of variants) {
        const firstMs = median(v.first.map((f) => f.ms));
        rows.push({
          variant: v.name,
          mb,
          bytes: gen.bytes,
          lines: gen.lines,
          results: gen.results,
          firstMs,
          mbps: gen.bytes / 1024 / 1024 / (firstMs / 1000),
          floorMbps: gen.bytes / 1024 / 1024 / (median(floor) / 1000),
          peakMb: Math.max(...v.first.map((f) => f.maxRssKb)) / 1024,
          paired: v.first[0]?.stats.resultsPaired,
          fastLines: v.first[0]?.stats.copied,
          outBytes: v.copy.bytes,
          copyRatio: v.copy.bytes / gen.bytes,
          copyRatioSource: (v.copy.bytes - v.copy.resultBytes) / gen.bytes,
          append: median(v.ev.append),
          result: median(v.ev.result),
          cold: median(v.cold),
          finalBytes: fs.statSync(v.src).size,
          baselineMb: v.baseline / 1024,
        });
      }
      if (mb === Math.max(...sizes) && bounds) Object.assign(boundFigures, measureBounds(tmp, variants));
    }
    rows.sort((a, b) => (a.variant === b.variant ? 0 : a.variant === 'after' ? -1 : 1));
    return { rows, bounds: bounds ? boundFigures : undefined, tmp: keep ? tmp : undefined };
  } finally {
    if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Bounded events (docs/transcripts.md "Bounds"), each in a fresh child, variants in turn: a call with a 500 ms deadline
 * on ~300 MB of transcript (the largest generated one, six times over) and on a 2 GiB file with no newline (sparse);
 * and the full rewrite of the 300 MB transcript with no deadline, for scale. Figures of the first variant at the top
 * level, of "before" under `before`.
 */
function measureBounds(tmp, variants) {
  const big = path.join(tmp, 'conv-300mb.jsonl');
  const size = fs.statSync(variants[0].src).size;
  const fd = fs.openSync(big, 'w');
  const chunk = Buffer.allocUnsafe(1 << 20);
  const from = fs.openSync(variants[0].src, 'r');
  for (let i = 0; i < Math.ceil((300 * 1024 * 1024) / size); i++) {
    for (let pos = 0, n; (n = fs.readSync(from, chunk, 0, chunk.length, pos)) > 0; pos += n)
      fs.writeSync(fd, chunk, 0, n);
  }
  fs.closeSync(from);
  fs.closeSync(fd);
  const sparse = path.join(tmp, 'no-newline-2g.jsonl');
  fs.writeFileSync(sparse, '');
  fs.truncateSync(sparse, 2 ** 31);
  const budgetMs = 500;
  const figures = Object.fromEntries(variants.map((v) => [v.name, { budgetMs }]));
  const state = (v, name) => {
    const dir = path.join(v.dir, `state-${name}`);
    seedState(dir, v.results);
    return dir;
  };
  for (const v of variants)
    figures[v.name].big = {
      bytes: fs.statSync(big).size,
      ...spawnChild(v.dir, ['bound', big, state(v, 'b300'), String(budgetMs)]),
    };
  for (const v of variants)
    figures[v.name].sparse = {
      bytes: 2 ** 31,
      ...spawnChild(v.dir, ['bound', sparse, state(v, 'b2g'), String(budgetMs)]),
    };
  for (const v of variants) figures[v.name].full = spawnChild(v.dir, ['bound', big, state(v, 'f300'), '0']);
  fs.rmSync(big, { force: true });
  fs.rmSync(sparse, { force: true });
  const { after, before } = figures;
  return { ...after, ...(before ? { before } : {}) };
}

/** Bytes of the Claude-shaped copy in a state dir, and of its tool-result lines (hookshim's records, not in the source). */
function copySize(state) {
  const dir = path.join(state, 'tx');
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.jsonl') && f !== 'empty.jsonl');
  const fd = fs.openSync(path.join(dir, file), 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  let pos = 0;
  let carry = '';
  let resultBytes = 0;
  for (let n; (n = fs.readSync(fd, buf, 0, buf.length, pos)) > 0; pos += n) {
    const lines = (carry + buf.toString('latin1', 0, n)).split('\n');
    carry = lines.pop() ?? '';
    for (const l of lines) if (l.includes('"toolUseResult":')) resultBytes += l.length + 1;
  }
  fs.closeSync(fd);
  return { bytes: pos, resultBytes };
}

function print(rows, bounds, load) {
  const fmt = (n, d = 2) => n.toFixed(d);
  const several = rows.some((r) => r.variant === 'before');
  console.log(
    `${several ? 'variant ' : ''}size    lines    results  first rewrite   MB/s (JSON floor)  peak ` +
      `RSS  paired   copy/source (w/o results)  event: append  result   cold process`,
  );
  for (const r of rows)
    console.log(
      `${several ? r.variant.padEnd(8) : ''}${String(r.mb).padStart(3)} MB  ` +
        `${String(r.lines).padStart(7)}  ${String(r.results).padStart(7)}  ` +
        `${fmt(r.firstMs, 1).padStart(9)} ms  ${fmt(r.mbps, 1).padStart(6)} ` +
        `(${fmt(r.floorMbps, 1).padStart(6)})  ${fmt(r.peakMb, 1).padStart(7)} MB  ` +
        `${String(r.paired).padStart(6)}  ${fmt(r.copyRatio, 2).padStart(13)} ` +
        `(${fmt(r.copyRatioSource, 2)})  ${fmt(r.append, 3).padStart(10)} ms  ` +
        `${fmt(r.result, 3).padStart(6)} ms  ${fmt(r.cold, 1).padStart(8)} ms`,
    );
  console.log(`\nload average ${fmt(load.loadStart)} at start, ${fmt(load.loadEnd)} at end`);
  for (const variant of several ? ['after', 'before'] : ['after']) {
    const mine = rows.filter((r) => r.variant === variant);
    const b = variant === 'after' ? bounds : bounds?.before;
    if (several) console.log(`\n${variant}:`);
    for (const [label, figure, ok] of checks(mine, b)) console.log(`${ok ? 'PASS' : 'MISS'}  ${label}: ${figure}`);
  }
}

/** Each target with its figure and whether it is met: [label, figure, met]. */
function checks(rows, bounds) {
  const fmt = (n, d = 2) => n.toFixed(d);
  const big = rows[rows.length - 1];
  const small = rows[0];
  const ratio = (a, b) => b / a;
  const out = [
    [
      `first rewrite of ${big.mb} MB ≥ ${TX_TARGETS.firstRewriteMBps} MB/s`,
      `${fmt(big.mbps, 1)} MB/s (${fmt(big.firstMs, 0)} ms; JSON floor ${fmt(big.floorMbps, 1)} MB/s)`,
      big.mbps >= TX_TARGETS.firstRewriteMBps,
    ],
  ];
  out.push([
    `peak RSS of that rewrite ≤ ${TX_TARGETS.peakRssMB} MB`,
    `${fmt(big.peakMb, 1)} MB (node + module: ${fmt(big.baselineMb, 1)} MB)`,
    big.peakMb <= TX_TARGETS.peakRssMB,
  ]);
  out.push([
    `copy ≤ ${TX_TARGETS.copyRatio} × source`,
    `${fmt(big.copyRatio, 2)} × (${(big.outBytes / 2 ** 20).toFixed(1)} MiB); without the ` +
      `tool-result lines ${fmt(big.copyRatioSource, 2)} ×`,
    big.copyRatio <= TX_TARGETS.copyRatio,
  ]);
  if (rows.length > 1) {
    out.push([
      `per-event cost ${big.mb} MB vs ${small.mb} MB ≤ ${TX_TARGETS.perEventRatio} ×`,
      `append ${fmt(ratio(small.append, big.append), 3)} ×, result ` +
        `${fmt(ratio(small.result, big.result), 3)} ×, cold process ${fmt(ratio(small.cold, big.cold), 3)} ×`,
      ratio(small.append, big.append) <= TX_TARGETS.perEventRatio,
    ]);
  }
  if (bounds) {
    const mib = (n) => `${(n / 2 ** 20).toFixed(0)} MiB`;
    const within = (b) => b.ms <= bounds.budgetMs + 250;
    out.push([
      `event with a ${bounds.budgetMs} ms deadline, ${mib(bounds.big.bytes)} transcript`,
      `${fmt(bounds.big.ms, 0)} ms, rewrote ${mib(bounds.big.bytesRead)} (peak RSS ` +
        `${fmt(bounds.big.maxRssKb / 1024, 1)} MB); no deadline: ${fmt(bounds.full.ms, 0)} ms ` +
        `(${fmt(bounds.big.bytes / 2 ** 20 / (bounds.full.ms / 1000), 1)} MB/s, peak RSS ${fmt(bounds.full.maxRssKb / 1024, 1)} MB)`,
      within(bounds.big),
    ]);
    out.push([
      `event with a ${bounds.budgetMs} ms deadline, ${mib(bounds.sparse.bytes)} without a newline`,
      `${fmt(bounds.sparse.ms, 0)} ms, consumed ${mib(bounds.sparse.bytesRead)} of it (peak RSS ` +
        `${fmt(bounds.sparse.maxRssKb / 1024, 1)} MB)`,
      within(bounds.sparse),
    ]);
  }
  return out;
}

/**
 * Child modes: measure in a fresh process and print one JSON line.
 * @param {string[]} argv
 */
async function child([mode, ...rest]) {
  const { claudeTranscript } = await import(path.join(process.cwd(), 'transcript.mjs'));
  const warn = (m) => process.stderr.write(`warn: ${m}\n`);
  const call = (src, state) =>
    claudeTranscript({ cursorPath: src, sessionId: SESSION, cwd: CWD, state: { root: state }, warn });
  if (mode === 'baseline') return out({ maxRssKb: peakRssKb() });
  if (mode === 'floor') {
    // What any parse-and-reserialise rewrite pays at least: read, JSON.parse and JSON.stringify every line.
    const t0 = process.hrtime.bigint();
    const fd = fs.openSync(rest[0], 'r');
    const buf = Buffer.allocUnsafe(1 << 20);
    let carry = '';
    let pos = 0;
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, pos)) > 0; pos += n) {
      const lines = (carry + buf.toString('utf8', 0, n)).split('\n');
      carry = lines.pop() ?? '';
      for (const l of lines) JSON.stringify(JSON.parse(l));
    }
    fs.closeSync(fd);
    return out({ ms: Number(process.hrtime.bigint() - t0) / 1e6 });
  }
  if (mode === 'once') {
    await call(rest[0], rest[1]);
    return out({});
  }
  if (mode === 'bound') {
    // One event's rewrite with a deadline of `ms` from its start (0: none).
    const [src, state, ms] = rest;
    const t0 = process.hrtime.bigint();
    const until = Number(ms) > 0 ? Date.now() + Number(ms) : undefined;
    const r = await claudeTranscript({
      cursorPath: src,
      sessionId: SESSION,
      cwd: CWD,
      state: { root: state },
      warn: () => {},
      ...(until ? { until } : {}),
    });
    return out({
      ms: Number(process.hrtime.bigint() - t0) / 1e6,
      bytesRead: r.stats.bytesRead,
      cut: r.stats.cut,
      maxRssKb: peakRssKb(),
    });
  }
  if (mode === 'first') {
    const [src, state] = rest;
    const t0 = process.hrtime.bigint();
    const r = await call(src, state);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (!r.stats.rebuilt) throw new Error('first call did not rebuild');
    return out({ ms, maxRssKb: peakRssKb(), stats: r.stats });
  }
  if (mode === 'events') {
    const [src, state, n] = rest;
    await call(src, state);
    const resultsFile = fs.readdirSync(path.join(state, 'results')).map((f) => path.join(state, 'results', f))[0];
    const append = [];
    const result = [];
    for (let i = 0; i < Number(n); i++) {
      fs.appendFileSync(src, `${textLine(`event ${i}: one more assistant line`)}\n`);
      let t0 = process.hrtime.bigint();
      let r = await call(src, state);
      append.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (r.stats.rebuilt || r.stats.lines !== 1)
        throw new Error(`append event was not incremental: ${JSON.stringify(r.stats)}`);
      const command = `npm run check -- --event ${i}`;
      fs.appendFileSync(src, `${shellLine(command)}\n`);
      await call(src, state);
      fs.appendFileSync(resultsFile, `${resultRecord(`bench-${i}`, command, `event ${i} ok`)}\n`);
      fs.appendFileSync(src, `${textLine(`event ${i}: after the result`)}\n`);
      t0 = process.hrtime.bigint();
      r = await call(src, state);
      result.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (!r.stats.rewound || r.stats.resultsPaired !== 1)
        throw new Error(`result event did not pair: ${JSON.stringify(r.stats)}`);
    }
    return out({ append, result });
  }
  throw new Error(`unknown mode ${mode}`);
}

/**
 * This process's peak resident set, KiB: VmHWM of /proc/self/status where there is one. Not resourceUsage().maxRSS:
 * on Linux that survives execve, so a child would report its parent's size at fork when the parent was larger.
 */
function peakRssKb() {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]);
  } catch {}
  return process.resourceUsage().maxRSS;
}

function out(v) {
  process.stdout.write(`${JSON.stringify(v)}\n`);
}

function spawnChild(cwd, args) {
  const r = spawnSync(process.execPath, [self, '--child', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0 || r.stderr) throw new Error(`child ${args[0]} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

/** A state dir whose results area already holds the session's recorded results. */
export function seedState(state, results) {
  fs.mkdirSync(path.join(state, 'results'), { recursive: true, mode: 0o700 });
  fs.mkdirSync(path.join(state, 'tx'), { mode: 0o700 });
  fs.chmodSync(state, 0o700);
  const name = `${createHashHex(SESSION).slice(0, 32)}.jsonl`;
  fs.copyFileSync(results, path.join(state, 'results', name));
}

function createHashHex(text) {
  return crypto.createHash('sha256').update(text).digest('hex');
}

// ---- realistic Cursor transcript (docs/cursor-hooks.md §7 shapes), deterministic ----

let seed = 42;
function rand() {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}
const between = (a, b) => a + Math.floor(rand() * (b - a + 1));
const WORDS = (
  'the a to of and in test file run build fix error check type config hook guard transcript cursor claude result ' +
  'shell read write edit update parse value return import export function const let async await "quoted" ' +
  'path→ünïcode line\\nbreak'
).split(' ');
function words(chars) {
  let s = '';
  while (s.length < chars) s += `${WORDS[between(0, WORDS.length - 1)]} `;
  return s.slice(0, chars);
}
function code(chars) {
  let s = '';
  while (s.length < chars)
    s += `  const ${words(8).trim().replace(/\W/g, '_')} = ${between(0, 999)}; // ${words(30)}\n`;
  return s.slice(0, chars);
}
const line = (role, content) => JSON.stringify({ role, message: { content } });
export function textLine(text) {
  return line('assistant', [{ type: 'text', text }]);
}
export function shellLine(command) {
  return line('assistant', [{ type: 'tool_use', name: 'Shell', input: { command, description: 'Run the check' } }]);
}
export function resultRecord(toolUseId, command, stdout) {
  return JSON.stringify({
    toolUseId,
    claudeName: 'Bash',
    cursorName: 'Shell',
    key: command,
    response: { stdout, stderr: '', interrupted: false, isImage: false, exitCode: 0 },
    isError: false,
    at: '2026-09-08T21:00:00.000Z',
  });
}

/** Write a transcript of about `target` bytes and a results file with one record per Shell call. */
export function generate(src, results, target) {
  seed = 42;
  let bytes = 0;
  let lines = 0;
  let shells = 0;
  let batch = [];
  let resBatch = [];
  fs.writeFileSync(src, '');
  fs.writeFileSync(results, '');
  const push = (l) => {
    batch.push(l);
    bytes += Buffer.byteLength(l) + 1;
    lines++;
  };
  while (bytes < target) {
    push(
      line('user', [
        {
          type: 'text',
          text: `<timestamp>Tuesday, Sep 8, 2026, 1:56 PM (UTC-7)</timestamp>\n<user_query>\n${words(between(40, 300))}\n</user_query>`,
        },
      ]),
    );
    for (let k = between(3, 10); k > 0; k--) {
      const p = rand();
      if (p < 0.35) push(textLine(words(between(100, 800))));
      else if (p < 0.6) {
        const command = `npm run ${words(between(10, 60)).replace(/[^a-z ]/g, '')} --n ${shells++}`;
        push(shellLine(command));
        resBatch.push(resultRecord(`tool_${shells}`, command.trim(), words(between(100, 600))));
      } else if (p < 0.75)
        push(
          line('assistant', [
            { type: 'tool_use', name: 'Read', input: { path: `src/${words(12).replace(/\W/g, '')}.ts` } },
          ]),
        );
      else if (p < 0.9)
        push(
          line('assistant', [
            { type: 'text', text: 'Editing.' },
            {
              type: 'tool_use',
              name: 'StrReplace',
              input: {
                path: '/home/dev/project/src/a.ts',
                old_string: code(between(50, 1500)),
                new_string: code(between(50, 1500)),
              },
            },
          ]),
        );
      else
        push(
          line('assistant', [
            {
              type: 'tool_use',
              name: 'Write',
              input: { path: `notes/${lines}.md`, contents: code(between(500, 6000)) },
            },
          ]),
        );
    }
    push(JSON.stringify({ type: 'turn_ended', status: 'success' }));
    if (batch.length >= 2000) {
      fs.appendFileSync(src, `${batch.join('\n')}\n`);
      batch = [];
    }
    if (resBatch.length >= 2000) {
      fs.appendFileSync(results, `${resBatch.join('\n')}\n`);
      resBatch = [];
    }
  }
  if (batch.length) fs.appendFileSync(src, `${batch.join('\n')}\n`);
  if (resBatch.length) fs.appendFileSync(results, `${resBatch.join('\n')}\n`);
  return { bytes, lines, results: shells };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function nproc() {
  const r = spawnSync('nproc', { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '?';
}

// Last, so every declaration above is initialised before the top-level await runs. Imported (scripts/bench.mjs),
// it only exports.
if (process.argv[1] && fs.realpathSync(process.argv[1]) === self) {
  if (process.argv[2] === '--child') await child(process.argv.slice(3));
  else await main();
}
