// Cursor transcript lines → Claude transcript lines, as an incremental state machine. Pure: the I/O layer
// (src/state/transcript.ts) reads bytes, persists the state and writes the output.
//
// Cursor (docs/cursor-hooks.md §7): `{"role":…,"message":{"content":[text | tool_use{name,input}]}}`, no ids, no
// tool results, `{"type":"turn_ended","status":…}` markers, user text wrapped in <timestamp>/<user_query>.
// Claude (docs/claude-hooks.md §4): `type`, `uuid`/`parentUuid` chain, `sessionId`, `cwd`, `isSidechain`, one
// assistant line per content block sharing `message.id`, `tool_result` blocks on `user` lines with `toolUseResult`.
//
// Choices (each is tested against the golden fixtures in test/fixtures/transcripts/):
// - Ids (uuid, parentUuid, tool_use id `toolu_hs_…`, message id `msg_hs_…`) derive from sha256(session id) and the
//   source line number and block index, through an injective mix: a rebuild yields the same ids, and no two collide.
// - Assistant lines are split one per content block, as Claude Code persists them; a user line with a single
//   text block gets a string `content`, as Claude writes a typed prompt.
// - The <timestamp> wrapper becomes the line's ISO `timestamp` when it parses ("Tuesday, Sep 8, 2026, 1:56 PM
//   (UTC-7)"); otherwise its text is kept in `cursorTimestamp`. Assistant lines get no timestamp (Cursor has none).
// - `turn_ended` becomes a `system` line with `subtype:"turn_ended"` (kept in the uuid chain; guards skip system lines).
// - Lines that are not JSON objects are dropped and counted (`malformed`); blank lines are dropped (`blank`); a line
//   the I/O layer could not read whole (longer than its limit) is counted (`cut`) through dropLine.
//   Objects that are neither Cursor records nor `turn_ended` pass through unchanged, except Claude-shaped lines
//   whose tool_use blocks still carry Cursor names or keys (docs/peers.md §1.7): those blocks are translated (`patched`).
//
// Pairing rule for recorded tool results (hookshim records every postToolUse / postToolUseFailure):
//   in transcript order, each `tool_use` takes the earliest recorded result (lowest seq) with the same Claude tool
//   name and key argument (toolKey: Bash command, file_path, pattern, …) that no earlier tool_use took — i.e.
//   the k-th tool_use of a name+key pairs with the k-th result of that name+key. A tool_use with no such result
//   gets no result line. Its `user` tool_result line is written right after the assistant line of the tool_use.
//   Two bounds keep a result from pairing with a much later identical call (a tool_use that never got its own
//   result would otherwise take the next one's): a result is stale once RESULT_SLACK results recorded after it
//   have been paired (a subagent's result, or one whose tool_use never shows up), and a tool_use only looks at
//   the RESULT_WINDOW results that follow the oldest one neither paired nor stale.
//
// Incremental design: a result is usually recorded (postToolUse) after its tool_use line was already rewritten
// (preToolUse). Each tool_use left without a result stays "pending" for PENDING_LINES source lines (and
// PENDING_CHARS bytes); for each line holding a pending tool_use, rewriteBatch returns a mark: the state
// just before that line. When a new result matches a pending tool_use, the I/O layer truncates its output at
// that line's mark and rewrites from there (cost: the lines since that tool_use, bounded by the horizon); when
// none matches, it only appends the new lines. A result recorded after its tool_use left the horizon is not
// inserted (a full rebuild would insert it): the one case where incremental and full output differ.
//
// Speed (docs/transcripts.md): lines arrive as bytes. Where a line is canonical JSON (skim.ts), fast.ts writes Cursor's
// own bytes for the parts that need no change (a text block, a long tool input string, a recorded response) and
// builds only the envelope; every other line takes the parse-and-serialise path below. Both give the same bytes.
import { Buffer, isUtf8 } from 'node:buffer';
import { isRecord } from '../json.ts';
import { toClaudeToolUse } from '../tools.ts';
import { assistantHead, chain, appendRecord, envelope, line, toolBlock } from './lines.ts';
import { fastLine, materialize } from './fast.ts';
import { pairResult } from './results.ts';
import { idHex24, idUuid, KIND } from './ids.ts';
import { matchingAfter, topUp } from './pairing.ts';
import { Tape } from './skim.ts';
import { noteText, userContent } from './text.ts';
import {
  emptyStats,
  PENDING_CHARS,
  PENDING_LINES,
  type LineBatch,
  type LineSink,
  type PendingUse,
  type RewriteContext,
  type RewriteMark,
  type RewriteState,
  type RewriteStats,
  type Run,
} from './types.ts';

