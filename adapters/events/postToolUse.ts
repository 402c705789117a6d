// postToolUse ⇄ PostToolUse: one additional_context carrying, in order, the prompt's pending context (with what the
// UserPromptSubmit rows said when they run here: adapters/promptRun.ts), the preToolUse warnings stashed for this
// tool_use_id, PostToolUse feedback, and carried context (async rows' among it).
// Cursor input tool_output is a JSON string; answer fields additional_context, updated_mcp_tool_output (docs/cursor-hooks.md §4).
import { droppedFailures, errorNotes } from '../fold.ts';
import { isRecord } from '../json.ts';
import { joinMessages, messages } from '../text.ts';
import { toolPlan, type ToolPlan } from '../toolEvent.ts';
import type { EventAdapter, Json, Message } from '../types.ts';

export const postToolUse: EventAdapter<ToolPlan> = {
  empty: {},
  needs: {
    claims: { stash: true, pending: true, carried: true },
    dedup: { tool: true, replay: 'empty' },
    recordsResult: true,
    promptRun: 'fallback',
    watchesEdits: true,
  },

  plan(ctx) {
    // A result that builds on earlier ones (TodoWrite) comes as recorded, so the script and the transcript agree.
    return toolPlan(ctx, 'PostToolUse', (_tool, name, claudeInput, { recordedResponse: recorded, responseOf }) => ({
      tool_response:
        recorded?.claudeName === name
          ? recorded.response
          : (responseOf ?? parsed)(name, ctx.input.tool_output, claudeInput),
    }));
  },

  fold(ctx, verdicts, state, { tool }) {
    const notes = [
      ...errorNotes(verdicts),
      ...droppedFailures(verdicts, 'its feedback is dropped (PostToolUse cannot block)'),
    ];
    const own: Message[] = [];
    let updatedOutput: unknown;
    for (const v of verdicts) {
      if (v.kind === 'failed') continue;
      // PostToolUse decision:"block" shows its reason next to the tool result; exit 2 feeds stderr to Claude
      // (docs/claude-hooks.md §3.1, §3.4).
      own.push(
        ...messages(
          v.label,
          v.kind === 'blocked' ? v.reason : undefined,
          ...v.context,
          v.systemMessage,
          v.kind === 'stopped' ? v.reason : undefined,
        ),
      );
      if (v.plainText)
        notes.push(
          `${v.label}: plain stdout on PostToolUse goes to Claude's debug log only: ${v.plainText.slice(0, 200)}`,
        );
      const hso = isRecord(v.json?.hookSpecificOutput) ? v.json.hookSpecificOutput : undefined;
      const updated = hso?.updatedMCPToolOutput ?? hso?.updatedToolOutput;
      if (updated !== undefined) updatedOutput = updated;
    }
    // A row that changed the file just written: the model is told, in Claude Code's words (docs/claude-hooks.md §8).
    const from = `PostToolUse:${tool.candidates[0] ?? 'Edit'}`;
    const formatted = (state.rewritten ?? []).map((file) => ({ from, text: formatterNote(file) }));
    const all = [...state.pendingPrompt, ...state.stashed, ...own, ...formatted, ...state.carried];
    const answer: Json = {};
    const text = joinMessages(all);
    if (text) answer.additional_context = text;
    if (updatedOutput !== undefined) {
      if (String(ctx.input.tool_name ?? '').startsWith('MCP:')) answer.updated_mcp_tool_output = updatedOutput;
      else notes.push('updatedToolOutput is only honoured by Cursor for MCP tools (updated_mcp_tool_output); dropped');
    }
    return { answer, effects: [], notes };
  },
};

/** What Claude Code 2.1.328 tells the model after a PostToolUse row changed the file an Edit or Write wrote (§8). */
export function formatterNote(file: string): string {
  return (
    `PostToolUse hook modified ${file} after your edit (likely a formatter). ` +
    'Your next Edit will not fail with a stale-file error, but if its old_string targets a region the hook reformatted, ' +
    'Read the file first.'
  );
}

/** A tool_output JSON string parsed (anything else as it is): what a row gets when no response builder is handed in. */
function parsed(_claudeName: string, output: unknown): unknown {
  if (typeof output !== 'string') return output;
  try {
    return JSON.parse(output);
  } catch {
    return output;
  }
}
