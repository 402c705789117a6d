// Phase 1 and the facts of one event, computed once: the payload, the project, its binding and time budget, the
// session, the catalog and the config (docs/design.md §1).
import fs from 'node:fs';
import path from 'node:path';
import type { HandledEvent } from '../../adapters/eventMap.ts';
import { str, type Json } from '../../adapters/json.ts';
import type { EventAdapter, EventContext } from '../../adapters/types.ts';
import { mcpServersOf } from '../../catalog/mcp.ts';
import {
  hooksDisabledBy,
  httpSettings,
  rowSourceOf,
  type CatalogSource,
  type LoadedSource,
} from '../../catalog/sources.ts';
import { moduleRows, type CatalogRow, type HookSettings } from '../../catalog/types.ts';
import { everyCallEvents, readBinding, type Binding } from '../project/binding.ts';
import { budgetFor, type Budget } from '../project/budget.ts';
import type { HookshimConfig } from '../project/config.ts';
import { fnv, loadCatalogSet, loadConfigGuarded, type CatalogSet } from '../project/load.ts';
import { withManifests } from '../project/manifest.ts';
import {
  catalogSources,
  configFile,
  cursorMcpServers,
  payloadRoots,
  resolveProject,
  type ProjectRoot,
} from '../project/paths.ts';
import { PLUGIN_HOOKS } from '../project/plugin.ts';
import { areaPath, openState, type StateDir } from '../state/dir.ts';
import { beat } from './heartbeat.ts';
import { adapterOf, host, isPermission } from './host.ts';
import { createExclusive, safeHome } from '../state/fsx.ts';
import type { Log } from './log.ts';
import { catalogScope } from './scope.ts';
import { mark } from './spans.ts';
import { pipeSource, readAvailable, readStdin } from './stdin.ts';

/** The settings' restrictions on http rows, merged over the settings files that apply (docs/claude-hooks.md §9 `http`). */
export type HttpSettings = Pick<HookSettings, 'allowedHttpHookUrls' | 'httpHookAllowedEnvVars'>;

/** What the hook path is given by the process it runs in. */
export interface HookIO {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The payload stream (a getter in the entry points: process.stdin is created only when the fast read needs it). */
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** stdin's file descriptor, for readAvailable's fast path. */
  stdinFd?: number;
  /** Epoch ms when this process started (Cursor's timeout counts from the spawn). */
  startedAt: number;
  /** The hookshim bundle this process runs (the project it belongs to is a fallback for the project root). */
  bundle?: string;
}

/** Everything the later phases need about this event. */
export interface Setup {
  event: HandledEvent;
  adapter: EventAdapter;
  input: Json;
  dir: string;
  binding: Binding;
  budget: Budget;
  sessionId: string;
  /**
   * What the state records of this binding are keyed on: the session and the catalog's rows (catalogScope). Two
   * plugins and a project binding in one workspace never share a stash or a sentinel; two bindings of the same
   * catalog do, so its rows run once (docs/plugins.md §3).
   */
  scope: string;
  /** The private state directory; null when it cannot be used (hookshim runs degraded). */
  state: StateDir | null;
  /**
   * Every row of every catalog, in catalog order; each row knows its catalog (`row.source`). `modules`: one row per
   * hooks module of a plugin (hookshim cannot run them); `http`: the settings' restrictions on http rows.
   */
  catalog: {
    rows: readonly CatalogRow[];
    sources: CatalogSource[];
    modules: readonly CatalogRow[];
    http: HttpSettings;
  };
  /** The plugin folder of a plugin binding (src/project/plugin.ts); the project is still `dir`. */
  plugin?: string;
  config: HookshimConfig;
  /** Frozen at setup (docs/design.md §1: each fact once, nothing the adapters read is written later). */
  readonly ctx: EventContext;
  env: NodeJS.ProcessEnv;
  startedAt: number;
}

/** Where one event runs and how long it has: found once, before stdin is read, and never from the payload. */
export interface Located {
  readonly root: ProjectRoot;
  readonly binding: Binding;
  readonly budget: Budget;
}

