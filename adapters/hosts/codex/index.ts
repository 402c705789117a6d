// OpenAI Codex (the Codex CLI, `codex exec`) as a host (docs/codex-hooks.md): its hooks copy Claude's format and
// event names, so its table says which shared event each is read as, puts its payload in the shared vocabulary
// (docs/design.md §10: `apply_patch` as an ApplyPatch, split per file), and renders answers in the fields Codex
// accepts, where a deny without a reason, `ask` and any unknown key would let the call run.
import { ADAPTERS } from '../../events/index.ts';
import { RUNS, type HandledEvent } from '../../eventMap.ts';
import { parseJsonOr } from '../../../catalog/json.ts';
import { isRecord, str, type Json } from '../../json.ts';
import type { EventAdapter } from '../../types.ts';
import type { HostTable } from '../types.ts';
import { wholeNameMatcher } from '../wholeName.ts';

/** Codex's events hookshim binds, each with the shared event its payload is read as (docs/codex-hooks.md §3). */
export const CODEX_EVENTS = {
  PreToolUse: 'preToolUse',
  PostToolUse: 'postToolUse',
  UserPromptSubmit: 'beforeSubmitPrompt',
  SessionStart: 'sessionStart',
  SessionEnd: 'sessionEnd',
  Stop: 'stop',
} as const satisfies Record<string, HandledEvent>;
export type CodexEvent = keyof typeof CODEX_EVENTS;

/** Codex's events hookshim never binds, and why (docs/codex-hooks.md §3). */
export const UNBOUND_CODEX_EVENTS = {
  PreModelRequest: 'no Claude event observes a model request',
  PostModelRequest: 'no Claude event observes a model request',
  PermissionRequest: 'codex exec fired none in the runs of docs/codex-hooks.md; not measured',
  PreCompact: 'codex exec fired none in the runs of docs/codex-hooks.md; not measured',
  PostCompact: 'codex exec fired none in the runs of docs/codex-hooks.md; not measured',
  SubagentStart: 'codex exec fired none in the runs of docs/codex-hooks.md; not measured',
  SubagentStop: 'codex exec fired none in the runs of docs/codex-hooks.md; not measured',
} as const;

const mapValues = <T>(f: (shared: HandledEvent) => T): Record<CodexEvent, T> =>
  Object.fromEntries(Object.entries(CODEX_EVENTS).map(([c, s]) => [c, f(s)])) as Record<CodexEvent, T>;

/** Codex's tools as the shared ones: a shell call is `Bash {command}`, every edit `apply_patch {command: <patch>}` (§5). */
function toolFields(input: Json): Json {
  const name = str(input.tool_name) ?? '';
  const args = isRecord(input.tool_input) ? input.tool_input : {};
  const out: Json = {};
  if (name === 'Bash') Object.assign(out, { tool_name: 'Shell', tool_input: args });
  else if (name === 'apply_patch')
    Object.assign(out, { tool_name: 'ApplyPatch', tool_input: { patch: str(args.command) ?? '' } });
  const response = input.tool_response;
  if (response !== undefined)
    out.tool_output = name === 'Bash' && typeof response === 'string' ? JSON.stringify({ output: response }) : response;
  return out;
}

/** A Codex payload in the shared vocabulary the adapters read (docs/design.md §10). */
function canonical(event: string, input: Json): Json {
  const shared = (CODEX_EVENTS as Record<string, HandledEvent>)[event] ?? event;
  const session = str(input.session_id);
  // turn_id names one user prompt's turn, the same through its Stop continuations (docs/codex-hooks.md §3): the
  // turn's generation_id, which rows get as Claude's prompt_id.
  const turn = str(input.turn_id);
  const base: Json = {
    ...input,
    hook_event_name: shared,
    ...(session ? { conversation_id: session } : {}),
    ...(turn && turn !== session ? { generation_id: turn } : {}),
  };
  // The rollout file is not Cursor's transcript: nothing may read it as one; the host's rewrite reads it as rollout_path.
  delete base.transcript_path;
  const rollout = str(input.transcript_path);
  if (rollout) base.rollout_path = rollout;
  if (shared === 'preToolUse' || shared === 'postToolUse') return { ...base, ...toolFields(input) };
  if (shared === 'stop') return { ...base, status: 'completed', loop_count: input.stop_hook_active === true ? 1 : 0 };
  return base;
}

/**
 * How many times Stop hooks have continued this turn: the hook prompts of the turn in Codex's rollout (an
 * `item_completed` of a `HookPrompt` from a `stop:` hook run, one per continuation, docs/codex-hooks.md §4). Codex's
 * Stop stdin is the same on every continuation, so its log is the only count there is. A first Stop (Codex says no
 * `stop_hook_active`) is 0 whatever the log says, so a forged log never skips a turn's first Stop rows; a continued
 * one is at least 1.
 */
