// Where the project is and where its files live (no parsing library here: the hook path loads zod only when a file
// must really be parsed, see src/project/load.ts).
import fs from 'node:fs';
import path from 'node:path';
import { isRecord, type Json } from '../../adapters/json.ts';
import { parseJsonOr } from '../../catalog/json.ts';
import { DEFAULT_CATALOGS, sourceOf, type CatalogSource } from '../../catalog/sources.ts';
import { pluginProject, pluginRootOf } from './plugin.ts';

/** Read a regular file as UTF-8 without ever blocking: a FIFO or device at a config path is refused, not waited on. */
export function readRegularFile(file: string): string {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error(`EISDIR: ${file} is a directory`), { code: 'EISDIR' });
    if (!stat.isFile())
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
 * How a command finds the project. Each command names its policy (PROJECT_POLICIES); the hook path's, the default,
 * never lets the payload choose: a payload names roots, it does not choose the catalog (docs/security.md, guarantee 3).
 */
export interface ProjectPolicy {
  /** A directory the command was given (DIR, --dir), already resolved, and how messages name it: it decides. */
  given?: { dir: string; how: string };
  /** CURSOR_PROJECT_DIR decides next (Cursor sets it for every hook, docs/cursor-hooks.md §2). */
  env: boolean;
  /** The payload's workspace_roots[0] may decide next: never on the hook path; 'exists': only a root that exists here. */
  trustPayloadRoots: false | true | 'exists';
  /**
   * The hook path's fallbacks: the working directory when it holds a binding (Cursor runs project hooks from the
   * root), else the project of the running bundle (`<root>/.cursor/hooks/hookshim.cjs`: a host that runs hooks
   * from `.cursor/`).
   */
  bound: boolean;
  /**
   * The repository the start folder is in decides (every command but the hook path; init unless --here): Cursor loads
   * the binding from there.
   */
  gitRoot: boolean;
  /** How the last resort, the working directory (or the start folder), is named. */
  cwdHow: string;
}

/** The hook path's policy: CURSOR_PROJECT_DIR, the bound working directory, the bundle's project; never the payload. */
export const HOOK_PATH_POLICY: ProjectPolicy = {
  env: true,
  trustPayloadRoots: false,
  bound: true,
  gitRoot: false,
  cwdHow: 'the working directory',
};

/** Each command's policy, named; `given` is added by the caller when it has a DIR. */
export const PROJECT_POLICIES = {
  hook: HOOK_PATH_POLICY,
  /**
   * explain: the hook path's sources, then the payload's root, so a saved payload explains its own project; then the
   * repository the current directory is in, as for every command run from a subfolder.
   */
  explain: { env: true, trustPayloadRoots: true, bound: false, gitRoot: true, cwdHow: 'the current directory' },
  /** replay: a logged payload's root when it exists on this machine; the environment of the replaying shell is not the event's. */
  replay: { env: false, trustPayloadRoots: 'exists', bound: false, gitRoot: true, cwdHow: 'the current directory' },
  /** check and doctor: the DIR argument, else CURSOR_PROJECT_DIR, else the repository the current directory is in. */
  check: { env: true, trustPayloadRoots: false, bound: false, gitRoot: true, cwdHow: 'the current directory' },
  /** init: the repository the folder is in (or the folder itself with --here). */
  init: { env: false, trustPayloadRoots: false, bound: false, gitRoot: true, cwdHow: 'the folder given' },
} as const satisfies Record<string, ProjectPolicy>;

/** The project for one command under its policy (default: the hook path's), and how it was found. */
export function resolveProject(
  io: { env: NodeJS.ProcessEnv; cwd: string; bundle?: string | undefined; payload?: Json },
  policy: ProjectPolicy = HOOK_PATH_POLICY,
): ProjectRoot {
  const { env, cwd, bundle } = io;
  if (policy.given) return policy.given;
  // A plugin's bundle (`<plugin>/.cursor-plugin/hookshim.cjs`) finds its workspace as pluginProject does.
  const plugin = policy.bound ? pluginRootOf(bundle) : undefined;
  if (plugin) return { ...pluginProject(env, cwd, plugin), plugin };
  if (policy.env && env.CURSOR_PROJECT_DIR)
    return { dir: path.resolve(env.CURSOR_PROJECT_DIR), how: 'CURSOR_PROJECT_DIR' };
  if (policy.trustPayloadRoots && io.payload) {
    const root = payloadRoots(io.payload)[0];
    if (root && (policy.trustPayloadRoots === true || fs.existsSync(root)))
      return { dir: root, how: "the payload's workspace_roots[0]" };
  }
  if (policy.bound) {
    if (fs.existsSync(path.join(cwd, '.cursor', 'hooks.json'))) return { dir: cwd, how: 'the working directory' };
    const own = bundleProject(bundle);
    if (own) return { dir: own, how: `the bundle's own location (${bundle})` };
  }
  // Every command run from a subfolder acts on the repository it is in, as init binds it (docs/tooling.md, "The project").
  if (policy.gitRoot) {
    const repo = repositoryRoot(cwd);
    if (repo !== undefined && repo !== path.resolve(cwd))
      return { dir: repo, how: `the repository ${policy.cwdHow} is in` };
  }
  return { dir: cwd, how: policy.cwdHow };
}

/** Where a bound bundle sits in its project, per host (the project is the first group). */
const BUNDLE_PLACES =
  /^(.*)[\\/](?:\.cursor[\\/]hooks|\.github[\\/]hooks|\.codex[\\/]hooks|node_modules[\\/]hookshim[\\/]dist)[\\/]hookshim\.[cm]js$/;

/**
 * The project a hookshim bundle belongs to: `<root>/.cursor/hooks/hookshim.[cm]js` (Cursor),
 * `<root>/.github/hooks/hookshim.cjs` (Copilot), `<root>/.codex/hooks/hookshim.cjs` (Codex) or
 * `<root>/node_modules/hookshim/dist/hookshim.cjs`.
 */
export function bundleProject(bundle: string | undefined): string | undefined {
  if (!bundle) return undefined;
  const m = BUNDLE_PLACES.exec(path.resolve(bundle));
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
