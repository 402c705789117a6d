// Event tables: which Claude events each Cursor event runs (the hook path's); the carriers of each Claude event, which
// only the commands read, are adapters/hosts/cursor/carriers.ts.
// Cursor events: https://cursor.com/docs/hooks (docs/cursor-hooks.md §4).
// Claude events: https://code.claude.com/docs/en/hooks (docs/claude-hooks.md §2.2).

import type { KnownEvent } from '../catalog/events.ts';

/** Every Claude Code hook event: the vendored schema's, plus newer ones from the docs and the SDK (one list, in catalog/). */
export type ClaudeEvent = KnownEvent;

/** Every Cursor agent hook event (docs/cursor-hooks.md §4). */
export const CURSOR_EVENTS = [
  'sessionStart',
  'sessionEnd',
  'preToolUse',
  'postToolUse',
  'postToolUseFailure',
  'subagentStart',
  'subagentStop',
  'beforeShellExecution',
  'afterShellExecution',
  'beforeMCPExecution',
  'afterMCPExecution',
  'beforeReadFile',
  'afterFileEdit',
  'beforeSubmitPrompt',
  'preCompact',
  'stop',
  'afterAgentResponse',
  'afterAgentThought',
  'beforeTabFileRead',
  'afterTabFileEdit',
  'workspaceOpen',
] as const;
export type CursorEvent = (typeof CURSOR_EVENTS)[number];

/** The Cursor events hookshim handles; each is one adapter module named after it. */
export const HANDLED_EVENTS = [
  'preToolUse',
  'beforeReadFile',
  'beforeMCPExecution',
  'postToolUse',
  'postToolUseFailure',
  'stop',
  'subagentStart',
  'subagentStop',
  'beforeSubmitPrompt',
  'sessionStart',
  'sessionEnd',
  'preCompact',
] as const satisfies readonly CursorEvent[];
export type HandledEvent = (typeof HANDLED_EVENTS)[number];

/** Cursor events hookshim never binds, and why. */
export const UNBOUND_CURSOR_EVENTS = {
  beforeShellExecution: 'preToolUse already covers Shell; binding both would run Bash guards twice',
  afterShellExecution: 'postToolUse already covers Shell',
  afterMCPExecution: 'postToolUse already covers MCP tools, and Cloud agents do not load this event',
  afterFileEdit: 'postToolUse already covers Write and StrReplace',
  afterAgentResponse: 'no Claude event observes a finished response; Stop reads last_assistant_message instead',
  afterAgentThought: 'no Claude event observes thinking',
  beforeTabFileRead: 'Tab completions are not agent tool calls; Claude has no analog',
  afterTabFileEdit: 'Tab completions are not agent tool calls; Claude has no analog',
  workspaceOpen: 'no conversation yet; Claude has no analog (Setup needs an agent session)',
} as const satisfies Record<Exclude<CursorEvent, HandledEvent>, string>;
/** The Claude events whose rows a Cursor event runs, in order. */
export const RUNS = {
  preToolUse: ['PreToolUse'],
  beforeReadFile: ['PreToolUse'],
  beforeMCPExecution: ['PreToolUse'],
  postToolUse: ['PostToolUse'],
  postToolUseFailure: ['PostToolUseFailure'],
  stop: ['Stop', 'StopFailure'],
  subagentStart: ['SubagentStart'],
  subagentStop: ['SubagentStop'],
  beforeSubmitPrompt: ['UserPromptSubmit'],
  sessionStart: ['SessionStart'],
  sessionEnd: ['SessionEnd'],
  preCompact: ['PreCompact'],
} as const satisfies Record<HandledEvent, readonly ClaudeEvent[]>;

/**
 * The Cursor events whose answer is a permission (docs/cursor-hooks.md §4). When such an event's catalog exists but
 * cannot be read (and no good version of it is known), it denies rather than allows; only a write to that catalog file
 * itself goes through, so the agent can repair it (docs/security.md, guarantee 4).
 */
export const PERMISSION_EVENTS = [
  'preToolUse',
  'beforeReadFile',
  'beforeMCPExecution',
] as const satisfies readonly HandledEvent[];

/** True for an event whose answer is a permission (PERMISSION_EVENTS). */
export function isPermissionEvent(event: HandledEvent): boolean {
  return (PERMISSION_EVENTS as readonly string[]).includes(event);
}

/** True for a Cursor event name hookshim handles. */
export function isHandledEvent(name: string): name is HandledEvent {
  return (HANDLED_EVENTS as readonly string[]).includes(name);
}
