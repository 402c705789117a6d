import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StateDir } from '../../../src/state/dir.ts';
import {
  RESPONSE_CAP,
  RecordReader,
  capResponse,
  loadResult,
  readResultRefs,
  recordToolResult,
} from '../../../src/state/toolResults.ts';
import { resultsPath } from '../../../src/state/transcriptPaths.ts';
import { readToolResults } from './helpers.ts';

let st: StateDir;
beforeEach(() => {
  st = { root: fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-results-')) };
});
afterEach(() => fs.rmSync(st.root, { recursive: true, force: true }));

const S = 'conv-1';
/** The postToolUse payload of a Shell call running `key` (its recorded key), answered by `output`. */
const shell = (toolUseId: string, key: string, output: unknown = 'ok') => ({
  hook_event_name: 'postToolUse',
  tool_name: 'Shell',
  tool_input: { command: key },
  tool_output: JSON.stringify({ output, exitCode: 0 }),
  tool_use_id: toolUseId,
});
const record = (toolUseId: string, key: string, output?: unknown) =>
  recordToolResult(
    st,
    S,
    toolUseId === '' ? { ...shell(toolUseId, key, output), tool_use_id: undefined } : shell(toolUseId, key, output),
    '/proj',
  );

describe('recordToolResult', () => {
  it('appends records and numbers them by line', () => {
    record('t1', 'a');
    record('t2', 'b');
    expect(readToolResults(st, S).map((r) => [r.seq, r.toolUseId, r.key])).toEqual([
      [1, 't1', 'a'],
      [2, 't2', 'b'],
    ]);
    expect(readToolResults(st, 'other')).toEqual([]);
    expect(fs.statSync(resultsPath(st, S) ?? '').mode & 0o777).toBe(0o600);
  });

  it('skips a second record of the same tool_use_id (a duplicate process for one event)', () => {
    record('t1', 'a');
    record('t1', 'a');
    record('', 'a');
    record('', 'a');
    expect(readToolResults(st, S).map((r) => r.toolUseId)).toEqual(['t1', '', '']);
  });

  it('keeps numbering across a torn line', () => {
    record('t1', 'a');
    fs.appendFileSync(resultsPath(st, S) ?? '', '{"toolUseId":"torn",\n');
    record('t3', 'c');
    expect(readToolResults(st, S).map((r) => [r.seq, r.toolUseId])).toEqual([
      [1, 't1'],
      [3, 't3'],
    ]);
  });

  describe('from a Cursor payload — docs/cursor-hooks.md §4 postToolUse / postToolUseFailure', () => {
    it.each([
      [
        'postToolUse Shell (tool_output is a JSON string)',
        {
          hook_event_name: 'postToolUse',
          tool_name: 'Shell',
          tool_input: { command: 'npm test', cwd: '', timeout: 30000 },
          tool_output: '{"output":"ok\\n","exitCode":0}',
          tool_use_id: 'u1',
        },
        {
          claudeName: 'Bash',
          cursorName: 'Shell',
          key: 'npm test',
          isError: false,
          response: {
            stdout: 'ok',
            stderr: '',
            interrupted: false,
            isImage: false,
            noOutputExpected: false,
            exitCode: 0,
          },
        },
      ],
      [
        'postToolUseFailure permission_denied carries the deny message',
        {
          hook_event_name: 'postToolUseFailure',
          tool_name: 'Shell',
          tool_input: { command: 'git push -f' },
          error_message: 'force push is blocked',
          failure_type: 'permission_denied',
          tool_use_id: 'u2',
        },
        { claudeName: 'Bash', key: 'git push -f', isError: true, response: 'force push is blocked' },
      ],
      [
        'postToolUse Read with a relative path resolves against the project dir',
        {
          hook_event_name: 'postToolUse',
          tool_name: 'Read',
          tool_input: '{"path":"src/a.ts"}',
          tool_output: '{"content":"x"}',
          tool_use_id: 'u3',
        },
        {
          claudeName: 'Read',
          key: '/proj/src/a.ts',
          isError: false,
          response: { type: 'text', file: { filePath: '/proj/src/a.ts', content: 'x', numLines: 1, startLine: 1 } },
        },
      ],
      [
        'postToolUse MCP',
        {
          hook_event_name: 'postToolUse',
          tool_name: 'MCP:github-merge_pull_request',
          tool_input: { pull_number: 1 },
          tool_output: '{"merged":true}',
          tool_use_id: 'u4',
        },
        {
          claudeName: 'mcp__github__merge_pull_request',
          cursorName: 'MCP:github-merge_pull_request',
          key: '',
          response: { merged: true },
        },
      ],
    ])('%s', (_label, payload, expected) => {
      recordToolResult(st, S, payload, '/proj');
      expect(readToolResults(st, S)[0]).toMatchObject({ seq: 1, ...expected });
    });
  });
});

describe('TodoWrite results build on the previous call (docs/claude-hooks.md §5.3 {oldTodos, newTodos}; Cursor merge:true)', () => {
  const todo = (toolUseId: string, input: Record<string, unknown>) =>
    recordToolResult(
      st,
      S,
      {
        hook_event_name: 'postToolUse',
        tool_name: 'TodoWrite',
        tool_input: input,
        tool_output: '{"success":true}',
        tool_use_id: toolUseId,
      },
      '/proj',
    );
  it('a merge is applied to the list the last TodoWrite record kept, with a Bash result in between', () => {
    todo('t1', { merge: false, todos: [{ id: '1', content: 'a', status: 'in_progress' }] });
    record('t2', 'ls');
    const rec = todo('t3', {
      merge: true,
      todos: [
        { id: '1', status: 'completed' },
        { id: '2', content: 'b', status: 'pending' },
      ],
    });
    expect(rec.response).toEqual({
      oldTodos: [{ content: 'a', status: 'in_progress', activeForm: 'a', id: '1' }],
      newTodos: [
        { content: 'a', status: 'completed', activeForm: 'a', id: '1' },
        { content: 'b', status: 'pending', activeForm: 'b', id: '2' },
      ],
    });
    expect(readToolResults(st, S).at(-1)?.response).toEqual(rec.response);
  });
});

describe('capResponse — bounded records', () => {
  const big = 'x'.repeat(RESPONSE_CAP * 2);
  it.each([
    ['short string', 'hi', (v: unknown) => v === 'hi'],
    [
      'long string',
      big,
      (v: unknown) => typeof v === 'string' && v.length < RESPONSE_CAP + 100 && v.includes('characters dropped'),
    ],
    ['small object', { stdout: 'a' }, (v: unknown) => JSON.stringify(v) === '{"stdout":"a"}'],
    [
      'object with a huge field',
      { stdout: big, stderr: 'e', exitCode: 1 },
      (v: unknown) => JSON.stringify(v).length <= RESPONSE_CAP && (v as { stderr: string }).stderr === 'e',
    ],
    [
      'many medium fields',
      Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, 'y'.repeat(600)])),
      (v: unknown) => JSON.stringify(v).length <= RESPONSE_CAP,
    ],
  ])('%s', (_label, input, ok) => {
    expect(ok(capResponse(input))).toBe(true);
  });

  it('caps what is recorded', () => {
    record('t1', 'a', { stdout: big, stderr: '' });
    expect(JSON.stringify(readToolResults(st, S)[0]?.response).length).toBeLessThanOrEqual(RESPONSE_CAP);
  });
});

