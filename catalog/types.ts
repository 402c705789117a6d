// The Claude catalog model shared by catalog/, adapters/ and src/.

/** One handler of `hooks/hooks.json`, flattened with the event and matcher of its group. */
export interface CatalogRow {
  /** Claude event name exactly as written in the catalog, e.g. "PreToolUse". */
  event: string;
  /** Where the row sits in the file, for messages: `PreToolUse[0].hooks[1]`. */
  locator: string;
  /** The group's matcher as written (undefined when absent). */
  matcher?: string;
  /** Handler type as written: "command", "prompt", "agent", "http", "mcp_tool", … */
  type: string;
  /** Shell command (shell form) or executable (exec form with `args`). */
  command?: string;
  /**
   * `"bash"` or `"powershell"` when the handler asks for it (docs/claude-hooks.md §1.2 `shell`, §8); shell form otherwise
   * runs under sh (Git Bash on Windows).
   */
  shell?: 'bash' | 'powershell';
  /** Exec-form argument list: no shell. */
  args?: string[];
  /** Per-handler timeout, seconds. */
  timeout?: number;
  /** Permission-rule filter, e.g. `Bash(git push:*)`. */
  if?: string;
  /** Claude's background flag: decisions of such a handler have no effect. */
  async?: boolean;
  /** The catalog the row came from; set by whoever loaded it (the parsers leave it out). */
  source?: RowSource;
  /** `onFailure: "block"`: a failure to start, a timeout or an unexpected exit blocks the event (docs/claude-hooks.md §1.2). */
  onFailure?: 'block';
  /** `type: "http"`: the URL the input JSON is POSTed to (docs/claude-hooks.md §9). */
  url?: string;
  /** `type: "http"`: request headers as written; `$VAR`/`${VAR}` resolve only for names in `allowedEnvVars`. */
  headers?: Record<string, string>;
  /** `type: "http"`: the environment variables its headers may read. */
  allowedEnvVars?: string[];
  /** `type: "mod"` (hookshim's own, one per `modules` entry): the module path as written. */
  module?: string;
  /** Handler fields hookshim does not act on (Claude's statusMessage, once, …, or fields Claude does not define either). */
  extra?: string[];
}

/**
 * Where a row lives and how Claude Code runs it (docs/claude-hooks.md §1.1, §1.5): a plugin's rows get
 * `${CLAUDE_PLUGIN_ROOT}` = the plugin's folder; a settings file's rows (the project's, or a person's own) get none.
 */
export interface RowSource {
  /** The catalog file as shown to people: relative to the project root when inside it. */
  catalog: string;
  kind: CatalogKind;
  /** The plugin's folder, absolute (plugins only). */
  root?: string;
  /** The plugin's name, from its manifest (`.claude-plugin/plugin.json` `name`): how Claude Code names it (docs/claude-hooks.md §8). */
  plugin?: string;
}

/** `plugin`: a `hooks/hooks.json`; `settings`: a committed settings file; `personal`: `.claude/settings.local.json`. */
export type CatalogKind = 'plugin' | 'settings' | 'personal';

/** How messages name a row: `<catalog> <locator>` once it knows its catalog. */
export function rowPlace(row: Pick<CatalogRow, 'locator' | 'source'>): string {
  return row.source ? `${row.source.catalog} ${row.locator}` : row.locator;
}

/** A parsed catalog: its rows plus everything worth telling the maintainer. */
export interface Catalog {
  description?: string;
  rows: CatalogRow[];
  /** Non-fatal problems found while loading (unknown events, bad fields, …). */
  warnings: string[];
  /** A plugin's `"modules": [...]`: JS/TS hooks modules Claude runs in-process (docs/claude-hooks.md §9, Mods); hookshim cannot. */
  modules?: string[];
  /** The switches of a settings file that bear on hooks (docs/claude-hooks.md §9, Off switches and `http`). */
  settings?: HookSettings;
}

/** What a Claude settings file says about hooks, beside its `hooks` (docs/claude-hooks.md §9). */
export interface HookSettings {
  disableAllHooks?: boolean;
  /** URL patterns (`*` wildcards) http rows may target; an empty list allows none. */
  allowedHttpHookUrls?: string[];
  /** The only environment variables http rows' headers may read. */
  httpHookAllowedEnvVars?: string[];
}

/** A plain JSON object (not an array, not null). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One row per `modules` entry of a catalog (type "mod"): what names a mod in messages and selection. */
export function moduleRows(catalog: Pick<Catalog, 'modules'>, source?: RowSource): CatalogRow[] {
  return (catalog.modules ?? []).map((module, i) => ({
    event: '*',
    locator: `modules[${i}]`,
    type: 'mod',
    module,
    ...(source ? { source } : {}),
  }));
}
