// The Claude-shaped copy of a Cursor transcript that scripts get as `transcript_path` (the original is never
// modified). Rewritten incrementally into the state area `tx`, under a lock, by the pure state machine of
// adapters/transcript/:
//
//   tx/<h>.jsonl        the Claude transcript (h = sha256 of the source path)
//   tx/<h>.cursor.json  where we are: source identity (dev, inode) and a signature of the bytes before `end.src`,
//                       `end` (source offset, output offset, results offset, RewriteState) and one `mark` per line
//                       holding a tool_use still waiting for its result (the same, taken just before that line)
//   tx/<h>.lock         held while updating (src/state/lock.ts: broken when its process is gone or it is old)
//
// Per event: read the results recorded since `end`; if one pairs with a waiting tool_use, truncate the output at
// that line's mark and rewrite from there, else append. Then read only the source bytes after the start point,
// in 1 MiB chunks (src/state/lineScan.ts); a partial last line is left for next time, a line over MAX_LINE_BYTES is
// dropped unread, and reading stops at `until` (the end point then says where the next event goes on). Cost is
// proportional to the new lines plus, on a
// pairing, the lines since that tool_use (bounded by PENDING_LINES / PENDING_CHARS). A source that shrank, was
// replaced (inode) or rewritten (signature), a cursor that does not parse, or an output that is not the one we
// wrote, is rebuilt from scratch into a temp file renamed over the output. In-place appends and truncations are
// serialised by the lock; a script of a concurrent event reading the output mid-update may see its tail change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  upperBound,
  addStats,
  dropLine,
  emptyStats,
  lastAssistantText,
  pendingMatch,
  rewriteBatch,
  rewriteLines,
  type RewriteState,
  type ToolResultRef,
} from '../../adapters/transcript/index.ts';
import type { StateDir } from './dir.ts';
import { describeError, nofollow, readText, replaceFile } from './fsx.ts';
import { scanBytes } from './lineScan.ts';
import { LineWriter } from './lineWriter.ts';
import { BUSY, withLock } from './lock.ts';
import { readResultRefs, recordedResults, type ResultsPosition } from './toolResults.ts';
import {
  filesFor,
  invalid,
  openResults,
  openSource,
  readResumePoint,
  saveResumePoint,
  signature,
  start,
  type Files,
  type Point,
} from './transcriptFiles.ts';
import { emptyTranscript, hasResults, noStats, type TranscriptStats } from './transcriptPaths.ts';

export interface TranscriptOptions {
  /** Cursor's `transcript_path` (null on sessionStart and beforeSubmitPrompt, docs/cursor-hooks.md §3). */
  cursorPath: string | null | undefined;
  sessionId: string;
  /** Project dir: the lines' `cwd` and the base of relative tool paths. */
  cwd: string;
  state: StateDir | null;
  warn: (msg: string) => void;
  /** How long to wait for another process updating the same transcript (default 3 s). */
  lockWaitMs?: number;
  /** Epoch ms after which this event stops rewriting: scripts get the rewrite as it stands, later events catch up. */
  until?: number;
  /** Longest source line read, bytes (default MAX_LINE_BYTES); a longer one is dropped unread. */
  maxLine?: number;
}

/** A transcript line longer than this is dropped unread (counted, and said on stderr): each event's memory stays bounded. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface ClaudeTranscript {
  /** Path to hand scripts as `transcript_path`: always a readable JSONL file (possibly empty). */
  path: string;
  /** Text of the last assistant message (Stop's `last_assistant_message`). */
  lastAssistantMessage?: string;
  /** At least one tool result is recorded for this session. */
  resultsAvailable: boolean;
  stats: TranscriptStats;
}

