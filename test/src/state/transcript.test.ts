import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolResultRecord } from '../../../adapters/transcript/index.ts';
import type { StateDir } from '../../../src/state/dir.ts';
import { resultLookup, rewriteAll } from '../../adapters/helpers.ts';
import { appendResult, readToolResults } from './helpers.ts';
import { claudeTranscript, type ClaudeTranscript } from '../../../src/state/transcript.ts';

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'transcripts');
const SESSION = 'c0ffee00-0000-4000-8000-000000000001';
const CWD = '/repo';

let tmp: string;
let st: StateDir;
let src: string;
let warnings: string[];

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-tx-test-'));
  st = { root: path.join(tmp, 'state') };
  fs.mkdirSync(st.root, { mode: 0o700 });
  src = path.join(tmp, 'cursor', 'conv.jsonl');
  fs.mkdirSync(path.dirname(src));
  warnings = [];
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function call(over: Partial<Parameters<typeof claudeTranscript>[0]> = {}): Promise<ClaudeTranscript> {
  return claudeTranscript({
    cursorPath: src,
    sessionId: SESSION,
    cwd: CWD,
    state: st,
    warn: (m) => warnings.push(m),
    ...over,
  });
}

function fixture(name: string): { lines: string[]; records: ToolResultRecord[]; golden: string } {
  const lines = fs
    .readFileSync(path.join(FIXTURES, `${name}.cursor.jsonl`), 'utf8')
    .split('\n')
    .slice(0, -1);
  const rf = path.join(FIXTURES, `${name}.results.json`);
  const records = fs.existsSync(rf) ? (JSON.parse(fs.readFileSync(rf, 'utf8')) as ToolResultRecord[]) : [];
  return { lines, records, golden: fs.readFileSync(path.join(FIXTURES, `${name}.claude.jsonl`), 'utf8') };
}

function record(r: ToolResultRecord): void {
  const { seq: _seq, ...rest } = r;
  appendResult(st, { sessionId: SESSION, ...rest });
}

/** The full rewrite of the source as it stands, with every recorded result. */
function fullRewrite(): string {
  const lines = fs.readFileSync(src, 'utf8').split('\n').slice(0, -1);
  const out = rewriteAll(lines, {
    sessionId: SESSION,
    cwd: CWD,
    results: resultLookup(readToolResults(st, SESSION)),
  }).out;
  return out.map((l) => `${l}\n`).join('');
}

describe('incremental rewrite yields the golden output', () => {
  it.each(['text', 'tools', 'malformed', 'claude-shaped', 'results'])(
    '%s: one line per event, each result recorded one event after its line',
    async (name) => {
      const { lines, records, golden } = fixture(name);
      let next = 0;
      for (const line of lines) {
        fs.appendFileSync(src, `${line}\n`);
        await call();
        if (next < records.length) record(records[next++] as ToolResultRecord);
      }
      while (next < records.length) record(records[next++] as ToolResultRecord);
      const last = await call();
      expect(fs.readFileSync(last.path, 'utf8')).toBe(golden);
    },
  );

  it('reads only the appended bytes on the next event', async () => {
    const { lines } = fixture('tools');
    fs.writeFileSync(
      src,
      lines
        .slice(0, 8)
        .map((l) => `${l}\n`)
        .join(''),
    );
    const first = await call();
    expect(first.stats.rebuilt).toBe(true);
    fs.appendFileSync(src, `${lines[8]}\n`);
    const second = await call();
    expect(second.stats).toMatchObject({ rebuilt: false, bytesRead: Buffer.byteLength(`${lines[8]}\n`), lines: 1 });
    const third = await call();
    expect(third.stats).toMatchObject({ bytesRead: 0, lines: 0 });
    expect(fs.readFileSync(third.path, 'utf8')).toBe(fullRewrite());
  });
});

describe('tool results recorded between two events (pair by order, name and key: docs/transcripts.md)', () => {
  it('inserts the result right after its tool_use on the next event', async () => {
    const { lines, records } = fixture('results');
    fs.writeFileSync(
      src,
      lines
        .slice(0, 3)
        .map((l) => `${l}\n`)
        .join(''),
    );
    const before = await call();
    expect(before.resultsAvailable).toBe(false);
    expect(fs.readFileSync(before.path, 'utf8')).not.toContain('tool_result');
    record(records[0] as ToolResultRecord);
    const after = await call();
    expect(after.resultsAvailable).toBe(true);
    expect(after.stats.rewound).toBe(true);
    const out = fs
      .readFileSync(after.path, 'utf8')
      .split('\n')
      .slice(0, -1)
      .map((l) => JSON.parse(l));
    const useAt = out.findIndex((l) => l.message?.content?.[0]?.name === 'Bash');
    expect(out[useAt + 1].message.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: out[useAt].message.content[0].id,
      is_error: true,
    });
    expect(fs.readFileSync(after.path, 'utf8')).toBe(fullRewrite());
  });

  it('does not rewind for a result that pairs with no waiting tool_use', async () => {
    const { lines, records } = fixture('results');
    fs.writeFileSync(src, `${lines[0]}\n`);
    await call();
    record(records[1] as ToolResultRecord);
    const r = await call();
    expect(r.stats).toMatchObject({ rewound: false, rebuilt: false });
    fs.appendFileSync(
      src,
      lines
        .slice(1)
        .map((l) => `${l}\n`)
        .join(''),
    );
    for (const x of records.filter((_, i) => i !== 1)) record(x);
    await call();
    expect(fs.readFileSync(r.path, 'utf8')).toBe(fullRewrite());
  });
});

