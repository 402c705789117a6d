// The shapes of the transcript rewrite (docs/transcripts.md): recorded tool results, the resumable rewrite state and
// its bounds, and the working set of one rewrite call.
import type { Buffer } from 'node:buffer';
import { isRecord } from '../json.ts';
import type { Tape } from './skim.ts';

/** One recorded tool result (src/state/toolResults.ts writes them; `seq` is its 1-based position in the session's file). */
export interface ToolResultRecord {
  seq: number;
  /** Cursor's tool_use_id: kept for tracing; it cannot be matched against the transcript (docs/cursor-hooks.md §7: no ids). */
  toolUseId: string;
  claudeName: string;
  cursorName: string;
  /** toolKey(claudeName, Claude tool_input). */
  key: string;
  /** Claude `tool_response` shape (toClaudeToolResponse), or the failure's error text. */
  response: unknown;
  isError: boolean;
  /** ISO time of recording. */
  at: string;
  /** What the next call of the same tool builds on (TodoWrite: the whole list, docs/transcripts.md). */
  kept?: unknown;
}

/** A result as recorded, before the results file gives it a seq. */
export type NewToolResult = Omit<ToolResultRecord, 'seq'>;

/** What pairing needs of a record; `ref` is an opaque locator of the I/O layer (a byte offset). */
export interface ToolResultRef {
  seq: number;
  claudeName: string;
  key: string;
  ref?: number;
}

/** The recorded results as the rewrite sees them. */
export interface ToolResultLookup {
  /** Results with a seq greater than `seq`, in seq order. */
  after(seq: number): readonly ToolResultRef[];
  /** The full record, read only when its result line is written; undefined when it is gone or unreadable. */
  load(ref: ToolResultRef): ToolResultRecord | undefined;
  /** The record's line as stored (bytes `start`..`end` of `buf`, valid until the next call): lets its response be copied unparsed. */
  loadBytes?(ref: ToolResultRef): { buf: Buffer; start: number; end: number } | undefined;
}

export interface RewriteContext {
  sessionId: string;
  /** Project dir: the lines' `cwd`, and the base of relative tool paths. */
  cwd: string;
  results: ToolResultLookup;
  /** Copy canonical JSON byte for byte (default true); false parses and re-serialises every line (tests compare the two). */
  fast?: boolean;
}

/** Where rewritten lines go: text and source bytes appended to the current line; `end` closes it (adds the newline). */
export interface LineSink {
  text(s: string): void;
  /** Text known to be ASCII (the sink may gather it without encoding). */
  ascii(s: string): void;
  /** Bytes `start`..`end` of `b`: valid UTF-8 (the rewrite checks). */
  bytes(b: Buffer, start: number, end: number): void;
  end(): void;
}

/** Complete source lines (no newline): line i is bytes starts[i]..ends[i] of buf. */
export interface LineBatch {
  buf: Buffer;
  starts: readonly number[];
  ends: readonly number[];
}

/** A tool_use written without a result, still waiting for one. */
export interface PendingUse {
  line: number;
  chars: number;
  name: string;
  key: string;
}

/** A recorded result not paired yet. */
export interface OpenResult {
  seq: number;
  name: string;
  key: string;
  ref?: number;
}

/** Everything needed to continue a rewrite later; small and JSON-serialisable. */
export interface RewriteState {
  v: 1;
  /** Source lines consumed (physical lines, blank and malformed included): ids derive from it. */
  line: number;
  /** Source bytes consumed, newlines included (for the pending horizon; the name predates bytes). */
  chars: number;
  lastUuid: string | null;
  /** Text of the last assistant message with text. */
  lastText: string | null;
  /** Highest result seq taken in. */
  resultSeq: number;
  /** Seqs of paired results above the oldest open one, ascending (staleness counts them; at most RESULT_SLACK). */
  paired: number[];
  open: OpenResult[];
  pending: PendingUse[];
}

/** The state just before input line `inLine` of a call, whose output starts at `outLine`. */
export interface RewriteMark {
  inLine: number;
  outLine: number;
  state: RewriteState;
}

export interface RewriteStats {
  /** Physical lines read. */
  lines: number;
  blank: number;
  /** Not JSON, or JSON that is not an object: dropped. */
  malformed: number;
  /** Cursor records translated. */
  rewritten: number;
  /** Claude-shaped or unknown objects, written unchanged. */
  passedThrough: number;
  /** Claude-shaped lines whose Cursor tool blocks were translated. */
  patched: number;
  turnEnded: number;
  toolUses: number;
  resultsPaired: number;
  /** A result was due but its record could not be loaded. */
  resultsMissing: number;
  /** Lines longer than the I/O layer reads (docs/transcripts.md): dropped unread. */
  cut: number;
  /** Lines copied byte for byte where they needed no change (the fast path), of `rewritten`. */
  copied: number;
  /** Output lines. */
  emitted: number;
}