export function stopContinuations(lines: readonly string[], input: Json): number {
  if (input.stop_hook_active !== true) return 0;
  const turn = str(input.turn_id);
  let n = 0;
  for (const line of lines) {
    if (turn === undefined || !line.includes('"HookPrompt"')) continue;
    const p = (parseJsonOr(line) as { payload?: Json } | undefined)?.payload;
    const item = isRecord(p?.item) ? p.item : undefined;
    if (p?.type !== 'item_completed' || p.turn_id !== turn || item?.type !== 'HookPrompt') continue;
    const fragments = Array.isArray(item.fragments) ? item.fragments : [];
    if (fragments.some((f) => isRecord(f) && String(f.hookRunId).startsWith('stop:'))) n++;
  }
  return Math.max(n, 1);
}

/** Codex's answer to a PreToolUse decision (§4): only deny with a reason blocks; ask is denied with its reason. */
function permissionAnswer(answer: Json, say: (msg: string) => void): Json {
  const decision = answer.permission;
  const reason = str(answer.agent_message) ?? str(answer.user_message) ?? 'Blocked by hook';
  if (decision === 'ask')
    say(
      'Codex runs a call answered "ask" (docs/codex-hooks.md §4): denied instead, with the reason, as Claude Code -p does',
    );
  if (decision === 'deny' || decision === 'ask')
    return {
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
    };
  return isRecord(answer.updated_input)
    ? {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: answer.updated_input,
        },
      }
    : {};
}

/** A decided answer cut to the fields Codex accepts (one it does not know drops the whole answer, §4); the rest said. */
function render(answer: Json, say: (msg: string) => void, event = ''): Json {
  if (answer.permission !== undefined) return permissionAnswer(answer, say);
  const followup = str(answer.followup_message);
  if (followup) return { decision: 'block', reason: followup };
  if (answer.continue === false) {
    say('Codex blocks the prompt, but shows the reason to nobody (docs/codex-hooks.md §4)');
    return { decision: 'block', reason: str(answer.user_message) ?? 'Blocked by hook' };
  }
  const out: Json = {};
  const context = str(answer.additional_context);
  if (context) out.hookSpecificOutput = { hookEventName: event, additionalContext: context };
  if (str(answer.user_message))
    say(`Codex has no field for a message to the user here; not shown: ${str(answer.user_message)}`);
  if (isRecord(answer.env) && Object.keys(answer.env).length > 0)
    say(
      `Codex has no carrier for SessionStart's CLAUDE_ENV_FILE exports; dropped: ${Object.keys(answer.env).join(', ')}`,
    );
  return out;
}

export const CODEX: HostTable<CodexEvent> = Object.freeze<HostTable<CodexEvent>>({
  id: 'codex',
  name: 'Codex',
  events: mapValues<EventAdapter>((s) => ADAPTERS[s]),
  runs: mapValues((s) => RUNS[s]),
  permissionEvents: ['PreToolUse'],
  unbound: UNBOUND_CODEX_EVENTS,
  // Its additionalContext reaches the model with the prompt (docs/codex-hooks.md §4).
  promptContext: 'beforeSubmitPrompt',
  configFile: '.codex/hookshim.json',
  // docs/codex-hooks.md §2: Claude's format, timeout in seconds (600 by default). Codex caps no Stop loop (§4), so
  // hookshim keeps Claude Code's: 8 continuations (docs/claude-hooks.md §8), counted in Codex's log (loopCount).
  binding: {
    file: '.codex/hooks.json',
    commandKeys: ['command'],
    timeoutKey: 'timeout',
    defaultTimeoutS: 600,
    defaultLoopLimit: 8,
    nested: true,
  },
  sessionIdOf: (input) => str(input.session_id) ?? 'unknown-session',
  // The rollout file every payload names (docs/codex-hooks.md §3, §7).
  transcriptPathOf: (input) => str(input.rollout_path) ?? str(input.transcript_path),
  noTranscript: 'Codex sent no transcript_path',
  // The rollout file rewritten into Claude's shape (./transcript.ts), imported only when a row needs it.
  transcript: async () => (await import('./transcript.ts')).CODEX_TRANSCRIPT,
  loopCount: { events: ['Stop'], count: stopContinuations },
  // A regular expression over the whole tool name; Edit and Write name apply_patch too (docs/codex-hooks.md §2).
  matcher: wholeNameMatcher({
    events: ['PreToolUse', 'PostToolUse'],
    tools: { Bash: 'Shell', apply_patch: 'ApplyPatch' },
    aliases: { apply_patch: ['Edit', 'Write'] },
    toolKey: 'tool_name',
  }),
  canonical,
  render,
});
