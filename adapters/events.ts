// Event tables: which Claude events each Cursor event runs, and which Claude events have no Cursor carrier.
// Cursor events: https://cursor.com/docs/hooks (docs/cursor-hooks.md §4).
// Claude events: https://code.claude.com/docs/en/hooks (docs/claude-hooks.md §2.2).

import type { KnownEvent } from '../catalog/events.ts';

/** Every Claude Code hook event: the vendored schema's, plus newer ones from the docs and the SDK (one list, in catalog/). */
export type ClaudeEvent = KnownEvent;

/** Every Cursor agent hook event (docs/cursor-hooks.md §4). */
export const CURSOR_EVENTS = [
  'sessionStart', 'sessionEnd', 'preToolUse', 'postToolUse', 'postToolUseFailure',
  'subagentStart', 'subagentStop', 'beforeShellExecution', 'afterShellExecution',
  'beforeMCPExecution', 'afterMCPExecution', 'beforeReadFile', 'afterFileEdit',
  'beforeSubmitPrompt', 'preCompact', 'stop', 'afterAgentResponse', 'afterAgentThought',
  'beforeTabFileRead', 'afterTabFileEdit', 'workspaceOpen',
] as const;
export type CursorEvent = (typeof CURSOR_EVENTS)[number];

/** The Cursor events hookshim handles; each is one adapter module named after it. */
export const HANDLED_EVENTS = [
  'preToolUse', 'postToolUse', 'postToolUseFailure', 'stop', 'subagentStart', 'subagentStop',
  'beforeSubmitPrompt', 'sessionStart', 'sessionEnd', 'preCompact',
] as const satisfies readonly CursorEvent[];
export type HandledEvent = (typeof HANDLED_EVENTS)[number];

/** Cursor events hookshim never binds, and why. */
export const UNBOUND_CURSOR_EVENTS = {
  beforeShellExecution: 'preToolUse already covers Shell; binding both would run Bash guards twice',
  afterShellExecution: 'postToolUse already covers Shell',
  beforeMCPExecution: 'preToolUse already covers MCP tools (MCP:<tool>), and Cloud agents do not load this event',
  afterMCPExecution: 'postToolUse already covers MCP tools, and Cloud agents do not load this event',
  beforeReadFile: 'preToolUse already covers Read',
  afterFileEdit: 'postToolUse already covers Write and StrReplace',
  afterAgentResponse: 'no Claude event observes a finished response; Stop reads last_assistant_message instead',
  afterAgentThought: 'no Claude event observes thinking',
  beforeTabFileRead: 'Tab completions are not agent tool calls; Claude has no analog',
  afterTabFileEdit: 'Tab completions are not agent tool calls; Claude has no analog',
  workspaceOpen: 'no conversation yet; Claude has no analog (Setup needs an agent session)',
} as const satisfies Record<Exclude<CursorEvent, HandledEvent>, string>;

