// Where the project is and where its files live (no parsing library here: the hook path loads zod only when a file
// must really be parsed, see src/project/load.ts).
import fs from 'node:fs';
import path from 'node:path';
import { isRecord, str, type Json } from '../../adapters/json.ts';
import { parseJsonOr } from '../../catalog/json.ts';
import { DEFAULT_CATALOGS, sourceOf, type CatalogSource } from '../../catalog/sources.ts';
import { pluginProject, pluginRootOf } from './plugin.ts';

/** Read a regular file as UTF-8 without ever blocking: a FIFO or device at a config path is refused, not waited on. */
export function readRegularFile(file: string): string {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) throw Object.assign(new Error(`EISDIR: ${file} is a directory`), { code: 'EISDIR' });
    if (!st.isFile())
      throw Object.assign(new Error(`not a regular file: ${file} (a FIFO or device is never read)`), {
        code: 'ENOTREG',
      });
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** How the project root was found, for messages. */
export interface ProjectRoot {
  dir: string;
  how: string;
  /** The plugin folder, when a plugin binding started this process (src/project/plugin.ts): catalog and ${CLAUDE_PLUGIN_ROOT}. */
  plugin?: string;
  /** A plugin run from its own folder with no CURSOR_PROJECT_DIR: the workspace is not known. */
  unknown?: true;
}

/**
 * The project: where Cursor ran the bound command, never a payload field (a payload names roots, it does not choose
 * the catalog). CURSOR_PROJECT_DIR (Cursor sets it for every hook, docs/cursor-hooks.md §2); else the working
 * directory when it holds a binding (Cursor runs project hooks from the root); else the project of the bundle that
 * is running (`<root>/.cursor/hooks/hookshim.cjs`: a host that runs hooks from `.cursor/`); else the working directory.
 * A plugin's bundle (`<plugin>/.cursor-plugin/hookshim.cjs`) finds the workspace as pluginProject does.
 */
export function projectRoot(env: NodeJS.ProcessEnv, cwd: string, bundle?: string): ProjectRoot {
  const plugin = pluginRootOf(bundle);
  if (plugin) return { ...pluginProject(env, cwd, plugin), plugin };
  if (env.CURSOR_PROJECT_DIR) return { dir: path.resolve(env.CURSOR_PROJECT_DIR), how: 'CURSOR_PROJECT_DIR' };
  if (fs.existsSync(path.join(cwd, '.cursor', 'hooks.json'))) return { dir: cwd, how: 'the working directory' };
  const own = bundleProject(bundle);
  if (own) return { dir: own, how: `the bundle's own location (${bundle})` };
  return { dir: cwd, how: 'the working directory' };
}

/** The project a hookshim bundle belongs to: `<root>/.cursor/hooks/hookshim.[cm]js` or `<root>/node_modules/hookshim/dist/hookshim.cjs`. */
export function bundleProject(bundle: string | undefined): string | undefined {
  if (!bundle) return undefined;
  const m = /^(.*)[\\/](?:\.cursor[\\/]hooks|node_modules[\\/]hookshim[\\/]dist)[\\/]hookshim\.[cm]js$/.exec(
    path.resolve(bundle),
  );
  return m?.[1] || undefined;
}

/** The payload's workspace roots as paths (Windows roots can arrive URI-style, "/C:/Users/…", docs/cursor-hooks.md §3). */
export function payloadRoots(input: Json): string[] {
  const roots = input.workspace_roots;
  if (!Array.isArray(roots)) return [];
  return roots
    .filter((r): r is string => typeof r === 'string' && r !== '')
    .map((r) => path.resolve(/^\/[A-Za-z]:[\\/]/.test(r) ? r.slice(1) : r));
}

/**
 * The catalogs of the project: HOOKSHIM_CATALOG (a local override, one catalog), else `.cursor/hookshim.json`
 * `catalogs`, else the repository as a plugin, `hooks/hooks.json` (catalog/sources.ts); a plugin binding: its plugin.
 */
export function catalogSources(
  env: NodeJS.ProcessEnv,
  dir: string,
  listed: readonly string[] | undefined,
  plugin?: string,
): CatalogSource[] {
  // A plugin binding runs its own plugin's catalog, whatever the workspace lists (docs/plugins.md §3).
  if (plugin !== undefined) return [sourceOf(plugin, dir)];
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

/**
 * The MCP servers Cursor is configured with for this project: `mcpServers` of the project's .cursor/mcp.json, then of
 * ~/.cursor/mcp.json (https://cursor.com/docs/context/mcp). Unreadable files count as none.
 */
export function cursorMcpServers(dir: string, home: string | undefined): string[] {
  const out: string[] = [];
  for (const file of [
    path.join(dir, '.cursor', 'mcp.json'),
    ...(home ? [path.join(home, '.cursor', 'mcp.json')] : []),
  ]) {
    try {
      const doc = parseJsonOr(readRegularFile(file));
      if (isRecord(doc) && isRecord(doc.mcpServers))
        for (const name of Object.keys(doc.mcpServers)) if (!out.includes(name)) out.push(name);
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
  return (err as NodeJS.ErrnoException).code === 'ENOENT'
    ? `no catalog at ${file}`
    : `cannot read ${file}: ${(err as Error).message}`;
}
