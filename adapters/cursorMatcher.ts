// Cursor's per-entry `matcher` (docs/cursor-hooks.md §1, §11): a JavaScript regex, unanchored, tested against the tool
// type on preToolUse / postToolUse / postToolUseFailure and against the subagent type on subagentStart / subagentStop;
// "" and "*" match everything, and one that does not compile makes Cursor reject the whole file. `hookshim init`
// writes one so that a tool call no catalog row needs starts nothing at all. The matcher always names what is
// skipped, never what runs: a tool (or subagent type) hookshim does not know still starts it (fail toward enforcing).
// Pure: rows in, a matcher out.
import { compileMatcher } from '../catalog/matcher.ts';
import type { HandledEvent } from './eventMap.ts';
import type { MatcherSemantics } from './hosts/types.ts';
import type { Json } from './json.ts';
import { possibleCandidates } from './toolEvent.ts';
import { AGENT_TYPES, CURSOR_TO_CLAUDE } from './tools.ts';

/** What a Cursor matcher is tested against, for the events that take one and that init narrows. */
export const MATCHED_BY = {
  preToolUse: 'tool',
  postToolUse: 'tool',
  postToolUseFailure: 'tool',
  subagentStart: 'subagent',
  subagentStop: 'subagent',
} as const satisfies Partial<Record<HandledEvent, 'tool' | 'subagent'>>;
export type MatchedEvent = keyof typeof MATCHED_BY;

/** The Cursor names init knows, per dimension: the tool table and the subagent types (adapters/tools.ts). */
export const KNOWN_NAMES: Readonly<Record<'tool' | 'subagent', readonly string[]>> = {
  tool: Object.keys(CURSOR_TO_CLAUDE),
  subagent: Object.keys(AGENT_TYPES),
};

/**
 * Names Cursor might report under one coarse type: its documented matcher values are `Shell`, `Read`, `Write`, `Grep`,
 * `Delete`, `Task`, `MCP:<tool>` (docs/cursor-hooks.md §6), while payloads carry finer names (`StrReplace`, `rg`, …).
 * Which of the two the matcher is tested against is not confirmed, so a group is skipped whole or not at all.
 */
export const TOOL_GROUPS: readonly (readonly string[])[] = [
  ['Write', 'StrReplace', 'EditNotebook', 'ApplyPatch', 'search_replace', 'edit_file', 'Delete'],
  ['Read', 'ReadFile', 'ReadLints'],
  ['Grep', 'rg', 'Glob', 'codebase_search'],
  ['Shell', 'run_terminal_cmd', 'AwaitShell'],
  ['Task', 'Subagent'],
];
/** The tools that stand for MCP calls in some dialects (docs/cursor-hooks.md §6): started whenever an MCP call is. */
export const MCP_TOOLS: readonly string[] = ['CallMcpTool', 'FetchMcpResource', 'GetMcpTools'];

/** What a set of rows needs Cursor to start hookshim for. */
export interface Needed {
  /** Every name: no matcher at all. */
  all: boolean;
  /** Known Cursor names some row can match. */
  names: Set<string>;
  /** Some row can match an MCP tool (`MCP:<tool>`, any server). */
  mcp: boolean;
  /** How many rows (or uses) asked: an event no row asks for is not bound at all. */
  asked: number;
}

export const NOTHING = (): Needed => ({ all: false, names: new Set(), mcp: false, asked: 0 });
const everything = (n: Needed): Needed => Object.assign(n, { all: true, mcp: true, asked: n.asked + 1 });

/** Add what rows with these Claude matchers need, tested the way the hook path tests them (catalog/matcher.ts). */
export function addNeeds(
  need: Needed,
  kind: 'tool' | 'subagent',
  matchers: readonly (string | undefined)[],
  only: readonly string[] = KNOWN_NAMES[kind],
): Needed {
  for (const source of matchers) {
    need.asked++;
    const m = compileMatcher(source);
    // An invalid matcher never runs here, but another engine (a newer Node) may accept it: count it as matching all.
    if (m.kind === 'all' || m.kind === 'invalid') {
      need.all = true;
      continue;
    }
    for (const name of only) if (candidates(kind, name).some((c) => m.test(c))) need.names.add(name);
    // A regex may match some `mcp__<server>__<tool>` whatever it looks like: counted as needing MCP (never a skip too many).
    if (
      kind === 'tool' &&
      (m.kind === 'regex' || (source ?? '').split(/[|,]/).some((n) => /^\s*(?:mcp__|MCP:)/.test(n)))
    )
      need.mcp = true;
  }
  return need;
}

