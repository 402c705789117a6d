// The files of a transcript rewrite in the state area `tx` (src/state/transcript.ts): their paths, the persisted
// cursor (where the rewrite resumes, and what it must find unchanged to resume there).
import fs from 'node:fs';
import path from 'node:path';
import {
  compactState,
  initialRewriteState,
  isRewriteState,
  type RewriteState,
} from '../../adapters/transcript/types.ts';
import { areaPath, type StateDir } from './dir.ts';
import { sha256HexOf } from './digest.ts';
import { openOwned, readText, writeFileAtomic } from './fsx.ts';
import { resultsPath } from './transcriptPaths.ts';
import type { ResultsPosition } from './toolResults.ts';

/** A position in the three files, with the rewrite state there (`skip`: src lies inside a line being dropped). */
export interface Point {
  src: number;
  out: number;
  res: ResultsPosition;
  state: RewriteState;
  skip?: boolean;
}

/** Where the rewrite resumes, persisted next to the output (`tx/<h>.cursor.json`). */
export interface ResumePoint {
  v: 1;
  source: string;
  sessionId: string;
  cwd: string;
  dev: number;
  ino: number;
  outIno: number;
  resIno: number;
  /** Base64 of the (up to) SIG_BYTES source bytes before end.src: detects a source rewritten in place. */
  sig: string;
  end: Point;
  marks: Point[];
}

const SIG_BYTES = 64;
/** Where a rewrite from scratch starts. */
export function start(): Point {
  return { src: 0, out: 0, res: { off: 0, seq: 0 }, state: initialRewriteState() };
}

/** Why the cursor cannot be continued from (null: it can). */
export function invalid(
  cur: ResumePoint | null,
  files: Files,
  opts: { sessionId: string; cwd: string },
  src: fs.Stats,
  res: fs.Stats | null,
  srcFd: number,
): string | null {
  if (!cur) return null;
  if (cur.source !== files.source || cur.sessionId !== opts.sessionId || cur.cwd !== opts.cwd)
    return 'session or project dir changed';
  if (cur.dev !== src.dev || cur.ino !== src.ino) return 'the source was replaced (new inode)';
  if (src.size < cur.end.src) return `the source shrank (${src.size} < ${cur.end.src} bytes)`;
  if (signature(srcFd, cur.end.src) !== cur.sig) return 'the source was rewritten in place';
  if ((res?.ino ?? 0) !== cur.resIno && cur.resIno !== 0) return 'the results file was replaced';
  if ((res?.size ?? 0) < cur.end.res.off) return 'the results file shrank';
  let out: fs.Stats;
  try {
    out = fs.lstatSync(files.out);
  } catch {
    return 'the Claude transcript is gone';
  }
  if (!out.isFile() || out.ino !== cur.outIno || out.size < cur.end.out)
    return 'the Claude transcript is not the one written last';
  return null;
}

/** The saved cursor, or null when absent or unusable. */
export function readResumePoint(file: string): ResumePoint | null {
  const text = readText(file);
  if (!text) return null;
  try {
    const c = JSON.parse(text) as ResumePoint;
    const flag = (v: unknown) => v === undefined || v === true;
    const okPoint = (p: Point | undefined) =>
      !!p &&
      typeof p.src === 'number' &&
      typeof p.out === 'number' &&
      typeof p.res?.off === 'number' &&
      flag(p.skip) &&
      flag(p.res.skip) &&
      isRewriteState(p.state);
    return c.v === 1 && okPoint(c.end) && Array.isArray(c.marks) && c.marks.every(okPoint) ? c : null;
  } catch {
    return null;
  }
}

export function saveResumePoint(files: Files, cur: ResumePoint): void {
  const compact = (p: Point): Point => ({ ...p, state: compactState(p.state) });
  writeFileAtomic(files.cursor, JSON.stringify({ ...cur, end: compact(cur.end), marks: cur.marks.map(compact) }));
}

/** Base64 of the SIG_BYTES bytes before `end` of the source. */
export function signature(fd: number, end: number): string {
  const len = Math.min(end, SIG_BYTES);
  if (len === 0) return '';
  const buf = Buffer.alloc(len);
  const n = fs.readSync(fd, buf, 0, len, end - len);
  return buf.subarray(0, n).toString('base64');
}

/** The session's results file, opened for reading as a record of ours (./fsx.ts openOwned); null when absent or refused. */
export function openResults(file: string | null): number | null {
  return file ? openOwned(file) : null;
}

/** Cursor's transcript, opened without blocking (a FIFO planted there would hold the event); regular files only. */
export function openSource(file: string): number {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  if (fs.fstatSync(fd).isFile()) return fd;
  fs.closeSync(fd);
  throw new Error(`${file} is not a regular file`);
}

export interface Files {
  source: string;
  out: string;
  cursor: string;
  lock: string;
  results: string | null;
}

/** The files of the Claude-shaped copy of `cursorPath`: the copy, its resume point and lock, the session's results; null: area unusable. */
export function filesFor(state: StateDir, cursorPath: string, sessionId: string): Files | null {
  const source = path.resolve(cursorPath);
  const out = areaPath(state, 'tx', `${sha256HexOf(source).slice(0, 32)}.jsonl`);
  if (!out) return null;
  const stem = out.slice(0, -'.jsonl'.length);
  return { source, out, cursor: `${stem}.cursor.json`, lock: `${stem}.lock`, results: resultsPath(state, sessionId) };
}
