// The Claude-shaped copy of a host's own session log (a host whose HostTable has a `transcript` rewrite: Copilot's
// events.jsonl, Codex's rollout file), handed to scripts as `transcript_path`. The host's log already holds each call
// with its result, so no recorded results are paired in (unlike Cursor's, ./transcript.ts). Kept in the state area
// `tx`, next to Cursor's copies, private to the user (the original is never modified nor handed over):
//
//   tx/<h>.jsonl       the Claude transcript (h = sha256 of the source path)
//   tx/<h>.host.json   where we are: source identity (dev, inode), a signature of the bytes before `src`, the source
//                      and output offsets, the host rewrite's state
//   tx/<h>.lock        held while updating
//
// Per event: read the source bytes after `src` (a partial last line is left for next time), rewrite the complete
// lines through the host's pure rewrite, append them. A source that shrank, was replaced or rewritten, or an output
// that is not the one we wrote, is rebuilt from scratch. A host that writes its log behind its hooks (Copilot) is
// read again, every WAIT_STEP_MS, until the log holds this event's own line or the wait's bound passes.
import fs from 'node:fs';
import {
  initialHostTranscriptState,
  type HostTranscript,
  type HostTranscriptState,
} from '../../adapters/transcript/hostTypes.ts';
import type { Json } from '../../adapters/json.ts';
import { describeError, errno, nofollow, readText, replaceFile, writeFileAtomic, writeFully } from './fsx.ts';
import { BUSY, withLock } from './lock.ts';
import type { ClaudeTranscript, TranscriptOptions } from './transcript.ts';
import { filesFor, openSource, signature, type Files, type ResumePoint } from './transcriptFiles.ts';
import { emptyTranscript, hasResults, noStats } from './transcriptPaths.ts';

/** The host's rewrite and what it needs of this event. */
export interface HostRewrite {
  transcript: HostTranscript;
  /** The host's name of this event, and its payload (caughtUp reads them). */
  event: string;
  input: Json;
  /** The host's name, for stderr. */
  hostName: string;
}

/** Where a host log's rewrite resumes (`tx/<h>.host.json`): what names the source and the copy, as for Cursor's. */
interface HostCursor extends Pick<ResumePoint, 'v' | 'source' | 'sessionId' | 'cwd' | 'dev' | 'ino' | 'outIno'> {
  sig: string;
  src: number;
  out: number;
  state: HostTranscriptState;
}

/** How long an event waits at most for a host log written behind its hooks (Copilot: about 100 ms, measured). */
export const CATCH_UP_MS = 1500;
const WAIT_STEP_MS = 25;
/** Source bytes one event reads at most; the rest waits for the next event. */
const READ_MAX = 64 * 1024 * 1024;