describe('source changes', () => {
  const lines = fixture('tools').lines;
  const write = (ls: readonly string[]) => fs.writeFileSync(src, ls.map((l) => `${l}\n`).join(''));

  it('truncation rebuilds', async () => {
    write(lines);
    await call();
    write(lines.slice(0, 2));
    const r = await call();
    expect(r.stats.rebuilt).toBe(true);
    expect(warnings.join('\n')).toMatch(/shrank/);
    expect(fs.readFileSync(r.path, 'utf8')).toBe(fullRewrite());
  });

  it('rotation (a new file at the same path) rebuilds', async () => {
    write(lines.slice(0, 4));
    await call();
    const next = `${src}.new`;
    fs.writeFileSync(next, [...lines.slice(5, 9), ...lines.slice(0, 4)].map((l) => `${l}\n`).join(''));
    fs.renameSync(next, src);
    const r = await call();
    expect(r.stats.rebuilt).toBe(true);
    expect(warnings.join('\n')).toMatch(/new inode/);
    expect(fs.readFileSync(r.path, 'utf8')).toBe(fullRewrite());
  });

  it('a rewrite in place with a longer text rebuilds (signature)', async () => {
    write(lines.slice(0, 3));
    await call();
    const fd = fs.openSync(src, 'r+');
    fs.writeSync(
      fd,
      lines
        .slice(3, 9)
        .map((l) => `${l}\n`)
        .join(''),
      0,
    );
    fs.closeSync(fd);
    const r = await call();
    expect(r.stats.rebuilt).toBe(true);
    expect(fs.readFileSync(r.path, 'utf8')).toBe(fullRewrite());
  });

  it('a partial last line waits for its newline', async () => {
    write(lines.slice(0, 2));
    fs.appendFileSync(src, (lines[2] ?? '').slice(0, 30));
    const a = await call();
    expect(a.stats.malformed).toBe(0);
    expect(fs.readFileSync(a.path, 'utf8').split('\n')).toHaveLength(3); // user line, Read tool_use line, ''
    fs.appendFileSync(src, `${(lines[2] ?? '').slice(30)}\n`);
    const b = await call();
    expect(b.stats.lines).toBe(1);
    expect(fs.readFileSync(b.path, 'utf8')).toBe(fullRewrite());
  });

  it('a damaged cursor or a replaced output rebuilds', async () => {
    write(lines.slice(0, 3));
    const r = await call();
    fs.writeFileSync(r.path.replace(/\.jsonl$/, '.cursor.json'), '{oops');
    expect((await call()).stats.rebuilt).toBe(true);
    expect(warnings.join('\n')).toMatch(/resume state .* unusable/);
    fs.rmSync(r.path);
    fs.writeFileSync(r.path, 'garbage\n');
    expect((await call()).stats.rebuilt).toBe(true);
    expect(fs.readFileSync(r.path, 'utf8')).toBe(fullRewrite());
  });

  it('an output left longer by a crash is cut back to what the cursor says', async () => {
    write(lines.slice(0, 3));
    const r = await call();
    const good = fs.readFileSync(r.path, 'utf8');
    fs.appendFileSync(r.path, '{"half":');
    await call();
    expect(fs.readFileSync(r.path, 'utf8')).toBe(good);
  });
});

