#!/usr/bin/env node
// Benchmark (not a test) of the transcript rewrite in src/state/transcript.ts, on generated Cursor transcripts of
// 1 MB and 50 MB with a recorded result for every Shell call:
//   - first full rewrite: MB/s and peak RSS (process.resourceUsage().maxRSS of a fresh child process);
//   - per event, in a warm process: append one line and call claudeTranscript again ("append"), and
//     append a Shell tool_use, call, record its result, append a line, call again ("result": the rewind path);
//   - per event, cold: a fresh node process doing one call (what Cursor pays; includes node start-up);
//   - for reference, the JSON floor: a fresh process that only reads, JSON.parses and JSON.stringifies each line.
// Targets: per-event cost independent of transcript size (within 10 %), first rewrite >= 100 MB/s, peak RSS <= 100 MB.
// Usage: node scripts/bench-transcript.mjs [--sizes 1,50] [--runs 3] [--events 40] [--keep 1]   (npm run bench:transcript)
// Importable: measureTranscripts() returns the rows; generate() / seedState() build the fixtures scripts/bench.mjs fires.
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
  const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
  const { rows, tmp } = await measureTranscripts({
    sizes: (args.sizes ?? '1,50').split(',').map(Number),
    runs: Number(args.runs ?? 3),
    events: Number(args.events ?? 40),
    keep: args.keep !== undefined,
  });
  print(rows);
  if (tmp) console.log(`kept ${tmp}`);
}

/**
 * Bundle src/state/transcript.ts, generate the transcripts, spawn the measuring children; one row per size (what `print`
 * shows). Importable: scripts/bench.mjs reports these rows next to its end-to-end figures. `log` gets the header
 * lines (default console.log); with `keep` the temp dir survives and is returned as `tmp`.
 */
