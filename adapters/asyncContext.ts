// Async rows' context (docs/claude-hooks.md §10 Async context): what an `async: true` row printed once it finished,
// read with Claude's rules, becomes context for the model on the next event that can carry it; its decisions have no
// effect (docs/claude-hooks.md §3.4). The shell keeps the output (src/state/asyncContext.ts); this part is pure.
import type { ClaudeEvent } from './eventMap.ts';
import { interpret } from './outcome.ts';
import { messages } from './text.ts';
import type { Message } from './types.ts';

/** One finished async row as the shell kept it: who it was, what it printed (capped), how it exited. */
export interface AsyncOutput {
  label: string;
  claudeEvent: ClaudeEvent;
  stdout: string;
  exitCode: number | null;
  truncated: boolean;
}

/** The messages a finished async row has for the model (additionalContext, systemMessage), and notes for stderr. */
export function asyncMessages(out: AsyncOutput): { messages: Message[]; notes: string[] } {
  const v = interpret({
    label: out.label,
    locator: out.label,
    claudeEvent: out.claudeEvent,
    exitCode: out.exitCode,
    signal: null,
    stdout: out.stdout,
    stderr: '',
    timedOut: false,
    timeoutSeconds: 0,
    durationMs: 0,
    truncated: out.truncated,
  });
  const from = `${out.label} (async)`;
  const notes: string[] = [];
  if (v.error) notes.push(`${from}: ${v.error}`);
  if (v.kind === 'failed')
    return { messages: [], notes: [...notes, `${from}: ${v.failure.detail}; nothing delivered`] };
  if (v.kind !== 'ok' || v.decision !== undefined)
    notes.push(`${from}: its decision has no effect (an async row's decisions are ignored, as in Claude Code)`);
  if (v.plainText)
    notes.push(`${from}: plain stdout of an async row reaches nobody (logged only): ${v.plainText.slice(0, 200)}`);
  const said = messages(from, ...v.context, v.systemMessage);
  if (said.length) notes.push(`${from} finished after its event was answered: its context goes to the model now`);
  return { messages: said, notes };
}
