// Cursor transcript lines → Claude transcript lines, as an incremental state machine. Pure: the I/O layer
// (src/state/transcript.ts) reads bytes, persists the state and writes the output.
//
// Cursor (cursor-hooks.md §7): `{"role":…,"message":{"content":[text | tool_use{name,input}]}}`, no ids, no
// tool results, `{"type":"turn_ended","status":…}` markers, user text wrapped in <timestamp>/<user_query>.
// Claude (claude-hooks.md §4): `type`, `uuid`/`parentUuid` chain, `sessionId`, `cwd`, `isSidechain`, one
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
// - Lines that are not JSON objects are dropped and counted (`malformed`); blank lines are dropped (`blank`).
//   Objects that are neither Cursor records nor `turn_ended` pass through unchanged, except Claude-shaped lines
//   whose tool_use blocks still carry Cursor names or keys (peers.md §1.7): those blocks are translated (`patched`).
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
// PENDING_CHARS characters); for each line holding a pending tool_use, rewriteLines returns a mark: the state
// just before that line. When a new result matches a pending tool_use, the I/O layer truncates its output at
// that line's mark and rewrites from there (cost: the lines since that tool_use, bounded by the horizon); when
// none matches, it only appends the new lines. A result recorded after its tool_use left the horizon is not
// inserted (a full rebuild would insert it): the one case where incremental and full output differ.
import { createHash } from 'node:crypto';
import { claudeToolCandidates, inferCursorToolName, isRecord, parseToolInput, toClaudeToolInput, toClaudeToolResponse, toClaudeToolUse, toolKey } from './tools.ts';

/** One recorded tool result (src/state/toolResults.ts writes them; `seq` is its 1-based position in the session's file). */
export interface ToolResultRecord {
  seq: number;
  /** Cursor's tool_use_id: kept for tracing; it cannot be matched against the transcript (cursor-hooks.md §7: no ids). */
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
}

/** A result as recorded, before the results file gives it a seq. */
export type NewToolResult = Omit<ToolResultRecord, 'seq'>;

/**
 * The record of a Cursor `postToolUse` / `postToolUseFailure` payload (cursor-hooks.md §4): Claude name and key
 * as the transcript side derives them (first candidate, toClaudeToolInput against `projectDir`), `tool_output`
 * in Claude's `tool_response` shape, or the failure's `error_message` (a preToolUse deny arrives this way, as
 * `failure_type:"permission_denied"` carrying the deny message: Claude also logs a denied call as an error result).
 */
export function toolResultFromCursor(payload: Record<string, unknown>, projectDir: string, at: string): NewToolResult {
  const { input } = parseToolInput(payload.tool_input);
  const cursorName = typeof payload.tool_name === 'string' && payload.tool_name ? payload.tool_name : (inferCursorToolName(payload.tool_input) ?? 'Unknown');
  const claudeName = claudeToolCandidates(cursorName, input, payload)[0] ?? cursorName;
  const claudeInput = toClaudeToolInput(claudeName, input, projectDir);
  const failed = payload.hook_event_name === 'postToolUseFailure' || (payload.tool_output === undefined && (payload.error_message !== undefined || payload.failure_type !== undefined));
  const error = [payload.error_message, payload.failure_type].find((v): v is string => typeof v === 'string' && v !== '') ?? 'error';
  return {
    toolUseId: typeof payload.tool_use_id === 'string' ? payload.tool_use_id : '',
    claudeName,
    cursorName,
    key: toolKey(claudeName, claudeInput),
    response: failed ? error : toClaudeToolResponse(claudeName, payload.tool_output, claudeInput),
    isError: failed,
    at,
  };
}

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
}

export interface RewriteContext {
  sessionId: string;
  /** Project dir: the lines' `cwd`, and the base of relative tool paths. */
  cwd: string;
  results: ToolResultLookup;
}

