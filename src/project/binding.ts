// Everything about .cursor/hooks.json in one place: reading it, telling hookshim's entries from everyone else's,
// what an entry configures for the hook path (timeout, loop_limit), and merging the entries init writes (planned by
// ./bindingPlan.ts).
// Format: https://cursor.com/docs/hooks (docs/cursor-hooks.md §1).
import fs from 'node:fs';
import path from 'node:path';
import { CURSOR } from '../../adapters/hosts/cursor/index.ts';
import type { BindingShape } from '../../adapters/hosts/types.ts';
import { NODE_FLAGS } from './nodeFlags.ts';
import { RUNS, type HandledEvent } from '../../adapters/eventMap.ts';
import { isRecord, kindOf } from '../../adapters/json.ts';
import { parseJsonOr, parseJsonText } from '../../catalog/json.ts';
import { readRegularFile } from './paths.ts';

/** The project's Cursor hooks file, relative to the root. */
export const HOOKS_JSON = '.cursor/hooks.json';
/** Where the vendored bundle goes, relative to the repo root. */
export const VENDORED = '.cursor/hooks/hookshim.cjs';
/** The bundle of the installed package, relative to the repo root. */
export const PACKAGED = 'node_modules/hookshim/dist/hookshim.cjs';
/** Where older versions vendored the bundle (an ES module), relative to the repo root. */
export const OLD_VENDORED = '.cursor/hooks/hookshim.mjs';

export type Mode = 'vendored' | 'package';

export type HooksFile =
  | { kind: 'absent'; file: string }
  | { kind: 'invalid'; file: string; error: string }
  | { kind: 'ok'; file: string; text: string; doc: Record<string, unknown>; hooks: Record<string, unknown[]> };

/** Read and shape-check .cursor/hooks.json: an object whose `hooks` (if any) maps events to arrays. */
export function readHooksFile(dir: string, file = path.join(dir, HOOKS_JSON)): HooksFile {
  const read = hooksText(file);
  if ('text' in read) return hooksFileOf(file, read.text);
  return read.error
    ? { kind: 'invalid', file, error: `cannot read it (${read.error.message})` }
    : { kind: 'absent', file };
}

/**
 * The one reader of a hooks file (.cursor/hooks.json, a plugin's), for the commands and the hook path alike; never
 * blocks on a FIFO. Its text, or nothing (`error` unless it is absent). Each reader then checks the shape it needs.
 */
function hooksText(file: string): { text: string } | { error?: Error } {
  try {
    return { text: readRegularFile(file) };
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? {} : { error: err as Error };
  }
}

/** The text of .cursor/hooks.json, shape-checked (what readHooksFile reads; what init writes). */
export function hooksFileOf(file: string, text: string): HooksFile {
  const json = parseJsonText(text);
  if (!json.ok) return { kind: 'invalid', file, error: `not valid JSON ${json.error}` };
  const doc = json.value;
  if (!isRecord(doc))
    return {
      kind: 'invalid',
      file,
      error: `expected a JSON object like {"version": 1, "hooks": {...}}, found ${kindOf(doc)}`,
    };
  if (doc.hooks !== undefined && !isRecord(doc.hooks))
    return {
      kind: 'invalid',
      file,
      error: `"hooks" must be an object keyed by Cursor event, found ${kindOf(doc.hooks)}`,
    };
  const hooks: Record<string, unknown[]> = {};
  for (const [ev, list] of Object.entries((doc.hooks as Record<string, unknown> | undefined) ?? {})) {
    if (!Array.isArray(list))
      return {
        kind: 'invalid',
        file,
        error: `"hooks.${ev}" must be an array of hook definitions, found ${kindOf(list)}`,
      };
    hooks[ev] = list;
  }
  return { kind: 'ok', file, text, doc, hooks };
}

/** True for an entry hookshim owns: its command names hookshim (the stable marker, see isOurCommand). */
export function isOurs(entry: unknown): boolean {
  const cmd = (entry as { command?: unknown } | null)?.command;
  return typeof cmd === 'string' && isOurCommand(cmd);
}

export interface OurEntry {
  event: string;
  entry: Record<string, unknown>;
}

