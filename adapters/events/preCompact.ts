// preCompact ⇄ PreCompact: side effects only (Cursor cannot block compaction); a block's message and systemMessage →
// user_message.
import { droppedFailures, errorNotes } from '../fold.ts';
import { str } from '../json.ts';
import { basePayload } from '../payload.ts';
import { joinMessages, messages } from '../text.ts';
import type { EventAdapter, Json, Message } from '../types.ts';

export const preCompact: EventAdapter = {
  empty: {},
  needs: {
    claims: {},
    dedup: { fields: ['trigger', 'context_tokens', 'message_count'], transcriptSize: true, replay: 'empty' },
  },

  plan(ctx) {
    const trigger = str(ctx.input.trigger) === 'manual' ? 'manual' : 'auto';
    return {
      notes: [],
      invocations: [
        {
          claudeEvent: 'PreCompact',
          subject: { values: [trigger], projectDir: ctx.projectDir },
          payload: (_matched, late) => ({
            ...basePayload(ctx, 'PreCompact', late),
            trigger,
            // Cursor carries no instructions; Claude Code 2.1.328 sends null for a /compact without any (§8).
            custom_instructions: null,
          }),
        },
      ],
    };
  },

  fold(_ctx, verdicts) {
    const notes = [...errorNotes(verdicts), ...droppedFailures(verdicts, 'ignored (compaction proceeds)')];
    const user: Message[] = [];
    const carry: Message[] = [];
    for (const v of verdicts) {
      if (v.kind === 'failed') continue;
      if (v.kind === 'blocked') {
        notes.push(`${v.label} tried to block compaction; Cursor's preCompact cannot block: ${v.reason.slice(0, 200)}`);
        // Claude Code shows the block's message to the user (docs/claude-hooks.md §8): so does user_message.
        user.push(...messages(v.label, v.reason));
      }
      user.push(...messages(v.label, v.systemMessage));
      carry.push(...messages(v.label, ...v.context));
    }
    const answer: Json = {};
    if (user.length) answer.user_message = joinMessages(user);
    return { answer, effects: carry.length ? [{ kind: 'carry', messages: carry }] : [], notes };
  },
};
