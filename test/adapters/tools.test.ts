import { describe, expect, it } from 'vitest';
import {
  CURSOR_TO_CLAUDE,
  claudeToolCandidates,
  inferCursorToolName,
  parseToolInput,
  toClaudeToolInput,
  toClaudeToolUse,
  toCursorToolInput,
  toolKey,
} from '../../adapters/tools.ts';

const P = '/repo';

describe('claudeToolCandidates — docs/peers.md §1.13 units, docs/design.md §4', () => {
  it.each([
    ['Shell', {}, undefined, ['Bash', 'Shell']],
    ['Task', {}, undefined, ['Agent', 'Task']],
    ['Task', { subagent_type: 'generalPurpose' }, undefined, ['Agent', 'Task']],
    // An `Agent` matcher fires for every subagent type, Explore and Plan included (docs/claude-hooks.md §7).
    ['Task', { subagent_type: 'explore' }, undefined, ['Agent', 'Task']],
    ['Task', { subagent_type: 'Plan' }, undefined, ['Agent', 'Task']],
    ['Task', {}, { subagent_type: 'SHELL' }, ['Agent', 'Task']],
    ['Subagent', { subagent_type: 'explore' }, undefined, ['Agent', 'Task', 'Subagent']],
    ['StrReplace', {}, undefined, ['Edit', 'StrReplace']],
    ['EditNotebook', {}, undefined, ['NotebookEdit', 'EditNotebook']],
    ['Read', {}, undefined, ['Read']],
    ['ReadFile', {}, undefined, ['Read', 'ReadFile']],
    ['Write', {}, undefined, ['Write']],
    ['Grep', {}, undefined, ['Grep']],
    ['Glob', {}, undefined, ['Glob']],
    ['WebFetch', {}, undefined, ['WebFetch']],
    ['WebSearch', {}, undefined, ['WebSearch']],
    ['TodoWrite', {}, undefined, ['TodoWrite']],
    ['Delete', {}, undefined, ['Delete']],
    ['ApplyPatch', {}, undefined, ['ApplyPatch']],
    ['run_terminal_cmd', {}, undefined, ['Bash', 'run_terminal_cmd']],
    ['SomethingNew', {}, undefined, ['SomethingNew']],
    [
      'MCP:github-merge_pull_request',
      {},
      undefined,
      ['mcp__github__merge_pull_request', 'MCP:github-merge_pull_request'],
    ],
    [
      'MCP:merge_pull_request',
      {},
      undefined,
      ['mcp__github__merge_pull_request', 'mcp__merge_pull_request', 'MCP:merge_pull_request'],
    ],
    [
      'MCP:linear-create_issue',
      {},
      undefined,
      ['mcp__linear__create_issue', 'mcp__linear_create_issue', 'MCP:linear-create_issue'],
    ],
    ['MCP:mcp__slack__post', {}, undefined, ['mcp__slack__post', 'MCP:mcp__slack__post']],
    ['MCP:search', {}, undefined, ['mcp__unknown__search', 'mcp__search', 'MCP:search']],
  ] as const)('%s %j %j → %j', (name, input, payload, expected) => {
    expect(claudeToolCandidates(name, input, payload)).toEqual(expected);
  });

  it('every row of the table either maps to Claude names or is null', () => {
    for (const row of Object.values(CURSOR_TO_CLAUDE)) expect(row === null || row.length > 0).toBe(true);
  });
});

describe('inferCursorToolName — docs/cursor-hooks.md §6 "Other quirks" (no tool_name on Windows)', () => {
  it.each([
    [{ file_path: '/a', content: 'x' }, 'Write'],
    [{ path: '/a', contents: 'x' }, 'Write'],
    [{ path: '/a', old_string: 'a', new_string: 'b' }, 'StrReplace'],
    [{ file_path: '/a', old_string: 'a', new_string: 'b' }, 'StrReplace'],
    ['*** Begin Patch\n*** Update File: a\n', 'ApplyPatch'],
    [{ patch: '*** Begin Patch' }, 'ApplyPatch'],
    [{ command: 'ls', cwd: '' }, 'Shell'],
    [{ glob_pattern: '*.ts' }, 'Glob'],
    [{ subagent_type: 'explore', prompt: 'x' }, 'Task'],
    [{ file_path: '/a' }, undefined],
    [{ path: '/a' }, undefined],
    [{}, undefined],
    [null, undefined],
  ])('%j → %s', (input, expected) => {
    expect(inferCursorToolName(input)).toBe(expected);
  });
});