/** How long a tool_use waits for its result: source lines and bytes after it. */
export const PENDING_LINES = 256;

export const PENDING_CHARS = 1 << 20;

/** At most this many tool uses wait at once (the oldest gives up first). */
export const PENDING_MAX = 16;

/** A result is stale once this many results recorded after it have been paired. */
export const RESULT_SLACK = 64;

/** A tool_use can take a result only among this many, counted from the oldest result neither paired nor stale. */
export const RESULT_WINDOW = 256;

/** At most this many unpaired results are kept in a saved state (compactState drops the oldest). */
export const OPEN_MAX = 256;

export interface Run {
  /** The working copy of the RewriteState this call started from (that one is never mutated). */
  working: RewriteState;
  ctx: RewriteContext;
  sink: LineSink;
  /** Lines written to the sink by this call. */
  emitted: number;
  stats: RewriteStats;
  /** The batch's bytes. */
  buf: Buffer;
  /** ctx.fast, resolved. */
  fast: boolean;
  /** The whole batch is valid UTF-8 (so is each line: a newline never splits a character). */
  utf8: boolean;
  /** Skim tapes: the current line's, and a result record's. */
  tape: Tape;
  recTape: Tape;
  /**
   * While set, working.lastText is stale: the last assistant text is these JSON strings of `buf` (start, end pairs), joined
   * by newlines; decoded only when a state is kept (the end of the call, a mark).
   */
  textRef: number[] | null;
  /** working.open by name + key, each in seq order with a moving head (built on the first tool_use of the call). */
  index: Map<string, { list: OpenResult[]; head: number }> | undefined;
  /** Seqs taken in this call, in order; working.open is compacted at the end. */
  taken: number[];
  takenSet: Set<number>;
  /** working.paired plus this call's takes, ascending. */
  paired: number[];
  /** Results after working.resultSeq as the lookup gave them, taken in from `feedAt` on. */
  feed: readonly ToolResultRef[];
  feedAt: number;
  /** Index into working.open before which every entry is taken or stale. */
  low: number;
  /** The current line left a tool_use pending. */
  newPending: boolean;
  /** sha256 words of the session id, for ids (computed once per call). */
  base: number[] | undefined;
  /** The constant tail of the serialised envelope. */
  fixed: string | undefined;
  /** JSON of working.lastUuid, when known. */
  lastUuidJson: string | undefined;
  /** `fixed` is ASCII, and so is lastUuidJson: prefix() text may go to LineSink.ascii (appendRecord.ts head). */
  asciiFixed: boolean;
  asciiUuid: boolean;
}

/** The state of a rewrite that has read nothing yet. */
export function initialRewriteState(): RewriteState {
  return { v: 1, line: 0, chars: 0, lastUuid: null, lastText: null, resultSeq: 0, paired: [], open: [], pending: [] };
}

/** An empty stats record. */
export function emptyStats(): RewriteStats {
  return {
    lines: 0,
    blank: 0,
    malformed: 0,
    rewritten: 0,
    passedThrough: 0,
    patched: 0,
    turnEnded: 0,
    toolUses: 0,
    resultsPaired: 0,
    resultsMissing: 0,
    cut: 0,
    copied: 0,
    emitted: 0,
  };
}

/** Add the counters of `b` into `a` (which may carry extra fields of its own). */
export function addStats<T extends RewriteStats>(a: T, b: RewriteStats): T {
  for (const k of Object.keys(b) as (keyof RewriteStats)[]) a[k] += b[k];
  return a;
}

/** True when `v` looks like a RewriteState this version wrote. */
export function isRewriteState(v: unknown): v is RewriteState {
  return (
    isRecord(v) &&
    v.v === 1 &&
    typeof v.line === 'number' &&
    Array.isArray(v.open) &&
    Array.isArray(v.pending) &&
    Array.isArray(v.paired)
  );
}

/** Text of the last assistant message that had text (Stop's `last_assistant_message`). */
export function lastAssistantText(state: RewriteState): string | undefined {
  return state.lastText ?? undefined;
}

/**
 * The state to save: at most OPEN_MAX open results (the newest). Only a session whose recorded results stop
 * pairing altogether gets there; a rewrite continued from a compacted state may then miss an old result.
 */
export function compactState(working: RewriteState): RewriteState {
  return working.open.length > OPEN_MAX ? { ...working, open: working.open.slice(-OPEN_MAX) } : working;
}
