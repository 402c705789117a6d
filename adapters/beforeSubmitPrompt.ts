// beforeSubmitPrompt ⇄ UserPromptSubmit: a block stops the prompt; context waits for its one delivery.
// Cursor answer: continue, user_message (docs/cursor-hooks.md §4).
import { droppedFailures, errorNotes } from './fold.ts';
import { str } from './json.ts';
import { basePayload } from './payload.ts';
import { promptContext } from './prompt.ts';
import { joinMessages, messages } from './text.ts';
import type { EventAdapter, Message } from './types.ts';

export const beforeSubmitPrompt: EventAdapter = {
  empty: { continue: true },
  // On the CLI generation_id equals conversation_id (docs/cursor-hooks.md §3): the prompt itself tells prompts apart.
  needs: { claims: { covered: true }, dedup: { digests: ['prompt'], replay: 'decision' }, promptDelivery: true },

  plan(ctx) {
    return {
      notes: [],
      invocations: [
        {
          claudeEvent: 'UserPromptSubmit',
          subject: { values: [], projectDir: ctx.projectDir },
          payload: () => ({ ...basePayload(ctx, 'UserPromptSubmit'), prompt: str(ctx.input.prompt) ?? '' }),
        },
      ],
    };
  },

  fold(_ctx, verdicts, state) {
    // A failing or hung UserPromptSubmit script is a silent drop (logged), never a block (docs/fail-matrix.md).
    const notes = [...errorNotes(verdicts), ...droppedFailures(verdicts, 'dropped: a failing prompt script never blocks')];
    const blocks: Message[] = [];
    for (const v of verdicts) {
      if (v.kind === 'blocked') blocks.push({ from: v.label, text: v.reason });
      else if (v.kind === 'stopped') blocks.push({ from: v.label, text: v.reason || `${v.label} stopped the prompt` });
    }
    if (blocks.length > 0) {
      return { answer: { continue: false, user_message: joinMessages(blocks) }, effects: [], notes: [...notes, `prompt blocked by ${blocks.map((b) => b.from).join(', ')}`] };
    }
    const context = promptContext(verdicts);
    const warn = verdicts.flatMap((v) => messages(v.label, v.systemMessage));
    const answer: Record<string, unknown> = { continue: true };
    if (warn.length) answer.user_message = joinMessages(warn);
    if (state.firstPromptCovered) {
      // sessionStart ran these scripts without the prompt: only what they say now that they see it is new.
      const delivered = new Set((state.firstPromptDelivered ?? []).map((m) => m.text.trim()));
      const fresh = context.filter((m) => !delivered.has(m.text.trim()));
      if (context.length > fresh.length) notes.push(`${context.length - fresh.length} prompt context message(s) already delivered by sessionStart; not sent again`);
      return { answer, effects: fresh.length ? [{ kind: 'pendingPrompt', messages: fresh }] : [], notes };
    }
    return { answer, effects: context.length ? [{ kind: 'pendingPrompt', messages: context }] : [], notes };
  },
};