/** Every Claude name a Cursor name can be tried as, whatever the call's input (the hook path's own candidates). */
function candidates(kind: 'tool' | 'subagent', name: string): string[] {
  if (kind === 'tool') return possibleCandidates(name);
  const mapped = AGENT_TYPES[name];
  return mapped && mapped !== name ? [mapped, name] : [name];
}

/**
 * The Cursor matcher for a need: undefined when everything is needed (or nothing can be skipped), else a regex that
 * accepts every name except the known ones no row needs (and `MCP:` tools, when no row can match one).
 */
export function cursorMatcher(kind: 'tool' | 'subagent', need: Needed): string | undefined {
  if (need.all) return undefined;
  const started = closed(kind, need);
  const skip = KNOWN_NAMES[kind].filter((n) => !started.has(n));
  // One lookahead per skipped name, no `|`, then the name itself: the same meaning searched, anchored or split on `|`.
  const parts = [...skip.map((n) => `(?!${escape(n)}$)`), ...(kind === 'tool' && !need.mcp ? ['(?!MCP:)'] : [])];
  return parts.length ? `^${parts.join('')}.*` : undefined;
}

/** The names to start for: the needed ones, their whole coarse groups, and the MCP tools when MCP calls are needed. */
function closed(kind: 'tool' | 'subagent', need: Needed): Set<string> {
  const out = new Set(need.names);
  if (kind !== 'tool') return out;
  for (const group of TOOL_GROUPS) if (group.some((n) => out.has(n))) for (const n of group) out.add(n);
  if (need.mcp) for (const n of MCP_TOOLS) out.add(n);
  return out;
}

/** The known names a matcher init wrote makes Cursor skip (for messages: "skips Read, Grep, …"). */
export function skippedBy(kind: 'tool' | 'subagent', matcher: string | undefined): string[] {
  const out = KNOWN_NAMES[kind].filter((n) => !cursorAccepts(matcher, n));
  if (kind === 'tool' && !cursorAccepts(matcher, 'MCP:any_tool')) out.push('MCP:*');
  return out;
}

/** The names (known ones, and `MCP:*`) `want` starts for and `bound` skips: what a stale matcher keeps from the guards. */
export function missedBy(kind: 'tool' | 'subagent', bound: string | undefined, want: string | undefined): string[] {
  const probes = [...KNOWN_NAMES[kind], ...(kind === 'tool' ? ['MCP:any_tool'] : [])];
  return probes
    .filter((n) => cursorAccepts(want, n) && !cursorAccepts(bound, n))
    .map((n) => (n === 'MCP:any_tool' ? 'MCP:*' : n));
}

/**
 * What a bound matcher skips that these rows (their Claude matchers) need: the hook path's cheap form of missedBy,
 * testing only the names the matcher skips (init skips coarse groups whole, so a needed group-mate is skipped too).
 */
export function skippedNeeds(
  kind: 'tool' | 'subagent',
  bound: string,
  matchers: readonly (string | undefined)[],
): string[] {
  const skipped = KNOWN_NAMES[kind].filter((n) => !cursorAccepts(bound, n));
  const mcp = kind === 'tool' && !cursorAccepts(bound, 'MCP:any_tool');
  if (skipped.length === 0 && !mcp) return [];
  const need = addNeeds(NOTHING(), kind, matchers, skipped);
  return need.all
    ? [...skipped, ...(mcp ? ['MCP:*'] : [])]
    : [...skipped.filter((n) => need.names.has(n)), ...(mcp && need.mcp ? ['MCP:*'] : [])];
}

/** The matcher for the rows of the Claude events a Cursor event serves (preToolUse, the subagent events). */
export function matcherForRows(
  kind: 'tool' | 'subagent',
  rows: readonly MatcherRow[],
  served: readonly string[],
): string | undefined {
  return cursorMatcher(
    kind,
    addNeeds(
      NOTHING(),
      kind,
      rows.filter((r) => served.includes(r.event)).map((r) => r.matcher),
    ),
  );
}

/** Cursor's matcher semantics, for its host table: tool names and subagent types, skipped in groups (above). */
export const CURSOR_MATCHER: MatcherSemantics = {
  events: MATCHED_BY,
  misses: (event, bound, rowMatchers) =>
    Object.hasOwn(MATCHED_BY, event) ? skippedNeeds(MATCHED_BY[event as MatchedEvent], bound, rowMatchers) : [],
  accepts(event: string, bound: string, input: Json): boolean {
    if (!Object.hasOwn(MATCHED_BY, event)) return true;
    const key = MATCHED_BY[event as MatchedEvent] === 'tool' ? 'tool_name' : 'subagent_type';
    return cursorAccepts(bound, String(input[key] ?? ''));
  },
};

