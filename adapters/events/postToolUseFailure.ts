// postToolUseFailure ⇄ PostToolUseFailure: Cursor's answer has no field (docs/cursor-hooks.md §4), so every
// context produced here, the preToolUse warnings stashed for this tool, and what UserPromptSubmit rows said when they
// run here (adapters/promptRun.ts), is carried to the next postToolUse.
import { droppedFailures, errorNotes } from '../fold.ts';
import { str } from '../json.ts';
import { messages } from '../text.ts';
import { toolPlan } from '../toolEvent.ts';
import type { EventAdapter, Message } from '../types.ts';

export const postToolUseFailure: EventAdapter = {
  empty: {},
  needs: {
    claims: { stash: true },
    dedup: { tool: true, fields: ['failure_type'], replay: 'empty' },
    recordsResult: true,
    promptRun: 'fallback',
  },

  plan(ctx) {
    // Claude does not fire PostToolUseFailure for permission denials (docs/claude-hooks.md §2.2).
    if (str(ctx.input.failure_type) === 'permission_denied') {
      return {
        invocations: [],
        notes: ['failure_type "permission_denied": Claude fires no PostToolUseFailure for a denied tool'],
      };
    }
    return toolPlan(ctx, 'PostToolUseFailure', () => ({
      error: str(ctx.input.error_message) ?? str(ctx.input.failure_type) ?? 'error',
      is_interrupt: ctx.input.is_interrupt === true,
    }));
  },

  fold(_ctx, verdicts, state) {
    const notes = [...errorNotes(verdicts), ...droppedFailures(verdicts, 'its feedback is dropped')];
    const carry: Message[] = [...state.pendingPrompt, ...state.stashed];
    for (const v of verdicts)
      if (v.kind !== 'failed')
        carry.push(...messages(v.label, v.kind === 'blocked' ? v.reason : undefined, ...v.context, v.systemMessage));
    if (carry.length > 0)
      notes.push(`${carry.length} message(s) carried to the next postToolUse (postToolUseFailure has no output field)`);
    return { answer: {}, effects: carry.length ? [{ kind: 'carry', messages: carry }] : [], notes };
  },
};