/** The project (the hook path's policy unless `dir` is given: never the payload), its binding for `event`, the budget. */
export function locate(event: HandledEvent, io: HookIO, dir?: string, plugin?: string): Located {
  const root =
    dir !== undefined ? { dir, how: 'given', ...(plugin !== undefined ? { plugin } : {}) } : resolveProject(io);
  const { binding: shape, name } = host();
  const binding = readBinding(root.dir, event, hooksFileOf(root), shape, name);
  mark('project and binding');
  return Object.freeze({ root, binding, budget: budgetFor(binding.timeoutS, io.startedAt) });
}

/** Read the payload within the located event's budget. */
export async function readPayload(
  io: HookIO,
  at: Located,
  log: Log,
): Promise<{ input: Json } | { problem: string; tooLarge?: boolean }> {
  const fast = io.stdinFd !== undefined ? readAvailable(io.stdinFd) : undefined;
  // Windows' stdin pipe through libuv's handle; process.stdin (net and its streams) where that is not possible.
  const source = () =>
    (io.stdinFd !== undefined && !fast?.prefix.length ? pipeSource(io.stdinFd) : undefined) ?? io.stdin;
  const stdin = fast?.payload ?? (await readStdin(source(), at.budget.left(), fast?.prefix));
  // No payload at all: a problem the driver answers (a permission event denies, others fail open: docs/design.md §6).
  if (stdin.problem && Object.keys(stdin.input).length === 0)
    return { problem: stdin.problem, ...(stdin.tooLarge ? { tooLarge: true } : {}) };
  if (stdin.problem) log.warn(`${stdin.problem}; continuing with what arrived`);
  return { input: stdin.input };
}

/** The session a payload belongs to, by the host's rule (Cursor: its conversation id). */
export function sessionIdOf(input: Json): string {
  return host().sessionIdOf(input);
}

/** Why an event cannot run its catalog: fail open, unless a catalog or the config exists but is broken (`broken`: its file). */
export interface SetUpProblem {
  problem: string;
  broken?: string;
  /** What the broken file is: a catalog (the default) or hookshim's config. */
  brokenKind?: 'catalog' | 'config';
  dir?: string;
}

export interface SetUpOptions {
  /** The state directory to use instead of the user's (explain uses a throwaway one). */
  state?: StateDir | null;
}

/** The session, catalog and config of one located event; a problem means fail open. */
export async function setUp(
  event: HandledEvent,
  input: Json,
  io: HookIO,
  log: Log,
  at: Located,
  opts: SetUpOptions = {},
): Promise<Setup | SetUpProblem> {
  const { root, binding, budget } = at;
  const dir = root.dir;
  corroborate(input, root, log);
  log.debug(
    `${event}: project ${dir} (from ${root.how}); ${host().name} timeout ${binding.timeoutS}s (${binding.source}); ` +
      `deadline in ${budget.left()}ms`,
  );
  const sessionId = sessionIdOf(input);
  const state = opts.state !== undefined ? opts.state : openState(io.env, (m) => log.warn(m));
  mark('state dir opened');
  const { id, versionEnv } = host();
  if (state) beat(state, dir, root.plugin ?? '', event, versionEnv ? io.env[versionEnv] : undefined, id);
  mark('heartbeat');
  const config = await configFor(event, root, state, log);
  if ('problem' in config) return config;
  // A plugin's manifest may add catalogs (docs/claude-hooks.md §9, Other hook sources).
  const sources = withManifests(catalogSources(io.env, dir, config.catalogs, root.plugin));
  const set = await loadCatalogSet(sources, state, (m) => log.warn(m));
  mark('catalogs read');
  if (set.broken) return { problem: set.broken.error, dir, broken: set.broken.file };
  const first = set.missing[0];
  if (set.loaded.length === 0)
    return {
      problem: first?.error ?? 'no catalog to run: .cursor/hookshim.json lists none, or only personal ones absent here',
      dir,
    };
  sayCatalogProblems(set, log);
  const on = hooksSwitch(event, set.loaded, log);
  const rows = on ? set.rows : [];
  const modules = on ? set.loaded.flatMap((l) => moduleRows(l.catalog, rowSourceOf(l.source))) : [];
  warnStaleMatcher(event, binding, rows, state, log, root.plugin);
  // Frozen: the adapters read it, and nothing after setup writes it (what comes later is a LateFacts argument).
  const ctx: EventContext = Object.freeze({
    event,
    input,
    projectDir: dir,
    sessionId,
    loopLimit: binding.loopLimit,
    processEnv: io.env,
    mcpServers: mcpServersFor(input, dir, rows),
    promptContext: host().promptContext ?? config.promptContext ?? 'auto',
    ...(adapterOf(event).needs.everyCall ? { everyCall: everyCallEvents(dir, hooksFileOf(root), host().binding) } : {}),
  });
  let scope: string | undefined;
  return {
    event,
    adapter: adapterOf(event),
    input,
    dir,
    binding,
    budget,
    sessionId,
    // Computed when first read: only an event that uses the state dir needs it.
    get scope() {
      return (scope ??= catalogScope(rows, dir));
    },
    state,
    catalog: { rows, sources: set.loaded.map((l) => l.source), modules, http: httpSettings(set.loaded) },
    ...(root.plugin !== undefined ? { plugin: root.plugin } : {}),
    config,
    ctx,
    env: io.env,
    startedAt: io.startedAt,
  };
}

