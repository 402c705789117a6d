// The MCP servers a catalog names: an unqualified Cursor `MCP:<tool>` is offered to each as `mcp__<server>__<tool>`.
import type { CatalogRow } from './types.ts';

/** Servers named in matchers and `if` rules (`mcp__<server>__…`, docs/claude-hooks.md §1.3 rule 7), in first-seen order. */
export function mcpServersOf(rows: readonly CatalogRow[]): string[] {
  const out: string[] = [];
  for (const row of rows) {
    for (const text of [row.matcher, row.if]) {
      if (!text) continue;
      for (const m of text.matchAll(/mcp__([A-Za-z0-9-]+?)__/g)) {
        const server = m[1] as string;
        if (!out.includes(server)) out.push(server);
      }
    }
  }
  return out;
}
