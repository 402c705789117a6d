// Recorded tool results: one append-only JSONL file per session in the state area `results`. Cursor's
// transcript has none (docs/cursor-hooks.md §7), so postToolUse / postToolUseFailure record them here and the
// transcript rewrite pairs them with their tool_use lines (adapters/transcript/rewrite.ts states the rule).
//
// File format: one JSON object per line, `{toolUseId, claudeName, cursorName, key, response, isError, at, kept?}` (`kept`:
// what the next call of the same tool builds on, TodoWrite's whole list).
// A record's `seq` is its 1-based line number, assigned by the reader: appends need no lock (each record is one
// O_APPEND write) and a torn line still takes its seq, so numbering never shifts. Responses are capped.
import fs from 'node:fs';
import { isRecord } from '../../adapters/json.ts';
import {
  toolResultFromCursor,
  upperBound,
  type NewToolResult,
  type ToolResultLookup,
  type ToolResultRecord,
  type ToolResultRef,
} from '../../adapters/transcript/index.ts';
import { OBJ, skim, str, STR, Tape, utf8 } from '../../adapters/transcript/skim.ts';
import type { StateDir } from './dir.ts';
import { nofollow, writeFully } from './fsx.ts';
import { scanBytes } from './lineScan.ts';
import { resultsPath } from './transcriptPaths.ts';
import { isoTime } from '../../adapters/isoTime.ts';

/** Characters of response kept per record; longer text is cut with a note. */
export const RESPONSE_CAP = 64 * 1024;
/** How far back an append looks for a record of the same tool_use_id (a second process for the same event). */
const DEDUP_WINDOW = 256 * 1024;
/** How far back a record looks for the previous call of its tool (TodoWrite's list to merge into). */
const KEPT_WINDOW = 1024 * 1024;

/**
 * Append the result a Cursor postToolUse / postToolUseFailure payload reports to the session's file (translated with
 * toolResultFromCursor against the project dir, so keys match the transcript's). A record whose tool_use_id is already
 * among the last records is skipped (a second process for the same event).
 */
export function recordToolResult(
  stateDir: StateDir,
  sessionId: string,
  cursorPayload: Record<string, unknown>,
  projectDir: string,
): NewToolResult {
  const now = isoTime(Date.now());
  const file = resultsPath(stateDir, sessionId);
  if (!file) throw new Error(`state area "results" under ${stateDir.root} is unusable`);
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_APPEND | fs.constants.O_CREAT | nofollow(), 0o600);
  try {
    const rec = toolResultFromCursor(cursorPayload, projectDir, now, (name) => lastKept(fd, name));
    const line: NewToolResult = { ...rec, response: capResponse(rec.response), at: rec.at || now };
    if (line.toolUseId && recentlyRecorded(fd, line.toolUseId)) return line;
    // One write: O_APPEND keeps concurrent records from interleaving on local file systems.
    writeFully(fd, Buffer.from(`${JSON.stringify(line)}\n`));
    return line;
  } finally {
    fs.closeSync(fd);
  }
}

/** What the last record of `claudeName` among the file's last records kept for the next call (undefined when none). */
function lastKept(fd: number, claudeName: string): unknown {
  const size = fs.fstatSync(fd).size;
  const len = Math.min(size, KEPT_WINDOW);
  if (len === 0) return undefined;
  const buf = Buffer.allocUnsafe(len);
  const n = fs.readSync(fd, buf, 0, len, size - len);
  const lines = buf.toString('utf8', 0, n).split('\n');
  const marker = `"claudeName":${JSON.stringify(claudeName)},`;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i] as string;
    if (!l.includes(marker)) continue;
    const rec = parseRecord(l, 0);
    if (rec && rec.claudeName === claudeName && rec.kept !== undefined) return rec.kept;
  }
  return undefined;
}

/**
 * Where a reader stands in a results file: byte offset after the last complete line, and that line's seq (`skip`:
 * inside a dropped line).
 */
export interface ResultsPosition {
  off: number;
  seq: number;
  skip?: boolean;
}

/** A results line longer than this is dropped unread (hookshim's records are capped far below it, RESPONSE_CAP). */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/**
 * Pairing refs of the complete records after `from` (up to `size`, or until `until`), and the new position. A line
 * that is not a record (or is too long) still takes its seq, and is counted in `skipped`.
 */