/** How one Claude event reaches Cursor: the Cursor events to bind, and where it runs. */
export interface Carrier {
  /** Cursor events `hookshim init` must bind for rows of this Claude event to run and deliver. */
  bind: readonly HandledEvent[];
  /** Desktop/CLI and Cloud availability, as the docs and captures say. */
  desktop: string;
  cloud: string;
  /** What the Cursor answer can carry and the known limits. */
  note: string;
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
    desktop: 'yes', cloud: 'yes',
    note: 'deny / ask / allow, updated_input; warn-only output is replayed on that tool\'s postToolUse',
  },
  PostToolUse: {
    bind: ['postToolUse', 'postToolUseFailure'],
    desktop: 'yes', cloud: 'yes',
    note: 'additionalContext, decision:"block" reason and exit-2 stderr become additional_context',
  },
  PostToolUseFailure: {
    bind: ['postToolUseFailure', 'postToolUse'],
    desktop: 'yes', cloud: 'yes',
    note: 'Cursor\'s postToolUseFailure answer has no field: context is carried to the next postToolUse',
  },
  UserPromptSubmit: {
    bind: ['beforeSubmitPrompt', 'postToolUse', 'postToolUseFailure', 'sessionStart'],
    desktop: 'yes', cloud: 'block: yes; context: only when the turn calls a tool',
    note: 'a block stops the prompt; context reaches the model once per prompt, on the first postToolUse (or at sessionStart for the first prompt)',
  },
  Stop: {
    bind: ['stop', ...RESULTS],
    desktop: 'yes', cloud: 'yes (one report says no, UNCONFIRMED)',
    note: 'blocks and warnings join one followup_message; loop_limit caps the loop; does not run when the user aborted the turn',
  },
  StopFailure: {
    bind: ['stop'],
    desktop: 'yes', cloud: 'yes',
    note: 'runs when Cursor\'s stop reports status "error"; output ignored, as in Claude',
  },
  SubagentStart: {
    bind: ['subagentStart', 'postToolUse'],
    desktop: 'yes (not on the CLI)', cloud: 'yes',
    note: 'observe only: Claude\'s SubagentStart cannot block; context is carried to the next postToolUse',
  },
  SubagentStop: {
    bind: ['subagentStop', ...RESULTS],
    desktop: 'yes (not on the CLI)', cloud: 'yes',
    note: 'a block becomes followup_message, only for status "completed"; loop_limit caps the loop',
  },
  SessionStart: {
    bind: ['sessionStart'],
    desktop: 'yes', cloud: 'no (Cloud agents do not run sessionStart)',
    note: 'source is "startup"; additionalContext and plain stdout → additional_context; CLAUDE_ENV_FILE exports → env',
  },
  SessionEnd: {
    bind: ['sessionEnd'],
    desktop: 'yes', cloud: 'no',
    note: 'side effects only; reason mapped to Claude\'s values',
  },
  PreCompact: {
    bind: ['preCompact', 'postToolUse'],
    desktop: 'yes', cloud: 'yes',
    note: 'side effects only (Cursor cannot block compaction); systemMessage → user_message; context carried to the next postToolUse',
  },
  PermissionRequest: { none: 'Cursor exposes no permission-dialog event; its preToolUse "ask" is not enforced' },
  PermissionDenied: { none: 'fires only in Claude\'s auto mode classifier; Cursor has no such event' },
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

/** The Claude events whose rows a Cursor event runs, in order. */
export const RUNS = {
  preToolUse: ['PreToolUse'],
  postToolUse: ['PostToolUse'],
  postToolUseFailure: ['PostToolUseFailure'],
  stop: ['Stop', 'StopFailure'],
  subagentStart: ['SubagentStart'],
  subagentStop: ['SubagentStop'],
  beforeSubmitPrompt: ['UserPromptSubmit'],
  sessionStart: ['SessionStart', 'UserPromptSubmit'],
  sessionEnd: ['SessionEnd'],
  preCompact: ['PreCompact'],
} as const satisfies Record<HandledEvent, readonly ClaudeEvent[]>;

/** Why a Claude event cannot run under Cursor, or undefined when it can (or is unknown). */
export function noAnalogReason(event: string): string | undefined {
  const entry = (CLAUDE_EVENT_CARRIERS as Record<string, Carrier | NoAnalog | undefined>)[event];
  return entry && 'none' in entry ? entry.none : undefined;
}

/** The Cursor events to bind for a catalog using these Claude events, in HANDLED_EVENTS order. */
export function cursorEventsFor(claudeEvents: Iterable<string>): HandledEvent[] {
  const need = new Set<HandledEvent>();
  for (const ev of claudeEvents) {
    const entry = (CLAUDE_EVENT_CARRIERS as Record<string, Carrier | NoAnalog | undefined>)[ev];
    if (entry && 'bind' in entry) for (const c of entry.bind) need.add(c);
  }
  return HANDLED_EVENTS.filter((e) => need.has(e));
}

/** True for a Cursor event name hookshim handles. */
export function isHandledEvent(name: string): name is HandledEvent {
  return (HANDLED_EVENTS as readonly string[]).includes(name);
}
