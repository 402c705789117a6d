// Where the project is, where its catalog and config live, and its Cursor binding (no parsing library here:
// the hook path loads zod only when a file must really be parsed, see src/project/load.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Json } from '../../adapters/types.ts';

/** Read a regular file as UTF-8 without ever blocking: a FIFO or device at a config path is refused, not waited on. */
export function readRegularFile(file: string): string {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) throw Object.assign(new Error(`EISDIR: ${file} is a directory`), { code: 'EISDIR' });
    if (!st.isFile()) throw Object.assign(new Error(`not a regular file: ${file} (a FIFO or device is never read)`), { code: 'ENOTREG' });
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** Cursor's default hook timeout when an entry sets none: 60 s in a Hooks-channel log (cursor-hooks.md §1, UNCONFIRMED). */
export const CURSOR_DEFAULT_TIMEOUT_S = 60;
/** Cursor's default loop_limit for its own hooks (cursor-hooks.md §1). */
export const CURSOR_DEFAULT_LOOP_LIMIT = 5;

/** Project root: CURSOR_PROJECT_DIR, else workspace_roots[0], else cwd (the contract's order). */
export function projectDir(env: NodeJS.ProcessEnv, input: Json, cwd: string): string {
  if (env.CURSOR_PROJECT_DIR) return path.resolve(env.CURSOR_PROJECT_DIR);
  const roots = input.workspace_roots;
  if (Array.isArray(roots) && typeof roots[0] === 'string' && roots[0]) return path.resolve(fromUriPath(roots[0]));
  return cwd;
}

/** Windows roots can arrive URI-style, "/C:/Users/…" (cursor-hooks.md §3). */
function fromUriPath(p: string): string {
  return /^\/[A-Za-z]:[\\/]/.test(p) ? p.slice(1) : p;
}

/** The catalog file: HOOKSHIM_CATALOG, else <project>/hooks/hooks.json. */
export function catalogFile(env: NodeJS.ProcessEnv, dir: string): string {
  return env.HOOKSHIM_CATALOG ? path.resolve(dir, env.HOOKSHIM_CATALOG) : path.join(dir, 'hooks', 'hooks.json');
}

/** What .cursor/hooks.json configures for hookshim's entry of one event. */
export interface Binding {
  /** Cursor's timeout for this entry, seconds. */
  timeoutS: number;
  /** loop_limit (stop, subagentStop); null = unlimited. */
  loopLimit: number | null;
  /** Where the numbers came from, for messages. */
  source: string;
}

/** hookshim's own entries in .cursor/hooks.json: a command that runs hookshim.cjs (hookshim.mjs before), or the `hookshim` bin as its command word. */
export function isOurCommand(command: string): boolean {
  return /(^|[\s/\\"'])hookshim\.[cm]js(["']?)(\s|$)/.test(command) || /^\s*(?:(?:npx|pnpm exec|yarn|bunx)(?:\s+--?[\w-]+)*\s+)?hookshim(@[\w.-]+)?(\s|$)/.test(command);
}

/** Read hookshim's entry for `event` from .cursor/hooks.json: the one source of truth for its timeout. */
export function readBinding(dir: string, event: string): Binding {
  const file = path.join(dir, '.cursor', 'hooks.json');
  const fallback: Binding = { timeoutS: CURSOR_DEFAULT_TIMEOUT_S, loopLimit: CURSOR_DEFAULT_LOOP_LIMIT, source: 'Cursor defaults' };
  let doc: unknown;
  try {
    doc = JSON.parse(readRegularFile(file).replace(/^\uFEFF/, ''));
  } catch {
    return fallback;
  }
  const entries = (doc as { hooks?: Record<string, unknown> } | null)?.hooks?.[event];
  if (!Array.isArray(entries)) return fallback;
  const mine = entries.find((e) => typeof e?.command === 'string' && isOurCommand(e.command) && e.command.trim().split(/\s+/).includes(event));
  if (!mine) return fallback;
  const t = mine.timeout;
  const ll = mine.loop_limit;
  return {
    timeoutS: typeof t === 'number' && t > 0 ? t : CURSOR_DEFAULT_TIMEOUT_S,
    loopLimit: ll === null ? null : typeof ll === 'number' && ll >= 0 ? ll : CURSOR_DEFAULT_LOOP_LIMIT,
    source: `${path.relative(dir, file)} ${event}`,
  };
}

/** The config file, .cursor/hookshim.json. */
export function configFile(dir: string): string {
  return path.join(dir, '.cursor', 'hookshim.json');
}

/** A catalog read problem as a message: missing, or unreadable and why. */
export function readProblem(file: string, err: unknown): string {
  return (err as NodeJS.ErrnoException).code === 'ENOENT' ? `no catalog at ${file}` : `cannot read ${file}: ${(err as Error).message}`;
}
