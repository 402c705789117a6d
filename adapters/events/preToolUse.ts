// preToolUse ⇄ PreToolUse: deny > ask > allow, updated_input (Shell only), warn-only output stashed for postToolUse.
// Cursor answer fields: permission, user_message, agent_message, updated_input (docs/cursor-hooks.md §4).
import { toolUseId } from '../json.ts';
import {
  denyConflicts,
  denyFolded,
  denyUnguardable,
  keepWarnings,
  permissionParts,
  rewriteDenial,
} from '../permission.ts';
import { joinMessages } from '../text.ts';
import { conflictsIn, toolOf, toolPlan, unguardableInput, type ToolPlan } from '../toolEvent.ts';
import { HONOURS_UPDATED_INPUT, toCursorToolInput } from '../tools.ts';
import type { EventAdapter, Json } from '../types.ts';

export const preToolUse: EventAdapter<ToolPlan> = {
  empty: { permission: 'allow' },
  needs: { claims: {}, dedup: { tool: true, replay: 'decision' } },

  plan(ctx) {
    const tool = toolOf(ctx);
    // A call whose input spells what it touches twice, differently, or not at all, is denied in fold: no guard sees it.
    if (conflictsIn(tool).length) return { invocations: [], notes: [], tool };
    if (unguardableInput(tool)) return { invocations: [], notes: tool.notes, tool };
    return toolPlan(ctx, 'PreToolUse', undefined, tool);
  },

  fold(ctx, verdicts, _state, { tool }) {
    const conflicts = conflictsIn(tool);
    if (conflicts.length) return denyConflicts(conflicts);
    const unguardable = unguardableInput(tool);
    if (unguardable) return denyUnguardable(tool.cursorName, unguardable);
    const p = permissionParts(verdicts);
    let updated: Record<string, unknown> | undefined;
    if (p.updated) {
      const rewritten = toCursorToolInput(tool.cursorName, tool.input, p.updated.input, ctx.projectDir);
      // Cursor applies updated_input for Shell and drops it silently for Write (docs/cursor-hooks.md §11).
      if (HONOURS_UPDATED_INPUT.has(tool.cursorName)) updated = rewritten;
      else rewriteDenial(p, tool.cursorName, tool.input, rewritten);
    }
    if (p.denies.length > 0)
      return denyFolded(p, (model, user) => ({ permission: 'deny', user_message: user, agent_message: model }));
    const answer: Json =
      p.asks.length > 0 ? { permission: 'ask', user_message: joinMessages(p.asks) } : { permission: 'allow' };
    if (p.asks.length > 0)
      p.notes.push(
        'a guard answered "ask"; Cursor accepts but does not enforce ask on preToolUse (docs/cursor-hooks.md §4)',
      );
    if (updated) answer.updated_input = updated;
    // Cursor fires no postToolUse for Task (docs/cursor-hooks.md §6): its warnings go to whichever postToolUse comes next.
    const id = ['Task', 'Subagent'].includes(tool.cursorName) ? undefined : toolUseId(ctx.input);
    const effects = keepWarnings(p, id, 'preToolUse');
    return { answer, effects, notes: p.notes };
  },
};