/** A tool_use written without a result, still waiting for one. */
interface PendingUse {
  line: number;
  chars: number;
  name: string;
  key: string;
}

/** A recorded result not paired yet. */
interface OpenResult {
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
  /** Source characters consumed (for the pending horizon). */
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
  /** Output lines. */
  emitted: number;
}

/** How long a tool_use waits for its result: source lines and characters after it. */
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

/** The state of a rewrite that has read nothing yet. */
export function initialRewriteState(): RewriteState {
  return { v: 1, line: 0, chars: 0, lastUuid: null, lastText: null, resultSeq: 0, paired: [], open: [], pending: [] };
}

/** An empty stats record. */
export function emptyStats(): RewriteStats {
  return { lines: 0, blank: 0, malformed: 0, rewritten: 0, passedThrough: 0, patched: 0, turnEnded: 0, toolUses: 0, resultsPaired: 0, resultsMissing: 0, emitted: 0 };
}

/** Add the counters of `b` into `a` (which may carry extra fields of its own). */
export function addStats<T extends RewriteStats>(a: T, b: RewriteStats): T {
  for (const k of Object.keys(b) as (keyof RewriteStats)[]) a[k] += b[k];
  return a;
}

/** True when `v` looks like a RewriteState this version wrote. */
export function isRewriteState(v: unknown): v is RewriteState {
  return isRecord(v) && v.v === 1 && typeof v.line === 'number' && Array.isArray(v.open) && Array.isArray(v.pending) && Array.isArray(v.paired);
}

/** Rewrite the next source lines (complete lines, no newline) from `state`; new results are taken in first. */
export function rewriteLines(
  lines: readonly string[],
  state: RewriteState,
  ctx: RewriteContext,
): { out: string[]; state: RewriteState; stats: RewriteStats; marks: RewriteMark[] } {
  const st: RewriteState = { ...state, open: state.open.slice() };
  const run: Run = {
    st,
    ctx,
    out: [],
    stats: emptyStats(),
    index: undefined,
    taken: [],
    takenSet: new Set(),
    paired: st.paired.slice(),
    feed: ctx.results.after(st.resultSeq),
    feedAt: 0,
    low: 0,
    newPending: false,
  };
  topUp(run);
  // Marks are built at the end, for the lines whose tool_use still waits: the state before each such line is
  // its scalars, its pending list, and the open results fed by then minus those taken by then.
  const drafts: { inLine: number; outLine: number; taken: number; fed: number; state: Omit<RewriteState, 'open' | 'paired'> }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const { line, chars, lastUuid, lastText, resultSeq } = st;
    const outLine = run.out.length;
    const taken = run.taken.length;
    const fed = st.open.length;
    run.newPending = false;
    st.line += 1;
    st.chars += raw.length + 1;
    if (st.pending.some((p) => st.line - p.line > PENDING_LINES || st.chars - p.chars > PENDING_CHARS)) {
      st.pending = st.pending.filter((p) => st.line - p.line <= PENDING_LINES && st.chars - p.chars <= PENDING_CHARS);
    }
    // Expiring at line L again when resuming from this mark changes nothing, so the list after expiry will do.
    const pending = st.pending;
    run.stats.lines++;
    rewriteOne(raw, run);
    if (run.newPending) drafts.push({ inLine: i, outLine, taken, fed, state: { v: 1, line, chars, lastUuid, lastText, resultSeq, pending } });
  }
  run.stats.emitted = run.out.length;
  const final = { ...st, ...matchingAfter(state.paired, st.open, run.taken, run.taken.length) };
  const kept = new Set(final.pending.map((p) => p.line));
  const marks = drafts
    .filter((d) => kept.has(d.state.line + 1))
    .map((d) => ({ inLine: d.inLine, outLine: d.outLine, state: { ...d.state, ...matchingAfter(state.paired, st.open.slice(0, d.fed), run.taken, d.taken) } }));
  return { out: run.out, state: final, stats: run.stats, marks };
}

