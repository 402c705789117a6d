// stop ⇄ Stop (status "completed") and StopFailure (status "error"); blocks become one followup_message.
// Cursor stop input: status, loop_count; answer: followup_message (docs/cursor-hooks.md §4).
import { foldFollowup, pastLoopLimit } from '../fold.ts';
import { num, str } from '../json.ts';
import { basePayload, lastMessage } from '../payload.ts';
import type { EventAdapter } from '../types.ts';

export const stop: EventAdapter = {
  empty: {},
  needs: { claims: {}, dedup: { transcriptSize: true, replay: 'empty' }, readsTranscript: true },

  plan(ctx) {
    const status = str(ctx.input.status) ?? 'completed';
    const loopCount = num(ctx.input.loop_count) ?? 0;
    if (status === 'aborted') {
      // Claude's Stop "does not run on user interrupt" (docs/claude-hooks.md §2.2): a follow-up would undo the abort.
      return {
        invocations: [],
        notes: ['stop status "aborted": the user interrupted the turn, Stop guards do not run'],
      };
    }
    if (status === 'error') {
      return {
        notes: [],
        invocations: [
          {
            claudeEvent: 'StopFailure',
            subject: { values: ['unknown'], projectDir: ctx.projectDir },
            payload: (_matched, late) => ({
              ...basePayload(ctx, 'StopFailure', late),
              error: 'unknown',
              ...lastMessage(late.lastAssistantMessage ?? str(ctx.input.last_assistant_message)),
            }),
          },
        ],
      };
    }
    const past = pastLoopLimit(loopCount, ctx.loopLimit, 'Stop');
    if (past) return { invocations: [], notes: [past] };
    return {
      notes: [],
      invocations: [
        {
          claudeEvent: 'Stop',
          subject: { values: [], projectDir: ctx.projectDir },
          payload: (_matched, late) => ({
            ...basePayload(ctx, 'Stop', late),
            // Already continuing because of a stop hook (docs/claude-hooks.md §2.2) ⇔ Cursor's loop_count > 0.
            stop_hook_active: loopCount > 0,
            // A late fact: the transcript (and its last words) is ready only after selection; else the host's own
            // last_assistant_message, where its payload has one (Codex: docs/codex-hooks.md §3).
            ...lastMessage(late.lastAssistantMessage ?? str(ctx.input.last_assistant_message)),
          }),
        },
      ],
    };
  },

  fold(ctx, verdicts) {
    const { answer, notes } = foldFollowup(verdicts, 'Stop', num(ctx.input.loop_count) ?? 0, ctx.loopLimit);
    return { answer, notes, effects: [] };
  },
};