/** Give scripts a Claude-shaped transcript for this event; never throws. */
export async function claudeTranscript(opts: TranscriptOptions): Promise<ClaudeTranscript> {
  const stats = noStats();
  const resultsAvailable = hasResults(opts.state, opts.sessionId);
  const empty = (): ClaudeTranscript => ({ path: emptyTranscript(opts.state), resultsAvailable, stats });
  if (!opts.cursorPath) return empty();
  const source = path.resolve(opts.cursorPath);
  try {
    fs.accessSync(source, fs.constants.R_OK);
    if (!fs.statSync(source).isFile()) throw new Error('not a regular file');
  } catch (err) {
    opts.warn(`transcript ${source} is unreadable (${describeError(err)}); scripts get an empty transcript`);
    return empty();
  }
  if (!opts.state) return oneOff(source, opts, stats);
  const files = filesFor(opts.state, source, opts.sessionId);
  if (!files) {
    opts.warn(`state area "tx" is unusable; rewriting ${source} into a temp file`);
    return oneOff(source, opts, stats);
  }
  const { out } = files;
  try {
    const wait = Math.min(
      opts.lockWaitMs ?? 3000,
      opts.until !== undefined ? Math.max(0, opts.until - Date.now()) : Infinity,
    );
    const held = await withLock(files.lock, wait, () => update(files, opts, stats));
    if (held === BUSY) {
      opts.warn(
        `transcript ${source} is being rewritten by another hookshim process; scripts get the rewrite as it stands`,
      );
      const cur = readResumePoint(files.cursor);
      return fs.existsSync(out) ? { path: out, ...lastText(cur?.end.state), resultsAvailable, stats } : empty();
    }
    return { path: out, ...lastText(held), resultsAvailable: resultsAvailable || held.resultSeq > 0, stats };
  } catch (err) {
    opts.warn(`could not rewrite transcript ${source} (${describeError(err)}); trying a temp file`);
    return oneOff(source, opts, stats);
  }
}

/** Bring the output up to date with the source and the recorded results; returns the final state. Caller holds the lock. */
function update(files: Files, opts: TranscriptOptions, stats: TranscriptStats): RewriteState {
  const srcFd = openSource(files.source);
  const resFd = openResults(files.results);
  try {
    const src = fs.fstatSync(srcFd);
    const res = resFd === null ? null : fs.fstatSync(resFd);
    const cur = readResumePoint(files.cursor);
    if (!cur && readText(files.cursor) !== null)
      opts.warn(`transcript ${files.source}: resume state ${files.cursor} is unusable`);
    const why = invalid(cur, files, opts, src, res, srcFd);
    if (why !== null || !cur) {
      if (why) opts.warn(`transcript ${files.source}: ${why}; rebuilding the Claude transcript`);
      return rebuild(files, opts, stats, srcFd, src, resFd, res);
    }
    // New results, and whether one pairs with a tool_use already written without its result.
    const resSize = res?.size ?? 0;
    const fresh = resFd === null ? { refs: [], end: cur.end.res } : results(resFd, cur.end.res, resSize, opts);
    const target = pendingMatch(cur.end.state, fresh.refs);
    let start = cur.end;
    let marks = cur.marks;
    let refs = fresh.refs;
    let resEnd = fresh.end;
    if (target !== undefined) {
      const mark = cur.marks.find((m) => m.state.line + 1 === target);
      if (!mark) {
        opts.warn(`transcript ${files.source}: no resume point for line ${target}; rebuilding the Claude transcript`);
        return rebuild(files, opts, stats, srcFd, src, resFd, res);
      }
      start = mark;
      marks = cur.marks.filter((m) => m.src < mark.src);
      // Read again from the mark; if this read stops early, the rewrite resumes from where it stopped.
      const again = resFd === null ? { refs: [], end: mark.res } : results(resFd, mark.res, resSize, opts);
      refs = again.refs;
      resEnd = again.end;
      stats.rewound = true;
    }
    const outSize = fs.statSync(files.out).size;
    if (start === cur.end && fresh.refs.length === 0 && src.size === cur.end.src && outSize === cur.end.out)
      return cur.end.state;
    const outFd = fs.openSync(files.out, fs.constants.O_WRONLY | nofollow());
    let done: { end: Point; marks: Point[] };
    try {
      fs.ftruncateSync(outFd, start.out);
      done = pump({
        srcFd,
        outFd,
        from: start,
        to: src.size,
        refs,
        resFd,
        resEnd,
        marks,
        stats,
        opts,
        source: files.source,
      });
    } finally {
      fs.closeSync(outFd);
    }
    saveResumePoint(files, { ...cur, resIno: res?.ino ?? cur.resIno, sig: signature(srcFd, done.end.src), ...done });
    return done.end.state;
  } finally {
    fs.closeSync(srcFd);
    if (resFd !== null) fs.closeSync(resFd);
  }
}

