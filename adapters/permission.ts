// What the permission events (preToolUse, beforeReadFile, beforeMCPExecution) make of PreToolUse verdicts: deny > ask >
// allow (docs/claude-hooks.md §3.4), every deny reason kept, warnings kept for a later postToolUse, and a rewritten
// input either applied (where Cursor honours updated_input) or turned into a deny that says what to call instead.
import { errorNotes, failureMessage, warnings } from './fold.ts';
import { sameJson } from './json.ts';
import { joinMessages, messages } from './text.ts';
import type { Effect, Folded, Json, Message, Verdict } from './types.ts';

/** A deny: `text` for the model; `user`, when it differs, for the user (docs/claude-hooks.md §10: each audience its text). */
export interface Denial extends Message {
  user?: string;
}

/** What Claude Code 2.1.328 tells the model of a deny that gave no reason (docs/claude-hooks.md §10). */
export const BLOCKED_BY_HOOK = 'Blocked by hook';

/** The verdicts of one permission event, sorted by what they ask for. */
export interface PermissionParts {
  denies: Denial[];
  asks: Message[];
  /** Warn-only output for the model: additionalContext and systemMessage (plain stdout is debug output, docs/claude-hooks.md §7). */
  warn: Message[];
  /** The last rewritten input (Claude keys) and the script that wrote it (docs/claude-hooks.md §3.4: the last one wins). */
  updated?: { input: Record<string, unknown>; from: string };
  notes: string[];
}

/** Sort PreToolUse verdicts: failures and blocks deny (fail closed), asks, rewrites, warnings. */
export function permissionParts(verdicts: readonly Verdict[]): PermissionParts {
  const p: PermissionParts = { denies: [], asks: [], warn: [], notes: errorNotes(verdicts) };
  for (const v of verdicts) {
    if (v.kind === 'failed') {
      p.denies.push({ from: v.label, text: failureMessage(v, 'the tool call is denied (fail closed)') });
      continue;
    }
    if (v.kind === 'blocked') p.denies.push(blockDenial(v.label, v.reason, v.systemMessage, v.unexplained));
    else if (v.kind === 'stopped')
      p.denies.push({ from: v.label, text: v.reason || `${v.label} asked to stop (continue:false)` });
    else {
      if (v.decision === 'ask')
        p.asks.push({ from: v.label, text: v.decisionReason ?? `${v.label} asks for confirmation` });
      // With defer Claude ignores updatedInput and additionalContext (docs/claude-hooks.md §10 defer).
      if (v.decision === 'defer' && (v.updatedInput || v.context.length))
        p.notes.push(
          `${v.label}: answered "defer"; its updatedInput and additionalContext are ignored, as Claude ignores them`,
        );
      else if (v.updatedInput) p.updated = { input: v.updatedInput, from: v.label };
    }
    // A denying script's reason already reaches the model; only its other context is worth carrying.
    const context = v.decision === 'defer' ? [] : v.context;
    p.warn.push(
      ...(v.kind === 'ok'
        ? warnings({ ...v, context }, false)
        : messages(v.label, ...context).filter((m) => m.text !== v.reason)),
    );
    if (v.plainText)
      p.notes.push(
        `${v.label}: plain stdout on PreToolUse is Claude's debug output, not the model's (logged only): ${v.plainText.slice(0, 200)}`,
      );
  }
  return p;
}

/**
 * A block's two texts (docs/claude-hooks.md §10 Audiences): the model gets the reason ("Blocked by hook" when the script
 * gave none); the user its systemMessage, then the reason, as Claude shows both. The user's field leads with the
 * systemMessage but keeps the reason: the Cursor measured gave the model user_message, never agent_message
 * (docs/cursor-hooks.md §9), so a reason only in agent_message could reach nobody.
 */
function blockDenial(from: string, reason: string, systemMessage: string | undefined, unexplained?: true): Denial {
  const text = unexplained ? BLOCKED_BY_HOOK : reason;
  if (systemMessage === undefined || systemMessage === reason)
    return unexplained ? { from, text, user: reason } : { from, text };
  return { from, text, user: unexplained ? systemMessage : `${systemMessage}\n\n${reason}` };
}

/**
 * A deny: every reason joined for the model, every user text joined for the user; warnings of the denied call carried
 * to the next postToolUse (the tool never runs).
 */
export function denyFolded(p: PermissionParts, answer: (model: string, user: string) => Json): Folded {
  const model = joinMessages(p.denies);
  const user = joinMessages(p.denies.map((d) => ({ from: d.from, text: d.user ?? d.text })));
  return {
    answer: answer(model, user),
    effects: p.warn.length ? [{ kind: 'carry', messages: p.warn }] : [],
    notes: [...p.notes, ...p.denies.map((d) => `deny from ${d.from}: ${firstLine(d.text)}`)],
  };
}

/**
 * A rewritten input Cursor would not apply: the call is denied, and the denial tells the agent the call to make instead
 * (Cursor honours updated_input only for Shell, docs/cursor-hooks.md §9, §11). Nothing changed: nothing to say.
 */
export function rewriteDenial(
  p: PermissionParts,
  tool: string,
  original: Record<string, unknown>,
  rewritten: Record<string, unknown>,
): void {
  if (!p.updated || sameJson(original, rewritten)) return;
  const from = p.updated.from;
  p.denies.push({
    from,
    text:
      `${from} changed the input of this ${tool} call, and Cursor does not apply a changed input to ` +
      `${tool}: the call is denied. Make the call again with this input instead: ` +
      `${JSON.stringify(rewritten)}`,
  });
  p.notes.push(
    `${from} rewrote the ${tool} input; Cursor applies updated_input only for Shell and would run the ` +
      `original, so the call is denied with the rewritten input as the instruction (docs/cursor-hooks.md ` +
      `§11)`,
  );
}

/** Warnings of an allowed call: stashed for its own postToolUse when it has a tool_use_id, else carried to the next one. */
export function keepWarnings(p: PermissionParts, toolUseId: string | undefined, event: string): Effect[] {
  if (p.warn.length === 0) return [];
  p.notes.push(
    `${p.warn.length} warning(s) from ${[...new Set(p.warn.map((w) => w.from))].join(', ')} kept for ` +
      `${toolUseId ? "this tool's postToolUse" : 'the next postToolUse'}: ${event} cannot carry context on an ` +
      `allow`,
  );
  return [toolUseId ? { kind: 'stash', toolUseId, messages: p.warn } : { kind: 'carry', messages: p.warn }];
}

/** A deny for an input that says two different things (never a silent choice of one spelling). */
export function denyConflicts(conflicts: string[]): Folded {
  const text =
    `hookshim: this tool call's input is ambiguous: ${conflicts.join('; ')}. A guard would check ` +
    `one and the tool might use the other, so it is denied; send each value once.`;
  return {
    answer: { permission: 'deny', user_message: text, agent_message: text },
    effects: [],
    notes: [`denied: tool_input ${conflicts.join('; ')}`],
  };
}

/** A deny for a call whose input no guard can read (missing, not JSON, a Shell call with no command). */
export function denyUnguardable(tool: string, why: string): Folded {
  const text =
    `hookshim: this ${tool} call is ambiguous: ${why}, so a guard cannot tell what it would do. It is denied; ` +
    'send the call again with its input.';
  return {
    answer: { permission: 'deny', user_message: text, agent_message: text },
    effects: [],
    notes: [`denied: ${tool} call whose input no guard can read (${why})`],
  };
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 200);
}