export function readResultRefs(
  fd: number,
  from: ResultsPosition,
  size: number,
  until?: number,
): { refs: ToolResultRef[]; end: ResultsPosition; skipped: number; late: boolean } {
  const refs: ToolResultRef[] = [];
  let seq = from.seq;
  let skipped = 0;
  const scan = scanBytes(
    fd,
    from.off,
    size,
    (buf, starts, ends, base) => {
      for (let i = 0; i < starts.length; i++) {
        seq++;
        const s = starts[i] as number;
        const e = ends[i] as number;
        const ref = recordRef(buf, s, e);
        if (ref) refs.push({ seq, claudeName: ref.claudeName, key: ref.key, ref: base + s });
        else if (buf.toString('utf8', s, e).trim() !== '') skipped++;
      }
    },
    () => {
      seq++;
      skipped++;
    },
    { maxLine: MAX_RECORD_BYTES, ...(until !== undefined ? { until } : {}), ...(from.skip ? { skipping: true } : {}) },
  );
  return { refs, end: { off: scan.end, seq, ...(scan.skipping ? { skip: true } : {}) }, skipped, late: scan.late };
}

const TAPE = new Tape();

/** The name and key of a record line: skimmed when canonical (the usual case: hookshim wrote it), else parsed. */
function recordRef(buf: Buffer, s: number, e: number): { claudeName: string; key: string } | undefined {
  if (buf[s] === 0x7b && utf8(buf, s, e) && skim(buf, s, e, TAPE, 1) && TAPE.kind(0) === OBJ) {
    const name = TAPE.child(buf, 0, 'claudeName');
    const key = TAPE.child(buf, 0, 'key');
    if (name < 0 || key < 0 || TAPE.kind(name) !== STR || TAPE.kind(key) !== STR) return undefined;
    return { claudeName: str(buf, TAPE, name), key: str(buf, TAPE, key) };
  }
  const rec = parseRecord(buf.toString('utf8', s, e), 0);
  return rec && { claudeName: rec.claudeName, key: rec.key };
}

const EMPTY = Buffer.alloc(0);

/** The results as the rewrite sees them: `refs` in memory, records read back from the results file (`fd`) on demand. */
export function recordedResults(refs: readonly ToolResultRef[], fd: number | null): ToolResultLookup {
  const reader = fd === null ? null : new RecordReader(fd);
  return {
    after: (seq) => refs.slice(upperBound(refs, seq, (r) => r.seq)),
    load: (ref) => (fd === null ? undefined : loadResult(fd, ref)),
    loadBytes: (ref) => (reader === null || ref.ref === undefined ? undefined : reader.line(ref.ref)),
  };
}

/**
 * Record lines read back by offset, through one window of the file: a rewrite takes results mostly in order, so most
 * records come from the window the previous one was read into (one read per window, not per record).
 */
export class RecordReader {
  private buf = EMPTY;
  private at = 0;
  private len = 0;

  constructor(private readonly fd: number) {}

  /** The line starting at `off` (bytes start..end of buf, valid until the next call), or undefined. */
  line(off: number): { buf: Buffer; start: number; end: number } | undefined {
    if (off >= this.at && off < this.at + this.len) {
      const nl = this.buf.indexOf(10, off - this.at);
      if (nl >= 0 && nl < this.len) return { buf: this.buf, start: off - this.at, end: nl };
    }
    this.at = off;
    this.len = 0;
    if (this.buf.length === 0) this.buf = Buffer.allocUnsafe(64 * 1024);
    for (;;) {
      const n = fs.readSync(this.fd, this.buf, this.len, this.buf.length - this.len, off + this.len);
      if (n <= 0) return undefined;
      const nl = this.buf.indexOf(10, this.len);
      this.len += n;
      if (nl >= 0 && nl < this.len) return { buf: this.buf, start: 0, end: nl };
      if (this.len < this.buf.length) continue;
      if (this.buf.length >= MAX_RECORD_BYTES) return undefined;
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, 0, this.len);
      this.buf = bigger;
    }
  }
}