/** Rewrite the whole source into a temp file renamed over the output, and start a fresh cursor. */
function rebuild(
  files: Files,
  opts: TranscriptOptions,
  stats: TranscriptStats,
  srcFd: number,
  src: fs.Stats,
  resFd: number | null,
  res: fs.Stats | null,
): RewriteState {
  stats.rebuilt = true;
  const { refs, end: resEnd } =
    resFd === null || !res ? { refs: [], end: { off: 0, seq: 0 } } : results(resFd, { off: 0, seq: 0 }, res.size, opts);
  let done: { end: Point; marks: Point[] } | undefined;
  replaceFile(files.out, (outFd) => {
    done = pump({
      srcFd,
      outFd,
      from: start(),
      to: src.size,
      refs,
      resFd,
      resEnd,
      marks: [],
      stats,
      opts,
      source: files.source,
    });
  });
  if (!done) throw new Error('the rewrite produced nothing');
  const outIno = fs.statSync(files.out).ino;
  saveResumePoint(files, {
    v: 1,
    source: files.source,
    sessionId: opts.sessionId,
    cwd: opts.cwd,
    dev: src.dev,
    ino: src.ino,
    outIno,
    resIno: res?.ino ?? 0,
    sig: signature(srcFd, done.end.src),
    ...done,
  });
  return done.end.state;
}

interface PumpArgs {
  srcFd: number;
  outFd: number;
  from: Point;
  to: number;
  /** Results to take in at the start (recorded after from.state.resultSeq). */
  refs: ToolResultRef[];
  resFd: number | null;
  resEnd: ResultsPosition;
  /** Marks before `from`. */
  marks: Point[];
  stats: TranscriptStats;
  opts: TranscriptOptions;
  source: string;
}

/** Rewrite source bytes [from.src, to) into the output at from.out, batch by batch; returns the end point and the marks. */
function pump(a: PumpArgs): { end: Point; marks: Point[] } {
  let state = a.from.state;
  let marks = a.marks;
  const batchStats = emptyStats();
  const results = recordedResults(a.refs, a.resFd);
  const ctx = { sessionId: a.opts.sessionId, cwd: a.opts.cwd, results };
  // The copy is about twice the source (docs/performance.md), plus results paired in.
  const out = new LineWriter(a.outFd, a.from.out, 2 * (a.to - a.from.src) + 64 * 1024);
  const maxLine = a.opts.maxLine ?? MAX_LINE_BYTES;
  const dropped: number[] = [];
  const scan = scanBytes(
    a.srcFd,
    a.from.src,
    a.to,
    (buf, starts, ends, base) => {
      out.batch();
      const r = rewriteBatch({ buf, starts, ends }, state, ctx, out);
      state = r.state;
      addStats(batchStats, r.stats);
      if (r.marks.length)
        marks = [
          ...marks,
          ...r.marks.map((m) => ({
            src: base + (starts[m.inLine] ?? 0),
            out: out.starts[m.outLine] ?? out.pos,
            res: resumeAt(a.refs, m.state, a.resEnd),
            state: m.state,
          })),
        ];
      marks = keptMarks(marks, state);
    },
    (at) => {
      const r = dropLine(state);
      state = r.state;
      addStats(batchStats, r.stats);
      dropped.push(state.line, at);
      marks = keptMarks(marks, state);
    },
    {
      maxLine,
      ...(a.opts.until !== undefined ? { until: a.opts.until } : {}),
      ...(a.from.skip ? { skipping: true } : {}),
    },
  );
  out.flush();
  a.stats.bytesRead += scan.end - a.from.src;
  for (let k = 0; k < Math.min(dropped.length, 2 * SHOWN_DROPS); k += 2)
    a.opts.warn(
      `transcript ${a.source}: line ${dropped[k]} (at byte ${dropped[k + 1]}) is longer than ${size(maxLine)}: dropped unread`,
    );
  if (dropped.length > 2 * SHOWN_DROPS)
    a.opts.warn(
      `transcript ${a.source}: ${dropped.length / 2 - SHOWN_DROPS} more line(s) longer than ${size(maxLine)} dropped unread`,
    );
  if (scan.late)
    a.opts.warn(
      `transcript ${a.source}: rewritten up to byte ${scan.end} of ${a.to} within this event's time; scripts ` +
        `get the rewrite as it stands, later events go on`,
    );
  addStats(a.stats, batchStats);
  if (batchStats.malformed > 0)
    a.opts.warn(`transcript ${a.source}: dropped ${batchStats.malformed} malformed line(s) (not JSON objects)`);
  if (batchStats.resultsMissing > 0)
    a.opts.warn(`transcript ${a.source}: ${batchStats.resultsMissing} recorded tool result(s) could not be read back`);
  if (scan.end === a.from.src && state === a.from.state && a.refs.length > 0) {
    // No new line, but new results: take them in so the state remembers them.
    state = rewriteLines([], state, ctx).state;
  }
  return {
    end: {
      src: scan.end,
      out: out.pos,
      res: resumeAt(a.refs, state, a.resEnd),
      state,
      ...(scan.skipping ? { skip: true } : {}),
    },
    marks: keptMarks(marks, state),
  };
}

