// Where the project is and where its files live (no parsing library here: the hook path loads zod only when a file
// must really be parsed, see src/project/load.ts).
import fs from 'node:fs';
import path from 'node:path';
import { isRecord, str, type Json } from '../../adapters/json.ts';

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

/** The catalog file: HOOKSHIM_CATALOG, else <project>/hooks/hooks.json. */
export function catalogFile(env: NodeJS.ProcessEnv, dir: string): string {
  return env.HOOKSHIM_CATALOG ? path.resolve(dir, env.HOOKSHIM_CATALOG) : path.join(dir, 'hooks', 'hooks.json');
}

/** The folder that holds a catalog's `hooks/` folder: `${CLAUDE_PLUGIN_ROOT}` for its rows, exactly a Claude plugin's layout. */
export function catalogRoot(file: string): string {
  return path.dirname(path.dirname(file));
}

/** Cursor's transcript for this event: the payload's transcript_path, else CURSOR_TRANSCRIPT_PATH (docs/cursor-hooks.md §2). */
export function cursorTranscriptPath(input: Json, env: NodeJS.ProcessEnv): string | undefined {
  return str(input.transcript_path) ?? str(env.CURSOR_TRANSCRIPT_PATH);
}

/**
 * The MCP servers Cursor is configured with for this project: `mcpServers` of the project's .cursor/mcp.json, then of
 * ~/.cursor/mcp.json (https://cursor.com/docs/context/mcp). Unreadable files count as none.
 */
export function cursorMcpServers(dir: string, home: string | undefined): string[] {
  const out: string[] = [];
  for (const file of [path.join(dir, '.cursor', 'mcp.json'), ...(home ? [path.join(home, '.cursor', 'mcp.json')] : [])]) {
    try {
      const doc = JSON.parse(readRegularFile(file).replace(/^\uFEFF/, '')) as { mcpServers?: unknown };
      if (isRecord(doc?.mcpServers)) for (const name of Object.keys(doc.mcpServers)) if (!out.includes(name)) out.push(name);
    } catch {
      /* absent or not JSON: no servers from it */
    }
  }
  return out;
}

/** The config file, .cursor/hookshim.json. */
export function configFile(dir: string): string {
  return path.join(dir, '.cursor', 'hookshim.json');
}

/** A catalog read problem as a message: missing, or unreadable and why. */
export function readProblem(file: string, err: unknown): string {
  return (err as NodeJS.ErrnoException).code === 'ENOENT' ? `no catalog at ${file}` : `cannot read ${file}: ${(err as Error).message}`;
}
