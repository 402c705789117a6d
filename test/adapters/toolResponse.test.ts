// Claude's tool_response from Cursor's tool_output, per tool (docs/claude-hooks.md §5.3).
import { describe, expect, it } from 'vitest';
import { toClaudeToolResponse } from '../../adapters/toolResponse.ts';

describe('toClaudeToolResponse — docs/cursor-hooks.md §4 tool_output string → docs/claude-hooks.md §5.3', () => {
  it.each([
    [
      'Bash',
      '{"output":"ok\\n","exitCode":0}',
      {},
      { stdout: 'ok\n', stderr: '', interrupted: false, isImage: false, exitCode: 0 },
    ],
    [
      'Bash',
      '{"output":"boom","exitCode":3,"elapsed":5}',
      {},
      { stdout: 'boom', stderr: '', interrupted: false, isImage: false, exitCode: 3, elapsed: 5 },
    ],
    [
      'Bash',
      { stdout: 'a', stderr: 'b', interrupted: true },
      {},
      { stdout: 'a', stderr: 'b', interrupted: true, isImage: false },
    ],
    ['Bash', 'plain text', {}, { stdout: 'plain text', stderr: '', interrupted: false, isImage: false }],
    ['Write', '{}', { file_path: '/x', content: 'hi' }, { filePath: '/x', content: 'hi' }],
    [
      'Write',
      '{"type":"create"}',
      { file_path: '/x', content: 'hi' },
      { type: 'create', filePath: '/x', content: 'hi' },
    ],
    [
      'Edit',
      '{}',
      { file_path: '/x', old_string: 'a', new_string: 'b' },
      { filePath: '/x', oldString: 'a', newString: 'b' },
    ],
    [
      'Read',
      '{"content":"l1\\nl2"}',
      { file_path: '/x' },
      { type: 'text', file: { filePath: '/x', content: 'l1\nl2', numLines: 2, startLine: 1 } },
    ],
    [
      'Read',
      'l1',
      { file_path: '/x', offset: 4 },
      { type: 'text', file: { filePath: '/x', content: 'l1', numLines: 1, startLine: 4 } },
    ],
    ['Read', '{"x":1}', {}, { x: 1 }],
    ['mcp__github__merge_pull_request', '{"merged":true}', {}, { merged: true }],
    ['Grep', '{not json', {}, '{not json'],
    ['Glob', 42, {}, 42],
    ['Write', 'oops', {}, 'oops'],
  ])('%s %j → %j', (name, output, input, expected) => {
    expect(toClaudeToolResponse(name, output, input)).toEqual(expected);
  });
});