/** A byte count as said on stderr. */
function size(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}

/** Dropped lines named one by one on stderr; more are counted. */
const SHOWN_DROPS = 3;

/** New result refs from `from`, bounded by the event's time; unreadable records and an early stop are said on stderr. */
function results(
  resFd: number,
  from: ResultsPosition,
  size: number,
  opts: TranscriptOptions,
): { refs: ToolResultRef[]; end: ResultsPosition } {
  const r = readResultRefs(resFd, from, size, opts.until);
  if (r.skipped > 0) opts.warn(`tool results of session ${opts.sessionId}: skipped ${r.skipped} unreadable record(s)`);
  if (r.late)
    opts.warn(
      `tool results of session ${opts.sessionId}: read up to byte ${r.end.off} of ${size} within this event's time; later events go on`,
    );
  return r;
}

/** Marks still useful: those of lines whose tool_use still waits. */
function keptMarks(marks: Point[], state: RewriteState): Point[] {
  const waiting = new Set(state.pending.map((p) => p.line));
  return marks.filter((m) => waiting.has(m.state.line + 1));
}

/** Where to resume reading results for a state: at the first result it has not taken in, else at the read end. */
function resumeAt(refs: readonly ToolResultRef[], state: RewriteState, readEnd: ResultsPosition): ResultsPosition {
  const next = refs[upperBound(refs, state.resultSeq, (r) => r.seq)];
  return next && next.ref !== undefined ? { off: next.ref, seq: next.seq - 1 } : readEnd;
}

/** No state dir (or it failed): rewrite the whole source into a private temp folder once; else hand over the original. */
function oneOff(source: string, opts: TranscriptOptions, stats: TranscriptStats): ClaudeTranscript {
  let out: string;
  try {
    // A private folder of this process (mode 0700), removed when it exits: nothing in the shared temp dir is trusted.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-tx-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    out = path.join(dir, 'transcript.jsonl');
  } catch (err) {
    opts.warn(
      `could not rewrite transcript ${source} (${describeError(err)}); scripts get Cursor's original transcript`,
    );
    return { path: source, resultsAvailable: false, stats };
  }
  let srcFd: number | undefined;
  try {
    const fd = openSource(source);
    srcFd = fd;
    let end: Point | undefined;
    replaceFile(out, (outFd) => {
      end = pump({
        srcFd: fd,
        outFd,
        from: start(),
        to: fs.fstatSync(fd).size,
        refs: [],
        resFd: null,
        resEnd: { off: 0, seq: 0 },
        marks: [],
        stats,
        opts,
        source,
      }).end;
    });
    stats.rebuilt = true;
    opts.warn(
      `transcript ${source} rewritten without the state dir into ${out} (no tool results, full rewrite every event)`,
    );
    return { path: out, ...lastText(end?.state), resultsAvailable: false, stats };
  } catch (err) {
    opts.warn(
      `could not rewrite transcript ${source} (${describeError(err)}); scripts get Cursor's original transcript`,
    );
    return { path: source, resultsAvailable: false, stats };
  } finally {
    if (srcFd !== undefined) fs.closeSync(srcFd);
  }
}

function lastText(state: RewriteState | undefined): { lastAssistantMessage?: string } {
  const text = state ? lastAssistantText(state) : undefined;
  return text === undefined ? {} : { lastAssistantMessage: text };
}
