// Claude Code hook event names and the event groups whose rules differ (https://code.claude.com/docs/en/hooks).

/** Every Claude Code hook event we know of: the vendored schema's events, plus newer ones from the docs and the SDK. */
export const KNOWN_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'PermissionRequest',
  'PermissionDenied',
  'Notification',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'Elicitation',
  'ElicitationResult',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'Setup',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'ConfigChange',
  'WorktreeCreate',
  'WorktreeRemove',
  'SessionStart',
  'SessionEnd',
  'MessageDisplay',
  // Docs matcher table ("DirectoryAdded: source"); not in the vendored schema.
  'DirectoryAdded',
  // SDK `HOOK_EVENTS` only (newer than the docs snapshot).
  'PreModelSwitch',
  'PostModelSwitch',
  'PreSkillShellCommand',
] as const;

export type KnownEvent = (typeof KNOWN_EVENTS)[number];

export const KNOWN_EVENT_SET: ReadonlySet<string> = new Set(KNOWN_EVENTS);

/** Events whose matcher is tested against `tool_name` and where `if` is evaluated (hooks doc, "Matcher patterns"; `if` field). */
export const TOOL_EVENTS: ReadonlySet<string> = new Set<KnownEvent>([
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PermissionDenied',
]);

/** Events whose rows decide whether a tool call runs: never skipped for want of something else (e.g. recorded results). */
export const GATING_EVENTS: ReadonlySet<string> = new Set<KnownEvent>(['PreToolUse']);

/** Events that silently ignore a matcher: every group runs (hooks doc, "Matcher patterns"). */
export const MATCHERLESS_EVENTS: ReadonlySet<string> = new Set<KnownEvent>([
  'UserPromptSubmit',
  'Stop',
  'PostToolBatch',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'WorktreeCreate',
  'WorktreeRemove',
  'CwdChanged',
  'MessageDisplay',
]);

/** Claude Code's default per-hook timeouts, seconds (https://code.claude.com/docs/en/hooks, "Common fields"; docs/claude-hooks.md §1.4). */
export const CLAUDE_DEFAULT_TIMEOUT_S = 600;
export const CLAUDE_PROMPT_TIMEOUT_S = 30;

/** The time a row may take, as Claude Code gives it: its own `timeout`, else its event's default. */
export function rowTimeoutS(row: { event: string; timeout?: number | undefined }): number {
  return row.timeout ?? (row.event === 'UserPromptSubmit' ? CLAUDE_PROMPT_TIMEOUT_S : CLAUDE_DEFAULT_TIMEOUT_S);
}

/**
 * A `timeout` this large was most likely written in milliseconds (docs/claude-hooks.md §7: public catalogs write
 * 5000 to 30000). Claude reads seconds, so such a row may run for hours there; hookshim never binds a wrapper for it.
 */
export const MS_LOOKING_TIMEOUT_S = 1000;

export function looksLikeMs(timeout: number | undefined): boolean {
  return timeout !== undefined && timeout >= MS_LOOKING_TIMEOUT_S;
}

/** Events on which Claude ignores `onFailure` (docs/claude-hooks.md §9, onFailure); it is ignored on async rows too. */
export const ON_FAILURE_IGNORED: ReadonlySet<string> = new Set<KnownEvent>([
  'Stop',
  'SubagentStop',
  'TaskCompleted',
  'TeammateIdle',
]);

/** Why a row's `onFailure: "block"` has no effect, as in Claude Code (docs/claude-hooks.md §9); undefined when it applies. */
export function onFailureIgnored(row: {
  event: string;
  async?: boolean | undefined;
  onFailure?: string;
}): string | undefined {
  if (row.onFailure !== 'block') return undefined;
  if (row.async) return 'an async row';
  return ON_FAILURE_IGNORED.has(row.event) ? `a ${row.event} row` : undefined;
}

/** Claude events on which a row decides whether a tool call runs: a row that cannot run there fails safe (denies). */
export const PERMISSION_EVENTS: ReadonlySet<string> = new Set<KnownEvent>(['PreToolUse', 'PermissionRequest']);

/** Handler types Claude defines that hookshim cannot run: they need Claude's model or its MCP connections (docs/claude-hooks.md §9). */
export const UNRUNNABLE_TYPES: ReadonlySet<string> = new Set(['prompt', 'agent', 'mcp_tool']);

/** Events a row can block (exit 2 or a blocking decision stops the action; hooks doc, "Exit code 2 behavior per event"). */
export const BLOCKING_EVENTS: ReadonlySet<string> = new Set<KnownEvent>([
  'PreToolUse',
  'PermissionRequest',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'Stop',
  'SubagentStop',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'ConfigChange',
  'PostToolBatch',
  'PreCompact',
  'Elicitation',
  'ElicitationResult',
  'WorktreeCreate',
]);
