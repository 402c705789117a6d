// beforeReadFile ⇄ PreToolUse `Read`: Cursor 3.15 runs its ReadFile tool without a preToolUse, so this is the only event
// that sees those reads (docs/cursor-hooks.md §11). Input: file_path, content, attachments, no tool_use_id; answer:
// permission allow or deny, user_message (docs/cursor-hooks.md §4). Where preToolUse fired for the same read too, the
// Read rows run again here: nothing either event carries names the read, and a predictable key could be planted
// (docs/design.md §7).
import { str } from '../json.ts';
import { denyFolded, keepWarnings, permissionParts, rewriteDenial } from '../permission.ts';
import { toolPlan } from '../toolEvent.ts';
import { toCursorToolInput } from '../tools.ts';
import type { EventAdapter, EventContext } from '../types.ts';

export const beforeReadFile: EventAdapter = {
  empty: { permission: 'allow' },
  needs: {
    claims: {},
    // A replayed preToolUse "ask" (not enforced there) denies here: this answer is allow or deny.
    replayableAnswers: ['allow', 'deny'],
    dedup: { fields: ['file_path'], digests: ['content'], replay: 'decision' },
  },

  plan(ctx) {
    if (!str(ctx.input.file_path))
      return { invocations: [], notes: ['beforeReadFile without a file_path: no Read guard can judge it'] };
    return toolPlan(asRead(ctx), 'PreToolUse');
  },

  fold(ctx, verdicts) {
    const p = permissionParts(verdicts);
    const original = { file_path: ctx.input.file_path };
    if (p.updated)
      rewriteDenial(p, 'Read', original, toCursorToolInput('Read', original, p.updated.input, ctx.projectDir));
    // beforeReadFile answers allow or deny only (docs/cursor-hooks.md §4): an ask cannot be put to the user, so it denies.
    for (const a of p.asks)
      p.denies.push({
        from: a.from,
        text: `${a.text} (beforeReadFile cannot ask for confirmation, so the read is denied)`,
      });
    if (p.denies.length > 0) return denyFolded(p, (_model, user) => ({ permission: 'deny', user_message: user }));
    return { answer: { permission: 'allow' }, effects: keepWarnings(p, undefined, 'beforeReadFile'), notes: p.notes };
  },
};

/** The read as the tool call Claude would have made: Read {file_path}. */
function asRead(ctx: EventContext): EventContext {
  return { ...ctx, input: { ...ctx.input, tool_name: 'Read', tool_input: { file_path: ctx.input.file_path } } };
}
