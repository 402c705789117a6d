// beforeMCPExecution ⇄ PreToolUse `mcp__<server>__<tool>`: the one event that names the MCP server (desktop only; Cloud
// agents do not load it). Input: tool_name (bare), tool_input (a JSON string), mcp_server_name, url or command; answer:
// permission allow, deny or ask (enforced here), user_message, agent_message (docs/cursor-hooks.md §4). preToolUse comes
// first for the same call, guessing the server; this event runs the MCP rows again knowing it (docs/design.md §7).
import { str } from '../json.ts';
import { denyFolded, keepWarnings, permissionParts, rewriteDenial } from '../permission.ts';
import { joinMessages } from '../text.ts';
import { toolPlan, type ToolPlan } from '../toolEvent.ts';
import { parseToolInput, toCursorToolInput } from '../tools.ts';
import type { EventAdapter, EventContext, Json } from '../types.ts';

export const beforeMCPExecution: EventAdapter<ToolPlan> = {
  empty: { permission: 'allow' },
  needs: {
    claims: {},
    dedup: { fields: ['tool_name', 'mcp_server_name'], digests: ['tool_input'], replay: 'decision' },
  },

  plan(ctx) {
    return toolPlan(asMcp(ctx), 'PreToolUse');
  },

  fold(ctx, verdicts, _state, { tool }) {
    const p = permissionParts(verdicts);
    // Cursor has no updated_input here (docs/cursor-hooks.md §4): a rewrite becomes a deny that says what to call instead.
    if (p.updated)
      rewriteDenial(
        p,
        tool.cursorName,
        tool.input,
        toCursorToolInput(tool.cursorName, tool.input, p.updated.input, ctx.projectDir),
      );
    if (p.denies.length > 0)
      return denyFolded(p, (model, user) => ({ permission: 'deny', user_message: user, agent_message: model }));
    const answer: Json =
      p.asks.length > 0 ? { permission: 'ask', user_message: joinMessages(p.asks) } : { permission: 'allow' };
    return { answer, effects: keepWarnings(p, undefined, 'beforeMCPExecution'), notes: p.notes };
  },
};

/** The tool name without Cursor's `MCP:` prefix (beforeMCPExecution sends it bare; accepted either way). */
function bareTool(input: Json): string {
  const name = str(input.tool_name) ?? '';
  return name.startsWith('MCP:') ? name.slice(4) : name;
}

/** The call as preToolUse names it (`MCP:<tool>`, input parsed), with the server this payload adds. */
function asMcp(ctx: EventContext): EventContext {
  return {
    ...ctx,
    input: {
      ...ctx.input,
      tool_name: `MCP:${bareTool(ctx.input)}`,
      tool_input: parseToolInput(ctx.input.tool_input).input,
    },
  };
}
