// What the subagent events (subagentStart, subagentStop) share: matcher values, agent id, the invocation.
import { basePayload } from './payload.ts';
import { str, type Json } from './json.ts';
import { AGENT_TYPES } from './tools.ts';
import type { EventContext, Invocation, LateFacts } from './types.ts';

/** Matcher values for a subagent: the Claude agent type first, then Cursor's own name. */
export function agentTypes(ctx: EventContext): string[] {
  const raw = str(ctx.input.subagent_type);
  if (!raw) return [];
  const mapped = AGENT_TYPES[raw];
  return mapped && mapped !== raw ? [mapped, raw] : [raw];
}

/** The subagent's id: subagentStart's subagent_id; subagentStop has none, so its transcript's file name (…/subagents/<id>.jsonl). */
export function agentId(ctx: EventContext): string {
  const file = str(ctx.input.agent_transcript_path);
  const fromFile = file ? /([^/\\]+?)(?:\.jsonl)?$/.exec(file)?.[1] : undefined;
  return str(ctx.input.subagent_id) ?? fromFile ?? str(ctx.input.tool_call_id) ?? ctx.sessionId;
}

/** The one invocation of a subagent event: matcher values are the agent types; agent_id and agent_type filled. */
export function agentInvocation(
  ctx: EventContext,
  claudeEvent: 'SubagentStart' | 'SubagentStop',
  extra: (late: LateFacts) => Json = () => ({}),
): Invocation {
  const types = agentTypes(ctx);
  return {
    claudeEvent,
    subject: { values: types, projectDir: ctx.projectDir },
    payload: (matched, late) => ({
      ...basePayload(ctx, claudeEvent, late),
      agent_id: agentId(ctx),
      agent_type: matched ?? types[0] ?? 'general-purpose',
      ...extra(late),
    }),
  };
}

/** Subagent events tell parallel subagents of one generation apart by their id, type and task (docs/design.md §7). */
export const SUBAGENT_DEDUP = {
  ids: ['subagent_id', 'tool_call_id', 'agent_transcript_path'],
  fields: ['subagent_type'],
  digests: ['task', 'description', 'summary'],
} as const;