/**
 * The catalog gained a row for a tool this event's matcher skips (init ran before it): the host starts nothing for
 * those calls, so their guards never run. Said on every event until `hookshim init` (`init --plugin`) rewrites the
 * matcher. The host's table says how its matchers are tested (adapters/hosts/types.ts `matcher`).
 */
function warnStaleMatcher(
  event: HandledEvent,
  binding: Binding,
  rows: readonly CatalogRow[],
  state: StateDir | null,
  log: Log,
  plugin: string | undefined,
): void {
  const h = host();
  const kind = h.matcher?.events[event];
  if (binding.matcher === undefined || h.matcher === undefined || kind === undefined) return;
  // What the rows need at the least (post-tool events may need more: results, carried context); a post-tool event
  // also delivers its PreToolUse rows' warnings.
  const own: readonly string[] = h.runs[event] ?? [];
  const served = kind === 'tool' && !own.includes('PreToolUse') ? [...own, 'PreToolUse'] : own;
  const matchers = rows.filter((r) => served.includes(r.event)).map((r) => r.matcher);
  // A combination found fine once is not checked again (a marker in the state dir: planting one only hides this warning).
  const key = [h.id, event, binding.matcher, ...matchers.map(String)].join('\u0000');
  const fine = state ? areaPath(state, 'catalog', `${fnv(key)}.matchers-ok`) : null;
  if (fine && fs.existsSync(fine)) return;
  const missed = h.matcher.misses(event, binding.matcher, matchers);
  if (missed.length === 0) {
    if (fine) touch(fine);
    return;
  }
  // A plugin's binding is rewritten by `init --plugin` in the plugin's own folder (docs/plugins.md).
  const fix =
    plugin === undefined
      ? `run \`hookshim init\` and commit ${h.binding.file}`
      : `run \`hookshim init --plugin\` in ${plugin} and commit its ${PLUGIN_HOOKS}`;
  log.warn(
    `${binding.source}: its matcher skips ${missed.join(', ')}, which catalog rows now match, so ${h.name} ` +
      `starts no hookshim for those calls and their guards do not run; ${fix}`,
  );
}

/** Create an empty marker file of ours (never through a symlink); a failure only means the check runs again. */
function touch(file: string): void {
  try {
    createExclusive(file, '');
  } catch {
    /* checked again next time */
  }
}

/**
 * The config of one event. A plugin binding has none of the workspace's: its catalog and defaults are its own
 * (docs/plugins.md §3). A broken one with no good version denies permission events (docs/security.md guarantee 4).
 */
