// subagentStart ⇄ SubagentStart: Claude's SubagentStart cannot block, so the answer always allows;
// its context is carried to the next postToolUse (docs/cursor-hooks.md §4: subagentStart answers permission only).
import { droppedFailures, errorNotes } from '../fold.ts';
import { agentInvocation, SUBAGENT_DEDUP } from '../subagent.ts';
import { messages } from '../text.ts';
import type { EventAdapter, Message } from '../types.ts';

export const subagentStart: EventAdapter = {
  empty: { permission: 'allow' },
  needs: { claims: {}, dedup: { ...SUBAGENT_DEDUP, replay: 'decision' } },

  plan(ctx) {
    return { notes: [], invocations: [agentInvocation(ctx, 'SubagentStart')] };
  },

  fold(_ctx, verdicts) {
    const notes = [...errorNotes(verdicts), ...droppedFailures(verdicts, 'ignored (SubagentStart cannot block)')];
    const carry: Message[] = [];
    for (const v of verdicts) {
      if (v.kind === 'failed') continue;
      if (v.kind === 'blocked')
        notes.push(`${v.label} tried to block a subagent; Claude's SubagentStart cannot block, so it is allowed`);
      carry.push(...messages(v.label, ...v.context));
    }
    return {
      answer: { permission: 'allow' },
      effects: carry.length ? [{ kind: 'carry', messages: carry }] : [],
      notes,
    };
  },
};