export async function measureTranscripts({ sizes = [1, 50], runs = 3, events = 40, keep = false, log = console.log } = {}) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-bench-'));
  try {
    const esbuild = await import('esbuild');
    const root = path.join(path.dirname(self), '..');
    const opts = { bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' };
    await esbuild.build({ ...opts, entryPoints: [path.join(root, 'src', 'state', 'transcript.ts')], outfile: path.join(tmp, 'transcript.mjs') });
    log(`node ${process.version}, ${os.cpus().length} CPUs (nproc ${nproc()}), ${os.cpus()[0]?.model ?? '?'}; ${runs} runs, ${events} events each`);
    const baseline = spawnChild(tmp, ['baseline']).maxRssKb;
    log(`baseline RSS of a node process that loads the bundle: ${(baseline / 1024).toFixed(1)} MB\n`);
    const rows = [];
    for (const mb of sizes) {
      const src = path.join(tmp, `conv-${mb}mb.jsonl`);
      const results = path.join(tmp, `results-${mb}mb.jsonl`);
      const gen = generate(src, results, mb * 1024 * 1024);
      const first = [];
      let state;
      for (let r = 0; r < runs; r++) {
        state = path.join(tmp, `state-${mb}-${r}`);
        seedState(state, results);
        first.push(spawnChild(tmp, ['first', src, state]));
      }
      const floor = [];
      for (let r = 0; r < runs; r++) floor.push(spawnChild(tmp, ['floor', src]).ms);
      const ev = spawnChild(tmp, ['events', src, state, String(events)]);
      const cold = [];
      for (let r = 0; r < Math.max(5, runs); r++) {
        fs.appendFileSync(src, `${textLine(`cold event ${r}`)}\n`);
        const t0 = process.hrtime.bigint();
        spawnChild(tmp, ['once', src, state]);
        cold.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      const bytes = fs.statSync(src).size;
      const firstMs = median(first.map((f) => f.ms));
      rows.push({
        mb,
        bytes: gen.bytes,
        lines: gen.lines,
        results: gen.results,
        firstMs,
        mbps: gen.bytes / 1024 / 1024 / (firstMs / 1000),
        floorMbps: gen.bytes / 1024 / 1024 / (median(floor) / 1000),
        peakMb: Math.max(...first.map((f) => f.maxRssKb)) / 1024,
        paired: first[0]?.stats.resultsPaired,
        append: median(ev.append),
        result: median(ev.result),
        cold: median(cold),
        finalBytes: bytes,
        baselineMb: baseline / 1024,
      });
    }
    return { rows, tmp: keep ? tmp : undefined };
  } finally {
    if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function print(rows) {
  const fmt = (n, d = 2) => n.toFixed(d);
  console.log('size    lines    results  first rewrite   MB/s (JSON floor)  peak RSS  paired   event: append  result   cold process');
  for (const r of rows)
    console.log(
      `${String(r.mb).padStart(3)} MB  ${String(r.lines).padStart(7)}  ${String(r.results).padStart(7)}  ${fmt(r.firstMs, 1).padStart(9)} ms  ${fmt(r.mbps, 1).padStart(6)} (${fmt(r.floorMbps, 1).padStart(6)})  ${fmt(r.peakMb, 1).padStart(7)} MB  ${String(r.paired).padStart(6)}  ${fmt(r.append, 3).padStart(10)} ms  ${fmt(r.result, 3).padStart(6)} ms  ${fmt(r.cold, 1).padStart(8)} ms`,
    );
  if (rows.length < 2) return;
  const small = rows[0];
  const big = rows[rows.length - 1];
  const ratio = (a, b) => b / a;
  console.log(`\n${big.mb} MB vs ${small.mb} MB per-event ratio: append ${fmt(ratio(small.append, big.append), 3)}, result ${fmt(ratio(small.result, big.result), 3)}, cold ${fmt(ratio(small.cold, big.cold), 3)}`);
  const checks = [
    [`per-event cost independent of size (append ratio ≤ 1.10)`, ratio(small.append, big.append) <= 1.1],
    [`first rewrite ≥ 100 MB/s (${fmt(Math.min(...rows.map((r) => r.mbps)), 1)} MB/s slowest)`, rows.every((r) => r.mbps >= 100)],
    [`peak RSS ≤ 100 MB (${fmt(Math.max(...rows.map((r) => r.peakMb)), 1)} MB highest)`, rows.every((r) => r.peakMb <= 100)],
  ];
  for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'MISS'}  ${label}`);
}

/** Child modes: measure in a fresh process and print one JSON line. */
async function child([mode, ...rest]) {
  const { claudeTranscript } = await import(path.join(process.cwd(), 'transcript.mjs'));
  const warn = (m) => process.stderr.write(`warn: ${m}\n`);
  const call = (src, state) => claudeTranscript({ cursorPath: src, sessionId: SESSION, cwd: CWD, state: { root: state }, warn });
  if (mode === 'baseline') return out({ maxRssKb: process.resourceUsage().maxRSS });
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
  if (mode === 'first') {
    const [src, state] = rest;
    const t0 = process.hrtime.bigint();
    const r = await call(src, state);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (!r.stats.rebuilt) throw new Error('first call did not rebuild');
    return out({ ms, maxRssKb: process.resourceUsage().maxRSS, stats: r.stats });
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
      if (r.stats.rebuilt || r.stats.lines !== 1) throw new Error(`append event was not incremental: ${JSON.stringify(r.stats)}`);
      const command = `npm run check -- --event ${i}`;
      fs.appendFileSync(src, `${shellLine(command)}\n`);
      await call(src, state);
      fs.appendFileSync(resultsFile, `${resultRecord(`bench-${i}`, command, `event ${i} ok`)}\n`);
      fs.appendFileSync(src, `${textLine(`event ${i}: after the result`)}\n`);
      t0 = process.hrtime.bigint();
      r = await call(src, state);
      result.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (!r.stats.rewound || r.stats.resultsPaired !== 1) throw new Error(`result event did not pair: ${JSON.stringify(r.stats)}`);
    }
    return out({ append, result });
  }
  throw new Error(`unknown mode ${mode}`);
}

function out(v) {
  process.stdout.write(`${JSON.stringify(v)}\n`);
}

function spawnChild(cwd, args) {
  const r = spawnSync(process.execPath, [self, '--child', ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
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
const WORDS = 'the a to of and in test file run build fix error check type config hook guard transcript cursor claude result shell read write edit update parse value return import export function const let async await "quoted" path→ünïcode line\\nbreak'.split(' ');
function words(chars) {
  let s = '';
  while (s.length < chars) s += `${WORDS[between(0, WORDS.length - 1)]} `;
  return s.slice(0, chars);
}
function code(chars) {
  let s = '';
  while (s.length < chars) s += `  const ${words(8).trim().replace(/\W/g, '_')} = ${between(0, 999)}; // ${words(30)}\n`;
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
  return JSON.stringify({ toolUseId, claudeName: 'Bash', cursorName: 'Shell', key: command, response: { stdout, stderr: '', interrupted: false, isImage: false, exitCode: 0 }, isError: false, at: '2026-09-08T21:00:00.000Z' });
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
    push(line('user', [{ type: 'text', text: `<timestamp>Tuesday, Sep 8, 2026, 1:56 PM (UTC-7)</timestamp>\n<user_query>\n${words(between(40, 300))}\n</user_query>` }]));
    for (let k = between(3, 10); k > 0; k--) {
      const p = rand();
      if (p < 0.35) push(textLine(words(between(100, 800))));
      else if (p < 0.6) {
        const command = `npm run ${words(between(10, 60)).replace(/[^a-z ]/g, '')} --n ${shells++}`;
        push(shellLine(command));
        resBatch.push(resultRecord(`tool_${shells}`, command.trim(), words(between(100, 600))));
      } else if (p < 0.75) push(line('assistant', [{ type: 'tool_use', name: 'Read', input: { path: `src/${words(12).replace(/\W/g, '')}.ts` } }]));
      else if (p < 0.9) push(line('assistant', [{ type: 'text', text: 'Editing.' }, { type: 'tool_use', name: 'StrReplace', input: { path: '/home/dev/project/src/a.ts', old_string: code(between(50, 1500)), new_string: code(between(50, 1500)) } }]));
      else push(line('assistant', [{ type: 'tool_use', name: 'Write', input: { path: `notes/${lines}.md`, contents: code(between(500, 6000)) } }]));
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
