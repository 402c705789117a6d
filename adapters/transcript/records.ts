// Recorded tool results: a Cursor postToolUse / postToolUseFailure payload as the record the rewrite pairs with a
// tool_use, and the text Claude would have shown for it.
import { isRecord } from '../json.ts';
import { keptTodos, todoWriteResult } from '../todos.ts';
import { claudeToolCandidates, inferCursorToolName, parseToolInput, toClaudeToolInput, toolKey } from '../tools.ts';
import { toClaudeToolResponse } from '../toolResponse.ts';
import type { NewToolResult } from './types.ts';

/**
 * The record of a Cursor `postToolUse` / `postToolUseFailure` payload (docs/cursor-hooks.md §4): Claude name and key
 * as the transcript side derives them (first candidate, toClaudeToolInput against `projectDir`), `tool_output`
 * in Claude's `tool_response` shape, or the failure's `error_message` (a preToolUse deny arrives this way, as
 * `failure_type:"permission_denied"` carrying the deny message: Claude also logs a denied call as an error result).
 * A tool whose result builds on its previous call's (TodoWrite with `merge: true`) asks `previousKept` for what the
 * last record of that tool kept, and keeps its own list in `kept`.
 */
export function toolResultFromCursor(
  payload: Record<string, unknown>,
  projectDir: string,
  at: string,
  previousKept: (claudeName: string) => unknown = () => undefined,
): NewToolResult {
  const { input } = parseToolInput(payload.tool_input);
  const cursorName =
    typeof payload.tool_name === 'string' && payload.tool_name
      ? payload.tool_name
      : (inferCursorToolName(payload.tool_input) ?? 'Unknown');
  const claudeName = claudeToolCandidates(cursorName, input, payload)[0] ?? cursorName;
  const claudeInput = toClaudeToolInput(claudeName, input, projectDir);
  const failed =
    payload.hook_event_name === 'postToolUseFailure' ||
    (payload.tool_output === undefined && (payload.error_message !== undefined || payload.failure_type !== undefined));
  const error =
    [payload.error_message, payload.failure_type].find((v): v is string => typeof v === 'string' && v !== '') ??
    'error';
  const rec: NewToolResult = {
    toolUseId: typeof payload.tool_use_id === 'string' ? payload.tool_use_id : '',
    claudeName,
    cursorName,
    key: toolKey(claudeName, claudeInput),
    response: failed ? error : toClaudeToolResponse(claudeName, payload.tool_output, claudeInput),
    isError: failed,
    at,
  };
  if (!failed && claudeName === 'TodoWrite') {
    const todos = todoWriteResult(
      claudeInput,
      claudeInput.merge === true ? keptTodos(previousKept(claudeName)) : undefined,
    );
    rec.response = todos.response;
    rec.kept = todos.kept;
  }
  return rec;
}

/** The text the model would have seen for a result: Bash output with its exit code, file content, else JSON. */
export function resultText(response: unknown): string {
  if (typeof response === 'string') return response;
  if (!isRecord(response)) return response === undefined ? '' : JSON.stringify(response);
  if (typeof response.stdout === 'string' || typeof response.stderr === 'string') {
    const text = [response.stdout, response.stderr].filter((s) => typeof s === 'string' && s !== '').join('\n');
    return typeof response.exitCode === 'number' && response.exitCode !== 0
      ? `Exit code ${response.exitCode}\n${text}`
      : text;
  }
  if (isRecord(response.file) && typeof response.file.content === 'string') return response.file.content;
  return JSON.stringify(response);
}

/** A Bash result with a non-zero exit code is an error, as Claude Code reports it (docs/claude-hooks.md §2.2 PostToolUseFailure). */
export function failedExit(response: unknown): boolean {
  return isRecord(response) && typeof response.exitCode === 'number' && response.exitCode !== 0;
}