/** Open and paired lists once the first `count` takes of this call are done: taken and stale results leave `open`. */
function matchingAfter(paired0: readonly number[], open: readonly OpenResult[], taken: readonly number[], count: number): { open: OpenResult[]; paired: number[] } {
  const paired = [...paired0, ...taken.slice(0, count)].sort((a, b) => a - b);
  const gone = new Set(taken.slice(0, count));
  const left = open.filter((o) => !gone.has(o.seq) && !isStale(paired, o.seq));
  const floor = left.length ? Math.min(...left.map((o) => o.seq)) : Infinity;
  return { open: left, paired: paired.filter((s) => s > floor) };
}

/** A result is stale once RESULT_SLACK results recorded after it were paired (a subagent's, or one whose tool_use never shows). */
function isStale(paired: readonly number[], seq: number): boolean {
  let lo = 0;
  let hi = paired.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((paired[mid] as number) <= seq) lo = mid + 1;
    else hi = mid;
  }
  return paired.length - lo >= RESULT_SLACK;
}

/** Rewrite a whole transcript from scratch. */
export function rewriteAll(lines: readonly string[], ctx: RewriteContext): { out: string[]; state: RewriteState; stats: RewriteStats; marks: RewriteMark[] } {
  return rewriteLines(lines, initialRewriteState(), ctx);
}

/** The earliest source line holding a pending tool_use that one of `refs` (within the window) pairs with, if any: rewind to its mark. */
export function pendingMatch(state: RewriteState, refs: readonly ToolResultRef[]): number | undefined {
  const low = state.open[0]?.seq ?? refs[0]?.seq ?? 0;
  let best: number | undefined;
  for (const p of state.pending) {
    if (best !== undefined && p.line >= best) continue;
    if (refs.some((r) => r.claudeName === p.name && r.key === p.key && r.seq < low + RESULT_WINDOW)) best = p.line;
  }
  return best;
}

/** Text of the last assistant message that had text (Stop's `last_assistant_message`). */
export function lastAssistantText(state: RewriteState): string | undefined {
  return state.lastText ?? undefined;
}

/** A lookup over records held in memory (tests, small sessions). */
export function resultLookup(records: readonly ToolResultRecord[]): ToolResultLookup {
  const sorted = [...records].sort((a, b) => a.seq - b.seq);
  return {
    after: (seq) => sorted.filter((r) => r.seq > seq),
    load: (ref) => sorted.find((r) => r.seq === ref.seq),
  };
}

interface Run {
  st: RewriteState;
  ctx: RewriteContext;
  out: string[];
  stats: RewriteStats;
  /** st.open by name + key, each in seq order with a moving head (built on the first tool_use of the call). */
  index: Map<string, { list: OpenResult[]; head: number }> | undefined;
  /** Seqs taken in this call, in order; st.open is compacted at the end. */
  taken: number[];
  takenSet: Set<number>;
  /** st.paired plus this call's takes, ascending. */
  paired: number[];
  /** Results after st.resultSeq as the lookup gave them, taken in from `feedAt` on. */
  feed: readonly ToolResultRef[];
  feedAt: number;
  /** Index into st.open before which every entry is taken or stale. */
  low: number;
  /** The current line left a tool_use pending. */
  newPending: boolean;
  /** sha256 words of the session id, for ids (computed once per call). */
  base?: number[];
  /** The constant tail of the serialised envelope. */
  fixed?: string;
  /** JSON of st.lastUuid, when known. */
  lastUuidJson?: string;
}

/** Rewrite one source line into zero or more output lines. */
function rewriteOne(raw: string, run: Run): void {
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
  run.out.push(raw);
}

/** The envelope every synthetic line starts with (key order as Claude Code writes it, claude-hooks.md §4). */
function envelope(run: Run): Record<string, unknown> {
  return { parentUuid: run.st.lastUuid, isSidechain: false, userType: 'external', cwd: run.ctx.cwd, sessionId: run.ctx.sessionId };
}

