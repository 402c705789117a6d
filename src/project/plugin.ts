// A Claude plugin bound as a Cursor plugin (docs/plugins.md): where its Cursor files live, the command its hooks file
// runs, and the plugin folder a running bundle belongs to. The two roots stay apart: the catalog and
// ${CLAUDE_PLUGIN_ROOT} come from the plugin folder, the project is the user's workspace (src/project/paths.ts).
import fs from 'node:fs';
import path from 'node:path';
import { NODE_FLAGS } from './nodeFlags.ts';

/** Cursor's plugin manifest, relative to the plugin folder (docs/plugins.md §1). */
export const PLUGIN_MANIFEST = '.cursor-plugin/plugin.json';
/** The Cursor hooks file the manifest names, relative to the plugin folder. */
export const PLUGIN_HOOKS = '.cursor-plugin/hooks.json';
/** Where init --plugin vendors the bundle, relative to the plugin folder. */
export const PLUGIN_BUNDLE = '.cursor-plugin/hookshim.cjs';
/** The Claude plugin manifest and marketplace, relative to their folders. */
export const CLAUDE_MANIFEST = '.claude-plugin/plugin.json';
export const CLAUDE_MARKETPLACE = '.claude-plugin/marketplace.json';
/** The Cursor marketplace init --plugin writes beside the Claude one. */
export const CURSOR_MARKETPLACE = '.cursor-plugin/marketplace.json';

/**
 * The command of a plugin hooks entry: shell-neutral (no `$`, quotes, `&`, `|`, `;`, `<`, `>`, `(`, `)`, `%`, `!`:
 * PowerShell runs it on Windows, docs/hosts.md) and plugin-relative, the form Cursor resolves from the plugin folder
 * (docs/plugins.md §2).
 */
export function pluginCommand(event: string): string {
  return `node ${NODE_FLAGS} ./${PLUGIN_BUNDLE} ${event}`;
}

/** The plugin folder of a bundle vendored by init --plugin (`<plugin>/.cursor-plugin/hookshim.cjs`), else undefined. */
export function pluginRootOf(bundle: string | undefined): string | undefined {
  if (!bundle) return undefined;
  const m = /^(.*)[\\/]\.cursor-plugin[\\/]hookshim\.cjs$/.exec(path.resolve(bundle));
  return m?.[1] || undefined;
}

/**
 * The workspace of a plugin hook: CURSOR_PROJECT_DIR (Cursor sets it for every hook, docs/cursor-hooks.md §2); else
 * the working directory unless it is the plugin folder (Cursor ran the command from there). Never a payload field
 * (docs/security.md, guarantee 3); `unknown` when only the plugin folder is known.
 */
export function pluginProject(
  env: NodeJS.ProcessEnv,
  cwd: string,
  plugin: string,
): { dir: string; how: string; unknown?: true } {
  if (env.CURSOR_PROJECT_DIR) return { dir: path.resolve(env.CURSOR_PROJECT_DIR), how: 'CURSOR_PROJECT_DIR' };
  const rel = path.relative(plugin, path.resolve(cwd));
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { dir: path.resolve(cwd), how: 'the working directory' };
  return {
    dir: path.resolve(cwd),
    how: 'the working directory (the plugin folder: no workspace known)',
    unknown: true,
  };
}

/** One plugin of a repository: its folder and, when a marketplace lists it, the source written there. */
export interface PluginPlace {
  root: string;
  /** The marketplace entry's `source`, as written; undefined for a plugin at the root with no marketplace. */
  source?: string;
}

/** A repository's plugins: the marketplace's local `source` folders (a `.claude-plugin/marketplace.json`), else the root. */
export function findPlugins(dir: string): { plugins: PluginPlace[]; marketplace?: Record<string, unknown> } {
  const market = readJson(path.join(dir, CLAUDE_MARKETPLACE));
  const listed = market && Array.isArray(market.plugins) ? (market.plugins as unknown[]) : undefined;
  if (!market || !listed) return { plugins: fs.existsSync(path.join(dir, CLAUDE_MANIFEST)) ? [{ root: dir }] : [] };
  const plugins: PluginPlace[] = [];
  for (const p of listed) {
    const src = (p as { source?: unknown } | null)?.source;
    // A git or GitHub source is another repository: it is bound there.
    if (typeof src !== 'string') continue;
    const root = path.resolve(dir, src);
    if (!root.startsWith(path.resolve(dir))) continue;
    plugins.push({ root, source: src });
  }
  return { plugins, marketplace: market };
}

/** A JSON object file, or undefined when absent or not an object (init reports unreadable manifests itself). */
export function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
