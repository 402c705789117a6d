// Shared shapes of the pure translation layer: what the shell hands in, what comes back out, and what each event
// needs from the shell (as data, so the shell never asks which event it is running).
import type { Subject as CatalogSubject } from '../catalog/select.ts';
import type { ClaudeEvent, HandledEvent } from './eventMap.ts';
import type { Json } from './json.ts';

export type { Json } from './json.ts';

/**
 * Everything a per-event adapter needs to know about the event, resolved by the shell at setup and frozen then: what the
 * shell learns later (the transcripts, a recorded result) reaches the payload builders as LateFacts, never through here.
 */
export interface EventContext {
  readonly event: HandledEvent;
  /** The Cursor payload (BOM stripped, parsed, always an object). */
  readonly input: Json;
  /** Project root: where Cursor ran the bound command (docs/design.md §1). */
  readonly projectDir: string;
  /** Claude session id: Cursor's conversation id (docs/cursor-hooks.md §3: session_id equals conversation_id). */
  readonly sessionId: string;
  /** MCP servers the catalog names in its matchers (`mcp__<server>__…`): candidates for an unqualified `MCP:<tool>`. */
  readonly mcpServers?: readonly string[];
  /** The environment hookshim runs in, CURSOR_* included (data: CURSOR_VERSION, CLAUDE_ENV_FILE expansion); absent in pure tests. */
  readonly processEnv?: Readonly<Record<string, string | undefined>>;
  /** `loop_limit` configured for this event in .cursor/hooks.json (null = unlimited). */
  readonly loopLimit: number | null;
  /** `promptContext` of .cursor/hookshim.json: where UserPromptSubmit context goes (default "auto": by Cursor version). */
  readonly promptContext?: 'auto' | 'postToolUse' | 'beforeSubmitPrompt';
  /** The Cursor events .cursor/hooks.json starts hookshim for on every call (bound, no narrowing matcher), when needs ask (`everyCall`). */
  readonly everyCall?: readonly string[];
}

/** What the shell learns after plan() and hands to every payload builder: the transcripts, a recorded tool result. */
export interface LateFacts {
  /** Path of the Claude-shaped transcript handed to scripts ("" when there is none). */
  readonly transcriptPath: string;
  /** Text of the last assistant message, when the transcript has one (Stop, SubagentStop). */
  readonly lastAssistantMessage?: string;
  /** subagentStop: the subagent's own transcript, rewritten into Claude's shape, and its last assistant text. */
  readonly agentTranscriptPath?: string;
  readonly agentLastAssistantMessage?: string;
  /** postToolUse: a result that builds on earlier ones (TodoWrite), as recorded for the transcript, so both agree. */
  readonly recordedResponse?: { readonly claudeName: string; readonly response: unknown };
  /**
   * postToolUse: Claude's `tool_response` from Cursor's `tool_output` (adapters/toolResponse.ts), handed in by the shell
   * from its lazily loaded matched path so the chunks every event compiles do not carry it (docs/performance.md).
   * Without it (never on the hook path), rows get the `tool_output` parsed.
   */
  readonly responseOf?: (claudeName: string, toolOutput: unknown, claudeInput: Record<string, unknown>) => unknown;
}

/** Late facts when the shell has learnt none: no transcript. */
export const NO_LATE_FACTS: LateFacts = Object.freeze({ transcriptPath: '' });

/** What the matcher of a group is tested against, and the `if` input (catalog/select.ts, without the home dir the shell adds). */
export type Subject = Omit<CatalogSubject, 'homeDir'>;

/** One Claude event to run for a Cursor event: its matcher subject and payload builder. */
export interface Invocation {
  claudeEvent: ClaudeEvent;
  subject: Subject;
  /** The Claude stdin for a row matched through `matchedValue` (the tool-name candidate, for tool events). */
  payload(matchedValue: string | undefined, late: LateFacts): Json;
  /** Extra environment for every script of this invocation. */
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
  /** The catalog the row came from, as shown (catalog/types.ts RowSource). */
  catalog?: string;
  /** The row's plugin, by name, when it comes from one (catalog/types.ts RowSource.plugin). */
  plugin?: string;
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
  /** The program the row starts from PATH (`uv`, `python3`, a #! line's `env` program) when a run could not find it. */
  notFound?: string;
  durationMs: number;
  /** Output beyond the capture cap was dropped. */
  truncated: boolean;
  /** Claude `async: true` row: started in the background, decisions ignored. */
  background?: boolean;
  /**
   * A failure Claude counts as a non-blocking error for this handler (an http row's non-2xx answer, unreadable body, no
   * connection or timeout: docs/claude-hooks.md §9 `http`): logged, no decision, unless the row sets onFailure "block".
   */
  softFailure?: string;
  /** The row's `onFailure: "block"`: a failure blocks instead of being a non-blocking error (docs/claude-hooks.md §1.2). */
  onFailure?: 'block';
}

/**
 * What one script decided, with Claude's precedence already applied (docs/claude-hooks.md §3): a failure beats a
 * block, a block beats `continue:false`, and only an `ok` run's decision, context and warnings are its own word.
 */
export type Verdict = VerdictBase &
  (
    | { kind: 'failed'; failure: Failure }
    /**
     * exit 2, a deny, `decision:"block"`, or a failure of a row with onFailure "block": `reason` is the message the
     * script gave (or one naming it).
     */
    | {
        kind: 'blocked';
        how: 'exit2' | 'deny' | 'decision' | 'onFailure';
        reason: string;
        /**
         * The script gave no reason of its own (`reason` is its systemMessage or hookshim's words): the model is told
         * "Blocked by hook" (docs/claude-hooks.md §10).
         */
        unexplained?: true;
      }
    /** JSON `continue:false`: `reason` is its `stopReason` ("" when it gave none). */
    | { kind: 'stopped'; reason: string }
    | { kind: 'ok' }
  );