describe('no transcript, unreadable transcript, no state dir', () => {
  it.each([null, undefined, ''])('cursorPath %j → an empty transcript, no warning', async (p) => {
    const r = await call({ cursorPath: p });
    expect(fs.readFileSync(r.path, 'utf8')).toBe('');
    expect(warnings).toEqual([]);
  });

  it.each([
    ['missing', () => path.join(tmp, 'nope.jsonl')],
    ['a directory', () => tmp],
  ])('%s → an empty transcript and a warning', async (_label, p) => {
    const r = await call({ cursorPath: p() });
    expect(fs.readFileSync(r.path, 'utf8')).toBe('');
    expect(warnings.join('\n')).toMatch(/unreadable/);
  });

  it('no state dir → a one-off rewrite in the temp dir, with a warning', async () => {
    fs.writeFileSync(
      src,
      fixture('text')
        .lines.map((l) => `${l}\n`)
        .join(''),
    );
    const r = await call({ state: null });
    try {
      expect(r.path.startsWith(os.tmpdir())).toBe(true);
      expect(fs.readFileSync(r.path, 'utf8')).toBe(fixture('text').golden);
      expect(r).toMatchObject({
        resultsAvailable: false,
        lastAssistantMessage: "You're welcome.\nWant me to file an issue for the rest?",
      });
      expect(warnings.join('\n')).toMatch(/without the state dir/);
    } finally {
      fs.rmSync(r.path, { force: true });
    }
  });

  it('reports malformed lines through warn', async () => {
    fs.writeFileSync(
      src,
      fixture('malformed')
        .lines.map((l) => `${l}\n`)
        .join(''),
    );
    const r = await call();
    expect(r.stats.malformed).toBe(6);
    expect(warnings.join('\n')).toMatch(/dropped 6 malformed line/);
  });

  it('reports the last assistant message', async () => {
    fs.writeFileSync(
      src,
      fixture('tools')
        .lines.map((l) => `${l}\n`)
        .join(''),
    );
    expect((await call()).lastAssistantMessage).toBe('Done: the check exits 3.');
    expect((await call()).lastAssistantMessage).toBe('Done: the check exits 3.');
  });
});

describe('concurrency', () => {
  it('breaks a lock left by a dead process', async () => {
    fs.writeFileSync(src, `${fixture('text').lines[0]}\n`);
    const first = await call();
    const lock = first.path.replace(/\.jsonl$/, '.lock');
    fs.writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 12345, nonce: 'x' }));
    fs.appendFileSync(src, `${fixture('text').lines[1]}\n`);
    const r = await call({ lockWaitMs: 2000 });
    expect(warnings).toEqual([]);
    expect(r.stats.lines).toBe(1);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it.each([
    ['a fresh empty lock (being written) is respected', 0, true],
    ['an empty lock older than 30 s is broken', 31_000, false],
  ])('%s', async (_label, ageMs, busy) => {
    fs.writeFileSync(src, `${fixture('text').lines[0]}\n`);
    const first = await call();
    const lock = first.path.replace(/\.jsonl$/, '.lock');
    fs.writeFileSync(lock, '');
    const then = new Date(Date.now() - ageMs);
    fs.utimesSync(lock, then, then);
    await call({ lockWaitMs: 100 });
    expect(warnings.some((w) => /being rewritten/.test(w))).toBe(busy);
    expect(fs.existsSync(lock)).toBe(busy);
  });

  it('answers with the rewrite as it stands when a live process holds the lock too long', async () => {
    fs.writeFileSync(src, `${fixture('text').lines[0]}\n`);
    const first = await call();
    fs.writeFileSync(first.path.replace(/\.jsonl$/, '.lock'), JSON.stringify({ pid: process.pid, nonce: 'x' }));
    const r = await call({ lockWaitMs: 50 });
    expect(r.path).toBe(first.path);
    expect(warnings.join('\n')).toMatch(/being rewritten by another hookshim process/);
  });

  it('several processes appending, recording results and rewriting at once do not corrupt the output', async () => {
    const bundle = path.join(tmp, 'tx.mjs');
    const results = path.join(tmp, 'results.mjs');
    const srcDir = path.join(import.meta.dirname, '..', '..', '..', 'src', 'state');
    const opts = { bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' } as const;
    await esbuild.build({ ...opts, entryPoints: [path.join(srcDir, 'transcript.ts')], outfile: bundle });
    await esbuild.build({ ...opts, entryPoints: [path.join(srcDir, 'toolResults.ts')], outfile: results });
    const worker = path.join(tmp, 'worker.mjs');
    fs.writeFileSync(
      worker,
      `import fs from 'node:fs';
import { claudeTranscript } from ${JSON.stringify(bundle)};
import { recordToolResult } from ${JSON.stringify(results)};
const [src, root, id, n] = process.argv.slice(2);
const st = { root };
for (let i = 0; i < Number(n); i++) {
  const command = 'echo w' + id + '-' + i;
  fs.appendFileSync(src, JSON.stringify({ role: 'assistant', message: { content: [{ type: 'text', text: 'w' + id + ' step ' + i }, { type: 'tool_use', name: 'Shell', input: { command } }] } }) + '\\n');
  await claudeTranscript({ cursorPath: src, sessionId: ${JSON.stringify(SESSION)}, cwd: ${JSON.stringify(CWD)}, state: st, warn: (m) => process.stderr.write(m + '\\n'), lockWaitMs: 20000 });
  recordToolResult(st, ${JSON.stringify(SESSION)}, { hook_event_name: 'postToolUse', tool_name: 'Shell', tool_input: { command }, tool_output: JSON.stringify({ output: 'w' + id + '-' + i, exitCode: 0 }), tool_use_id: 'w' + id + '-' + i }, ${JSON.stringify(CWD)});
  await claudeTranscript({ cursorPath: src, sessionId: ${JSON.stringify(SESSION)}, cwd: ${JSON.stringify(CWD)}, state: st, warn: (m) => process.stderr.write(m + '\\n'), lockWaitMs: 20000 });
}
`,
    );
    fs.writeFileSync(src, '');
    const runs = [0, 1, 2, 3].map(
      (id) =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const p = spawn(process.execPath, [worker, src, st.root, String(id), '25'], {
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          let stderr = '';
          p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
          p.on('close', (code) => resolve({ code, stderr }));
        }),
    );
    const done = await Promise.all(runs);
    for (const d of done) expect(d).toEqual({ code: 0, stderr: '' });
    const final = await call();
    const text = fs.readFileSync(final.path, 'utf8');
    expect(text).toBe(fullRewrite());
    const parsed = text
      .split('\n')
      .slice(0, -1)
      .map((l) => JSON.parse(l));
    expect(parsed.filter((p) => p.message?.content?.[0]?.type === 'tool_result')).toHaveLength(100);
    expect(warnings).toEqual([]);
  });
});

