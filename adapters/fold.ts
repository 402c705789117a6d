// Folding helpers shared by the per-event adapters.
import { isRecord } from './json.ts';
import { joinMessages, messages } from './text.ts';
import type { Message, Verdict } from './types.ts';

/** The text a blocking or stopping verdict said (undefined for failed and ok verdicts). */
export function reasonOf(v: Verdict): string | undefined {
  return v.kind === 'blocked' || v.kind === 'stopped' ? v.reason : undefined;
}

/** stderr notes for everything a verdict reports that is not part of the answer. */
export function errorNotes(verdicts: readonly Verdict[]): string[] {
  const notes: string[] = [];
  for (const v of verdicts) if (v.error) notes.push(`${v.label} (${v.claudeEvent}): ${v.error}`);
  return notes;
}

/** Warn-only output of a verdict: additionalContext, systemMessage and plain stdout. */
export function warnings(v: Verdict, withPlain = true): Message[] {
  return messages(v.label, ...v.context, v.systemMessage, withPlain ? v.plainText : undefined);
}

/** What the model or user is told when a script failed (fail matrix, docs/fail-matrix.md). */
export function failureMessage(v: Verdict, consequence: string): string {
  return `hookshim: guard ${v.label} ${v.kind === 'failed' ? v.failure.detail : 'failed'}; ${consequence}`;
}

/** Notes for failures on context-only paths: logged, then dropped. */
export function droppedFailures(verdicts: readonly Verdict[], what: string): string[] {
  return verdicts.flatMap((v) =>
    v.kind === 'failed' ? [`${v.label} (${v.claudeEvent}) ${v.failure.detail}; ${what}`] : [],
  );
}

/**
 * Why no Stop / SubagentStop row may run: no follow-up is sent once loop_count reaches loop_limit (Cursor's cap,
 * docs/cursor-hooks.md §1; Claude Code's, kept by hookshim where the host has none), and a guard run then would act
 * (count, log, advance a loop) for a turn that cannot follow.
 */
export function pastLoopLimit(loopCount: number, loopLimit: number | null, claudeEvent: string): string | undefined {
  if (loopLimit === null || loopCount < loopLimit) return undefined;
  return `loop_count ${loopCount} has reached loop_limit ${loopLimit}: no follow-up is sent now, so no ${claudeEvent} guard runs`;
}

/** Stop-like events: blocks, failures and additionalContext join one followup_message, within loop_limit. */
export function foldFollowup(
  verdicts: readonly Verdict[],
  continuingEvent: string,
  loopCount: number,
  loopLimit: number | null,
): { answer: Record<string, unknown>; notes: string[] } {
  const notes = errorNotes(verdicts);
  const out: Message[] = [];
  for (const v of verdicts) {
    if (v.claudeEvent !== continuingEvent) continue;
    if (v.kind === 'failed')
      out.push({ from: v.label, text: failureMessage(v, 'treat this stop as not yet allowed (fail closed)') });
    else if (v.kind === 'blocked') {
      out.push({ from: v.label, text: v.reason });
      // Claude shows it to the user beside the block; Cursor's stop answer has only the follow-up, which goes to the model.
      if (v.systemMessage && v.systemMessage !== v.reason)
        notes.push(
          `${v.label}: the systemMessage beside a ${continuingEvent} block has no Cursor carrier (the ` +
            `follow-up goes to the model, not the user); logged only: ${v.systemMessage.slice(0, 200)}`,
        );
    } else {
      // additionalContext keeps the turn going; a lone systemMessage is for the user and ends the turn as Claude Code
      // 2.1.328 does (docs/claude-hooks.md §8): Cursor's stop answer has no field for the user, so it is logged only.
      out.push(...messages(v.label, ...v.context));
      if (v.systemMessage)
        notes.push(
          `${v.label}: a systemMessage on ${continuingEvent} is for the user, and Cursor's answer has no ` +
            `field for the user; logged only: ${v.systemMessage.slice(0, 200)}`,
        );
      if (v.plainText)
        notes.push(
          `${v.label}: plain stdout on ${continuingEvent} is not a decision (logged only): ${v.plainText.slice(0, 200)}`,
        );
    }
  }
  if (out.length === 0) return { answer: {}, notes };
  const text = joinMessages(out);
  if (loopLimit !== null && loopCount >= loopLimit) {
    notes.push(`loop_limit ${loopLimit} reached (loop_count ${loopCount}): follow-up not sent: ${text.slice(0, 300)}`);
    return { answer: {}, notes };
  }
  return { answer: { followup_message: text }, notes };
}

/** The messages a blocking or stopping verdict said, for events that pass them on as context. */
export function saidMessages(v: Verdict): Message[] {
  return messages(v.label, reasonOf(v));
}

/** What UserPromptSubmit verdicts say on stderr, wherever the rows ran: errors, dropped failures, dropped fields. */
export function promptNotes(verdicts: readonly Verdict[]): string[] {
  return [
    ...errorNotes(verdicts),
    ...droppedFailures(verdicts, 'dropped: a failing prompt script never blocks'),
    ...droppedFields(verdicts, ['sessionTitle', 'suppressOriginalPrompt']),
  ];
}

/**
 * `hookSpecificOutput` fields Claude reads that have no Cursor carrier (docs/claude-hooks.md §10 Dropped SessionStart /
 * UserPromptSubmit fields; the no-analog table in docs/events.md): one stderr note per script and field.
 */
export function droppedFields(verdicts: readonly Verdict[], fields: readonly string[]): string[] {
  const notes: string[] = [];
  for (const v of verdicts) {
    const hso = isRecord(v.json?.hookSpecificOutput) ? v.json.hookSpecificOutput : {};
    for (const f of fields)
      if (hso[f] !== undefined)
        notes.push(
          `${v.label}: hookSpecificOutput.${f} dropped: Cursor's ` +
            `${v.claudeEvent === 'SessionStart' ? 'sessionStart' : 'beforeSubmitPrompt'} answer has no field ` +
            `for it`,
        );
  }
  return notes;
}