async function configFor(
  event: HandledEvent,
  root: ProjectRoot,
  state: StateDir | null,
  log: Log,
): Promise<HookshimConfig | SetUpProblem> {
  const dir = root.dir;
  const loaded =
    root.plugin === undefined ? await loadConfigGuarded(dir, state, (m) => log.warn(m), configOf(dir)) : undefined;
  mark('config read');
  if (loaded?.broken) {
    const { file, problem } = loaded.broken;
    if (isPermission(event)) return { problem: `${file}: ${problem}`, dir, broken: file, brokenKind: 'config' };
    log.warn(loaded.broken.warning);
  }
  return loaded?.config ?? {};
}

/** The config of this host's binding: .cursor/hookshim.json, else the host's own when it has one and that file exists. */
function configOf(dir: string): string {
  const shared = configFile(dir);
  const own = host().configFile;
  return own === undefined || fs.existsSync(shared) ? shared : path.join(dir, own);
}

/** The session key of this binding's mailbox records: the session, and the guards' identity (none in a bare test setup). */
export function mailboxKey(setup: Pick<Setup, 'sessionId' | 'scope'>): string {
  return setup.scope === '' ? setup.sessionId : `${setup.sessionId}\u0000${setup.scope}`;
}

/** The hooks file of the binding that started this process: a plugin's own, else the host's in the project. */
function hooksFileOf(root: ProjectRoot): string {
  return root.plugin !== undefined ? path.join(root.plugin, PLUGIN_HOOKS) : path.join(root.dir, host().binding.file);
}

/** Catalogs missing beside loaded ones, and the parser's warnings (naming the file relative to the project), once. */
function sayCatalogProblems(set: CatalogSet, log: Log): void {
  for (const m of set.missing)
    log.warn(`${m.error}; running the other catalogs (${set.loaded.map((l) => l.source.shown).join(', ')})`);
  for (const l of set.loaded)
    for (const w of l.catalog.warnings)
      log.warn(
        w.startsWith(l.source.file) ? `${l.source.shown}${w.slice(l.source.file.length)}` : `${l.source.shown}: ${w}`,
      );
}

/**
 * Whether the catalogs run: a settings file's `disableAllHooks: true` turns them all off, in Claude's order, loudly on
 * every event. The personal file (the agent can write it, and nobody reviews it) cannot turn guards off: on a
 * permission event its switch is refused (docs/security.md, `disableAllHooks`).
 */
function hooksSwitch(event: HandledEvent, loaded: readonly LoadedSource[], log: Log): boolean {
  const by = hooksDisabledBy(loaded);
  if (!by) return true;
  const where = `${by.source.shown} sets "disableAllHooks": true`;
  if (by.source.kind === 'personal' && isPermission(event)) {
    log.warn(
      `error: ${where}, but a personal settings file cannot turn guards off on ${event} (the agent can write ` +
        `it): the catalogs run; remove it, or set it in .claude/settings.json`,
    );
    return true;
  }
  log.warn(
    `${where}: no catalog hook runs on ${event} (Claude Code turns off settings and plugin hooks alike); remove it to run them`,
  );
  return false;
}

/**
 * The payload's roots only corroborate the project: say so when they do not include it (a multi-root workspace, a
 * stray payload), or when a plugin binding could not tell its workspace.
 */
function corroborate(input: Json, root: ProjectRoot, log: Log): void {
  if (root.unknown)
    log.warn(
      `the plugin ${root.plugin} was run from its own folder without CURSOR_PROJECT_DIR: the workspace is not ` +
        `known, so its rows get ${root.dir} as the project`,
    );
  const roots = payloadRoots(input);
  if (roots.length === 0 || roots.includes(root.dir)) return;
  log.warn(
    `the payload's workspace_roots (${roots.join(', ')}) do not include the project ${root.dir} (from ` +
      `${root.how}); running ${root.dir}'s catalog`,
  );
}

/** Servers an MCP call without its own may belong to: Cursor's configured ones first, then those the catalog names. */
function mcpServersFor(input: Json, dir: string, rows: readonly CatalogRow[]): string[] {
  const named = mcpServersOf(rows);
  const tool = str(input.tool_name) ?? '';
  if (!tool.startsWith('MCP:') || str(input.mcp_server_name)) return named;
  return [...new Set([...cursorMcpServers(dir, safeHome()), ...named])];
}
