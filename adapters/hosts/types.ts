// A host: an agent whose hooks run a Claude catalog through hookshim, described as typed tables (docs/design.md §10).
// The shell (src/hook/) asks the host of its process for every fact that differs between hosts; the Claude side
// (catalog/, the runner, the state, the verdicts) names no host.
import type { KnownEvent } from '../../catalog/events.ts';
import type { Json } from '../json.ts';
import type { HostTranscript } from '../transcript/hostTypes.ts';
import type { EventAdapter } from '../types.ts';

// Types only: a runtime re-export would put that module in a chunk of its own on every event's path.
export type { HostTranscript, HostTranscriptContext, HostTranscriptState } from '../transcript/hostTypes.ts';

/** The hosts hookshim binds (adapters/hosts/registry.ts lists their tables). */
export type HostId = 'cursor' | 'copilot' | 'codex';

/** Where a host's binding lives and how hookshim's entry there is spelled (the hook path reads its timeout there). */
export interface BindingShape {
  /** The hooks file `init` writes, relative to the project root. */
  readonly file: string;
  /** The entry keys that hold a command (hookshim's entry is the one whose command runs hookshim for the event). */
  readonly commandKeys: readonly string[];
  /** The entry key of its timeout, in seconds. */
  readonly timeoutKey: string;
  /** Other keys the host also reads as the timeout (the hook path takes the shortest, so it answers first). */
  readonly timeoutAliases?: readonly string[];
  /** The host's timeout for an entry that sets none, seconds. */
  readonly defaultTimeoutS: number;
  /** The host's loop limit for stop events when an entry sets none (null: hookshim counts no loops there). */
  readonly defaultLoopLimit: number | null;
  /** Entries sit in Claude's matcher groups (`{matcher, hooks: [handler]}`), not directly under the event. */
  readonly nested?: true;
}

/**
 * How the host tests the matcher `init` writes on an entry (docs/events.md "Which calls start hookshim"): what a bound
 * matcher skips that the catalog's rows now need (a binding older than its catalog), and whether it starts hookshim
 * for one payload.
 */
export interface MatcherSemantics {
  /** The events whose entry takes a matcher, and what it is tested against: a tool's name or a subagent's type. */
  readonly events: Readonly<Record<string, 'tool' | 'subagent'>>;
  /** The names (as the host reports them) `bound` on `event` skips and rows with these Claude matchers need. */
  misses(event: string, bound: string, rowMatchers: readonly (string | undefined)[]): string[];
  /** Whether the host starts an entry of `event` with matcher `bound` for this payload, as the host sent it. */
  accepts(event: string, bound: string, input: Json): boolean;
}

/** One host's tables: its events and what each runs, its answers, its payload's session. */
export interface HostTable<E extends string = string> {
  readonly id: HostId;
  /** The host's name in messages ("Cursor"). */
  readonly name: string;
  /** The events hookshim handles, each with its adapter (plan the Claude invocations, fold their verdicts). */
  readonly events: Readonly<Record<E, EventAdapter>>;
  /** The Claude events whose rows each handled event runs, in order. */
  readonly runs: Readonly<Record<E, readonly KnownEvent[]>>;
  /** The events whose answer is a permission: hookshim's own failure denies there (docs/security.md guarantee 7). */
  readonly permissionEvents: readonly E[];
  /** The host's events hookshim never binds, each with its reason. */
  readonly unbound: Readonly<Record<string, string>>;
  /**
   * Where `init` records the catalogs for this host when the repository has no .cursor/hookshim.json (one list per
   * repository: that file wins when it exists).
   */
  readonly configFile?: string;
  /** Its binding file and entry shape. */
  readonly binding: BindingShape;
  /**
   * The payload in the shared vocabulary the event adapters read (docs/design.md §10: Cursor's field names), and the
   * stderr lines for what could not be carried over.
   */
  canonical(event: string, input: Json, say: (msg: string) => void): Json;
  /** A decided answer (in the shared vocabulary) of the host's `event` as the host reads it; what it cannot carry is said. */
  render(answer: Json, say: (msg: string) => void, event?: string): Json;
  /** The Claude session a payload belongs to. */
  sessionIdOf(input: Json): string;
  /** The host's own transcript of this event, if it names one (rewritten into Claude's shape by the state half). */
  transcriptPathOf(input: Json, env: Readonly<Record<string, string | undefined>>): string | undefined;
  /** Where UserPromptSubmit context goes when the host always has one carrier for it (else the config decides). */
  readonly promptContext?: 'beforeSubmitPrompt' | 'postToolUse';
  /** Why an event that reads the transcript got none, for stderr. */
  readonly noTranscript: string;
  /**
   * The rewrite of the host's own session log into Claude's transcript lines, for a host whose log is not Cursor's
   * transcript (absent: the log is Cursor's, rewritten by adapters/transcript/). A loader: the rewrite is imported
   * only when a matched row needs a transcript (docs/performance.md).
   */
  readonly transcript?: () => Promise<HostTranscript>;
  /**
   * True when the host writes its log behind its hooks (Copilot, docs/copilot-hooks.md §7): two processes of one
   * firing may see it at two sizes, so its size cannot tell firings apart. Else the size keys an event whose payload
   * is the same on every firing (a Stop that continues the turn, adapters/events/stop.ts).
   */
  readonly logLags?: boolean;
  /**
   * A loop count the host's payload lacks but its own log holds: the host events it keys, and the count, from the
   * log's last lines (pure). The shell reads the lines and sets `loop_count` before the adapters plan.
   */
  readonly loopCount?: {
    readonly events: readonly string[];
    count(lines: readonly string[], input: Json): number;
  };
  /** The variable the host sets to its own version in a hook's environment, when it sets one (doctor's heartbeats). */
  readonly versionEnv?: string;
  /** How its entries' matchers are tested, where init writes one. */
  readonly matcher?: MatcherSemantics;
}

/** True when `name` is an event the host handles. */
export function handles<E extends string>(host: HostTable<E>, name: string): name is E {
  return Object.hasOwn(host.events, name);
}

/** True when the host's `event` answers with a permission. */
export function answersPermission<E extends string>(host: HostTable<E>, event: string): boolean {
  return (host.permissionEvents as readonly string[]).includes(event);
}
