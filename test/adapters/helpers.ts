// Builders for adapter tests: a script run, an event context; the texts every SHA-256 is checked on.
import type { HandledEvent } from '../../adapters/eventMap.ts';
import { interpret } from '../../adapters/outcome.ts';
import { toClaudeToolResponse } from '../../adapters/toolResponse.ts';
import {
  initialRewriteState,
  rewriteLines,
  type RewriteContext,
  type ToolResultLookup,
  type ToolResultRecord,
} from '../../adapters/transcript/index.ts';
import {
  EMPTY_STATE,
  type EventAdapter,
  type EventContext,
  type EventPlan,
  type Folded,
  type Json,
  type LateFacts,
  type Message,
  type RunResult,
  type StateIn,
  type Verdict,
} from '../../adapters/types.ts';

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
    input: {
      conversation_id: 'conv-1',
      generation_id: 'gen-1',
      hook_event_name: event,
      cwd: '',
      workspace_roots: ['/repo'],
      ...input,
    },
    projectDir: '/repo',
    sessionId: 'conv-1',
    loopLimit: 5,
    ...over,
  };
}

/** What the shell hands the payload builders once the transcript is rewritten (to /state/tx/t.jsonl). */
export const LATE: LateFacts = { transcriptPath: '/state/tx/t.jsonl', responseOf: toClaudeToolResponse };

/** An adapter's fold of its own plan, as the shell calls it. */
export function foldOf<P extends EventPlan>(
  adapter: EventAdapter<P>,
  c: EventContext,
  verdicts: Verdict[],
  state: StateIn,
): Folded {
  return adapter.fold(c, verdicts, state, adapter.plan(c, state));
}

/** The verdict of a run of `claudeEvent` (defaults as in run()). */
export const v = (claudeEvent: RunResult['claudeEvent'], r: Partial<RunResult> = {}): Verdict =>
  interpret(run({ claudeEvent, ...r }));
/** Claimed state with some records. */
export const st = (over: Partial<StateIn>): StateIn => ({ ...EMPTY_STATE, ...over });
/** A message from `from`. */
export const msg = (text: string, from = 'x'): Message => ({ from, text });

/** A lookup over result records held in memory (the I/O layer reads them from the results file). */
export function resultLookup(records: readonly ToolResultRecord[]): ToolResultLookup {
  const sorted = [...records].sort((a, b) => a.seq - b.seq);
  return {
    after: (seq) => sorted.filter((r) => r.seq > seq),
    load: (ref) => sorted.find((r) => r.seq === ref.seq),
  };
}

/** Rewrite a whole transcript from scratch. */
export function rewriteAll(lines: readonly string[], c: RewriteContext): ReturnType<typeof rewriteLines> {
  return rewriteLines(lines, initialRewriteState(), c);
}

/** Texts every SHA-256 here must hash as node:crypto does: FIPS 180-4's example and the padding's edges. */
export const SHA256_CASES: [string, string][] = [
  ['the empty string', ''],
  ['"abc" (FIPS 180-4 example)', 'abc'],
  ['55 bytes (padding fits one block)', 'x'.repeat(55)],
  ['56 bytes (padding needs a second block)', 'x'.repeat(56)],
  ['64 bytes', 'y'.repeat(64)],
  ['non-ASCII and a NUL', 'séance\u0000🔒/tmp/x'],
];
