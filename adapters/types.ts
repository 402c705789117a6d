// Shared shapes of the pure translation layer: what the shell hands in, what comes back out.
import type { ClaudeEvent, HandledEvent } from './events.ts';

export type Json = Record<string, unknown>;

/** Everything a per-event adapter needs to know about the event, resolved by the shell. */
export interface EventContext {
  event: HandledEvent;
  /** The Cursor payload (BOM stripped, parsed, always an object). */
  input: Json;
  /** Project root: CURSOR_PROJECT_DIR, else workspace_roots[0], else the process cwd. */
  projectDir: string;
  /** Claude session id: Cursor's conversation id (cursor-hooks.md §3: session_id equals conversation_id). */
  sessionId: string;
  /** Path of the Claude-shaped transcript handed to scripts ("" when there is none). */
  transcriptPath: string;
  /** subagentStop: the subagent's own transcript, rewritten into Claude's shape, and its last assistant text. */
  agentTranscriptPath?: string;
  agentLastAssistantMessage?: string;
  /** Text of the last assistant message, when the transcript has one (Stop, SubagentStop). */
  lastAssistantMessage?: string;
  /** MCP servers the catalog names in its matchers (`mcp__<server>__…`): candidates for an unqualified `MCP:<tool>`. */
  mcpServers?: readonly string[];
  /** The environment hookshim runs in (data, for expanding CLAUDE_ENV_FILE values); absent in pure tests. */
  hostEnv?: Readonly<Record<string, string | undefined>>;
  /** `loop_limit` configured for this event in .cursor/hooks.json (null = unlimited). */
  loopLimit: number | null;
}

/** What the matcher of a group is tested against, and the `if` input. */
export interface Subject {
  values: string[];
  toolInput?: Record<string, unknown>;
  projectDir: string;
}

/** One Claude event to run for a Cursor event: its matcher subject and payload builder. */
export interface Invocation {
  claudeEvent: ClaudeEvent;
  subject: Subject;
  /** The Claude stdin for a row matched through `matchedValue` (the tool-name candidate, for tool events). */
  payload(matchedValue: string | undefined): Json;
  /** Extra environment for every script of this invocation (e.g. CLAUDE_ENV_FILE). */
  env?: Record<string, string>;
}

/** Why a script produced no usable answer. */
export interface Failure {
  kind: 'timeout' | 'cannot-start' | 'missing' | 'unreadable';
  detail: string;
}

/** The raw result of one script run, as the runner reports it. */
export interface RunResult {
  label: string;
  locator: string;
  claudeEvent: ClaudeEvent;
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Killed because its own timeout or hookshim's deadline passed. */
  timedOut: boolean;
  /** Seconds it was allowed, for messages. */
  timeoutSeconds: number;
  /** Set when the process could not be spawned at all. */
  startError?: string;
  /** Set when the script file the command names does not exist (checked before starting). */
  missing?: string;
  durationMs: number;
  /** Output beyond the capture cap was dropped. */
  truncated: boolean;
  /** Claude `async: true` row: started in the background, decisions ignored. */
  background?: boolean;
}

/** One script's answer, interpreted with Claude's rules (claude-hooks.md §3). */
export interface Verdict {
  label: string;
  claudeEvent: ClaudeEvent;
  failure?: Failure;
  /** Block reason: exit 2, deny, decision:"block", continue:false. */
  block?: string;
  /** How it blocked, for precedence. */
  blockKind?: 'exit2' | 'deny' | 'decision' | 'continue';
  /** hookSpecificOutput.permissionDecision (or legacy approve/block mapped). */
  decision?: 'allow' | 'ask' | 'deny' | 'defer';
  /** The reason that came with an allow/ask decision. */
  decisionReason?: string;
  updatedInput?: Record<string, unknown>;
  /** additionalContext values. */
  context: string[];
  systemMessage?: string;
  /** Non-JSON stdout (trimmed). */
  plainText?: string;
  /** A non-blocking error worth logging (exit 1, crash by signal, invalid JSON, …). */
  error?: string;
  /** JSON `continue:false` + `stopReason`. */
  stop?: string;
  /** Parsed JSON answer, when stdout was JSON. */
  json?: Json;
}

/** A message bound for the model or the user, with the script it came from. */
export interface Message {
  from: string;
  text: string;
}

/** State the shell has claimed for this event before folding. */
export interface StateIn {
  /** preToolUse warn-only output stashed for this tool_use_id. */
  stashed: Message[];
  /** Context produced where Cursor had no carrier, waiting for the next postToolUse. */
  carried: Message[];
  /** UserPromptSubmit context waiting for its first delivery. */
  pendingPrompt: Message[];
  /** sessionStart already delivered the first prompt's context ... */
  firstPromptCovered: boolean;
  /** ... namely these messages (a prompt-dependent script may say more once it sees the real prompt). */
  firstPromptDelivered?: Message[];
  /** Contents of CLAUDE_ENV_FILE after the SessionStart scripts ran. */
  envFile?: string;
}

/** A state change the shell applies after the answer is written. */
export type Effect =
  | { kind: 'stash'; toolUseId: string; messages: Message[] }
  | { kind: 'carry'; messages: Message[] }
  | { kind: 'pendingPrompt'; messages: Message[] }
  | { kind: 'coverFirstPrompt'; messages: Message[] };

/** A folded Cursor answer plus its side effects and stderr notes. */
export interface Folded {
  answer: Json;
  effects: Effect[];
  notes: string[];
}

/** What to run for one Cursor event, plus notes for stderr (e.g. why nothing runs). */
export interface Plan {
  invocations: Invocation[];
  notes: string[];
}

/** A per-event adapter: plan the Claude invocations, then fold their verdicts into one Cursor answer. */
export interface EventAdapter {
  plan(ctx: EventContext, state: StateIn): Plan;
  fold(ctx: EventContext, verdicts: Verdict[], state: StateIn): Folded;
  /** The answer when hookshim itself fails (fail open) or the shim is off. */
  empty: Json;
}

export const EMPTY_STATE: StateIn = { stashed: [], carried: [], pendingPrompt: [], firstPromptCovered: false };
