// subagentStop ⇄ SubagentStop: a block becomes followup_message, only for status "completed" (docs/cursor-hooks.md §4).
import { foldFollowup, pastLoopLimit } from '../fold.ts';
import { num, str } from '../json.ts';
import { lastMessage } from '../payload.ts';
import { agentInvocation, SUBAGENT_DEDUP } from '../subagent.ts';
import type { EventAdapter } from '../types.ts';

export const subagentStop: EventAdapter = {
  empty: {},
  needs: {
    claims: {},
    dedup: { ...SUBAGENT_DEDUP, transcriptSize: true, replay: 'empty' },
    agentTranscript: true,
    readsTranscript: true,
  },

  plan(ctx) {
    const status = str(ctx.input.status) ?? 'completed';
    if (status !== 'completed') {
      return {
        invocations: [],
        notes: [
          `subagentStop status "${status}": Cursor only accepts a follow-up for "completed"; SubagentStop guards do not run`,
        ],
      };
    }
    const past = pastLoopLimit(num(ctx.input.loop_count) ?? 0, ctx.loopLimit, 'SubagentStop');
    if (past) return { invocations: [], notes: [past] };
    return {
      notes: [],
      invocations: [
        agentInvocation(ctx, 'SubagentStop', (late) => ({
          stop_hook_active: (num(ctx.input.loop_count) ?? 0) > 0,
          // The subagent's own transcript, rewritten like the main one (falls back to the main one).
          agent_transcript_path: late.agentTranscriptPath ?? late.transcriptPath,
          // Cursor's summary, else the last words of the subagent's own transcript (read when the payload is built).
          ...lastMessage(str(ctx.input.summary) ?? late.agentLastAssistantMessage),
        })),
      ],
    };
  },

  fold(ctx, verdicts) {
    const { answer, notes } = foldFollowup(verdicts, 'SubagentStop', num(ctx.input.loop_count) ?? 0, ctx.loopLimit);
    return { answer, notes, effects: [] };
  },
};
