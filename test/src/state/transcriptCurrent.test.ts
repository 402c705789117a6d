import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StateDir } from '../../../src/state/dir.ts';
import { transcriptFor } from '../../../src/state/index.ts';
import { claudeTranscript } from '../../../src/state/transcript.ts';
import { currentCopy } from '../../../src/state/transcriptCurrent.ts';
import { resultsPath } from '../../../src/state/transcriptPaths.ts';
import { appendResult } from './helpers.ts';

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'transcripts');
const SESSION = 'c0ffee00-0000-4000-8000-000000000002';
const lines = fs.readFileSync(path.join(FIXTURES, 'tools.cursor.jsonl'), 'utf8').split('\n').slice(0, -1);

let tmp: string;
let st: StateDir;
let src: string;
const opts = () => ({ cursorPath: src, sessionId: SESSION, cwd: '/repo', state: st, warn: () => {} });

beforeEach(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-txcur-test-'));
  st = { root: path.join(tmp, 'state') };
  fs.mkdirSync(st.root, { mode: 0o700 });
  src = path.join(tmp, 'conv.jsonl');
  fs.writeFileSync(src, lines.map((l) => `${l}\n`).join(''));
  await claudeTranscript(opts());
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const result = () =>
  appendResult(st, {
    sessionId: SESSION,
    toolUseId: 'toolu_x',
    claudeName: 'Bash',
    cursorName: 'Shell',
    key: 'ls',
    response: { stdout: 'a', stderr: '', interrupted: false, isImage: false, exitCode: 0 },
    isError: false,
    at: '2026-12-02T00:00:00.000Z',
  });

describe('currentCopy: the copy handed over as it is only when nothing changed since the last rewrite', () => {
  it('up to date: the same path and last assistant words as the full path, nothing read', async () => {
    const full = await claudeTranscript(opts());
    expect(currentCopy(opts())).toEqual({ ...full, stats: expect.objectContaining({ bytesRead: 0, lines: 0 }) });
  });
  it('transcriptFor takes it without the locked path (which creates and removes its lock in tx/)', async () => {
    const tx = path.dirname(currentCopy(opts())?.path as string);
    const stamp = () => fs.statSync(tx, { bigint: true }).mtimeNs;
    const before = stamp();
    await new Promise((r) => setTimeout(r, 20));
    expect((await transcriptFor(opts())).path).toBe(currentCopy(opts())?.path);
    expect(stamp()).toBe(before);
    await claudeTranscript(opts());
    expect(stamp()).not.toBe(before);
  });
  it.each<[string, () => void]>([
    ['a line appended to the source', () => fs.appendFileSync(src, `${lines[0]}\n`)],
    ['a half line appended to the source', () => fs.appendFileSync(src, '{"role":')],
    ['a tool result recorded since', result],
    ['another process holds the lock', () => fs.writeFileSync(lockOf(), JSON.stringify({ pid: process.pid }))],
    ['the copy edited (longer)', () => fs.appendFileSync(copyOf(), '{}\n')],
    ['the copy edited (shorter)', () => fs.truncateSync(copyOf(), 10)],
    ['the copy replaced (new inode)', () => replace(copyOf())],
    ['the source replaced (new inode), same size', () => replace(src)],
    ['the source rewritten in place, same size', () => rewriteTail(src)],
    ['the resume point damaged', () => fs.writeFileSync(copyOf().replace(/\.jsonl$/, '.cursor.json'), '{')],
    ['the resume point gone', () => fs.rmSync(copyOf().replace(/\.jsonl$/, '.cursor.json'))],
    ['the source gone', () => fs.rmSync(src)],
  ])('%s: the full path decides', (_what, change) => {
    change();
    expect(currentCopy(opts())).toBeUndefined();
  });
  it.runIf(process.platform !== 'win32')(
    'a FIFO never waits for a writer: as the results it counts as none (as locked), as the source the locked path warns',
    async () => {
      const fifo = (file: string) => (fs.rmSync(file, { force: true }), spawnSync('mkfifo', [file]).status === 0);
      expect(fifo(resultsPath(st, SESSION) as string)).toBe(true);
      expect(currentCopy(opts())?.resultsAvailable).toBe(false);
      expect((await claudeTranscript(opts())).resultsAvailable).toBe(false);
      expect([fifo(src), currentCopy(opts())]).toEqual([true, undefined]);
      const warned: string[] = [];
      expect((await transcriptFor({ ...opts(), warn: (m) => warned.push(m) })).path).not.toBe(src);
      expect(warned.join('\n')).toMatch(/is unreadable \(not a regular file\)/);
    },
  );
  it.each([
    ['no transcript', { cursorPath: undefined }],
    ['no state dir', { state: null }],
    ['another session', { sessionId: 'other' }],
    ['another project dir', { cwd: '/elsewhere' }],
  ])('%s: undefined', (_what, over) => {
    expect(currentCopy({ ...opts(), ...over })).toBeUndefined();
  });
});

function copyOf(): string {
  const dir = path.join(st.root, 'tx');
  return path.join(dir, fs.readdirSync(dir).find((f) => /^[0-9a-f]{32}\.jsonl$/.test(f)) as string);
}
function lockOf(): string {
  return copyOf().replace(/\.jsonl$/, '.lock');
}
function replace(file: string): void {
  // The old file stays linked, so the new one cannot reuse its inode number.
  fs.linkSync(file, `${file}.old`);
  fs.writeFileSync(`${file}.new`, fs.readFileSync(file));
  fs.renameSync(`${file}.new`, file);
}
function rewriteTail(file: string): void {
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, `${text.slice(0, -3)}X${text.slice(-2)}`);
}