describe('parseToolInput — docs/cursor-hooks.md §6 (string tool_input on some paths)', () => {
  it.each([
    [{ command: 'ls' }, { command: 'ls' }, false],
    ['{"command":"ls"}', { command: 'ls' }, false],
    ['not json', {}, true],
    ['[1,2]', {}, true],
    ['"str"', {}, true],
    [[1], {}, true],
    [null, {}, true],
    [undefined, {}, true],
    [42, {}, true],
  ])('%j → %j (problem: %s)', (raw, input, problem) => {
    const r = parseToolInput(raw);
    expect(r.input).toEqual(input);
    expect(r.problem !== undefined).toBe(problem);
  });
});

describe('toClaudeToolInput — docs/cursor-hooks.md §6 captured shapes → docs/claude-hooks.md §5.2', () => {
  it.each([
    ['Bash', { command: 'npm test', cwd: '', timeout: 30000 }, { command: 'npm test', timeout: 30000 }],
    ['Bash', { command: 'npm test', cwd: '/w', timeout: 30000 }, { command: 'npm test', timeout: 30000, cwd: '/w' }],
    [
      'Bash',
      { command: 'ls', description: 'List', working_directory: '/w', block_until_ms: 5 },
      { command: 'ls', description: 'List', working_directory: '/w', block_until_ms: 5 },
    ],
    [
      'Bash',
      { command: 'ls', explanation: 'why', is_background: true },
      { command: 'ls', description: 'why', run_in_background: true },
    ],
    ['Read', { file_path: '/repo/a.ts' }, { file_path: '/repo/a.ts' }],
    ['Read', { path: 'src/a.ts', offset: 3 }, { file_path: '/repo/src/a.ts', offset: 3 }],
    ['Write', { path: '/repo/x', contents: 'hi' }, { file_path: '/repo/x', content: 'hi' }],
    ['Write', { file_path: 'x', content: 'hi' }, { file_path: '/repo/x', content: 'hi' }],
    [
      'Edit',
      { path: '/r/p.txt', old_string: 'A', new_string: 'B' },
      { file_path: '/r/p.txt', old_string: 'A', new_string: 'B' },
    ],
    [
      'Edit',
      { file_path: 'C:\\w\\p.txt', old_string: 'A', new_string: 'B', replace_all: true },
      { file_path: 'C:\\w\\p.txt', old_string: 'A', new_string: 'B', replace_all: true },
    ],
    ['Glob', { glob_pattern: '**/*.ts', target_directory: 'src' }, { pattern: '**/*.ts', path: '/repo/src' }],
    ['Grep', { pattern: 'TODO', path: '/repo', '-i': true }, { pattern: 'TODO', path: '/repo', '-i': true }],
    [
      'NotebookEdit',
      { target_notebook: 'n.ipynb', new_string: 'print(1)', cell_id: 'c1' },
      { notebook_path: '/repo/n.ipynb', new_source: 'print(1)', cell_id: 'c1' },
    ],
    [
      'Agent',
      { subagent_type: 'generalPurpose', description: 'd', prompt: 'p', model: 'x' },
      { description: 'd', prompt: 'p', subagent_type: 'general-purpose', model: 'x' },
    ],
    ['WebSearch', { search_term: 'zod' }, { query: 'zod' }],
    ['mcp__github__merge_pull_request', { pull_number: 3, path: 'x' }, { pull_number: 3, path: 'x' }],
    ['Unknown', { a: 1 }, { a: 1 }],
  ])('%s %j → %j', (name, input, expected) => {
    expect(toClaudeToolInput(name, input, P)).toEqual(expected);
  });

  it('puts Claude keys first', () => {
    expect(Object.keys(toClaudeToolInput('Bash', { cwd: '/w', timeout: 1, command: 'x' }))).toEqual([
      'command',
      'timeout',
      'cwd',
    ]);
  });

  it('leaves relative paths alone without a project dir', () => {
    expect(toClaudeToolInput('Read', { path: 'a.ts' })).toEqual({ file_path: 'a.ts' });
  });
});

