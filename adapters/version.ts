// What a Cursor build can do, by its version: the IDE's are semantic ("3.15.6"), the CLI's dated ("2026.09.18-c22c1a3")
// (docs/cursor-hooks.md §3 cursor_version). Pure: no I/O.
import { str } from './json.ts';
import type { EventContext } from './types.ts';

/** Builds from which beforeSubmitPrompt's additional_context reaches the model in the same turn (docs/cursor-hooks.md §11). */
const SAME_TURN_PROMPT_CONTEXT = { ide: [3, 9, 16], cli: [2026, 9, 18] } as const;

/** The Cursor version of an event: the payload's cursor_version, else the CURSOR_VERSION hooks get (docs/cursor-hooks.md §2). */
export function cursorVersion(ctx: Pick<EventContext, 'input' | 'processEnv'>): string | undefined {
  return str(ctx.input.cursor_version) ?? str(ctx.processEnv?.CURSOR_VERSION);
}

/** True when this Cursor delivers beforeSubmitPrompt's additional_context with the prompt; false when unknown or older. */
export function deliversPromptContext(version: string | undefined): boolean {
  const m = version ? /^(\d+)\.(\d+)\.(\d+)/.exec(version.trim()) : null;
  if (!m) return false;
  const v = [Number(m[1]), Number(m[2]), Number(m[3])] as const;
  const min = v[0] >= 2000 ? SAME_TURN_PROMPT_CONTEXT.cli : SAME_TURN_PROMPT_CONTEXT.ide;
  for (let i = 0; i < 3; i++) if (v[i] !== min[i]) return (v[i] as number) > (min[i] as number);
  return true;
}

/** Where this prompt's context goes: in beforeSubmitPrompt's own answer, or carried to the first postToolUse. */
export function promptContextNow(ctx: Pick<EventContext, 'input' | 'processEnv' | 'promptContext'>): boolean {
  if (ctx.promptContext === 'beforeSubmitPrompt') return true;
  if (ctx.promptContext === 'postToolUse') return false;
  return deliversPromptContext(cursorVersion(ctx));
}
