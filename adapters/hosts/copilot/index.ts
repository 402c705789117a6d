// GitHub Copilot (CLI, cloud coding agent, VS Code's Copilot harness) as a host (docs/copilot-hooks.md): its events
// and the shared event each is read as, its payload in the shared vocabulary (docs/design.md §10), and its answers.
import { ADAPTERS } from '../../events/index.ts';
import { RUNS, type HandledEvent } from '../../eventMap.ts';
import { isRecord, str, type Json } from '../../json.ts';
import type { EventAdapter } from '../../types.ts';
import type { HostTable } from '../types.ts';
import { wholeNameMatcher } from '../wholeName.ts';
import { copilotToolResult, FAILED, shellError } from './toolResult.ts';
import { COPILOT_QUIET_TOOLS, COPILOT_TOOLS, sharedToolCall } from './tools.ts';

/** Copilot's events hookshim binds, each with the shared event its payload is read as (docs/copilot-hooks.md §3). */
export const COPILOT_EVENTS = {
  preToolUse: 'preToolUse',
  postToolUse: 'postToolUse',
  postToolUseFailure: 'postToolUseFailure',
  userPromptSubmitted: 'beforeSubmitPrompt',
  sessionStart: 'sessionStart',
  sessionEnd: 'sessionEnd',
  agentStop: 'stop',
  subagentStart: 'subagentStart',
  subagentStop: 'subagentStop',
  preCompact: 'preCompact',
} as const satisfies Record<string, HandledEvent>;
export type CopilotEvent = keyof typeof COPILOT_EVENTS;

/** Copilot's events hookshim never binds, and why (docs/copilot-hooks.md §3). */
export const UNBOUND_COPILOT_EVENTS = {
  userPromptTransformed: 'userPromptSubmitted already runs UserPromptSubmit rows once per prompt',
  permissionRequest:
    "it fires on every call after preToolUse, even with every tool allowed: not the dialog Claude's PermissionRequest observes",
  errorOccurred: "no Claude event observes a model API error (StopFailure's payload is not carried here)",
  notification: 'not measured: Copilot CLI 1.0.102 fired none in the runs of docs/copilot-hooks.md',
} as const;

const mapValues = <T>(f: (shared: HandledEvent) => T): Record<CopilotEvent, T> =>
  Object.fromEntries(Object.entries(COPILOT_EVENTS).map(([c, s]) => [c, f(s)])) as Record<CopilotEvent, T>;

/** A Bash result as Copilot words it (`<output>\n<shellId: N completed with exit code C>`): its output and exit code. */
function shellResult(text: string): { output: string; exitCode?: number } {
  const m = /\n?<shellId: [^>]*exit code (-?\d+)>\s{0,}$/.exec(text);
  return m ? { output: text.slice(0, m.index), exitCode: Number(m[1]) } : { output: text };
}

/**
 * The tool fields of a tool event's payload (docs/copilot-hooks.md §3, §5). A bash command that exited non-zero is a
 * failed call, as Claude Code fires it (./toolResult.ts), though Copilot reports it as a success.
 */
function toolFields(input: Json): Json {
  const call = sharedToolCall(str(input.toolName) ?? '', input.toolArgs);
  const out: Json = { tool_name: call.name, tool_input: call.input as Json[string] };
  const result = isRecord(input.toolResult) ? input.toolResult : undefined;
  const text = str(result?.textResultForLlm);
  const shell = text !== undefined && call.name === 'Shell' ? shellResult(text) : undefined;
  if (text !== undefined) out.tool_output = shell ? JSON.stringify(shell) : text;
  const error = str(input.error);
  if (error !== undefined) Object.assign(out, { error_message: error, [FAILED]: 'error' });
  else if (shell?.exitCode !== undefined && shell.exitCode !== 0)
    Object.assign(out, { error_message: shellError(shell.exitCode, shell.output), [FAILED]: 'error' });
  return out;
}

/** A Copilot payload in the shared vocabulary the adapters read (docs/design.md §10). */
function canonical(event: string, input: Json, say: (msg: string) => void): Json {
  const shared = (COPILOT_EVENTS as Record<string, HandledEvent>)[event] ?? event;
  const session = str(input.sessionId);
  const base: Json = { ...input, hook_event_name: shared, ...(session ? { conversation_id: session } : {}) };
  if (shared === 'preToolUse' || shared === 'postToolUse' || shared === 'postToolUseFailure')
    return { ...base, ...toolFields(input) };
  if (shared === 'stop' || shared === 'subagentStop') {
    // Copilot says only whether a stop hook blocked before; it caps the loop itself (8, docs/copilot-hooks.md §4).
    const again = input.stop_hook_active === true;
    const text = str(input.response);
    // Every continuation after the first reads as loop_count 1, so the sentinel would take the third stop for a
    // duplicate of the second and answer {}. The firing's timestamp (one per event, the same in every hook's stdin:
    // test/fixtures/copilot) names it, as Cursor's generation_id names a turn.
    const at = typeof input.timestamp === 'number' ? String(input.timestamp) : undefined;
    return {
      ...base,
      ...(at ? { generation_id: `copilot-stop-${at}` } : {}),
      status: 'completed',
      loop_count: again ? 1 : 0,
      ...(shared === 'subagentStop'
        ? { subagent_type: str(input.agentType) ?? '', ...(text ? { summary: text } : {}) }
        : {}),
    };
  }
  if (shared === 'subagentStart') return { ...base, subagent_type: str(input.agentType) ?? '' };
  if (shared === 'preCompact') return { ...base, trigger: str(input.trigger) ?? 'auto' };
  if (shared === 'sessionStart' && str(input.source) && input.source !== 'new')
    say(`sessionStart source "${String(input.source)}" is run as Claude's "startup"`);
  return base;
}

