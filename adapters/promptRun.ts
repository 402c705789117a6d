// UserPromptSubmit where beforeSubmitPrompt never fires (Cursor Cloud agents, docs/cursor-hooks.md §5; docs/events.md
// "Cloud agents"): the rows run at a generation's first tool event, the prompt read from Cursor's transcript; what they
// say joins the prompt's pending context, and a block, which cannot stop a running prompt, is told to the model. Loaded
// only by the matched path and the state half (an event that runs no row never compiles it).
import { promptNotes } from './fold.ts';
import { basePayload } from './payload.ts';
import { messages } from './text.ts';
import type { EventContext, EventPlan, Invocation, Message, StateIn, Verdict } from './types.ts';

/** True when a catalog has rows a generation's prompt runs (UserPromptSubmit). */
export function hasPromptRows(rows: readonly { event: string }[]): boolean {
  return rows.some((r) => r.event === 'UserPromptSubmit');
}

/**
 * The fold's input where the rows ran at this tool event: the event's own verdicts, and the prompt's pending context
 * with what the UserPromptSubmit rows said (delivered first on postToolUse, carried on postToolUseFailure).
 */
export function foldPromptRun(
  verdicts: readonly Verdict[],
  state: StateIn,
): { verdicts: Verdict[]; state: StateIn; notes: string[] } {
  if (!state.promptRun) return { verdicts: [...verdicts], state, notes: [] };
  const said = promptAtToolEvent(verdicts);
  return {
    verdicts: verdicts.filter((v) => v.claudeEvent !== 'UserPromptSubmit'),
    state: { ...state, pendingPrompt: [...state.pendingPrompt, ...said.messages] },
    notes: said.notes,
  };
}

/** Why the rows run here: said on stderr by the event that runs them. */
const NO_PROMPT_EVENT =
  'no beforeSubmitPrompt fired for this generation (Cursor Cloud agents fire none, docs/cursor-hooks.md §5)';

/**
 * A tool event's plan with the generation's UserPromptSubmit rows first, when the shell claimed their run for this
 * event (StateIn.promptRun). A prompt the transcript does not give is run as "" (said on stderr): context rows still
 * add their context, and a row judging the prompt judges an empty one.
 */
export function withPromptRun<P extends EventPlan>(ctx: EventContext, state: StateIn, plan: P): P {
  const run = state.promptRun;
  if (!run) return plan;
  const note =
    run.prompt === undefined
      ? `${NO_PROMPT_EVENT}, and no user message can be read from Cursor's transcript: ` +
        'the UserPromptSubmit rows run now with prompt "" (rows that judge the prompt judge an empty one)'
      : `${NO_PROMPT_EVENT}: the UserPromptSubmit rows run now, at its first tool event, ` +
        "with the last user message of Cursor's transcript as the prompt";
  // The rest of the plan (a tool event's tool view) goes on to the fold unchanged.
  const invocations = [promptInvocation(ctx, run.prompt ?? ''), ...plan.invocations];
  return { ...plan, notes: [note, ...plan.notes], invocations };
}

/**
 * What UserPromptSubmit rows run at a tool event tell the model: their context (additionalContext, plain stdout, and
 * systemMessage, which has no field for the user there), and a block as words, since the prompt is already running
 * and cannot be stopped (Claude would not have sent it: docs/claude-hooks.md §8 "UserPromptSubmit exit 2").
 */
export function promptAtToolEvent(verdicts: readonly Verdict[]): { messages: Message[]; notes: string[] } {
  const ups = verdicts.filter((v) => v.claudeEvent === 'UserPromptSubmit');
  const notes = promptNotes(ups);
  const out: Message[] = [];
  for (const v of ups) {
    if (v.kind === 'blocked' || v.kind === 'stopped') {
      const reason = v.reason || `${v.label} stopped the prompt`;
      out.push({
        from: v.label,
        text:
          `UserPromptSubmit operation blocked by hook: ${reason}\nhookshim could not stop this prompt: ` +
          'it was already running when the hook ran (no beforeSubmitPrompt fires here). ' +
          'Do not go on with it: stop and tell the user that a hook blocked it, and why.',
      });
      notes.push(
        `${v.label} blocked the prompt, but the prompt is already running (${NO_PROMPT_EVENT}): ` +
          'it cannot be stopped; the block goes to the model as context',
      );
    }
    if (v.kind === 'failed') continue;
    out.push(...messages(v.label, ...(v.kind === 'ok' ? [...v.context, v.plainText] : v.context)));
    if (v.systemMessage) {
      out.push(...messages(v.label, v.systemMessage));
      notes.push(
        `${v.label}: its UserPromptSubmit systemMessage is for the user; a tool event has no such field, so the model gets it`,
      );
    }
  }
  return { messages: out, notes };
}

/** The UserPromptSubmit invocation for a prompt: no matcher (Claude ignores one there), the prompt in the payload. */
function promptInvocation(ctx: EventContext, prompt: string): Invocation {
  return {
    claudeEvent: 'UserPromptSubmit',
    subject: { values: [], projectDir: ctx.projectDir },
    payload: (_matched, late) => ({ ...basePayload(ctx, 'UserPromptSubmit', late), prompt }),
  };
}
