// Copilot's tool-result events as Claude Code would fire them: a bash command that exits non-zero is a success to
// Copilot (postToolUse, `<shellId: N completed with exit code C>`: docs/copilot-hooks.md §3, §5) but a failure to
// Claude Code, which runs PostToolUseFailure rows for it with `error` "Exit code C" and no PostToolUse rows
// (docs/claude-hooks.md §2). Copilot answers both events with additionalContext (docs/copilot-hooks.md §4), so what
// the rows say reaches the model at once, not carried to a later postToolUse as on Cursor.
import { postToolUse } from '../../events/postToolUse.ts';
import { postToolUseFailure } from '../../events/postToolUseFailure.ts';
import { str } from '../../json.ts';
import { toolOf, type ToolPlan } from '../../toolEvent.ts';
import type { EventAdapter } from '../../types.ts';

/** The shared payload field that marks a failed call (set by the canonical table, or Copilot's own failure event). */
export const FAILED = 'failure_type';

/** A bash result as Claude Code's PostToolUseFailure `error` words it: "Exit code C", then the output, if any. */
export function shellError(exitCode: number, output: string): string {
  return output.trim() ? `Exit code ${exitCode}\n${output}` : `Exit code ${exitCode}`;
}

/**
 * One adapter for Copilot's postToolUse and postToolUseFailure: a failed call (FAILED set) runs PostToolUseFailure
 * rows, any other PostToolUse rows; either way the answer carries the rows' context, the stashed preToolUse warnings,
 * and what was waiting for a tool result.
 */
export const copilotToolResult: EventAdapter<ToolPlan> = {
  empty: {},
  needs: { ...postToolUse.needs, dedup: { tool: true, fields: [FAILED], replay: 'empty' } },
  plan(ctx, state) {
    if (str(ctx.input[FAILED]) === undefined) return postToolUse.plan(ctx, state);
    const p = postToolUseFailure.plan(ctx, state);
    // A failure that runs no rows (a permission denial) plans no tool view: the fold still names the tool.
    return 'tool' in p ? (p as ToolPlan) : { ...p, tool: toolOf(ctx) };
  },
  fold(ctx, verdicts, state, plan) {
    const folded = postToolUse.fold(ctx, verdicts, state, plan);
    // A failed call's rows block nothing either; say so in their own event's words.
    const notes = folded.notes.map((n) => n.replace('(PostToolUse cannot block)', '(PostToolUseFailure cannot block)'));
    return str(ctx.input[FAILED]) !== undefined ? { ...folded, notes } : folded;
  },
};