/** The working state of one batch: a copy of `state` (never mutated) and the batch's cursors. */
function startRun(batch: LineBatch, state: RewriteState, ctx: RewriteContext, sink: LineSink): Run {
  // Object literals of one shape each, so optimised code is not thrown away for another (a state parsed from disk).
  const working: RewriteState = {
    v: 1,
    line: state.line,
    chars: state.chars,
    lastUuid: state.lastUuid,
    lastText: state.lastText,
    resultSeq: state.resultSeq,
    paired: state.paired,
    open: state.open.slice(),
    pending: state.pending,
  };
  return {
    working,
    ctx,
    sink,
    emitted: 0,
    stats: emptyStats(),
    buf: batch.buf,
    fast: ctx.fast !== false,
    utf8:
      ctx.fast !== false &&
      batch.starts.length > 0 &&
      isUtf8(batch.buf.subarray(batch.starts[0], batch.ends[batch.ends.length - 1])),
    tape: TAPE,
    recTape: REC_TAPE,
    textRef: null,
    index: undefined,
    taken: [],
    takenSet: new Set(),
    paired: working.paired.slice(),
    feed: ctx.results.after(working.resultSeq),
    feedAt: 0,
    low: 0,
    newPending: false,
    base: undefined,
    fixed: undefined,
    lastUuidJson: undefined,
    asciiFixed: false,
    asciiUuid: false,
  };
}

/** Rewrite the next source lines (complete lines, no newline) from `state` into `sink`; new results are taken in first. */
export function rewriteBatch(
  batch: LineBatch,
  state: RewriteState,
  ctx: RewriteContext,
  sink: LineSink,
): { state: RewriteState; stats: RewriteStats; marks: RewriteMark[] } {
  const run = startRun(batch, state, ctx, sink);
  const working = run.working;
  topUp(run);
  // Marks are built at the end, for the lines whose tool_use still waits: the state before each such line is
  // its scalars, its pending list, and the open results fed by then minus those taken by then.
  const drafts: {
    inLine: number;
    outLine: number;
    taken: number;
    fed: number;
    textRef: number[] | null;
    state: Omit<RewriteState, 'open' | 'paired'>;
  }[] = [];
  const { starts, ends } = batch;
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i] as number;
    const e = ends[i] as number;
    const { line, chars, lastUuid, lastText, resultSeq } = working;
    const textRef = run.textRef;
    const outLine = run.emitted;
    const taken = run.taken.length;
    const fed = working.open.length;
    run.newPending = false;
    working.line += 1;
    working.chars += e - s + 1;
    expire(working);
    // Expiring at line L again when resuming from this mark changes nothing, so the list after expiry will do.
    const pending = working.pending;
    run.stats.lines++;
    rewriteOne(s, e, run);
    if (run.newPending)
      drafts.push({
        inLine: i,
        outLine,
        taken,
        fed,
        textRef,
        state: { v: 1, line, chars, lastUuid, lastText, resultSeq, pending },
      });
  }
  if (run.textRef) {
    working.lastText = materialize(run.buf, run.textRef);
    run.textRef = null;
  }
  run.stats.emitted = run.emitted;
  const final = { ...working, ...matchingAfter(state.paired, working.open, run.taken, run.taken.length) };
  const kept = new Set(final.pending.map((p) => p.line));
  const marks = drafts
    .filter((d) => kept.has(d.state.line + 1))
    .map((d) => ({
      inLine: d.inLine,
      outLine: d.outLine,
      state: {
        ...d.state,
        ...(d.textRef ? { lastText: materialize(run.buf, d.textRef) } : {}),
        ...matchingAfter(state.paired, working.open.slice(0, d.fed), run.taken, d.taken),
      },
    }));
  return { state: final, stats: run.stats, marks };
}

