// Claude names for a Cursor MCP call (docs/claude-hooks.md §1.3 rule 7: mcp__<server>__<tool>; docs/cursor-hooks.md §4,
// §6: preToolUse sends MCP:<tool> without the server, beforeMCPExecution names it).
import { describe, expect, it } from 'vitest';
import { mcpCandidates, mcpServerOf, UNKNOWN_MCP_SERVER } from '../../adapters/mcp.ts';
import { compileMatcher } from '../../catalog/matcher.ts';

describe('mcpCandidates: server-qualified names first, so a row for every tool sees a server', () => {
  it.each([
    ['the named server only', 'create_issue', 'linear', ['github'], ['mcp__linear__create_issue']],
    ['a hyphenated server is folded', 'query', 'my-db', [], ['mcp__my_db__query']],
    ['already qualified', 'mcp__slack__post', undefined, ['github'], ['mcp__slack__post']],
    ['github-<id>', 'github-push_files', undefined, ['linear'], ['mcp__github__push_files']],
    [
      'server-tool split before known servers',
      'linear-create_issue',
      undefined,
      ['github'],
      ['mcp__linear__create_issue', 'mcp__github__linear-create_issue', 'mcp__linear_create_issue'],
    ],
    [
      'known servers in order, then a GitHub guess',
      'list_issues',
      undefined,
      ['linear', 'github'],
      ['mcp__linear__list_issues', 'mcp__github__list_issues', 'mcp__list_issues'],
    ],
    [
      'nothing known: the placeholder server',
      'write_file',
      undefined,
      [],
      [`mcp__${UNKNOWN_MCP_SERVER}__write_file`, 'mcp__write_file'],
    ],
  ] as const)('%s', (_n, rest, server, servers, want) => {
    expect(mcpCandidates(rest, server, servers)).toEqual(want);
  });

  it.each([
    ['mcp__.*__write.*', 'write_file', true],
    ['mcp__github__.*', 'write_file', false],
    ['*', 'list_issues', true],
  ])('a %s row finds a name it accepts for MCP:%s: %s', (matcher, tool, fires) => {
    const m = compileMatcher(matcher);
    expect(mcpCandidates(tool, undefined, []).some((n) => m.test(n))).toBe(fires);
  });

  it('the server of a name', () => {
    expect([mcpServerOf('mcp__github__x'), mcpServerOf('mcp__x'), mcpServerOf('Bash')]).toEqual([
      'github',
      undefined,
      undefined,
    ]);
  });
});
