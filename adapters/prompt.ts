// UserPromptSubmit context: what a prompt's scripts add for the model (beforeSubmitPrompt delivers or keeps it; so does a
// tool event where beforeSubmitPrompt never fires: adapters/promptRun.ts).
import { messages } from './text.ts';
import type { Message, Verdict } from './types.ts';

/** The context a UserPromptSubmit run adds: additionalContext, and plain stdout on exit 0 (docs/claude-hooks.md §3.1). */
export function promptContext(verdicts: readonly Verdict[]): Message[] {
  const out: Message[] = [];
  for (const v of verdicts) {
    if (v.claudeEvent !== 'UserPromptSubmit' || v.kind !== 'ok') continue;
    out.push(...messages(v.label, ...v.context, v.plainText));
  }
  return out;
}
