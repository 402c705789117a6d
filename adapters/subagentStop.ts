// subagentStop ⇄ SubagentStop: a block becomes followup_message, only for status "completed" (cursor-hooks.md §4).
import { foldFollowup } from './fold.ts';
import { lastMessage } from './stop.ts';
import { basePayload, num, str } from './payload.ts';
import { AGENT_TYPES } from './tools.ts';
import type { EventAdapter, EventContext, Invocation, Json } from './types.ts';

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
export function agentInvocation(ctx: EventContext, claudeEvent: 'SubagentStart' | 'SubagentStop', extra: () => Json = () => ({})): Invocation {
  const types = agentTypes(ctx);
  return {
    claudeEvent,
    subject: { values: types, projectDir: ctx.projectDir },
    payload: (matched) => ({
      ...basePayload(ctx, claudeEvent),
      agent_id: agentId(ctx),
      agent_type: matched ?? types[0] ?? 'general-purpose',
      ...extra(),
    }),
  };
}

export const subagentStop: EventAdapter = {
  empty: {},

  plan(ctx) {
    const status = str(ctx.input.status) ?? 'completed';
    if (status !== 'completed') {
      return { invocations: [], notes: [`subagentStop status "${status}": Cursor only accepts a follow-up for "completed"; SubagentStop guards do not run`] };
    }
    return {
      notes: [],
      invocations: [
        agentInvocation(ctx, 'SubagentStop', () => ({
          stop_hook_active: (num(ctx.input.loop_count) ?? 0) > 0,
          // The subagent's own transcript, rewritten like the main one (falls back to the main one).
          agent_transcript_path: ctx.agentTranscriptPath ?? ctx.transcriptPath,
          // Cursor's summary, else the last words of the subagent's own transcript (read when the payload is built).
          ...lastMessage(str(ctx.input.summary) ?? ctx.agentLastAssistantMessage),
        })),
      ],
    };
  },

  fold(ctx, verdicts) {
    const { answer, notes } = foldFollowup(verdicts, 'SubagentStop', num(ctx.input.loop_count) ?? 0, ctx.loopLimit);
    return { answer, notes, effects: [] };
  },
};
