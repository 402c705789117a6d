// Claude transcript lines built from a host's own session log (Copilot's events.jsonl, Codex's rollout file): the
// envelope Claude Code puts on every line, the uuid chain, and the user, assistant and tool_result records
// (docs/transcripts.md). Each host's adapters/hosts/<host>/transcript.ts reads its log and calls these.
import { applyPatchUses } from './hostPatch.ts';
import type { HostTranscriptContext, HostTranscriptState } from './hostTypes.ts';
import { sha256Hex } from '../sha256.ts';
import { toClaudeToolUse } from '../tools.ts';

export { applyPatchUses };

/** One rewrite call's output and state, as the host's line readers fill them. */
export interface HostRun {
  state: HostTranscriptState;
  ctx: HostTranscriptContext;
  out: string[];
  /** Blocks written in this line (ids derive from the source line and this count). */
  k: number;
}

/** A uuid derived from the session, the source line and the block: the same line always gets the same id. */
export function lineUuid(run: HostRun, salt = ''): string {
  const h = sha256Hex(`${run.ctx.sessionId}\u0000${run.state.line}\u0000${run.k++}\u0000${salt}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Append one record with Claude's envelope, chained to the line before it. */
export function emit(run: HostRun, body: Record<string, unknown>, timestamp: unknown, uuid = lineUuid(run)): void {
  const line = {
    parentUuid: run.state.lastUuid,
    isSidechain: false,
    userType: 'external',
    cwd: run.ctx.cwd,
    sessionId: run.ctx.sessionId,
    ...body,
    uuid,
    ...(typeof timestamp === 'string' ? { timestamp } : {}),
  };
  run.out.push(JSON.stringify(line));
  run.state = { ...run.state, lastUuid: uuid };
}

/** A user prompt (`isMeta` for text the host injected, not typed by the user). */
export function userText(run: HostRun, text: string, timestamp: unknown, meta = false): void {
  emit(run, { type: 'user', ...(meta ? { isMeta: true } : {}), message: { role: 'user', content: text } }, timestamp);
}

/** A tool call as the shared vocabulary names it (Cursor's names, docs/design.md §10), as a Claude tool_use block. */
export function toolUse(id: string, sharedName: string, input: unknown, cwd: string): Record<string, unknown> {
  const mapped = toClaudeToolUse(sharedName, input, cwd);
  return { type: 'tool_use', id, name: mapped.name, input: mapped.input };
}

/** An assistant message: its text (when any) then its tool_use blocks; the text becomes the last assistant text. */
export function assistant(
  run: HostRun,
  msgId: string,
  text: string,
  uses: readonly Record<string, unknown>[],
  timestamp: unknown,
  model?: string,
): void {
  const content = [...(text ? [{ type: 'text', text }] : []), ...uses];
  if (!content.length) return;
  const message = { id: msgId, type: 'message', role: 'assistant', ...(model ? { model } : {}), content };
  emit(run, { type: 'assistant', message }, timestamp);
  if (text) run.state = { ...run.state, lastText: text };
}

/** The result of a call: one tool_result line per block the call was written as (an apply_patch split per file). */
export function toolResult(run: HostRun, callId: string, content: string, isError: boolean, timestamp: unknown): void {
  const split = run.state.split?.[callId];
  for (const id of split ?? [callId]) {
    const block = { type: 'tool_result', tool_use_id: id, content, ...(isError ? { is_error: true } : {}) };
    emit(run, { type: 'user', message: { role: 'user', content: [block] }, toolUseResult: content }, timestamp);
  }
  if (split) {
    const { [callId]: _done, ...rest } = run.state.split ?? {};
    run.state = { ...run.state, split: rest };
  }
}

/** Remember that `callId` was written as several blocks (at most SPLIT_MAX calls waiting; the oldest goes first). */
export function rememberSplit(run: HostRun, callId: string, ids: readonly string[]): void {
  if (ids.length === 1 && ids[0] === callId) return;
  const entries = Object.entries(run.state.split ?? {}).slice(-(SPLIT_MAX - 1));
  run.state = { ...run.state, split: Object.fromEntries([...entries, [callId, [...ids]]]) };
}

/** An apply_patch call as one tool_use block per file, each remembered for the call's result. */
export function patchUses(run: HostRun, callId: string, patch: string): Record<string, unknown>[] {
  const blocks = applyPatchUses(callId, patch, run.ctx.cwd);
  rememberSplit(
    run,
    callId,
    blocks.map((b) => b.id as string),
  );
  return blocks;
}

/** Calls split into several blocks still waiting for their result, at most. */
export const SPLIT_MAX = 64;

/** Parse one source line: the object, or undefined (counted malformed by the caller) when it is not a JSON object. */
export function parseLine(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Run `each` on every line (blank ones skipped, malformed ones counted): the host's rewrite loop. */
export function rewriteWith(
  lines: readonly string[],
  state: HostTranscriptState,
  ctx: HostTranscriptContext,
  each: (rec: Record<string, unknown>, run: HostRun) => void,
): { lines: string[]; state: HostTranscriptState; malformed: number } {
  const run: HostRun = { state, ctx, out: [], k: 0 };
  let malformed = 0;
  for (const text of lines) {
    run.k = 0;
    if (text.trim()) {
      const rec = parseLine(text);
      if (rec) each(rec, run);
      else malformed++;
    }
    run.state = { ...run.state, line: run.state.line + 1 };
  }
  return { lines: run.out, state: run.state, malformed };
}