/** Whether Cursor starts an entry with this matcher for `name`: "" / "*" / none accept all; an invalid regex accepts nothing. */
export function cursorAccepts(matcher: string | undefined, name: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  const re = compileRegex(matcher);
  return re !== undefined && re.test(name);
}

const compiled = new Map<string, RegExp | undefined>();

/** The matcher as Cursor compiles it (a JavaScript RegExp, compiled once per process), or undefined when it does not compile. */
export function compileRegex(matcher: string): RegExp | undefined {
  if (!compiled.has(matcher)) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(matcher);
    } catch {
      re = undefined;
    }
    compiled.set(matcher, re);
  }
  return compiled.get(matcher);
}

/** Rows as the binding sees them: their Claude event and group matcher. */
export interface MatcherRow {
  event: string;
  matcher?: string;
  /** `async: true`: its context is carried to the next postToolUse (docs/claude-hooks.md §10 Async context). */
  async?: boolean;
}

/** How the post-tool events are used beyond their own rows (src/project/binding.ts passes what it knows). */
export interface PostToolUse {
  /** Transcripts are kept: every tool's result is recorded (docs/security.md, "What hookshim keeps"). */
  keepsTranscripts: boolean;
  /**
   * `.cursor/hookshim.json` promptContext ("postToolUse" delivers a prompt's context on the first postToolUse). It no
   * longer changes the binding: UserPromptSubmit rows bind the post-tool events for every tool whatever it says.
   */
  promptContext?: string | undefined;
}

/**
 * Claude events whose rows run under Cursor only before the conversation's first tool call, so no transcript they get
 * can hold a tool result: SessionStart (Cursor's sessionStart is a new session, `source: "startup"`, and arrives with
 * no transcript, docs/cursor-hooks.md §3). Rows of every other event can read a result recorded earlier.
 */
export const BEFORE_ANY_TOOL: readonly string[] = ['SessionStart'];

/**
 * The tools postToolUse and postToolUseFailure must start for: their own rows' tools; the tools of PreToolUse rows
 * (a warning is stashed for that tool's postToolUse); every tool when context is carried to "the next postToolUse"
 * (PostToolUseFailure, SubagentStart, PreCompact and async rows) or when transcripts are kept and some row can read a
 * result later (each result is recorded, so that row's transcript has it; not for rows of BEFORE_ANY_TOOL alone); both
 * for every tool when there are UserPromptSubmit rows (they run at a generation's first tool event where
 * beforeSubmitPrompt never fires, as on Cloud agents).
 */
export function postToolNeeds(
  rows: readonly MatcherRow[],
  use: PostToolUse,
): Record<'postToolUse' | 'postToolUseFailure', Needed> {
  const post = NOTHING();
  const failure = NOTHING();
  const of = (event: string) => rows.filter((r) => r.event === event).map((r) => r.matcher);
  addNeeds(post, 'tool', [...of('PreToolUse'), ...of('PostToolUse')]);
  // A Task's warnings have no postToolUse of their own (Cursor fires none for Task): they wait for any next one.
  if (['Task', 'Subagent'].some((n) => addNeeds(NOTHING(), 'tool', of('PreToolUse')).names.has(n))) everything(post);
  addNeeds(failure, 'tool', [...of('PreToolUse'), ...of('PostToolUse'), ...of('PostToolUseFailure')]);
  // A result is recorded only where a row can read it later: a row of an event that can fire after a tool call.
  if (use.keepsTranscripts && rows.some((r) => !BEFORE_ANY_TOOL.includes(r.event))) [post, failure].forEach(everything);
  if (rows.some((r) => ['PostToolUseFailure', 'SubagentStart', 'PreCompact'].includes(r.event))) everything(post);
  // A finished async row's context waits for the next postToolUse, whatever its tool.
  if (rows.some((r) => r.async === true)) everything(post);
  // UserPromptSubmit rows run at a generation's first tool event where beforeSubmitPrompt never fires (Cloud agents,
  // docs/cursor-hooks.md §5), and with promptContext "postToolUse" their context waits for the first postToolUse.
  if (rows.some((r) => r.event === 'UserPromptSubmit')) [post, failure].forEach(everything);
  return { postToolUse: post, postToolUseFailure: failure };
}

/** True when some row asked for the event: it is bound (with a matcher that may still skip every known name). */
export function needsAny(n: Needed): boolean {
  return n.asked > 0;
}

function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
