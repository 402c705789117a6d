import { describe, expect, it } from 'vitest';
import { mcpServersOf } from '../../catalog/mcp.ts';
import type { CatalogRow } from '../../catalog/types.ts';

const row = (matcher?: string, rule?: string): CatalogRow => ({
  event: 'PreToolUse',
  locator: 'x',
  type: 'command',
  command: 'true',
  ...(matcher ? { matcher } : {}),
  ...(rule ? { if: rule } : {}),
});

describe('MCP servers a catalog names (docs/claude-hooks.md §1.3 rule 7: mcp__<server>__<tool>)', () => {
  it.each([
    [[row('mcp__github__.*')], ['github']],
    [[row('mcp__github__merge_pull_request|mcp__linear__create_issue')], ['github', 'linear']],
    [[row('Bash'), row(undefined, 'mcp__memory__*')], ['memory']],
    [[row('mcp__memory')], []],
    [[row('mcp__github__x'), row('mcp__github__y')], ['github']],
  ])('%#', (rows, servers) => {
    expect(mcpServersOf(rows)).toEqual(servers);
  });
});
