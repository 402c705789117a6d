// Builders for adapter tests: a script run, an event context.
import type { HandledEvent } from '../../adapters/events.ts';
import type { EventContext, Json, RunResult } from '../../adapters/types.ts';

/** A finished script run with sensible defaults. */
export function run(over: Partial<RunResult> = {}): RunResult {
  return {
    label: 'hooks/guard.sh',
    locator: 'PreToolUse[0].hooks[0]',
    claudeEvent: 'PreToolUse',
    exitCode: 0,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    timeoutSeconds: 10,
    durationMs: 5,
    truncated: false,
    ...over,
  };
}

/** An event context for `event` with a Cursor payload. */
export function ctx(event: HandledEvent, input: Json = {}, over: Partial<EventContext> = {}): EventContext {
  return {
    event,
    input: { conversation_id: 'conv-1', generation_id: 'gen-1', hook_event_name: event, cwd: '', workspace_roots: ['/repo'], ...input },
    projectDir: '/repo',
    sessionId: 'conv-1',
    transcriptPath: '/state/tx/t.jsonl',
    loopLimit: 5,
    ...over,
  };
}
