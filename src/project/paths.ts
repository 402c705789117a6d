// Where the project is and where its files live (no parsing library here: the hook path loads zod only when a file
// must really be parsed, see src/project/load.ts).
import fs from 'node:fs';
import path from 'node:path';
import { str, type Json } from '../../adapters/json.ts';
import { DEFAULT_CATALOGS, sourceOf, type CatalogSource } from '../../catalog/sources.ts';

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

/** Project root: CURSOR_PROJECT_DIR, else workspace_roots[0], else cwd (the contract's order). */
export function projectDir(env: NodeJS.ProcessEnv, input: Json, cwd: string): string {
  if (env.CURSOR_PROJECT_DIR) return path.resolve(env.CURSOR_PROJECT_DIR);
  const roots = input.workspace_roots;
  if (Array.isArray(roots) && typeof roots[0] === 'string' && roots[0]) return path.resolve(fromUriPath(roots[0]));
  return cwd;
}

/** Windows roots can arrive URI-style, "/C:/Users/…" (docs/cursor-hooks.md §3). */
function fromUriPath(p: string): string {
  return /^\/[A-Za-z]:[\\/]/.test(p) ? p.slice(1) : p;
}

/**
 * The catalogs of the project: HOOKSHIM_CATALOG (a local override, one catalog), else `.cursor/hookshim.json`
 * `catalogs`, else the repository as a plugin, `hooks/hooks.json` (catalog/sources.ts).
 */
export function catalogSources(env: NodeJS.ProcessEnv, dir: string, listed: readonly string[] | undefined): CatalogSource[] {
  if (env.HOOKSHIM_CATALOG) return [sourceOf(env.HOOKSHIM_CATALOG, dir)];
  return (listed ?? DEFAULT_CATALOGS).map((entry) => sourceOf(entry, dir));
}

/** The repository `dir` is in: the nearest folder, itself or above, holding `.git` (a folder, or a file in a worktree). */
export function repositoryRoot(dir: string): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/** Cursor's transcript for this event: the payload's transcript_path, else CURSOR_TRANSCRIPT_PATH (docs/cursor-hooks.md §2). */
export function cursorTranscriptPath(input: Json, env: NodeJS.ProcessEnv): string | undefined {
  return str(input.transcript_path) ?? str(env.CURSOR_TRANSCRIPT_PATH);
}

/** The config file, .cursor/hookshim.json. */
export function configFile(dir: string): string {
  return path.join(dir, '.cursor', 'hookshim.json');
}

/** A catalog read problem as a message: missing, or unreadable and why. */
export function readProblem(file: string, err: unknown): string {
  return (err as NodeJS.ErrnoException).code === 'ENOENT' ? `no catalog at ${file}` : `cannot read ${file}: ${(err as Error).message}`;
}