describe('readResultRefs / loadResult — incremental reads', () => {
  it('reads only what was appended since a position, and loads a record back by offset', () => {
    record('t1', 'a', 'first');
    const file = resultsPath(st, S) ?? '';
    const fd = fs.openSync(file, 'r');
    try {
      const one = readResultRefs(fd, { off: 0, seq: 0 }, fs.fstatSync(fd).size);
      expect(one.refs.map((r) => r.seq)).toEqual([1]);
      record('t2', 'b', 'second');
      fs.appendFileSync(file, '{"partial":');
      const two = readResultRefs(fd, one.end, fs.fstatSync(fd).size);
      expect(two.refs.map((r) => [r.seq, r.key])).toEqual([[2, 'b']]);
      expect(two.end.off).toBe(fs.statSync(file).size - '{"partial":'.length);
      expect(loadResult(fd, two.refs[0] ?? { seq: 0, claudeName: '', key: '' })?.response).toMatchObject({
        stdout: 'second',
      });
      expect(loadResult(fd, { ...(two.refs[0] ?? { seq: 0, claudeName: '', key: '' }), key: 'zzz' })).toBeUndefined();
    } finally {
      fs.closeSync(fd);
    }
  });
});

describe('readResultRefs — bounds (docs/transcripts.md "Bounds")', () => {
  const write = (text: string) => {
    const file = resultsPath(st, S) ?? '';
    fs.writeFileSync(file, text);
    return fs.openSync(file, 'r');
  };
  const line = (key: string) =>
    `${JSON.stringify({ toolUseId: key, claudeName: 'Bash', cursorName: 'Shell', key, response: 'x', isError: false, at: '' })}\n`;

  it('a non-canonical record (spaces, \\u escapes) is parsed, not skimmed: same name and key', () => {
    const fd = write(`{ "claudeName": "Bash", "key": "caf\\u00e9" }\n${line('b')}`);
    try {
      expect(readResultRefs(fd, { off: 0, seq: 0 }, fs.fstatSync(fd).size).refs.map((r) => [r.seq, r.key])).toEqual([
        [1, 'café'],
        [2, 'b'],
      ]);
    } finally {
      fs.closeSync(fd);
    }
  });

  it('a line that is not a record still takes its seq and is counted', () => {
    const fd = write(`${line('a')}garbage\n\n${line('b')}`);
    try {
      const r = readResultRefs(fd, { off: 0, seq: 0 }, fs.fstatSync(fd).size);
      expect(r.refs.map((x) => [x.seq, x.key])).toEqual([
        [1, 'a'],
        [4, 'b'],
      ]);
      expect(r.skipped).toBe(1);
    } finally {
      fs.closeSync(fd);
    }
  });

  it('stops at `until` and says so; the next read goes on from its end', () => {
    const fd = write(line('a') + line('b'));
    try {
      const size = fs.fstatSync(fd).size;
      const late = readResultRefs(fd, { off: 0, seq: 0 }, size, Date.now() - 1);
      expect(late).toMatchObject({ refs: [], late: true, end: { off: 0, seq: 0 } });
      expect(readResultRefs(fd, late.end, size).refs.map((r) => r.key)).toEqual(['a', 'b']);
    } finally {
      fs.closeSync(fd);
    }
  });
});

describe('RecordReader — records read back by offset through one window', () => {
  it('serves records inside its window and past it, and nothing past the end', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ key: `k${i}`, pad: 'p'.repeat(i % 300) }));
    const file = resultsPath(st, S) ?? '';
    fs.writeFileSync(file, `${lines.join('\n')}\nno newline`);
    const fd = fs.openSync(file, 'r');
    try {
      const reader = new RecordReader(fd);
      let off = 0;
      for (const l of lines) {
        const got = reader.line(off);
        expect(got && got.buf.toString('utf8', got.start, got.end)).toBe(l);
        off += Buffer.byteLength(l) + 1;
      }
      expect(reader.line(0)?.end).toBe(Buffer.byteLength(lines[0] ?? ''));
      expect(reader.line(off)).toBeUndefined();
    } finally {
      fs.closeSync(fd);
    }
  });
});
