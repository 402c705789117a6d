// Codex's rollout file (docs/codex-hooks.md §7) as Claude's transcript: its response_item lines are Responses-API
// items: a user message → a user prompt (what Codex injects, `<environment_context>` and the like, as isMeta), an
// assistant message → its text, `exec_command` → a Bash tool_use, `apply_patch` → one Write or Edit per file (as the
// hooks offer it, adapters/toolEvent.ts), any other call under its own name; each output → the tool_result, under
// the call's `call_id` (= the hooks' tool_use_id). Developer messages and the event, context and usage lines are not
// Claude lines. Codex writes a call to the file before its hooks run (docs/codex-hooks.md §7): nothing is waited for.
import { isRecord, str } from '../../json.ts';
import {
  assistant,
  patchUses,
  rewriteWith,
  toolResult,
  toolUse,
  userText,
  type HostRun,
} from '../../transcript/hostLines.ts';
import type { HostTranscript } from '../types.ts';

/** The text of a message's content blocks (input_text, output_text). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((b) => str(b.text) ?? '')
    .filter(Boolean)
    .join('\n');
}

/** A function_call's arguments (a JSON string) as an object; the raw text under `arguments` when it is not one. */
function argsOf(raw: unknown): Record<string, unknown> {
  if (isRecord(raw)) return raw;
  if (typeof raw !== 'string') return {};
  try {
    const v: unknown = JSON.parse(raw);
    return isRecord(v) ? v : { arguments: raw };
  } catch {
    return { arguments: raw };
  }
}

/** One call item as tool_use blocks: a shell call as Bash, an apply_patch per file, the rest under their own name. */
function usesOf(item: Record<string, unknown>, run: HostRun): Record<string, unknown>[] {
  const id = str(item.call_id) ?? str(item.id) ?? `call_cx_${run.state.line}`;
  const name = str(item.name) ?? '';
  if (name === 'apply_patch') {
    const patch = item.type === 'custom_tool_call' ? str(item.input) : str(argsOf(item.arguments).input);
    if (patch !== undefined) return patchUses(run, id, patch);
  }
  const args = item.type === 'custom_tool_call' ? { input: item.input } : argsOf(item.arguments);
  if (name === 'exec_command' || name === 'shell') {
    const cmd = Array.isArray(args.command) ? args.command.join(' ') : (str(args.cmd) ?? str(args.command) ?? '');
    return [toolUse(id, 'Shell', { command: cmd }, run.ctx.cwd)];
  }
  return [toolUse(id, name, args, run.ctx.cwd)];
}

/** Text Codex puts in a user message itself: shown to the model, not typed by the user. */
const INJECTED = /^\s*<(environment_context|user_instructions|permissions instructions|skills_instructions)\b/;

/** One response_item payload into Claude lines. */
function eachItem(item: Record<string, unknown>, at: unknown, run: HostRun): void {
  switch (item.type) {
    case 'message': {
      const text = textOf(item.content);
      if (item.role === 'user') userText(run, text, at, INJECTED.test(text));
      else if (item.role === 'assistant') assistant(run, str(item.id) ?? `msg_cx_${run.state.line}`, text, [], at);
      return;
    }
    case 'function_call':
    case 'custom_tool_call':
    case 'local_shell_call': {
      const uses = usesOf(item, run);
      assistant(run, str(item.id) ?? `msg_cx_${run.state.line}`, '', uses, at);
      return;
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
    case 'local_shell_call_output': {
      const id = str(item.call_id);
      if (!id) return;
      const out = item.output;
      const text = typeof out === 'string' ? out : isRecord(out) ? (str(out.content) ?? JSON.stringify(out)) : '';
      toolResult(run, id, text, isRecord(out) && out.success === false, at);
      return;
    }
  }
}

/** One rollout line into Claude lines: only response_item lines carry the conversation. */
function eachLine(rec: Record<string, unknown>, run: HostRun): void {
  if (rec.type === 'response_item' && isRecord(rec.payload)) eachItem(rec.payload, rec.timestamp, run);
}

export const CODEX_TRANSCRIPT: HostTranscript = {
  rewrite: (lines, state, ctx) => rewriteWith(lines, state, ctx, eachLine),
};
