// UserPromptSubmit context: what a prompt's scripts add for the model (beforeSubmitPrompt delivers or keeps it), and
// the invocation that runs them (also where beforeSubmitPrompt never fires: adapters/promptRun.ts).
import { basePayload } from './payload.ts';
import { messages } from './text.ts';
import type { EventContext, Invocation, Message, Verdict } from './types.ts';

/** The context a UserPromptSubmit run adds: additionalContext, and plain stdout on exit 0 (docs/claude-hooks.md §3.1). */
export function promptContext(verdicts: readonly Verdict[]): Message[] {
  const out: Message[] = [];
  for (const v of verdicts) {
    if (v.claudeEvent !== 'UserPromptSubmit' || v.kind !== 'ok') continue;
    out.push(...messages(v.label, ...v.context, v.plainText));
  }
  return out;
}

/** The UserPromptSubmit invocation for a prompt: no matcher (Claude ignores one there), the prompt in the payload. */
export function promptInvocation(ctx: EventContext, prompt: string): Invocation {
  return {
    claudeEvent: 'UserPromptSubmit',
    subject: { values: [], projectDir: ctx.projectDir },
    payload: (_matched, late) => ({ ...basePayload(ctx, 'UserPromptSubmit', late), prompt }),
  };
}