/** Append a synthetic line and advance the uuid chain. */
function emit(run: Run, line: Record<string, unknown>, uuid: string): void {
  run.out.push(JSON.stringify(line));
  run.st.lastUuid = uuid;
  run.lastUuidJson = `"${uuid}"`;
}

/** `{"type":"turn_ended","status":…}` → a Claude `system` line, subtype "turn_ended". */
function turnEnded(rec: Record<string, unknown>, run: Run): void {
  run.stats.turnEnded++;
  const status = typeof rec.status === 'string' ? rec.status : 'unknown';
  const uuid = idUuid(run, 0, KIND.uuid);
  const { type: _t, status: _s, ...extra } = rec;
  emit(run, { ...envelope(run), type: 'system', subtype: 'turn_ended', content: `Turn ended (${status})`, level: status === 'error' ? 'error' : 'info', status, ...extra, uuid }, uuid);
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
      if (hasId && tool.name === b.name && sameJson(tool.input, b.input)) return b;
      changed = true;
      const { type, id, name: _n, input: _i, ...rest } = b;
      return { type, id: hasId ? id : `toolu_hs_${idHex24(run, j, KIND.tool)}`, name: tool.name, input: tool.input, ...rest };
    });
  }
  if (rec.type === 'assistant' && Array.isArray(content)) noteText(run, content);
  if (typeof rec.uuid === 'string') {
    run.st.lastUuid = rec.uuid;
    run.lastUuidJson = undefined;
  }
  if (!changed) {
    run.stats.passedThrough++;
    run.out.push(raw);
    return;
  }
  run.stats.patched++;
  run.out.push(JSON.stringify({ ...rec, message: { ...message, content: patched } }));
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
        const mapped = toClaudeToolUse(b.name, b.input, run.ctx.cwd);
        const { id, name: _n, input: _in, type: _bt, ...blockRest } = b;
        const useId = typeof id === 'string' && id ? id : `toolu_hs_${idHex24(run, j, KIND.tool)}`;
        b = { type: 'tool_use', id: useId, name: mapped.name, input: mapped.input, ...blockRest };
        tool = { name: mapped.name, key: toolKey(mapped.name, mapped.input), id: useId };
        run.stats.toolUses++;
      }
      if (plain) {
        // Same bytes as JSON.stringify of the general path's object, without building it.
        run.out.push(`${prefix(run)},"type":"assistant","message":{"id":"${msgId}","type":"message","role":"assistant","content":[${JSON.stringify(b)}]},"uuid":"${uuid}"}`);
        run.st.lastUuid = uuid;
        run.lastUuidJson = `"${uuid}"`;
      } else {
        const { role: _role, message: _m, ...extra } = rec;
        const { content: _c, role: _r, id: _i, type: _t, ...rest } = message;
        emit(run, { ...envelope(run), ...extra, type: 'assistant', message: { id: msgId, type: 'message', role: 'assistant', ...rest, content: [b] }, uuid }, uuid);
      }
      if (tool) pairResult(run, tool, j, tool.id, uuid);
    }
    return;
  }
  const uuid = idUuid(run, 0, KIND.uuid);
  const { role: _role, message: _m, ...extra } = rec;
  const { content: _c, role: _r, ...rest } = message;
  const line: Record<string, unknown> = { ...envelope(run), ...extra, type: role };
  if (role === 'user') {
    const { text, timestamp, cursorTimestamp } = userContent(content);
    line.message = { role, ...rest, content: text };
    line.uuid = uuid;
    if (timestamp) line.timestamp = timestamp;
    if (cursorTimestamp) line.cursorTimestamp = cursorTimestamp;
  } else {
    if (role === 'assistant' && Array.isArray(content)) noteText(run, content);
    line.message = { role, ...rest, ...(content !== undefined ? { content } : {}) };
    line.uuid = uuid;
  }
  emit(run, line, uuid);
}

