// preToolUse ⇄ PreToolUse: deny > ask > allow, updated_input, warn-only output stashed for postToolUse.
// Cursor answer fields: permission, user_message, agent_message, updated_input (docs/cursor-hooks.md §4).
import { errorNotes, failureMessage, warnings } from './fold.ts';
import { toolUseId } from './json.ts';
import { joinMessages, messages } from './text.ts';
import { conflictsOf, toolOf, toolPlan } from './toolEvent.ts';
import { toCursorToolInput } from './tools.ts';
import type { Effect, EventAdapter, Folded, Json, Message } from './types.ts';

export const preToolUse: EventAdapter = {
  empty: { permission: 'allow' },
  needs: { claims: {}, dedup: { tool: true, replay: 'decision' }, permission: true },

  plan(ctx) {
    // A call whose input spells what it touches twice, differently, is denied in fold: no guard needs to see it.
    if (conflictsOf(ctx).length) return { invocations: [], notes: [] };
    return toolPlan(ctx, 'PreToolUse');
  },

  fold(ctx, verdicts) {
    const conflicts = conflictsOf(ctx);
    if (conflicts.length) return denyConflicts(conflicts);
    const notes = errorNotes(verdicts);
    const denies: Message[] = [];
    const asks: Message[] = [];
    const warn: Message[] = [];
    let updated: Record<string, unknown> | undefined;
    for (const v of verdicts) {
      if (v.kind === 'failed') {
        denies.push({ from: v.label, text: failureMessage(v, 'the tool call is denied (fail closed)') });
        continue;
      }
      if (v.kind === 'blocked') denies.push({ from: v.label, text: v.reason });
      else if (v.kind === 'stopped') denies.push({ from: v.label, text: v.reason || `${v.label} asked to stop (continue:false)` });
      else {
        if (v.decision === 'ask') asks.push({ from: v.label, text: v.decisionReason ?? `${v.label} asks for confirmation` });
        if (v.updatedInput) updated = v.updatedInput;
      }
      // A denying script's reason already reaches the model; only its other context is worth carrying.
      warn.push(...(v.kind === 'ok' ? warnings(v) : messages(v.label, ...v.context).filter((m) => m.text !== v.reason)));
    }
    if (denies.length > 0) {
      const text = joinMessages(denies);
      return {
        answer: { permission: 'deny', user_message: text, agent_message: text },
        // The tool will not run, so no postToolUse will replay the warnings: carry them to the next one.
        effects: warn.length ? [{ kind: 'carry', messages: warn }] : [],
        notes: [...notes, ...denies.map((d) => `deny from ${d.from}: ${firstLine(d.text)}`)],
      };
    }
    const answer: Json = asks.length > 0 ? { permission: 'ask', user_message: joinMessages(asks) } : { permission: 'allow' };
    if (asks.length > 0) notes.push('a guard answered "ask"; Cursor accepts but does not enforce ask on preToolUse (docs/cursor-hooks.md §4)');
    const tool = toolOf(ctx);
    if (updated) {
      if (tool.cursorName === 'ApplyPatch') notes.push('updatedInput for an ApplyPatch cannot be turned back into a patch; dropped');
      else answer.updated_input = toCursorToolInput(tool.cursorName, tool.input, updated, ctx.projectDir);
    }
    // Cursor fires no postToolUse for Task (docs/cursor-hooks.md §6): its warnings go to whichever postToolUse comes next.
    const id = ['Task', 'Subagent'].includes(tool.cursorName) ? undefined : toolUseId(ctx.input);
    const effects: Effect[] = [];
    if (warn.length > 0) {
      effects.push(id ? { kind: 'stash', toolUseId: id, messages: warn } : { kind: 'carry', messages: warn });
      notes.push(`${warn.length} warning(s) from ${[...new Set(warn.map((w) => w.from))].join(', ')} kept for ${id ? "this tool's postToolUse" : 'the next postToolUse'}: preToolUse cannot carry context on an allow`);
    }
    return { answer, effects, notes };
  },
};

/** A deny for an input that says two different things (never a silent choice of one spelling). */
function denyConflicts(conflicts: string[]): Folded {
  const text = `hookshim: this tool call's input is ambiguous: ${conflicts.join('; ')}. A guard would check one and the tool might use the other, so it is denied; send each value once.`;
  return { answer: { permission: 'deny', user_message: text, agent_message: text }, effects: [], notes: [`denied: tool_input ${conflicts.join('; ')}`] };
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 200);
}
