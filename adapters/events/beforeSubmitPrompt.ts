// beforeSubmitPrompt ⇄ UserPromptSubmit, run once per prompt with the real prompt: a block stops the prompt; context
// goes out in this answer where the Cursor version delivers it in the same turn, else it waits for the first postToolUse.
// Cursor answer: continue, user_message, additional_context (docs/cursor-hooks.md §4, §11).
import { promptNotes } from '../fold.ts';
import { str } from '../json.ts';
import { basePayload } from '../payload.ts';
import { promptContext } from '../prompt.ts';
import { joinMessages, messages, stripAnsi } from '../text.ts';
import type { EventAdapter, Json, Message } from '../types.ts';
import { cursorVersion, promptContextNow } from '../version.ts';

export const beforeSubmitPrompt: EventAdapter = {
  empty: { continue: true },
  // On the CLI generation_id equals conversation_id (docs/cursor-hooks.md §3): the prompt itself tells prompts apart.
  // Whether postToolUse starts for every call decides where the prompt's context can wait (init binds it so by config).
  // Its run is recorded, so a tool event never runs the rows again in this conversation (docs/events.md "Cloud agents").
  needs: { claims: {}, dedup: { digests: ['prompt'], replay: 'decision' }, everyCall: true, promptRun: 'seen' },

  plan(ctx) {
    return {
      notes: [],
      invocations: [
        {
          claudeEvent: 'UserPromptSubmit',
          subject: { values: [], projectDir: ctx.projectDir },
          payload: (_matched, late) => ({
            ...basePayload(ctx, 'UserPromptSubmit', late),
            prompt: str(ctx.input.prompt) ?? '',
          }),
        },
      ],
    };
  },

  fold(ctx, verdicts) {
    // A failing or hung UserPromptSubmit script is a silent drop (logged), never a block (docs/fail-matrix.md).
    const notes = promptNotes(verdicts);
    const blocks: Message[] = [];
    for (const v of verdicts) {
      // Claude Code strips colour codes from a block's reason and a stopReason before showing them (docs/claude-hooks.md §8).
      if (v.kind === 'blocked') blocks.push({ from: v.label, text: stripAnsi(v.reason) });
      else if (v.kind === 'stopped')
        blocks.push({ from: v.label, text: stripAnsi(v.reason) || `${v.label} stopped the prompt` });
    }
    if (blocks.length > 0) {
      return {
        answer: { continue: false, user_message: joinMessages(blocks) },
        effects: [],
        notes: [...notes, `prompt blocked by ${blocks.map((b) => b.from).join(', ')}`],
      };
    }
    const context = promptContext(verdicts);
    const warn = verdicts.flatMap((v) => messages(v.label, v.systemMessage));
    const answer: Json = { continue: true };
    if (warn.length) answer.user_message = joinMessages(warn);
    if (context.length === 0) return { answer, effects: [], notes };
    const nowhere = ctx.everyCall !== undefined && !ctx.everyCall.includes('postToolUse');
    if (promptContextNow(ctx) || nowhere) {
      answer.additional_context = joinMessages(context);
      if (!promptContextNow(ctx))
        notes.push(
          `no postToolUse is bound for every tool call to carry this prompt's context (init binds one only ` +
            `with promptContext "postToolUse" in .cursor/hookshim.json): sent with the prompt, which Cursor ` +
            `${cursorVersion(ctx) ?? '(version unknown)'} may not deliver (IDE 3.9.16, CLI 2026.09.18 and ` +
            `later do, docs/cursor-hooks.md §11)`,
        );
      return { answer, effects: [], notes };
    }
    notes.push(
      `prompt context kept for the first postToolUse of this turn: Cursor ${
        cursorVersion(ctx) ?? '(version unknown)'
      } is not known to deliver beforeSubmitPrompt's additional_context (IDE 3.9.16, CLI ` +
        `2026.09.18 and later do, docs/cursor-hooks.md §11)`,
    );
    return { answer, effects: [{ kind: 'pendingPrompt', messages: context }], notes };
  },
};
