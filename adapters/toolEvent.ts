// The shared half of the tool events (preToolUse, postToolUse, postToolUseFailure): which tool, which Claude
// names to try, and the tool fields of the Claude payload (DESIGN §4).
import type { ClaudeEvent } from './events.ts';
import { basePayload, num, str } from './payload.ts';
import { claudeToolCandidates, inferCursorToolName, parseToolInput, toClaudeToolInput } from './tools.ts';
import type { EventContext, Json, Plan } from './types.ts';

export type Tool = ReturnType<typeof toolOf>;

/** The tool of a tool event: Cursor name, parsed input, Claude candidates. */
export function toolOf(ctx: EventContext): { cursorName: string; input: Record<string, unknown>; candidates: string[]; notes: string[] } {
  const notes: string[] = [];
  const parsed = parseToolInput(ctx.input.tool_input);
  if (parsed.problem) notes.push(`tool_input: ${parsed.problem}`);
  let cursorName = str(ctx.input.tool_name);
  if (!cursorName) {
    cursorName = inferCursorToolName(parsed.input) ?? 'Unknown';
    notes.push(`payload has no tool_name; inferred "${cursorName}" from tool_input keys`);
  }
  // A Shell input that arrives as a bare command string still has to reach Bash guards: it is the command.
  const raw = ctx.input.tool_input;
  const input = parsed.problem && typeof raw === 'string' && raw.trim() && cursorName === 'Shell' ? { command: raw } : parsed.input;
  if (input !== parsed.input) notes.push('the Shell tool_input string is used as the command');
  const candidates = claudeToolCandidates(cursorName, input, ctx.input);
  return { cursorName, input, candidates, notes };
}

/** Tool fields of a Claude tool-event payload for the candidate a row matched. */
export function toolPayload(ctx: EventContext, tool: ReturnType<typeof toolOf>, matched: string | undefined): Json {
  const name = matched ?? tool.candidates[0] ?? tool.cursorName;
  const payload: Json = { tool_name: name, tool_input: toClaudeToolInput(name, tool.input, ctx.projectDir) };
  const id = str(ctx.input.tool_use_id);
  if (id) payload.tool_use_id = id;
  return payload;
}

/** The plan of a tool event: one invocation whose matcher values are the Claude name candidates. */
export function toolPlan(ctx: EventContext, claudeEvent: ClaudeEvent, extra: (tool: Tool, claudeName: string, claudeInput: Record<string, unknown>) => Json = () => ({})): Plan {
  const tool = toolOf(ctx);
  const duration = num(ctx.input.duration);
  return {
    notes: tool.notes,
    invocations: [
      {
        claudeEvent,
        subject: { values: tool.candidates, toolInput: toolPayload(ctx, tool, undefined).tool_input as Record<string, unknown>, projectDir: ctx.projectDir },
        payload: (matched) => {
          const fields = toolPayload(ctx, tool, matched);
          return {
            ...basePayload(ctx, claudeEvent),
            ...fields,
            ...extra(tool, String(fields.tool_name), fields.tool_input as Record<string, unknown>),
            ...(duration !== undefined && claudeEvent !== 'PreToolUse' ? { duration_ms: Math.round(duration) } : {}),
          };
        },
      },
    ],
  };
}