/** True when `o` has exactly `n` own keys (cheaper than rest destructuring on the hot path). */
function onlyKeys(o: Record<string, unknown>, n: number): boolean {
  let k = 0;
  for (const _ in o) if (++k > n) return false;
  return k === n;
}

/** The serialised envelope up to (not including) `"type"`, as JSON.stringify(envelope(run)) without its `}`. */
function prefix(run: Run): string {
  const fixed = run.fixed ?? (run.fixed = `,"isSidechain":false,"userType":"external","cwd":${JSON.stringify(run.ctx.cwd)},"sessionId":${JSON.stringify(run.ctx.sessionId)}`);
  return `{"parentUuid":${run.lastUuidJson ?? (run.lastUuidJson = JSON.stringify(run.st.lastUuid))}${fixed}`;
}

/** Pair a tool_use with its recorded result (rule at the top of the file), or leave it pending. */
function pairResult(run: Run, tool: { name: string; key: string }, block: number, toolUseId: string, toolUseLine: string): void {
  const { st } = run;
  const taken = takeOpen(run, tool);
  if (!taken) {
    st.pending = [...st.pending, { line: st.line, chars: st.chars, name: tool.name, key: tool.key }].slice(-PENDING_MAX);
    run.newPending = true;
    return;
  }
  const rec = run.ctx.results.load({ seq: taken.seq, claudeName: taken.name, key: taken.key, ...(taken.ref !== undefined ? { ref: taken.ref } : {}) });
  if (!rec) {
    run.stats.resultsMissing++;
    return;
  }
  run.stats.resultsPaired++;
  const uuid = idUuid(run, block, KIND.result);
  const isError = rec.isError || failedExit(rec.response);
  emit(
    run,
    {
      ...envelope(run),
      type: 'user',
      message: { role: 'user', content: [{ tool_use_id: toolUseId, type: 'tool_result', content: resultText(rec.response), is_error: isError }] },
      uuid,
      timestamp: rec.at,
      toolUseResult: rec.response,
      sourceToolAssistantUUID: toolUseLine,
    },
    uuid,
  );
}

/** The earliest open result with this name and key that is neither taken nor stale; marks it taken. */
function takeOpen(run: Run, tool: { name: string; key: string }): OpenResult | undefined {
  const { st } = run;
  topUp(run);
  if (!run.index) {
    run.index = new Map();
    for (const o of st.open) {
      const k = `${o.name}\u0000${o.key}`;
      const slot = run.index.get(k);
      if (slot) slot.list.push(o);
      else run.index.set(k, { list: [o], head: 0 });
    }
  }
  const slot = run.index.get(`${tool.name}\u0000${tool.key}`);
  if (!slot) return undefined;
  // Entries before the head are taken or stale for good (paired only grows).
  for (; slot.head < slot.list.length; slot.head++) {
    const o = slot.list[slot.head] as OpenResult;
    if (run.takenSet.has(o.seq) || isStale(run.paired, o.seq)) continue;
    slot.head++;
    run.taken.push(o.seq);
    run.takenSet.add(o.seq);
    insertSorted(run.paired, o.seq);
    return o;
  }
  return undefined;
}

/**
 * Take in recorded results, in seq order, up to RESULT_WINDOW past the oldest one neither paired nor stale:
 * a tool_use can only pair within that window (and the index stays small).
 */
function topUp(run: Run): void {
  const { st } = run;
  for (;;) {
    const next = run.feed[run.feedAt];
    if (!next) return;
    const low = oldestOpen(run) ?? next.seq;
    if (next.seq >= low + RESULT_WINDOW) return;
    const o: OpenResult = { seq: next.seq, name: next.claudeName, key: next.key, ...(next.ref !== undefined ? { ref: next.ref } : {}) };
    st.open.push(o);
    st.resultSeq = Math.max(st.resultSeq, next.seq);
    run.feedAt++;
    if (run.index) {
      const k = `${o.name}\u0000${o.key}`;
      const slot = run.index.get(k);
      if (slot) slot.list.push(o);
      else run.index.set(k, { list: [o], head: 0 });
    }
  }
}

