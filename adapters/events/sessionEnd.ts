// sessionEnd ⇄ SessionEnd: side effects only; Cursor's reason mapped onto Claude's values.
import { droppedFailures, errorNotes, reasonOf } from '../fold.ts';
import { str } from '../json.ts';
import { basePayload } from '../payload.ts';
import type { EventAdapter } from '../types.ts';

/** Cursor sessionEnd reasons (docs/cursor-hooks.md §4) → Claude SessionEnd reasons (docs/claude-hooks.md §2.2). */
export const END_REASONS: Record<string, string> = {
  completed: 'other',
  aborted: 'other',
  error: 'other',
  window_close: 'prompt_input_exit',
  user_close: 'prompt_input_exit',
};

export const sessionEnd: EventAdapter = {
  empty: {},
  needs: { claims: {}, dedup: { fields: ['reason', 'duration_ms'], replay: 'empty' } },

  plan(ctx) {
    const raw = str(ctx.input.reason) ?? 'other';
    const reason = END_REASONS[raw] ?? 'other';
    return {
      notes: [],
      invocations: [
        {
          claudeEvent: 'SessionEnd',
          subject: { values: [reason], projectDir: ctx.projectDir },
          payload: (_matched, late) => ({ ...basePayload(ctx, 'SessionEnd', late), reason }),
        },
      ],
    };
  },

  fold(_ctx, verdicts) {
    const notes = [...errorNotes(verdicts), ...droppedFailures(verdicts, 'ignored (session already ended)')];
    for (const v of verdicts) {
      const said = [v.kind === 'blocked' ? reasonOf(v) : undefined, ...v.context, v.systemMessage].filter(Boolean);
      if (said.length)
        notes.push(
          `${v.label}: output after the session ended has no carrier in Cursor; logged only: ${said.join(' | ').slice(0, 300)}`,
        );
    }
    return { answer: {}, effects: [], notes };
  },
};
