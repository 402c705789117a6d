// How each Claude event reaches Cursor (the Cursor events init binds for it, where it runs, its limits), or why it
// cannot: read by init, check and explain only, so the hook path never compiles it (docs/design.md §10).
// Cursor events: https://cursor.com/docs/hooks (docs/cursor-hooks.md §4).
// Claude events: https://code.claude.com/docs/en/hooks (docs/claude-hooks.md §2.2).
import { compileMatcher } from '../../../catalog/matcher.ts';
import { handlerCannotRun } from '../../../catalog/select.ts';
import type { CatalogRow } from '../../../catalog/types.ts';
import { HANDLED_EVENTS, type ClaudeEvent, type HandledEvent } from '../../eventMap.ts';

/** How one Claude event reaches Cursor: the Cursor events to bind, and where it runs. */
export interface Carrier {
  /** Cursor events `hookshim init` must bind for rows of this Claude event to run and deliver. */
  bind: readonly HandledEvent[];
  /** Desktop/CLI and Cloud availability, as the docs and captures say. */
  desktop: string;
  cloud: string;
  /** What the Cursor answer can carry and the known limits. */
  note: string;
  /**
   * Cursor events bound only when a row of this Claude event can see the tool they report: its matcher accepts one
   * of `names`, or (MCP names cannot be listed) mentions `mention`; a matcher that accepts everything always can.
   */
  bindWhen?: Partial<Record<HandledEvent, { names: readonly string[] } | { mention: string }>>;
}

/** A Claude event Cursor cannot carry, with the reason. */
export interface NoAnalog {
  none: string;
}

// Events whose rows may read the transcript: their catalogs also bind post-tool events so tool results get recorded.
const RESULTS: readonly HandledEvent[] = ['postToolUse', 'postToolUseFailure'];
/** Claude event → Cursor carrier, or the reason there is none. Exhaustive: a new Claude event fails typecheck. */
export const CLAUDE_EVENT_CARRIERS = {
  PreToolUse: {
    bind: ['preToolUse', ...RESULTS],
    // Reads that skip preToolUse reach only beforeReadFile; only beforeMCPExecution names the MCP server (docs/cursor-hooks.md §4, §11).
    bindWhen: { beforeReadFile: { names: ['Read'] }, beforeMCPExecution: { mention: 'mcp__' } },
    desktop: 'yes',
    cloud: 'yes (MCP calls without their server: Cloud agents do not load beforeMCPExecution)',
    note:
      'deny / ask / allow; updated_input for Shell, a deny naming the rewritten call elsewhere; warn-only ' +
      "output is replayed on that tool's postToolUse",
  },
  PostToolUse: {
    bind: ['postToolUse', 'postToolUseFailure'],
    desktop: 'yes',
    cloud: 'yes',
    note: 'additionalContext, decision:"block" reason and exit-2 stderr become additional_context',
  },
  PostToolUseFailure: {
    bind: ['postToolUseFailure', 'postToolUse'],
    desktop: 'yes',
    cloud: 'yes',
    note: "Cursor's postToolUseFailure answer has no field: context is carried to the next postToolUse",
  },
  UserPromptSubmit: {
    bind: ['beforeSubmitPrompt', 'postToolUse', 'postToolUseFailure'],
    desktop: 'yes',
    // Cloud fires no beforeSubmitPrompt: the prompt is submitted before the VM exists (docs/cursor-hooks.md §5).
    cloud: "context only: rows run at a generation's first tool event; no block (no beforeSubmitPrompt)",
    note:
      'runs once per prompt, with the prompt; a block stops it; context goes with the prompt (IDE 3.9.16, ' +
      'CLI 2026.09.18 and later), else on the first postToolUse',
  },
  Stop: {
    bind: ['stop', ...RESULTS],
    desktop: 'yes',
    cloud: 'yes (one report says no, UNCONFIRMED)',
    note:
      'blocks and warnings join one followup_message; no row runs once loop_count reaches loop_limit, nor ' +
      'when the user aborted the turn',
  },
  StopFailure: {
    bind: ['stop'],
    desktop: 'yes',
    cloud: 'yes',
    note: 'runs when Cursor\'s stop reports status "error"; output ignored, as in Claude',
  },
  SubagentStart: {
    bind: ['subagentStart', 'postToolUse'],
    desktop: 'yes (not on the CLI)',
    cloud: 'yes',
    note: "observe only: Claude's SubagentStart cannot block; context is carried to the next postToolUse",
  },
  SubagentStop: {
    bind: ['subagentStop', ...RESULTS],
    desktop: 'yes (not on the CLI)',
    cloud: 'yes',
    note: 'a block becomes followup_message, only for status "completed"; no row runs once loop_count reaches loop_limit',
  },
  SessionStart: {
    bind: ['sessionStart'],
    desktop: 'yes',
    cloud: 'no (Cloud agents do not run sessionStart)',
    note: 'source is "startup"; additionalContext and plain stdout → additional_context; CLAUDE_ENV_FILE exports → env',
  },
  SessionEnd: {
    bind: ['sessionEnd'],
    desktop: 'yes',
    cloud: 'no',
    note: "side effects only; reason mapped to Claude's values",
  },
  PreCompact: {
    bind: ['preCompact', 'postToolUse'],
    desktop: 'yes',
    cloud: 'yes',
    note: 'side effects only (Cursor cannot block compaction); systemMessage → user_message; context carried to the next postToolUse',
  },
  PermissionRequest: { none: 'Cursor exposes no permission-dialog event; its preToolUse "ask" is not enforced' },
  PermissionDenied: { none: "fires only in Claude's auto mode classifier; Cursor has no such event" },
  Notification: { none: 'Cursor has no notification hook (the third-party loader lists it as unsupported)' },
  PostCompact: { none: 'Cursor fires preCompact only; nothing reports the compacted summary' },
  PostToolBatch: { none: 'Cursor fires one postToolUse per tool and has no batch boundary' },
  UserPromptExpansion: { none: 'Cursor does not expose slash-command or MCP-prompt expansion to hooks' },
  Setup: { none: 'Cursor has no init/maintenance trigger' },
  Elicitation: { none: 'Cursor exposes no MCP elicitation to hooks' },
  ElicitationResult: { none: 'Cursor exposes no MCP elicitation to hooks' },
  TeammateIdle: { none: 'Cursor has no agent teams' },
  TaskCreated: { none: 'Cursor has no task list events (TodoWrite is a tool: use PreToolUse)' },
  TaskCompleted: { none: 'Cursor has no task list events (TodoWrite is a tool: use PreToolUse)' },
  InstructionsLoaded: { none: 'Cursor does not report rule or memory file loading to hooks' },
  CwdChanged: { none: 'Cursor reports no working-directory change' },
  FileChanged: { none: 'Cursor has no file watcher hook (afterFileEdit covers only agent edits: use PostToolUse)' },
  ConfigChange: { none: 'Cursor reports no settings change to hooks' },
  WorktreeCreate: { none: 'Cursor creates worktrees without a hook' },
  WorktreeRemove: { none: 'Cursor removes worktrees without a hook' },
  MessageDisplay: { none: 'Cursor streams messages without a hook' },
  DirectoryAdded: { none: 'Cursor reports no added working directory to hooks' },
  PreModelSwitch: { none: 'Cursor reports no model switch to hooks (it only sends model on each event)' },
  PostModelSwitch: { none: 'Cursor reports no model switch to hooks (it only sends model on each event)' },
  PreSkillShellCommand: { none: 'Cursor skills run no hook-visible shell step; their Shell calls reach preToolUse' },
} as const satisfies Record<ClaudeEvent, Carrier | NoAnalog>;
/** Why a Claude event cannot run under Cursor, or undefined when it can (or is unknown). */
export function noAnalogReason(event: string): string | undefined {
  const entry = (CLAUDE_EVENT_CARRIERS as Record<string, Carrier | NoAnalog | undefined>)[event];
  return entry && 'none' in entry ? entry.none : undefined;
}