export interface VerdictBase {
  label: string;
  claudeEvent: ClaudeEvent;
  /** The row's plugin, by name (RunResult.plugin). */
  plugin?: string;
  /** hookSpecificOutput.permissionDecision (or the legacy approve/block, or Cursor's permission, mapped). */
  decision?: 'allow' | 'ask' | 'deny' | 'defer';
  /** The reason that came with an allow/ask decision. */
  decisionReason?: string;
  updatedInput?: Record<string, unknown>;
  /** additionalContext values. */
  context: string[];
  systemMessage?: string;
  /** Non-JSON stdout on exit 0 (trimmed). */
  plainText?: string;
  /** A non-blocking error worth logging (exit 1, crash by signal, invalid JSON, …). */
  error?: string;
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
  /** Contents of CLAUDE_ENV_FILE after the SessionStart scripts ran. */
  envFile?: string;
  /** The files the tool call wrote (editedFiles) that its rows then changed, as the shell found them (needs.watchesEdits). */
  rewritten?: readonly string[];
  /**
   * This event claimed the run of its generation's UserPromptSubmit rows (no beforeSubmitPrompt fired for it, as on
   * Cursor Cloud agents: docs/events.md "Cloud agents"), with the prompt read from Cursor's transcript, if any.
   */
  promptRun?: { prompt: string | undefined };
}

/** A state change the shell applies before the answer is written. */
export type Effect =
  | { kind: 'stash'; toolUseId: string; messages: Message[] }
  | { kind: 'carry'; messages: Message[] }
  | { kind: 'pendingPrompt'; messages: Message[] };

/** A folded Cursor answer plus its side effects and stderr notes. */
export interface Folded {
  answer: Json;
  effects: Effect[];
  notes: string[];
}

/** What to run for one Cursor event, plus notes for stderr (e.g. why nothing runs). */
export interface EventPlan {
  invocations: Invocation[];
  notes: string[];
}

/** Records an event drains from the state dir before folding (each one claimed, so it is delivered once). */
export interface Claims {
  /** preToolUse warnings stashed for this payload's tool_use_id. */
  stash?: true;
  /** UserPromptSubmit context waiting for its first delivery. */
  pending?: true;
  /** Context carried from events whose Cursor answer had no field for it. */
  carried?: true;
}

/**
 * What tells duplicate hookshim processes of one firing apart (docs/design.md §7), on top of the common key (event,
 * conversation, generation, tool_use_id, loop_count, tool name, status).
 */
export interface Dedup {
  /** Payload fields added to the key as they are. */
  fields?: readonly string[];
  /** Payload values added by digest (long or structured values). */
  digests?: readonly string[];
  /** Fields of which the first one present names a single firing (the key is then replayed for the whole window). */
  ids?: readonly string[];
  /** A tool event: its tool_use_id names the firing; without one, its input, output and error do. */
  tool?: true;
  /** The transcript's size joins the key: it grows with every turn where generation ids do not tell turns apart. */
  transcriptSize?: true;
  /** What a duplicate answers: the leader's decision (permission events) or {} (the leader delivers, once). */
  replay: 'decision' | 'empty';
}

/** What an event needs from the shell beyond running its rows: all of it data, read by src/hook/. */
export interface ShellNeeds {
  claims: Claims;
  dedup: Dedup;
  /** SessionStart scripts get a CLAUDE_ENV_FILE; its exports are read back into StateIn.envFile. */
  envFile?: true;
  /** The event's fold depends on which other events start on every call (EventContext.everyCall). */
  everyCall?: true;
  /** The files the call wrote (Write, Edit: editedFiles) are looked at before its rows run and before the fold (StateIn.rewritten). */
  watchesEdits?: true;
  /** The payload is a tool result: recorded so transcripts can pair it with its tool_use (docs/transcripts.md). */
  recordsResult?: true;
  /** The payload's agent_transcript_path is rewritten into Claude's shape too. */
  agentTranscript?: true;
  /** Its guards commonly read the transcript: a payload without one (Cursor's transcripts off) is reported. */
  readsTranscript?: true;
  /**
   * The `permission` values its answer can carry (default: any); a replayed decision outside them becomes a deny
   * (fail toward enforcing).
   */
  replayableAnswers?: readonly string[];
  /**
   * UserPromptSubmit where beforeSubmitPrompt never fires (docs/events.md "Cloud agents"): `seen` records that this
   * conversation's prompts run their rows there; `fallback` claims a generation's run of them at its first tool
   * event when no beforeSubmitPrompt was ever seen (StateIn.promptRun). Only for catalogs with UserPromptSubmit rows.
   */
  promptRun?: 'seen' | 'fallback';
}

/**
 * A per-event adapter: plan the Claude invocations, then fold their verdicts into one Cursor answer. The fold gets the
 * plan it follows (`P`: a tool event's carries its tool view, computed once: adapters/toolEvent.ts ToolPlan).
 */
export interface EventAdapter<P extends EventPlan = EventPlan> {
  plan(ctx: EventContext, state: StateIn): P;
  fold(ctx: EventContext, verdicts: Verdict[], state: StateIn, plan: P): Folded;
  /** The answer when hookshim itself fails (fail open) or the shim is off. */
  empty: Json;
  needs: ShellNeeds;
}

export const EMPTY_STATE: StateIn = { stashed: [], carried: [], pendingPrompt: [] };