/** Seq of the oldest open result neither taken nor stale (st.open is in seq order; the pointer only advances). */
function oldestOpen(run: Run): number | undefined {
  const { open } = run.st;
  while (run.low < open.length) {
    const o = open[run.low] as OpenResult;
    if (!run.takenSet.has(o.seq) && !isStale(run.paired, o.seq)) return o.seq;
    run.low++;
  }
  return undefined;
}

/** Insert into an ascending array (results are mostly paired in order: usually a push). */
function insertSorted(a: number[], v: number): void {
  let i = a.length;
  while (i > 0 && (a[i - 1] as number) > v) i--;
  a.splice(i, 0, v);
}

/** The text the model would have seen for a result: Bash output with its exit code, file content, else JSON. */
export function resultText(response: unknown): string {
  if (typeof response === 'string') return response;
  if (!isRecord(response)) return response === undefined ? '' : JSON.stringify(response);
  if (typeof response.stdout === 'string' || typeof response.stderr === 'string') {
    const text = [response.stdout, response.stderr].filter((s) => typeof s === 'string' && s !== '').join('\n');
    return typeof response.exitCode === 'number' && response.exitCode !== 0 ? `Exit code ${response.exitCode}\n${text}` : text;
  }
  if (isRecord(response.file) && typeof response.file.content === 'string') return response.file.content;
  return JSON.stringify(response);
}

/** A Bash result with a non-zero exit code is an error, as Claude Code reports it (claude-hooks.md §2.2 PostToolUseFailure). */
function failedExit(response: unknown): boolean {
  return isRecord(response) && typeof response.exitCode === 'number' && response.exitCode !== 0;
}

/** Remember the text of an assistant message that has text. */
function noteText(run: Run, content: readonly unknown[]): void {
  const texts = content.filter((b): b is { type: 'text'; text: string } => isRecord(b) && b.type === 'text' && typeof b.text === 'string' && b.text.trim() !== '');
  if (texts.length) run.st.lastText = texts.map((b) => b.text).join('\n');
}

const TIMESTAMP = /^\s*<timestamp>([\s\S]*?)<\/timestamp>\s*/;
const USER_QUERY = /<user_query>\n?([\s\S]*?)\n?<\/user_query>/;

