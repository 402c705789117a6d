// One action Cursor reports through two events: a file read fires preToolUse (Read) and beforeReadFile, an MCP call
// preToolUse (`MCP:<tool>`) and beforeMCPExecution (docs/cursor-hooks.md §4 "One action, several events", §11). Neither
// second event carries a tool_use_id, so the action is named by what both payloads hold: the conversation and the
// path (reads), or the conversation, the tool and its input (MCP). preToolUse announces the action under that key and
// the second event follows it, so a guard runs once per action (docs/design.md §7). Pure: no I/O.
import { canonical, str, type Json } from './json.ts';
import { CURSOR_TO_CLAUDE, parseToolInput, toClaudeToolInput, type CursorToolName } from './tools.ts';

/** The identity of an action shared by several Cursor events, and how much this event knows about it. */
export interface SharedFiring {
  parts: string[];
  /**
   * What this event knows that changes which rows run: 1 when it names everything (the path; the MCP server), 0 when it
   * guesses (an MCP call without its server). A follower that knows more than its leader runs the rows the leader did not.
   */
  knows: number;
}

/** A file read: the conversation and the absolute path. */
export function readFiring(conversation: string, absolutePath: string): SharedFiring {
  return { parts: ['read', conversation, absolutePath], knows: 1 };
}

/** An MCP call: the conversation, the bare tool name and its input (key order ignored; a JSON-string input parsed). */
export function mcpFiring(conversation: string, tool: string, input: Record<string, unknown>, serverKnown: boolean): SharedFiring {
  return { parts: ['mcp', conversation, tool, canonical(input)], knows: serverKnown ? 1 : 0 };
}

/** The conversation a payload belongs to (docs/cursor-hooks.md §3: session_id equals it). */
export function conversationOf(input: Json): string {
  return str(input.conversation_id) ?? str(input.session_id) ?? '';
}

/** preToolUse: a Read is shared with beforeReadFile, an MCP call with beforeMCPExecution; other tools are its own. */
export function sharedFiring(input: Json, projectDir: string): SharedFiring | undefined {
  const name = str(input.tool_name) ?? '';
  const { input: toolInput } = parseToolInput(input.tool_input);
  const conv = conversationOf(input);
  if (name.startsWith('MCP:')) return mcpFiring(conv, name.slice(4), toolInput, str(input.mcp_server_name) !== undefined);
  const row = Object.hasOwn(CURSOR_TO_CLAUDE, name) ? CURSOR_TO_CLAUDE[name as CursorToolName] : null;
  if (!(row as readonly string[] | null)?.includes('Read')) return undefined;
  const file = str(toClaudeToolInput('Read', toolInput, projectDir).file_path);
  return file ? readFiring(conv, file) : undefined;
}