/** rewriteBatch over strings (one per source line), collecting the output lines as strings. */
export function rewriteLines(
  lines: readonly string[],
  state: RewriteState,
  ctx: RewriteContext,
): { out: string[]; state: RewriteState; stats: RewriteStats; marks: RewriteMark[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const l of lines) {
    starts.push(at);
    at += Buffer.byteLength(l);
    ends.push(at);
    at += 1;
  }
  const buf = Buffer.from(lines.map((l) => `${l}\n`).join(''));
  const sink = new StringSink();
  const r = rewriteBatch({ buf, starts, ends }, state, ctx, sink);
  return { out: sink.out, ...r };
}

/** A line sink that keeps each line as a string. */
export class StringSink implements LineSink {
  out: string[] = [];
  private cur = '';

  text(s: string): void {
    this.cur += s;
  }

  ascii(s: string): void {
    this.cur += s;
  }

  bytes(b: Buffer, start: number, end: number): void {
    this.cur += b.toString('utf8', start, end);
  }

  end(): void {
    this.out.push(this.cur);
    this.cur = '';
  }
}

/**
 * A source line too long to be read (the I/O layer's limit, docs/transcripts.md): it keeps its line number, so later ids
 * do not shift, and every waiting tool_use gives up (the line is past any result's horizon).
 */
export function dropLine(state: RewriteState): { state: RewriteState; stats: RewriteStats } {
  const stats = emptyStats();
  stats.lines = 1;
  stats.cut = 1;
  return { state: { ...state, line: state.line + 1, chars: state.chars + PENDING_CHARS + 1, pending: [] }, stats };
}

// Reused by every call (a call never re-enters).
const TAPE = new Tape();
const REC_TAPE = new Tape();

/** Drop the pending tool uses that left the horizon. */
function expire(working: RewriteState): void {
  const { pending } = working;
  for (let k = 0; k < pending.length; k++) {
    const p = pending[k] as PendingUse;
    if (working.line - p.line > PENDING_LINES || working.chars - p.chars > PENDING_CHARS) {
      working.pending = pending.filter(
        (q) => working.line - q.line <= PENDING_LINES && working.chars - q.chars <= PENDING_CHARS,
      );
      return;
    }
  }
}

/** Rewrite one source line (bytes s..e of the batch) into zero or more output lines. */
function rewriteOne(s: number, e: number, run: Run): void {
  if (run.fast && run.buf[s] === 0x7b && fastLine(s, e, run)) return;
  const raw = run.buf.toString('utf8', s, e);
  if (raw.trim() === '') {
    run.stats.blank++;
    return;
  }
  let rec: unknown;
  try {
    rec = JSON.parse(raw);
  } catch {
    rec = undefined;
  }
  if (!isRecord(rec)) {
    run.stats.malformed++;
    return;
  }
  if (rec.type === 'turn_ended' && rec.role === undefined) return turnEnded(rec, run);
  if (typeof rec.type === 'string') return claudeShaped(raw, rec, run);
  if (typeof rec.role === 'string') return cursorRecord(rec, run);
  run.stats.passedThrough++;
  line(run, raw);
}

/** `{"type":"turn_ended","status":…}` → a Claude `system` line, subtype "turn_ended". */
function turnEnded(rec: Record<string, unknown>, run: Run): void {
  run.stats.turnEnded++;
  const status = typeof rec.status === 'string' ? rec.status : 'unknown';
  const uuid = idUuid(run, 0, KIND.uuid);
  const { type: _t, status: _s, ...extra } = rec;
  appendRecord(
    run,
    {
      ...envelope(run),
      type: 'system',
      subtype: 'turn_ended',
      content: `Turn ended (${status})`,
      level: status === 'error' ? 'error' : 'info',
      status,
      ...extra,
      uuid,
    },
    uuid,
  );
}