/** User content: text blocks unwrapped from <user_query>, the <timestamp> lifted out; one text block → a string. */
function userContent(content: unknown): { text: unknown; timestamp?: string; cursorTimestamp?: string } {
  let stamp: string | undefined;
  const unwrap = (t: string): string => {
    const m = TIMESTAMP.exec(t);
    if (m) {
      stamp ??= (m[1] ?? '').trim();
      t = t.slice(m[0].length);
    }
    return t.replace(USER_QUERY, (_all, inner: string) => inner);
  };
  let text: unknown = content;
  if (typeof content === 'string') text = unwrap(content);
  else if (Array.isArray(content)) {
    const blocks = content.map((b) => (isRecord(b) && b.type === 'text' && typeof b.text === 'string' ? { ...b, text: unwrap(b.text) } : b));
    const only = blocks.length === 1 ? blocks[0] : undefined;
    text = isRecord(only) && only.type === 'text' && Object.keys(only).length === 2 ? only.text : blocks;
  }
  if (stamp === undefined) return { text };
  const iso = parseCursorTimestamp(stamp);
  return iso ? { text, timestamp: iso } : { text, cursorTimestamp: stamp };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const CURSOR_TIME = /^(?:[A-Za-z]+,\s*)?([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),\s*(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?\s*(?:\((?:UTC|GMT)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?\))?$/;

/** "Tuesday, Sep 8, 2026, 1:56 PM (UTC-7)" → "2026-09-08T20:56:00.000Z"; undefined when it does not parse. */
export function parseCursorTimestamp(text: string): string | undefined {
  const m = CURSOR_TIME.exec(text.trim());
  if (!m) return undefined;
  const month = MONTHS.indexOf((m[1] ?? '').toLowerCase());
  if (month < 0) return undefined;
  let hour = Number(m[4]);
  const ampm = m[7]?.toLowerCase();
  if (ampm === 'pm' && hour < 12) hour += 12;
  if (ampm === 'am' && hour === 12) hour = 0;
  const offset = m[8] ? (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10] ?? 0)) : 0;
  const ms = Date.UTC(Number(m[3]), month, Number(m[2]), hour, Number(m[5]), Number(m[6] ?? 0)) - offset * 60_000;
  return Number.isFinite(ms) && hour < 24 ? new Date(ms).toISOString() : undefined;
}

/** Id kinds: the line's uuid, its tool_use id, the message id, the result line's uuid. */
const KIND = { uuid: 0, tool: 1, msg: 2, result: 3 } as const;

/**
 * Four 32-bit words that depend only on (session, source line, block, kind): each a bijective mix (murmur3
 * fmix32) of a per-session sha256 word and the tuple. Injective in the tuple, so ids never collide within a
 * session; across sessions they differ through the session hash. Cheap enough to run per block.
 */
function idWords(run: Run, block: number, kind: number): [number, number, number, number] {
  const base = run.base ?? (run.base = sessionWords(run.ctx.sessionId));
  const v = run.st.line * 0x40_0000 + (block + 1) * 4 + kind; // injective for blocks < 2^20 and lines < 2^31
  const lo = v >>> 0;
  const hi = Math.floor(v / 0x1_0000_0000) >>> 0;
  const w0 = fmix32((base[0] as number) ^ lo);
  const w1 = fmix32((base[1] as number) ^ hi ^ w0);
  const w2 = fmix32((base[2] as number) ^ w0 ^ Math.imul(w1, 0x9e3779b1));
  const w3 = fmix32((base[3] as number) ^ w1 ^ Math.imul(w2, 0x85ebca77));
  return [w0, w1, w2, w3];
}

/** 24 hex digits of an id, for `toolu_hs_…` and `msg_hs_…`. */
function idHex24(run: Run, block: number, kind: number): string {
  const [w0, w1, w2] = idWords(run, block, kind);
  return hex8(w0) + hex8(w1) + hex8(w2);
}

/** A version-8 (custom) RFC 9562 UUID: xxxxxxxx-xxxx-8xxx-[89ab]xxx-xxxxxxxxxxxx. */
function idUuid(run: Run, block: number, kind: number): string {
  const [w0, w1, w2, w3] = idWords(run, block, kind);
  const w1hex = hex8(w1);
  const w2hex = hex8((w2 & 0x3fffffff) | 0x80000000);
  return `${hex8(w0)}-${w1hex.slice(0, 4)}-8${w1hex.slice(5, 8)}-${w2hex.slice(0, 4)}-${w2hex.slice(4, 8)}${hex8(w3)}`;
}

function sessionWords(sessionId: string): number[] {
  const d = createHash('sha256').update(sessionId).digest();
  return [d.readUInt32BE(0), d.readUInt32BE(4), d.readUInt32BE(8), d.readUInt32BE(12)];
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex8(n: number): string {
  return (HEX[n >>> 24] as string) + (HEX[(n >>> 16) & 0xff] as string) + (HEX[(n >>> 8) & 0xff] as string) + (HEX[n & 0xff] as string);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The state to save: at most OPEN_MAX open results (the newest). Only a session whose recorded results stop
 * pairing altogether gets there; a rewrite continued from a compacted state may then miss an old result.
 */
export function compactState(st: RewriteState): RewriteState {
  return st.open.length > OPEN_MAX ? { ...st, open: st.open.slice(-OPEN_MAX) } : st;
}