/** hookshim's entries, in file order. */
export function ourEntries(hooks: Record<string, unknown[]>): OurEntry[] {
  const out: OurEntry[] = [];
  for (const [event, list] of Object.entries(hooks))
    for (const e of list) if (isOurs(e)) out.push({ event, entry: e as Record<string, unknown> });
  return out;
}

/** Entries of other tools or hand-written ones, per event. */
export function foreignCounts(hooks: Record<string, unknown[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [event, list] of Object.entries(hooks)) {
    const n = list.filter((e) => !isOurs(e)).length;
    if (n) out[event] = n;
  }
  return out;
}

/** The bundle files hookshim's entries run, as written (e.g. `.cursor/hooks/hookshim.cjs`, or an older `.mjs`). */
export function boundBundles(hooks: Record<string, unknown[]>): string[] {
  const out = new Set<string>();
  for (const { entry } of ourEntries(hooks)) {
    const m = /(?:^|\s)(["']?)([^\s"']*hookshim\.[cm]js)\1(?:\s|$)/.exec(fromRoot(String(entry.command)));
    if (m?.[2]) out.add(m[2].replace(/^\.\//, ''));
  }
  return [...out];
}

/** A bound command as run from the project root: the `$(test -d .cursor …)` prefix of boundCommand resolved. */
function fromRoot(command: string): string {
  return command
    .replace('$(test -d .cursor && echo .cursor/)', '.cursor/')
    .replace('$(test -d .cursor || echo ../)', '');
}

/** "hookshim 0.1.0" from a bundle's banner, if it has one. */
export function bundleVersion(file: string): string | undefined {
  try {
    const head = fs.readFileSync(file, 'utf8').slice(0, 300);
    return /\/\/ hookshim ([^\s:]+):/.exec(head)?.[1];
  } catch {
    return undefined;
  }
}

/** Cursor's binding shape (adapters/hosts/cursor/). */
const CURSOR_BINDING = CURSOR.binding;

/** What .cursor/hooks.json configures for hookshim's entry of one event. */
export interface Binding {
  /** Cursor's timeout for this entry, seconds. */
  timeoutS: number;
  /** loop_limit (stop, subagentStop); null = unlimited. */
  loopLimit: number | null;
  /** Where the numbers came from, for messages. */
  source: string;
  /** Cursor's matcher on the entry, when it has one (adapters/cursorMatcher.ts). */
  matcher?: string;
}

/**
 * hookshim's own entries in .cursor/hooks.json: a command that runs hookshim.cjs (hookshim.mjs before), or the
 * `hookshim` bin as its command word.
 */
export function isOurCommand(command: string): boolean {
  return (
    /(^|[\s/\\"'])hookshim\.[cm]js(["']?)(\s|$)/.test(command) ||
    /^\s*(?:(?:npx|pnpm exec|yarn|bunx)(?:\s+--?[\w-]+)*\s+)?hookshim(@[\w.-]+)?(\s|$)/.test(command)
  );
}

/** Read hookshim's entry for `event` from .cursor/hooks.json (or a plugin's hooks file): the one source of truth for its timeout. */
export function readBinding(
  dir: string,
  event: string,
  file = path.join(dir, HOOKS_JSON),
  shape: BindingShape = CURSOR_BINDING,
  hostName = 'Cursor',
): Binding {
  const fallback: Binding = {
    timeoutS: shape.defaultTimeoutS,
    loopLimit: shape.defaultLoopLimit,
    source: `${hostName} defaults`,
  };
  const mine = ourEntryOf(boundHooks(file), event, shape);
  if (!mine) return fallback;
  const ll = mine.loop_limit;
  return {
    timeoutS: entryTimeout(mine, shape),
    loopLimit: ll === null ? null : typeof ll === 'number' && ll >= 0 ? ll : shape.defaultLoopLimit,
    source: `${shownFile(dir, file)} ${event}`,
    ...(typeof mine.matcher === 'string' ? { matcher: mine.matcher } : {}),
  };
}

/**
 * The host's timeout of an entry, seconds: the shortest positive number under its timeout key or an alias the host also
 * reads (whichever it honours, hookshim answers first), else the host's default.
 */
function entryTimeout(entry: Record<string, unknown>, shape: BindingShape): number {
  const set = [shape.timeoutKey, ...(shape.timeoutAliases ?? [])]
    .map((k) => entry[k])
    .filter((t): t is number => typeof t === 'number' && Number.isFinite(t) && t > 0);
  return set.length > 0 ? Math.min(...set) : shape.defaultTimeoutS;
}

/** A hooks file as messages show it: relative to the project when inside it. */
function shownFile(dir: string, file: string): string {
  const rel = path.relative(dir, file);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
}

/** The Cursor events .cursor/hooks.json starts hookshim for on every call: bound with no narrowing matcher ([] when unreadable). */
export function everyCallEvents(
  dir: string,
  file = path.join(dir, HOOKS_JSON),
  shape: Pick<BindingShape, 'commandKeys' | 'nested'> = CURSOR_BINDING,
): string[] {
  const hooks = boundHooks(file);
  return Object.keys(hooks).filter((ev) => {
    const m = ourEntryOf(hooks, ev, shape)?.matcher;
    return ourEntryOf(hooks, ev, shape) !== undefined && (m === undefined || m === '' || m === '*');
  });
}

/** The events a hooks file starts hookshim for ([] when absent or unreadable). */
export function boundEventsOf(file: string, shape: Pick<BindingShape, 'commandKeys' | 'nested'>): string[] {
  const hooks = boundHooks(file);
  return Object.keys(hooks).filter((ev) => ourEntryOf(hooks, ev, shape) !== undefined);
}

/** The `hooks` object of a hooks file as the hook path reads it, each event's array on its own: {} when absent or not JSON. */
function boundHooks(file: string): Record<string, unknown> {
  const read = hooksText(file);
  const doc = 'text' in read ? parseJsonOr(read.text) : undefined;
  return isRecord(doc) && isRecord(doc.hooks) ? doc.hooks : {};
}

/** hookshim's entry for `event` (a command, under one of `keys`, that runs hookshim and names the event), if any. */
function ourEntryOf(
  hooks: Record<string, unknown>,
  event: string,
  shape: Pick<BindingShape, 'commandKeys' | 'nested'> = CURSOR_BINDING,
): Record<string, unknown> | undefined {
  const list = hooks[event];
  if (!Array.isArray(list)) return undefined;
  // In Claude's format (Codex) each group's handlers carry the command, and the group the matcher.
  const entries = shape.nested
    ? list.flatMap((g) =>
        isRecord(g) && Array.isArray(g.hooks)
          ? g.hooks.map((h) => (isRecord(h) ? { ...h, matcher: g.matcher } : h))
          : [],
      )
    : list;
  const ours = (c: unknown) => typeof c === 'string' && isOurCommand(c) && c.trim().split(/\s+/).includes(event);
  return entries.find((e): e is Record<string, unknown> => isRecord(e) && shape.commandKeys.some((k) => ours(e[k])));
}

/** Wrapper timeouts hookshim binds by default, seconds; raised when a catalog row needs more. */
export const DEFAULT_TIMEOUTS: Record<HandledEvent, number> = {
  preToolUse: 30,
  beforeReadFile: 30,
  beforeMCPExecution: 30,
  postToolUse: 30,
  postToolUseFailure: 30,
  stop: 60,
  subagentStart: 15,
  subagentStop: 60,
  beforeSubmitPrompt: 30,
  sessionStart: 30,
  sessionEnd: 15,
  preCompact: 15,
};
/**
 * The loop_limit init writes for stop and subagentStop unless .cursor/hookshim.json sets `loopLimit`: Claude Code's
 * own cap, 8 blocks in a row (docs/claude-hooks.md §3.1, §7), the loop the catalog was written for.
 */
export const LOOP_LIMIT = 8;

/** Events whose loop Cursor caps with loop_limit (docs/cursor-hooks.md §1). */
export const LOOPING: readonly HandledEvent[] = ['stop', 'subagentStop'];

/**
 * Cursor matchers init writes: beforeReadFile fires for agent reads (`Read`) and Tab reads (`TabRead`); the matcher
 * is an unanchored regex (docs/cursor-hooks.md §1, §11), so `Read` keeps both, and Cursor 3.15's `ReadFile`.
 */
export const CURSOR_MATCHERS: Partial<Record<HandledEvent, string>> = { beforeReadFile: 'Read' };
/** Longest wrapper timeout init will bind, seconds. */
export const MAX_TIMEOUT = 600;

export interface Entry {
  command: string;
  matcher?: string;
  timeout: number;
  /** Set on every entry, the same for every host (docs/hosts.md): true on permission events, false elsewhere. */
  failClosed: boolean;
  loop_limit?: number | null;
}

export interface BindingPlanOptions {
  /** `loopLimit` of .cursor/hookshim.json (null: no cap); default LOOP_LIMIT. */
  loopLimit?: number | null;
  /** Transcripts are kept (src/hook/jobs.ts keepsTranscripts): post-tool events record every result. init and check always say. */
  keepsTranscripts?: boolean;
  /** `promptContext` of .cursor/hookshim.json. */
  promptContext?: string | undefined;
  /**
   * false: write no Cursor matcher and bind the post-tool events as for every catalog (what rows need cannot be known
   * for every machine: a catalog failed to load, or a personal one is listed). Default true.
   */
  narrow?: boolean;
  /** The command of each entry; default boundCommand (a plugin's hooks file: src/project/plugin.ts pluginCommand). */
  command?: (event: HandledEvent) => string;
}

export interface BindingPlan {
  mode: Mode;
  events: HandledEvent[];
  entries: Partial<Record<HandledEvent, Entry>>;
  /** Catalog rows that can never run under Cursor, with the reason (`locator` names the catalog too: catalog/types.ts rowPlace). */
  never: { locator: string; reason: string }[];
  /** Claude events the catalog uses that Cursor carries only on some surfaces. */
  limits: { event: string; note: string }[];
}

/**
 * The command of an entry, the same in both modes and for every shell (docs/hosts.md, "One command for every shell"):
 * `node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs <event>` (./nodeFlags.ts). From `.cursor/` it names
 * the nested forwarder (src/project/launcher.ts); in package mode the file is a committed launcher that runs the
 * installed package's bundle.
 */
export function boundCommand(_mode: Mode, event: string): string {
  return `node ${NODE_FLAGS} ${VENDORED} ${event}`;
}

/** True when Cursor event `cursorEvent` runs rows of `claudeEvent` (adapters/eventMap.ts RUNS). */
export function runsOn(claudeEvent: string, cursorEvent: HandledEvent): boolean {
  return (RUNS[cursorEvent] as readonly string[]).includes(claudeEvent);
}

/**
 * Merge our entries into an existing .cursor/hooks.json document; foreign entries and keys stay as they are.
 * Our entry keeps the place of the one it replaces; stale ones (events the catalog no longer needs) go.
 * @example mergeHooksJson({ hooks: { stop: [{ command: 'say done' }] } }, plan) // say done stays first
 */
export function mergeHooksJson(
  existing: unknown,
  plan: Pick<BindingPlan, 'events' | 'entries'>,
): Record<string, unknown> {
  const doc: Record<string, unknown> = isRecord(existing) ? { ...existing } : {};
  const hooks: Record<string, unknown> = isRecord(doc.hooks) ? doc.hooks : {};
  const out: Record<string, unknown> = {};
  for (const ev of new Set<string>([...Object.keys(hooks), ...plan.events])) {
    const was = hooks[ev];
    if (was !== undefined && !Array.isArray(was)) {
      out[ev] = was;
      continue;
    }
    const list = (was as unknown[] | undefined) ?? [];
    const mine = plan.entries[ev as HandledEvent];
    const kept = list.filter((e) => !isOurs(e));
    const firstOurs = list.findIndex(isOurs);
    // Where our old entry sat among the foreign ones (end of list for a new event).
    const at = firstOurs === -1 ? kept.length : list.slice(0, firstOurs).filter((e) => !isOurs(e)).length;
    if (mine) kept.splice(at, 0, { ...mine });
    // An event that only ever held our entries disappears with them; one the user left empty stays.
    if (kept.length === 0 && list.length > 0) continue;
    out[ev] = kept;
  }
  // Keys keep their order; a missing version goes first, a missing hooks last.
  const result: Record<string, unknown> = 'version' in doc ? {} : { version: 1 };
  for (const [k, v] of Object.entries(doc)) result[k] = k === 'hooks' ? out : v;
  if (!('hooks' in result)) result.hooks = out;
  return result;
}