/** A line already in Claude's shape: unchanged, unless its tool_use blocks still use Cursor names or keys. */
function claudeShaped(raw: string, rec: Record<string, unknown>, run: Run): void {
  const message = isRecord(rec.message) ? rec.message : undefined;
  const content = message?.content;
  let changed = false;
  let patched: unknown[] | undefined;
  if (Array.isArray(content)) {
    patched = content.map((b, j) => {
      if (!isRecord(b) || b.type !== 'tool_use' || typeof b.name !== 'string') return b;
      const tool = toClaudeToolUse(b.name, b.input, run.ctx.cwd);
      const hasId = typeof b.id === 'string' && b.id !== '';
      if (hasId && tool.name === b.name && sameJsonText(tool.input, b.input)) return b;
      changed = true;
      const { type, id, name: _n, input: _i, ...rest } = b;
      return {
        type,
        id: hasId ? id : `toolu_hs_${idHex24(run, j, KIND.tool)}`,
        name: tool.name,
        input: tool.input,
        ...rest,
      };
    });
  }
  if (rec.type === 'assistant' && Array.isArray(content)) noteText(run, content);
  if (typeof rec.uuid === 'string') {
    run.working.lastUuid = rec.uuid;
    run.lastUuidJson = undefined;
    run.asciiUuid = false;
  }
  if (!changed) {
    run.stats.passedThrough++;
    line(run, raw);
    return;
  }
  run.stats.patched++;
  line(run, JSON.stringify({ ...rec, message: { ...message, content: patched } }));
}

/** A Cursor `{role, message}` record → Claude lines (one per block for the assistant, plus paired results). */
function cursorRecord(rec: Record<string, unknown>, run: Run): void {
  run.stats.rewritten++;
  const role = rec.role as string;
  const message = isRecord(rec.message) ? rec.message : {};
  const content = message.content;
  // Cursor writes exactly {role, message:{content}}; anything more is kept, through the slower general path.
  const plain = onlyKeys(rec, 2) && onlyKeys(message, 1);
  if (role === 'assistant' && Array.isArray(content) && content.length > 0) {
    noteText(run, content);
    const msgId = `msg_hs_${idHex24(run, -1, KIND.msg)}`;
    for (let j = 0; j < content.length; j++) {
      const uuid = idUuid(run, j, KIND.uuid);
      let b = content[j];
      let tool: { name: string; key: string; id: string } | undefined;
      if (isRecord(b) && b.type === 'tool_use' && typeof b.name === 'string') {
        const t = toolBlock(b, run, j);
        b = t.block;
        tool = t.tool;
        run.stats.toolUses++;
      }
      if (plain) {
        // Same bytes as JSON.stringify of the general path's object, without building it.
        line(run, `${assistantHead(run, msgId)}${JSON.stringify(b)}]},"uuid":"${uuid}"}`);
        chain(run, uuid);
      } else {
        const { role: _role, message: _m, ...extra } = rec;
        const { content: _c, role: _r, id: _i, type: _t, ...rest } = message;
        appendRecord(
          run,
          {
            ...envelope(run),
            ...extra,
            type: 'assistant',
            message: { id: msgId, type: 'message', role: 'assistant', ...rest, content: [b] },
            uuid,
          },
          uuid,
        );
      }
      if (tool) pairResult(run, tool, j, tool.id, uuid);
    }
    return;
  }
  const uuid = idUuid(run, 0, KIND.uuid);
  const { role: _role, message: _m, ...extra } = rec;
  const { content: _c, role: _r, ...rest } = message;
  const out: Record<string, unknown> = { ...envelope(run), ...extra, type: role };
  if (role === 'user') {
    const { text, timestamp, cursorTimestamp } = userContent(content);
    out.message = { role, ...rest, content: text };
    out.uuid = uuid;
    if (timestamp) out.timestamp = timestamp;
    if (cursorTimestamp) out.cursorTimestamp = cursorTimestamp;
  } else {
    if (role === 'assistant' && Array.isArray(content)) noteText(run, content);
    out.message = { role, ...rest, ...(content !== undefined ? { content } : {}) };
    out.uuid = uuid;
  }
  appendRecord(run, out, uuid);
}

/** True when `o` has exactly `n` own keys (cheaper than rest destructuring on the hot path). */
function onlyKeys(o: Record<string, unknown>, n: number): boolean {
  let k = 0;
  for (const _ in o) if (++k > n) return false;
  return k === n;
}

/** Equal JSON texts: unlike adapters/json.ts sameJson, key order counts (the same input is written alike twice). */
function sameJsonText(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