/** The record a ref points at (its line read back from the byte offset), or undefined. */
export function loadResult(fd: number, ref: ToolResultRef): ToolResultRecord | undefined {
  if (ref.ref === undefined) return undefined;
  let buf = readBuffer;
  let len = 0;
  for (;;) {
    const n = fs.readSync(fd, buf, len, buf.length - len, ref.ref + len);
    if (n <= 0) return undefined;
    const nl = buf.subarray(len, len + n).indexOf(10);
    if (nl >= 0) {
      len += nl;
      break;
    }
    len += n;
    // A long record: grow the buffer (kept for the next call; records are capped, so it stays small).
    const bigger = Buffer.allocUnsafe(buf.length * 2);
    buf.copy(bigger, 0, 0, len);
    buf = readBuffer = bigger;
  }
  const rec = parseRecord(buf.toString('utf8', 0, len), ref.seq);
  return rec && rec.claudeName === ref.claudeName && rec.key === ref.key ? rec : undefined;
}

/** Shared by loadResult: one read per record for most records, no garbage per call. */
let readBuffer = Buffer.allocUnsafe(16 * 1024);

/** A response no longer than `cap` characters of JSON: the longest strings are cut first, each with a note. */
export function capResponse(v: unknown, cap = RESPONSE_CAP): unknown {
  if (typeof v === 'string') return v.length <= cap ? v : cut(v, cap);
  let json = JSON.stringify(v) ?? '';
  if (json.length <= cap) return v;
  let copy: unknown = JSON.parse(json);
  for (let i = 0; i < 32 && json.length > cap; i++) {
    const longest = longestString(copy);
    if (!longest || longest.value.length <= 512) break;
    const keep = Math.max(256, longest.value.length - (json.length - cap) - 128);
    copy = longest.set(cut(longest.value, keep));
    json = JSON.stringify(copy);
  }
  if (json.length <= cap) return copy;
  // Too many fields to cut one by one: keep a preview of the JSON text (escaping can grow it, so shrink until it fits).
  for (let keep = Math.floor(cap / 2); keep > 0; keep = Math.floor(keep / 2)) {
    const preview = { truncated: true, preview: cut(json, keep) };
    if (JSON.stringify(preview).length <= cap) return preview;
  }
  return { truncated: true };
}

/** A results line as a record; undefined when it is not one. */
function parseRecord(line: string, seq: number): ToolResultRecord | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(v) || typeof v.claudeName !== 'string' || typeof v.key !== 'string') return undefined;
  return {
    seq,
    toolUseId: typeof v.toolUseId === 'string' ? v.toolUseId : '',
    claudeName: v.claudeName,
    cursorName: typeof v.cursorName === 'string' ? v.cursorName : v.claudeName,
    key: v.key,
    response: v.response,
    isError: v.isError === true,
    at: typeof v.at === 'string' ? v.at : '',
    ...(v.kept !== undefined ? { kept: v.kept } : {}),
  };
}

/** True when one of the last records of the file has this tool_use_id. */
function recentlyRecorded(fd: number, toolUseId: string): boolean {
  const size = fs.fstatSync(fd).size;
  if (size === 0) return false;
  const len = Math.min(size, DEDUP_WINDOW);
  const buf = Buffer.allocUnsafe(len);
  const n = fs.readSync(fd, buf, 0, len, size - len);
  return buf.subarray(0, n).includes(`{"toolUseId":${JSON.stringify(toolUseId)},`);
}

/** The longest string inside `root` (depth ≤ 6) and a way to replace it; `set` returns the new root. */
function longestString(root: unknown): { value: string; set(v: string): unknown } | undefined {
  let best: { value: string; set(v: string): unknown } | undefined;
  const walk = (v: unknown, depth: number, set: (x: string) => void): void => {
    if (typeof v === 'string') {
      if (!best || v.length > best.value.length)
        best = {
          value: v,
          set: (x) => {
            set(x);
            return root;
          },
        };
      return;
    }
    if (depth >= 6 || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, depth + 1, (x) => (v[i] = x)));
    else
      for (const [k, item] of Object.entries(v)) walk(item, depth + 1, (x) => ((v as Record<string, unknown>)[k] = x));
  };
  if (typeof root === 'string') return { value: root, set: (x) => x };
  walk(root, 0, () => {});
  return best;
}

function cut(text: string, keep: number): string {
  return `${text.slice(0, keep)}\n… [hookshim: ${text.length - keep} characters dropped]`;
}
