// Phase 1 and the facts of one event, computed once: the payload, the project, its binding and time budget, the
// session, the catalog and the config (docs/design.md §1).
import path from 'node:path';
import { ADAPTERS } from '../../adapters/index.ts';
import type { HandledEvent } from '../../adapters/events.ts';
import { str, type Json } from '../../adapters/json.ts';
import type { EventAdapter, EventContext } from '../../adapters/types.ts';
import { mcpServersOf } from '../../catalog/mcp.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import { readBinding, type Binding } from '../project/binding.ts';
import { budgetFor, type Budget } from '../project/budget.ts';
import type { HookshimConfig } from '../project/config.ts';
import { loadCatalogCached, loadConfigLazy } from '../project/load.ts';
import { catalogFile, cursorMcpServers, projectDir } from '../project/paths.ts';
import { openState, type StateDir } from '../state/dir.ts';
import { safeHome } from '../state/fsx.ts';
import type { Log } from './log.ts';
import { readAvailable, readStdin } from './stdin.ts';

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
  /** The private state directory; null when it cannot be used (hookshim runs degraded). */
  state: StateDir | null;
  catalog: { rows: readonly CatalogRow[]; file: string; root: string };
  config: HookshimConfig;
  ctx: EventContext;
  env: NodeJS.ProcessEnv;
  startedAt: number;
}

/** Read the payload within the binding's deadline (the project from the environment until the payload is known). */
export async function readPayload(event: HandledEvent, io: HookIO, log: Log): Promise<{ input: Json; envDir: string; envBinding: Binding } | { problem: string }> {
  const envDir = projectDir(io.env, {}, io.cwd);
  const envBinding = readBinding(envDir, event);
  const budget = budgetFor(envBinding.timeoutS, io.startedAt);
  const fast = io.stdinFd !== undefined ? readAvailable(io.stdinFd) : undefined;
  const stdin = fast?.payload ?? (await readStdin(io.stdin, budget.deadline - Date.now(), fast?.prefix));
  // No payload at all: there is no event to guard, and hookshim fails open (docs/design.md §6).
  if (stdin.problem && Object.keys(stdin.input).length === 0) return { problem: stdin.problem };
  if (stdin.problem) log.warn(`${stdin.problem}; continuing with what arrived`);
  return { input: stdin.input, envDir, envBinding };
}

/** The session a payload belongs to: Cursor's conversation id (docs/cursor-hooks.md §3: session_id equals it). */
export function sessionIdOf(input: Json): string {
  return str(input.conversation_id) ?? str(input.session_id) ?? 'unknown-session';
}

export interface SetUpOptions {
  /** The project root, when the caller already knows it (`hookshim explain --dir`). */
  dir?: string;
  /** The state directory to use instead of the user's (explain uses a throwaway one). */
  state?: StateDir | null;
  /** The binding already read for the environment's project (readPayload's). */
  envBinding?: { dir: string; binding: Binding };
}

/** Resolve the project, binding, budget, session, catalog and config of one event; a problem means fail open. */
export async function setUp(event: HandledEvent, input: Json, io: HookIO, log: Log, opts: SetUpOptions = {}): Promise<Setup | { problem: string }> {
  const dir = opts.dir ?? projectDir(io.env, input, io.cwd);
  const binding = opts.envBinding?.dir === dir ? opts.envBinding.binding : readBinding(dir, event);
  const budget = budgetFor(binding.timeoutS, io.startedAt);
  log.debug(`${event}: project ${dir}; Cursor timeout ${binding.timeoutS}s (${binding.source}); deadline in ${budget.deadline - Date.now()}ms`);
  const sessionId = sessionIdOf(input);
  const state = opts.state !== undefined ? opts.state : openState(io.env, (m) => log.warn(m));
  const loaded = await loadCatalogCached(catalogFile(io.env, dir), state);
  if (!loaded.ok) return { problem: loaded.error };
  for (const w of loaded.catalog.warnings) log.warn(`${path.relative(dir, loaded.file)}: ${w}`);
  const config = await loadConfigLazy(dir, (m) => log.warn(m));
  const rows = loaded.catalog.rows;
  const ctx: EventContext = { event, input, projectDir: dir, sessionId, transcriptPath: '', loopLimit: binding.loopLimit, hostEnv: io.env, mcpServers: mcpServersFor(input, dir, rows), promptContext: config.promptContext ?? 'auto' };
  return { event, adapter: ADAPTERS[event], input, dir, binding, budget, sessionId, state, catalog: { rows, file: loaded.file, root: loaded.root }, config, ctx, env: io.env, startedAt: io.startedAt };
}

/** Servers an MCP call without its own may belong to: Cursor's configured ones first, then those the catalog names. */
function mcpServersFor(input: Json, dir: string, rows: readonly CatalogRow[]): string[] {
  const named = mcpServersOf(rows);
  const tool = str(input.tool_name) ?? '';
  if (!tool.startsWith('MCP:') || str(input.mcp_server_name)) return named;
  return [...new Set([...cursorMcpServers(dir, safeHome()), ...named])];
}