/**
 * Why a row can never run under Cursor (its event has no carrier or is unknown, or its handler cannot run), or
 * undefined: the one rule init, check, explain and the hook path's selection share.
 */
export function rowCannotRun(row: Pick<CatalogRow, 'event' | 'type' | 'command'>): string | undefined {
  const why = noAnalogReason(row.event);
  if (why) return `${row.event} has no Cursor analog: ${why}`;
  if (!(row.event in CLAUDE_EVENT_CARRIERS)) return `unknown Claude event ${row.event}`;
  // prompt, agent and mcp_tool rows are bound: where they guard a tool call they deny it (src/hook/select.ts).
  return handlerCannotRun(row);
}

/**
 * The Cursor events to bind for a catalog using these Claude events, in HANDLED_EVENTS order; `rows` (the runnable
 * rows) decide the events a carrier binds only for rows that can see their tool (`bindWhen`).
 */
export function cursorEventsFor(
  claudeEvents: Iterable<string>,
  rows: readonly { event: string; matcher?: string }[] = [],
): HandledEvent[] {
  const need = new Set<HandledEvent>();
  const carrier = (ev: string) => (CLAUDE_EVENT_CARRIERS as Record<string, Carrier | NoAnalog | undefined>)[ev];
  for (const ev of claudeEvents) {
    const entry = carrier(ev);
    if (entry && 'bind' in entry) for (const c of entry.bind) need.add(c);
  }
  for (const row of rows) {
    const entry = carrier(row.event);
    const when = entry && 'bind' in entry ? entry.bindWhen : undefined;
    for (const [ev, probe] of Object.entries(when ?? {}) as [
      HandledEvent,
      { names: readonly string[] } | { mention: string },
    ][])
      if (sees(row.matcher, probe)) need.add(ev);
  }
  return HANDLED_EVENTS.filter((e) => need.has(e));
}

/** True when a row's matcher can accept a tool of the probe (an invalid matcher accepts nothing). */
function sees(matcher: string | undefined, probe: { names: readonly string[] } | { mention: string }): boolean {
  const m = compileMatcher(matcher);
  if (m.kind === 'all') return true;
  if (m.kind === 'invalid') return false;
  return 'names' in probe ? probe.names.some((n) => m.test(n)) : (matcher ?? '').includes(probe.mention);
}