describe('bounds: long lines and the deadline (docs/transcripts.md "Bounds")', () => {
  const lines = fixture('text').lines;
  const write = (ls: readonly string[]) => fs.writeFileSync(src, ls.map((l) => `${l}\n`).join(''));

  it('a line longer than maxLine is dropped unread, said with its line number; the others keep the ids of a full rewrite', async () => {
    write([lines[0] ?? '', 'x'.repeat(5000), ...lines.slice(1)]);
    const r = await call({ maxLine: 1000 });
    expect(r.stats).toMatchObject({ cut: 1, malformed: 0, lines: lines.length + 1 });
    expect(warnings).toContain(
      `transcript ${src}: line 2 (at byte ${Buffer.byteLength(lines[0] ?? '') + 1}) is longer than 1000 bytes: dropped unread`,
    );
    // The same ids as when that line is an ordinary malformed line.
    const full = rewriteAll([lines[0] ?? '', 'x', ...lines.slice(1)], {
      sessionId: SESSION,
      cwd: CWD,
      results: resultLookup([]),
    }).out;
    expect(fs.readFileSync(r.path, 'utf8')).toBe(full.map((l) => `${l}\n`).join(''));
  });

  it('an unfinished long line is skipped across events: once its newline comes, the next lines are read, and it is said once', async () => {
    fs.writeFileSync(src, `${lines[0]}\n${'x'.repeat(500)}`);
    const a = await call({ maxLine: 200 });
    expect(a.stats.cut).toBe(1);
    fs.appendFileSync(src, `${'y'.repeat(300)}\n${lines[1]}\n`);
    const b = await call({ maxLine: 200 });
    expect(b.stats).toMatchObject({ rebuilt: false, cut: 0, lines: 1 });
    expect(warnings.filter((w) => w.includes('dropped unread'))).toHaveLength(1);
    const out = fs
      .readFileSync(b.path, 'utf8')
      .split('\n')
      .slice(0, -1)
      .map((l) => JSON.parse(l));
    expect(out.map((o) => o.type)).toEqual(['user', 'assistant']);
  });

  it('past the deadline nothing is read and it is said; the next event rewrites what is left', async () => {
    write(lines);
    const late = await call({ until: Date.now() - 1 });
    expect(late.stats.bytesRead).toBe(0);
    expect(warnings.join('\n')).toMatch(
      new RegExp(`rewritten up to byte 0 of ${fs.statSync(src).size} within this event's time`),
    );
    const next = await call();
    expect(next.stats.rebuilt).toBe(false);
    expect(fs.readFileSync(next.path, 'utf8')).toBe(fixture('text').golden);
  });

  it('the results file is read within the deadline too', async () => {
    const { lines: tl, records } = fixture('results');
    write(tl);
    for (const r of records) record(r);
    await call({ until: Date.now() - 1 });
    expect(warnings.join('\n')).toMatch(
      /tool results of session .*: read up to byte 0 of \d+ within this event's time/,
    );
    const next = await call();
    expect(fs.readFileSync(next.path, 'utf8')).toBe(fullRewrite());
  });
});
