// The shapes of a host's own session log rewrite (a host whose log is not Cursor's transcript, docs/design.md §10):
// each host's adapters/hosts/<host>/transcript.ts implements HostTranscript; src/state/hostTranscript.ts does the I/O.
import type { Json } from '../json.ts';

/** Where a host log's rewrite stands between events; small and JSON-serialisable (the state half persists it). */
export interface HostTranscriptState {
  v: 1;
  /** Source lines consumed (blank and malformed included): synthetic ids derive from it. */
  line: number;
  /** The uuid of the last line written (the next line's parentUuid). */
  lastUuid: string | null;
  /** The text of the last assistant message with text (Stop's `last_assistant_message`). */
  lastText: string | null;
  /** The host's own line for the latest hook it ran, as the host spells it (see HostTranscript.caughtUp). */
  lastHook?: string;
  /** Calls written as several Claude tool_use blocks (an apply_patch per file): the ids their results go to. */
  split?: Record<string, string[]>;
}

/** What every rewritten line carries. */
export interface HostTranscriptContext {
  sessionId: string;
  /** Project dir: the lines' `cwd` and the base of relative tool paths. */
  cwd: string;
}

/** A host's session log → Claude transcript lines (pure; src/state/hostTranscript.ts does the I/O). */
export interface HostTranscript {
  /** Rewrite complete source lines (no newline) after `state`: the Claude lines to append, and the count of bad ones. */
  rewrite(
    lines: readonly string[],
    state: HostTranscriptState,
    ctx: HostTranscriptContext,
  ): { lines: string[]; state: HostTranscriptState; malformed: number };
  /**
   * True when the log already holds the host's line for this very event (a host that writes its log behind its hooks
   * is waited for, within bounds, until it does); absent: the log is current when a hook runs.
   */
  caughtUp?(state: HostTranscriptState | undefined, event: string, input: Json): boolean;
}

/** Where a host log's rewrite starts. */
export function initialHostTranscriptState(): HostTranscriptState {
  return { v: 1, line: 0, lastUuid: null, lastText: null };
}