describe('toCursorToolInput — updatedInput back into the spelling Cursor used (docs/design.md §4)', () => {
  it.each([
    [
      'Shell',
      { command: 'rm -rf /', cwd: '', timeout: 30000 },
      { command: 'echo no', timeout: 30000, cwd: '' },
      { command: 'echo no', timeout: 30000, cwd: '' },
    ],
    ['Shell', { command: 'ls', cwd: '/w', timeout: 30000 }, { command: 'ls -la' }, { command: 'ls -la', cwd: '/w' }],
    ['Read', { path: '/a' }, { file_path: '/b' }, { path: '/b' }],
    ['Read', { file_path: '/a' }, { file_path: '/b', limit: 10 }, { file_path: '/b', limit: 10 }],
    ['Read', { path: 'a.ts' }, { file_path: '/repo/a.ts', limit: 5 }, { path: 'a.ts', limit: 5 }],
    ['Read', { path: 'a.ts' }, { file_path: '/elsewhere/a.ts' }, { path: '/elsewhere/a.ts' }],
    ['Write', { path: '/x', contents: 'a' }, { file_path: '/x', content: 'b' }, { path: '/x', contents: 'b' }],
    [
      'StrReplace',
      { path: '/x', old_string: 'a', new_string: 'b' },
      { file_path: '/x', old_string: 'a', new_string: 'c' },
      { path: '/x', old_string: 'a', new_string: 'c' },
    ],
    [
      'Glob',
      { glob_pattern: '*', target_directory: '/d' },
      { pattern: '*.ts', path: '/d' },
      { glob_pattern: '*.ts', target_directory: '/d' },
    ],
    ['MCP:github-merge_pull_request', { pull_number: 1 }, { pull_number: 2 }, { pull_number: 2 }],
  ])('%s %j ← %j = %j', (cursorName, original, updated, expected) => {
    expect(toCursorToolInput(cursorName, original, updated, P)).toEqual(expected);
  });
});

describe('toClaudeToolUse — transcript tool_use blocks (docs/cursor-hooks.md §6 transcript column, §7)', () => {
  it.each([
    [
      'Shell',
      { command: 'npm test', description: 'Run' },
      { name: 'Bash', input: { command: 'npm test', description: 'Run' } },
    ],
    [
      'StrReplace',
      { path: 'one/p.txt', old_string: 'H', new_string: 'W' },
      { name: 'Edit', input: { file_path: '/repo/one/p.txt', old_string: 'H', new_string: 'W' } },
    ],
    [
      'Task',
      { subagent_type: 'explore', description: 'd', prompt: 'p' },
      { name: 'Agent', input: { description: 'd', prompt: 'p', subagent_type: 'Explore' } },
    ],
    [
      'CallMcpTool',
      { server: 'github', toolName: 'merge_pull_request', arguments: { pull_number: 7 } },
      { name: 'mcp__github__merge_pull_request', input: { pull_number: 7 } },
    ],
    ['CallMcpTool', { something: 1 }, { name: 'CallMcpTool', input: { something: 1 } }],
    ['Write', '{"path":"a","contents":"x"}', { name: 'Write', input: { file_path: '/repo/a', content: 'x' } }],
  ])('%s %j → %j', (name, input, expected) => {
    expect(toClaudeToolUse(name, input, P)).toEqual(expected);
  });
});

describe('toolKey — the key argument used to pair results', () => {
  it.each([
    ['Bash', { command: ' npm test ' }, 'npm test'],
    ['Read', { file_path: '/x' }, '/x'],
    ['Grep', { pattern: 'a' }, 'a'],
    ['TodoWrite', { todos: [] }, ''],
    ['mcp__x__y', { a: 1 }, ''],
    ['Bash', { command: 7 }, ''],
  ])('%s %j → %j', (name, input, expected) => {
    expect(toolKey(name, input)).toBe(expected);
  });

  it('caps long keys', () => {
    expect(toolKey('Bash', { command: 'x'.repeat(2000) })).toHaveLength(512);
  });
});

describe('MCP tools without a server name (docs/cursor-hooks.md §6: preToolUse sends MCP:<tool>); server-qualified names first', () => {
  it.each([
    ['MCP:push_files', ['github'], ['mcp__github__push_files', 'mcp__push_files', 'MCP:push_files']],
    ['MCP:push_files', [], ['mcp__unknown__push_files', 'mcp__push_files', 'MCP:push_files']],
    [
      'MCP:write_file',
      ['filesystem', 'github'],
      ['mcp__filesystem__write_file', 'mcp__github__write_file', 'mcp__write_file', 'MCP:write_file'],
    ],
    [
      'MCP:list_issues',
      ['linear'],
      ['mcp__linear__list_issues', 'mcp__github__list_issues', 'mcp__list_issues', 'MCP:list_issues'],
    ],
    ['MCP:github-push_files', ['github', 'linear'], ['mcp__github__push_files', 'MCP:github-push_files']],
    ['MCP:mcp__linear__create_issue', ['github'], ['mcp__linear__create_issue', 'MCP:mcp__linear__create_issue']],
  ])('%s with known servers %j → %j', (name, servers, expected) => {
    expect(claudeToolCandidates(name, {}, {}, servers)).toEqual(expected);
  });

  it('a server named in the payload (mcp_server_name, docs/cursor-hooks.md §4 beforeMCPExecution) is the only one', () => {
    expect(claudeToolCandidates('MCP:create_issue', {}, { mcp_server_name: 'linear' }, ['github'])).toEqual([
      'mcp__linear__create_issue',
      'MCP:create_issue',
    ]);
  });
});
