// Claude's tool_response from Cursor's tool_output, per tool (docs/claude-hooks.md §5.3).
import { describe, expect, it } from 'vitest';
import { noOutputFrom, toClaudeToolResponse, trimBlankLines } from '../../adapters/toolResponse.ts';

describe('toClaudeToolResponse — docs/cursor-hooks.md §4 tool_output string → docs/claude-hooks.md §5.3', () => {
  it.each([
    [
      'Bash',
      '{"output":"ok\\n","exitCode":0}',
      {},
      { stdout: 'ok', stderr: '', interrupted: false, isImage: false, exitCode: 0 },
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

// docs/claude-hooks.md §8 (measured on Claude Code 2.1.328: post-probe, post-probe-quiet): stdout without its blank
// end lines, and noOutputExpected for a command of quiet words only.
describe('Bash tool_response as Claude Code 2.1.328 gives it (docs/claude-hooks.md §8)', () => {
  const bash = (command: string, output: string) =>
    toClaudeToolResponse('Bash', JSON.stringify({ output, exitCode: 0 }), { command });
  it('echo hi: stdout "hi", noOutputExpected false, before exitCode', () =>
    expect(JSON.stringify(bash('echo hi', 'hi\n'))).toBe(
      '{"stdout":"hi","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false,"exitCode":0}',
    ));
  it('mkdir -p d && touch f: noOutputExpected true', () =>
    expect(bash('mkdir -p d && touch f', '')).toMatchObject({ stdout: '', noOutputExpected: true }));
  it('a noOutputExpected Cursor sends is kept', () =>
    expect(toClaudeToolResponse('Bash', '{"output":"","noOutputExpected":true}', { command: 'ls' })).toMatchObject({
      noOutputExpected: true,
    }));
  it('no command known: no noOutputExpected', () =>
    expect(toClaudeToolResponse('Bash', '{"output":""}', {})).not.toHaveProperty('noOutputExpected'));
});

describe('trimBlankLines (Claude drops blank lines at both ends of Bash stdout, docs/claude-hooks.md §8)', () => {
  it.each([
    ['hi\n', 'hi'],
    ['\n\n  hi  \n \n', '  hi  '],
    ['a\n\nb\n', 'a\n\nb'],
    [' \n\t\n', ''],
    ['', ''],
  ])('%j → %j', (text, want) => expect(trimBlankLines(text)).toBe(want));
});

describe('noOutputFrom (Claude Code 2.1.328 noOutputExpected: every command word is mv, cp, rm, mkdir, …; §8)', () => {
  it.each([
    ['mkdir -p d && touch effect.txt', true],
    ['cd src; rm -f a.o | wait', true],
    ['mv a b 2>&1 >/dev/null', true],
    ['mv a b > log.txt', true],
    ['export A=1\nunset B', true],
    ['echo hi; echo ran > effect.txt', false],
    ['mkdir d && ls', false],
    ['A=1 mv a b', false],
    ['"mv" a b', false],
    ['', false],
    ['# only a comment', false],
  ])('%j → %s', (command, want) => expect(noOutputFrom(command)).toBe(want));
  it.each([['mkdir $(date)'], ['(cd a && rm b)'], ['rm `ls`'], ["rm 'a"]])(
    '%j: not synthesised (undefined)',
    (command) => expect(noOutputFrom(command)).toBeUndefined(),
  );
});