/**
 * The session's events.jsonl: agentStop's and the subagent events' `transcriptPath`, else
 * `$COPILOT_HOME/session-state/<sessionId>/events.jsonl`, COPILOT_HOME defaulting to ~/.copilot (docs/copilot-hooks.md §7).
 */
function transcriptPathOf(input: Json, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const named = str(input.transcriptPath);
  if (named) return named;
  const session = str(input.sessionId);
  const home = env.COPILOT_HOME || ((env.HOME || env.USERPROFILE) && `${env.HOME || env.USERPROFILE}/.copilot`);
  return session && home && /^[\w.-]+$/.test(session) ? `${home}/session-state/${session}/events.jsonl` : undefined;
}

/** Copilot's answer to a preToolUse decision (docs/copilot-hooks.md §4): deny and ask carry the model's reason. */
function permissionAnswer(answer: Json): Json {
  const decision = answer.permission;
  const reason = str(answer.agent_message) ?? str(answer.user_message);
  if (decision === 'deny' || decision === 'ask')
    return { permissionDecision: decision, permissionDecisionReason: reason ?? 'Blocked by hook' };
  return isRecord(answer.updated_input) ? { permissionDecision: 'allow', modifiedArgs: answer.updated_input } : {};
}

/** A decided answer as Copilot reads it; what it has no field for is said. */
function render(answer: Json, say: (msg: string) => void): Json {
  if (answer.permission !== undefined) return permissionAnswer(answer);
  const out: Json = {};
  const followup = str(answer.followup_message);
  if (followup) Object.assign(out, { decision: 'block', reason: followup });
  const context = str(answer.additional_context);
  if (context) out.additionalContext = context;
  if (answer.continue === false) {
    // Copilot cannot refuse a prompt from a hook: the block is told to the model, as on Cursor Cloud (docs/events.md).
    const why = str(answer.user_message) ?? '';
    say('Copilot cannot block a prompt from a hook: the UserPromptSubmit block is told to the model instead');
    out.additionalContext = `UserPromptSubmit operation blocked by hook:\n${why}\n\nDo not act on this prompt.`;
  } else if (str(answer.user_message) && !followup)
    say(`Copilot has no field for a message to the user here; not shown: ${str(answer.user_message)}`);
  if (isRecord(answer.env) && Object.keys(answer.env).length > 0)
    say(
      `Copilot has no carrier for SessionStart's CLAUDE_ENV_FILE exports; dropped: ${Object.keys(answer.env).join(', ')}`,
    );
  return out;
}

export const COPILOT: HostTable<CopilotEvent> = Object.freeze<HostTable<CopilotEvent>>({
  id: 'copilot',
  name: 'Copilot',
  // Both tool-result events read a failed call, a bash exit code included, as PostToolUseFailure (./toolResult.ts).
  events: {
    ...mapValues<EventAdapter>((s) => ADAPTERS[s]),
    postToolUse: copilotToolResult as EventAdapter,
    postToolUseFailure: copilotToolResult as EventAdapter,
  },
  runs: { ...mapValues((s) => RUNS[s]), postToolUse: [...RUNS.postToolUse, ...RUNS.postToolUseFailure] },
  permissionEvents: ['preToolUse'],
  unbound: UNBOUND_COPILOT_EVENTS,
  // userPromptSubmitted's own additionalContext reaches the model with the prompt (docs/copilot-hooks.md §4).
  promptContext: 'beforeSubmitPrompt',
  configFile: '.github/hooks/hookshim.config.json',
  // docs/copilot-hooks.md §2: timeoutSec (alias timeout), 30 s by default; Copilot caps stop loops itself.
  binding: {
    file: '.github/hooks/hookshim.json',
    commandKeys: ['bash', 'powershell', 'command'],
    timeoutKey: 'timeoutSec',
    timeoutAliases: ['timeout'],
    defaultTimeoutS: 30,
    defaultLoopLimit: null,
  },
  sessionIdOf: (input) => str(input.sessionId) ?? 'unknown-session',
  transcriptPathOf,
  noTranscript: "Copilot's events.jsonl could not be named (no sessionId, and no COPILOT_HOME or HOME)",
  // Its events.jsonl rewritten into Claude's shape (./transcript.ts), imported only when a row needs it.
  transcript: async () => (await import('./transcript.ts')).COPILOT_TRANSCRIPT,
  logLags: true,
  // docs/copilot-hooks.md §2: every hook command gets it.
  versionEnv: 'COPILOT_CLI_BINARY_VERSION',
  // A regular expression on the whole tool name, on the tool events (docs/copilot-hooks.md §2).
  matcher: wholeNameMatcher({
    events: ['preToolUse', 'postToolUse', 'postToolUseFailure'],
    tools: {
      ...Object.fromEntries(Object.entries(COPILOT_TOOLS).map(([name, t]) => [name, t.as])),
      ...Object.fromEntries(COPILOT_QUIET_TOOLS.map((name) => [name, name])),
    },
    toolKey: 'toolName',
  }),
  canonical,
  render,
});
