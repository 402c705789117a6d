// Where a repository's Claude catalogs live, and how each is run (docs/claude-hooks.md §1.1, §1.5, §7): a plugin's
// `hooks/hooks.json` (the repository itself as a plugin, or a plugin vendored in a subfolder) with its own
// `${CLAUDE_PLUGIN_ROOT}`, and the hooks of `.claude/settings.json` / `.claude/settings.local.json`. Pure path logic.
import path from 'node:path';
import type { PlaceholderVars } from './command.ts';
import type { Catalog, CatalogKind, CatalogRow, HookSettings, RowSource } from './types.ts';

/** One catalog: the file hookshim reads and how its rows run. */
export interface CatalogSource {
  /** As written in `.cursor/hookshim.json` `catalogs` (or given to init, or in HOOKSHIM_CATALOG). */
  entry: string;
  /** The file to read, absolute. */
  file: string;
  kind: CatalogKind;
  /** `${CLAUDE_PLUGIN_ROOT}` of its rows, absolute (plugins only). */
  root?: string;
  /** How people see it: relative to the project root when inside it. */
  shown: string;
  /** The catalog is the `hooks` object inside `file` (a plugin manifest's inline hooks: src/project/manifest.ts). */
  inline?: true;
  /** A plugin with a manifest: the manifest's `name`, which its rows' messages give it (RowSource.plugin; src/project/manifest.ts). */
  plugin?: string;
}

/** What the hook path runs when `.cursor/hookshim.json` lists no catalogs: the repository as a plugin. */
export const DEFAULT_CATALOGS: readonly string[] = ['hooks/hooks.json'];

/** Where `hookshim init` looks, in this order (docs/claude-hooks.md §1.1). */
export const DISCOVERED_CATALOGS: readonly string[] = [
  'hooks/hooks.json',
  '.claude/settings.json',
  '.claude/settings.local.json',
];

/**
 * An entry as a catalog: a file named `settings*.json` (or any `.json` in a `.claude/` folder) is a settings file
 * (`settings.local.json`: personal); any other `.json` is a plugin-form catalog whose plugin folder holds its
 * `hooks/` folder; anything else is a plugin folder, whose catalog is `<folder>/hooks/hooks.json`.
 */
export function sourceOf(entry: string, dir: string): CatalogSource {
  const resolved = path.resolve(dir, entry);
  const base = path.basename(resolved);
  const shown = (file: string) => {
    const rel = path.relative(dir, file);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
  };
  if (
    base.endsWith('.json') &&
    (/^settings(\.[\w-]+)*\.json$/.test(base) || path.basename(path.dirname(resolved)) === '.claude')
  ) {
    return {
      entry,
      file: resolved,
      kind: base === 'settings.local.json' ? 'personal' : 'settings',
      shown: shown(resolved),
    };
  }
  if (base.endsWith('.json'))
    return {
      entry,
      file: resolved,
      kind: 'plugin',
      root: path.dirname(path.dirname(resolved)),
      shown: shown(resolved),
    };
  const file = path.join(resolved, 'hooks', 'hooks.json');
  return { entry, file, kind: 'plugin', root: resolved, shown: shown(file) };
}

/** What a row carries of its catalog. */
export function rowSourceOf(s: CatalogSource): RowSource {
  return {
    catalog: s.shown,
    kind: s.kind,
    ...(s.root !== undefined ? { root: s.root } : {}),
    ...(s.plugin !== undefined ? { plugin: s.plugin } : {}),
  };
}

/** "plugin, root plugins/hookify", "project settings", "personal settings". */
export function describeSource(s: Pick<CatalogSource, 'kind' | 'root'>, dir: string): string {
  if (s.kind === 'settings') return 'project settings: rows get $CLAUDE_PROJECT_DIR, no ${CLAUDE_PLUGIN_ROOT}';
  if (s.kind === 'personal') return 'personal settings: rows get $CLAUDE_PROJECT_DIR, no ${CLAUDE_PLUGIN_ROOT}';
  const rel = path.relative(dir, s.root ?? dir);
  return `plugin: \${CLAUDE_PLUGIN_ROOT} = ${rel === '' ? 'the project root' : rel.startsWith('..') ? s.root : rel}`;
}

/**
 * The placeholders of a row as Claude Code fills them (docs/claude-hooks.md §1.5): a plugin row's
 * `${CLAUDE_PLUGIN_ROOT}` is its plugin's folder (a row loaded without a catalog: the project root); a settings row has none.
 */
export function placeholderVars(row: Pick<CatalogRow, 'source'>, projectDir: string): PlaceholderVars {
  if (row.source && row.source.kind !== 'plugin') return { projectDir };
  return { pluginRoot: row.source?.root ?? projectDir, projectDir };
}

/** A loaded catalog with its source, as the switches below read them. */
export interface LoadedSource {
  catalog: Catalog;
  source: Pick<CatalogSource, 'kind' | 'shown'>;
}

/**
 * The settings file whose `disableAllHooks: true` turns the hooks off, in Claude's order (docs/claude-hooks.md §9,
 * Off switches): the personal file's value beats the project's; it covers the settings and plugin hooks alike.
 */
export function hooksDisabledBy(loaded: readonly LoadedSource[]): LoadedSource | undefined {
  for (const kind of ['personal', 'settings'] as const) {
    const decides = loaded.find((l) => l.source.kind === kind && l.catalog.settings?.disableAllHooks !== undefined);
    if (decides) return decides.catalog.settings?.disableAllHooks ? decides : undefined;
  }
  return undefined;
}

/** The http restrictions of every settings file that applies, merged (a list in any file restricts; lists add up). */
export function httpSettings(
  loaded: readonly LoadedSource[],
): Pick<HookSettings, 'allowedHttpHookUrls' | 'httpHookAllowedEnvVars'> {
  const out: Pick<HookSettings, 'allowedHttpHookUrls' | 'httpHookAllowedEnvVars'> = {};
  for (const l of loaded)
    for (const key of ['allowedHttpHookUrls', 'httpHookAllowedEnvVars'] as const) {
      const v = l.catalog.settings?.[key];
      if (v) out[key] = [...(out[key] ?? []), ...v];
    }
  return out;
}