/** Give scripts the Claude-shaped copy of the host's log; never throws. */
export async function hostTranscript(opts: TranscriptOptions, host: HostRewrite): Promise<ClaudeTranscript> {
  const stats = noStats();
  const resultsAvailable = hasResults(opts.state, opts.sessionId);
  const empty = (): ClaudeTranscript => ({ path: emptyTranscript(opts.state), resultsAvailable, stats });
  if (!opts.cursorPath || !opts.state) {
    if (opts.cursorPath)
      opts.warn(`no state dir: ${host.hostName}'s log is not rewritten; scripts get an empty transcript`);
    return empty();
  }
  const files = filesFor(opts.state, opts.cursorPath, opts.sessionId);
  if (!files) {
    opts.warn(`state area "tx" is unusable: ${host.hostName}'s log is not rewritten; scripts get an empty transcript`);
    return empty();
  }
  const cursorFile = `${files.out.slice(0, -'.jsonl'.length)}.host.json`;
  const caughtUpBy = Math.min(opts.until ?? Infinity, Date.now() + CATCH_UP_MS);
  let state: HostTranscriptState | undefined;
  try {
    for (;;) {
      const wait = Math.max(0, Math.min(opts.lockWaitMs ?? 3000, (opts.until ?? Infinity) - Date.now()));
      const held = await withLock(files.lock, wait, () => updateIfThere(files, cursorFile, opts, host));
      if (held === BUSY) {
        opts.warn(
          `transcript ${files.source} is being rewritten by another hookshim process; scripts get it as it stands`,
        );
        state = readCursor(cursorFile)?.state;
        break;
      }
      if (held) state = held;
      const caughtUp = host.transcript.caughtUp;
      if (!caughtUp || caughtUp(held || undefined, host.event, host.input)) {
        if (!held) throw new Error('it does not exist');
        break;
      }
      if (Date.now() + WAIT_STEP_MS > caughtUpBy) {
        opts.warn(
          `${host.hostName}'s log ${files.source} does not hold this event yet after waiting; scripts get it as written so far`,
        );
        break;
      }
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
  } catch (err) {
    opts.warn(`could not rewrite transcript ${files.source} (${describeError(err)}); scripts get an empty transcript`);
    return empty();
  }
  if (!fs.existsSync(files.out)) return empty();
  const last = state?.lastText ?? undefined;
  return { path: files.out, ...(last !== undefined ? { lastAssistantMessage: last } : {}), resultsAvailable, stats };
}

/** update(), or null while the source does not exist yet (a host log written behind its hooks may not have begun). */
function updateIfThere(
  files: Files,
  cursorFile: string,
  opts: TranscriptOptions,
  host: HostRewrite,
): HostTranscriptState | null {
  try {
    return update(files, cursorFile, opts, host);
  } catch (err) {
    if (errno(err) === 'ENOENT') return null;
    throw err;
  }
}

/** Bring the copy up to date with the source; returns the rewrite's state. Caller holds the lock. */
function update(files: Files, cursorFile: string, opts: TranscriptOptions, host: HostRewrite): HostTranscriptState {
  const srcFd = openSource(files.source);
  try {
    const src = fs.fstatSync(srcFd);
    const cur = readCursor(cursorFile);
    const why = cur ? invalid(cur, files, opts, src, srcFd) : null;
    if (why) opts.warn(`transcript ${files.source}: ${why}; rebuilding the Claude transcript`);
    const from = cur && !why ? cur : fresh(files, opts, src);
    if (cur && !why && src.size === cur.src && fs.statSync(files.out).size === cur.out) return cur.state;
    const { lines, end } = readLines(srcFd, from.src, src.size);
    const r = host.transcript.rewrite(lines, from.state, { sessionId: opts.sessionId, cwd: opts.cwd });
    if (r.malformed > 0)
      opts.warn(`transcript ${files.source}: dropped ${r.malformed} malformed line(s) (not JSON objects)`);
    const text = Buffer.from(r.lines.map((l) => `${l}\n`).join(''));
    let outIno = from.outIno;
    if (from === cur) {
      const outFd = fs.openSync(files.out, fs.constants.O_WRONLY | nofollow());
      try {
        fs.ftruncateSync(outFd, from.out);
        writeFully(outFd, text, from.out);
      } finally {
        fs.closeSync(outFd);
      }
    } else {
      replaceFile(files.out, (fd) => writeFully(fd, text, 0));
      outIno = fs.statSync(files.out).ino;
    }
    const next: HostCursor = { ...from, outIno, src: end, out: from.out + text.length, state: r.state };
    writeFileAtomic(cursorFile, JSON.stringify({ ...next, sig: signature(srcFd, end) }));
    return r.state;
  } finally {
    fs.closeSync(srcFd);
  }
}

/** A cursor for a rewrite from scratch. */
function fresh(files: Files, opts: TranscriptOptions, src: fs.Stats): HostCursor {
  return {
    v: 1,
    source: files.source,
    sessionId: opts.sessionId,
    cwd: opts.cwd,
    dev: src.dev,
    ino: src.ino,
    outIno: 0,
    sig: '',
    src: 0,
    out: 0,
    state: initialHostTranscriptState(),
  };
}

/** Why the cursor cannot be continued from (null: it can). */
function invalid(cur: HostCursor, files: Files, opts: TranscriptOptions, src: fs.Stats, srcFd: number): string | null {
  if (cur.source !== files.source || cur.sessionId !== opts.sessionId || cur.cwd !== opts.cwd)
    return 'session or project dir changed';
  if (cur.dev !== src.dev || cur.ino !== src.ino) return 'the source was replaced (new inode)';
  if (src.size < cur.src) return `the source shrank (${src.size} < ${cur.src} bytes)`;
  if (signature(srcFd, cur.src) !== cur.sig) return 'the source was rewritten in place';
  let out: fs.Stats;
  try {
    out = fs.lstatSync(files.out);
  } catch {
    return 'the Claude transcript is gone';
  }
  if (!out.isFile() || out.ino !== cur.outIno || out.size < cur.out)
    return 'the Claude transcript is not the one written last';
  return null;
}

/** The saved cursor, or null when absent or unusable. */
function readCursor(file: string): HostCursor | null {
  const text = readText(file);
  if (!text) return null;
  try {
    const c = JSON.parse(text) as HostCursor;
    const ok =
      c.v === 1 &&
      typeof c.src === 'number' &&
      typeof c.out === 'number' &&
      typeof c.state === 'object' &&
      c.state !== null &&
      c.state.v === 1 &&
      typeof c.state.line === 'number';
    return ok ? c : null;
  } catch {
    return null;
  }
}

/** The complete lines of source bytes [from, size) (at most READ_MAX), and where the next read starts. */
function readLines(fd: number, from: number, size: number): { lines: string[]; end: number } {
  const len = Math.min(size - from, READ_MAX);
  if (len <= 0) return { lines: [], end: from };
  const buf = Buffer.alloc(len);
  let n = 0;
  while (n < len) {
    const got = fs.readSync(fd, buf, n, len - n, from + n);
    if (got === 0) break;
    n += got;
  }
  const lastNl = buf.subarray(0, n).lastIndexOf(0x0a);
  if (lastNl < 0) return { lines: [], end: from };
  const lines = buf.toString('utf8', 0, lastNl).split('\n');
  return { lines: lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)), end: from + lastNl + 1 };
}
