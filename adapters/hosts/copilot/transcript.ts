// Copilot's session log (events.jsonl, docs/copilot-hooks.md §7) as Claude's transcript: user.message → a user
// prompt, assistant.message → an assistant message with its text and one tool_use per toolRequest (Claude's tool
// names and keys, by way of the tools table, ./tools.ts), tool.execution_complete → the tool_result (the text the
// model got, or the failure's message). Hook runs, turn markers, usage records and the rest are not Claude lines.
// Copilot writes the log behind its hooks (about 100 ms, docs/copilot-hooks.md §7): caughtUp tells when the log
// holds this event's own hook.start line.
import { isRecord, str, type Json } from '../../json.ts';
import { assistant, patchUses, rewriteWith, toolResult, toolUse, userText } from '../../transcript/hostLines.ts';
import type { HostRun } from '../../transcript/hostLines.ts';
import type { HostTranscript, HostTranscriptState } from '../types.ts';
import { sharedToolCall } from './tools.ts';

/** The tool_use blocks of one of Copilot's toolRequests. */
function usesOf(req: Record<string, unknown>, run: HostRun): Record<string, unknown>[] {
  const id = str(req.toolCallId) ?? `toolu_cop_${run.state.line}_${run.k}`;
  const call = sharedToolCall(str(req.name) ?? '', req.arguments);
  if (call.name === 'ApplyPatch') {
    const patch = isRecord(call.input) ? (str(call.input.input) ?? str(call.input.patch)) : str(call.input);
    if (patch !== undefined) return patchUses(run, id, patch);
  }
  return [toolUse(id, call.name, call.input, run.ctx.cwd)];
}

/** The text a finished tool call gave the model, and whether it failed. */
function resultOf(data: Record<string, unknown>): { text: string; isError: boolean } {
  if (data.success === false) {
    const error = isRecord(data.error) ? str(data.error.message) : str(data.error);
    return { text: error ?? 'The tool call failed', isError: true };
  }
  const result = isRecord(data.result) ? data.result : {};
  return { text: str(result.content) ?? '', isError: false };
}

/** One events.jsonl record into Claude lines. */
function eachRecord(rec: Record<string, unknown>, run: HostRun): void {
  const data = isRecord(rec.data) ? rec.data : {};
  const at = rec.timestamp;
  switch (rec.type) {
    case 'user.message':
      if (str(data.content) !== undefined) userText(run, str(data.content) as string, at);
      return;
    case 'assistant.message': {
      const reqs = Array.isArray(data.toolRequests) ? data.toolRequests.filter(isRecord) : [];
      const uses = reqs.flatMap((r) => usesOf(r, run));
      const msgId = str(data.messageId) ?? str(rec.id) ?? `msg_cop_${run.state.line}`;
      assistant(run, msgId, str(data.content) ?? '', uses, at, str(data.model));
      return;
    }
    case 'tool.execution_complete': {
      const id = str(data.toolCallId);
      if (!id) return;
      const { text, isError } = resultOf(data);
      toolResult(run, id, text, isError, at);
      return;
    }
    case 'hook.start':
      run.state = { ...run.state, lastHook: hookMark(str(data.hookType), at) };
      return;
  }
}

/** How a hook.start line is remembered: its hook type and its time (the time of the hook's payload, to the ms). */
function hookMark(type: string | undefined, at: unknown): string {
  const ms = typeof at === 'string' ? Date.parse(at) : NaN;
  return `${type ?? ''}@${Number.isNaN(ms) ? '' : ms}`;
}

/**
 * True when the log holds this event's own hook.start, or a later one (a hook.start line's `timestamp` is its payload's,
 * docs/copilot-hooks.md §7).
 */
function caughtUp(state: HostTranscriptState | undefined, event: string, input: Json): boolean {
  // Only a stop waits (~100 ms): its rows read the reply that ends the turn (last_assistant_message). A tool event's
  // rows have their call in tool_input, and the calls before it are in the log by then.
  if (!WAITS.has(event) || typeof input.timestamp !== 'number') return true;
  if (!state) return false;
  const at = Number(state.lastHook?.slice(state.lastHook.lastIndexOf('@') + 1) || NaN);
  return at >= input.timestamp;
}

/** The events whose rows read what the log holds only ~100 ms after the hook started. */
const WAITS = new Set(['agentStop', 'subagentStop']);

export const COPILOT_TRANSCRIPT: HostTranscript = {
  rewrite: (lines, state, ctx) => rewriteWith(lines, state, ctx, eachRecord),
  caughtUp,
};
