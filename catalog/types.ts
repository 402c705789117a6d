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
  /** `"bash"` when the handler asks for bash (docs/claude-hooks.md §1.2 `shell`); shell form otherwise runs under sh. */
  shell?: 'bash';
  /** Exec-form argument list: no shell. */
  args?: string[];
  /** Per-handler timeout, seconds. */
  timeout?: number;
  /** Permission-rule filter, e.g. `Bash(git push:*)`. */
  if?: string;
  /** Claude's background flag: decisions of such a handler have no effect. */
  async?: boolean;
  /** `onFailure: "block"`: a failure to start, a timeout or an unexpected exit blocks the event (docs/claude-hooks.md §1.2). */
  onFailure?: 'block';
  /** Handler fields hookshim does not act on (Claude's statusMessage, once, …, or fields Claude does not define either). */
  extra?: string[];
}

/** A parsed catalog: its rows plus everything worth telling the maintainer. */
export interface Catalog {
  description?: string;
  rows: CatalogRow[];
  /** Non-fatal problems found while loading (unknown events, bad fields, …). */
  warnings: string[];
}
