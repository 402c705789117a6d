import fs from 'node:fs';
import path from 'node:path';
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  initialRewriteState,
  rewriteLines,
  type RewriteContext,
  type ToolResultLookup,
  type ToolResultRecord,
} from '../../../adapters/transcript/index.ts';

const SESSION = 'c0ffee00-0000-4000-8000-000000000001';
const DIR = path.join(import.meta.dirname, '..', '..', 'fixtures', 'transcripts');

/**
 * Results held as the results file holds them (one line each, as `text` gives it), so both the byte path
 * (loadBytes) and the parsed path (load) can read them.
 */
function lookup(records: readonly { rec: ToolResultRecord; text: string }[]): ToolResultLookup {
  const lines = records.map((r) => r.text);
  const buf = Buffer.from(lines.map((l) => `${l}\n`).join(''));
  const offsets: number[] = [];
  let at = 0;
  for (const l of lines) {
    offsets.push(at);
    at += Buffer.byteLength(l) + 1;
  }
  const refs = records.map((r, i) => ({
    seq: r.rec.seq,
    claudeName: r.rec.claudeName,
    key: r.rec.key,
    ref: offsets[i] as number,
  }));
  return {
    after: (seq) => refs.filter((r) => r.seq > seq),
    load: (ref) => {
      const r = records.find((x) => x.rec.seq === ref.seq);
      if (!r) return undefined;
      let v: Record<string, unknown>;
      try {
        v = JSON.parse(r.text);
      } catch {
        return undefined;
      }
      if (v.claudeName !== ref.claudeName || v.key !== ref.key) return undefined;
      return { ...r.rec, response: v.response, isError: v.isError === true, at: typeof v.at === 'string' ? v.at : '' };
    },
    loadBytes: (ref) => {
      const i = refs.findIndex((r) => r.seq === ref.seq);
      if (i < 0) return undefined;
      const start = offsets[i] as number;
      return { buf, start, end: buf.indexOf(10, start) };
    },
  };
}

/** Rewrite with the fast path on and off: everything but the `copied` count must be the same. */
function both(lines: readonly string[], results: ToolResultLookup, cwd = '/repo') {
  const ctx = (fast: boolean): RewriteContext => ({ sessionId: SESSION, cwd, results, fast });
  const fast = rewriteLines(lines, initialRewriteState(), ctx(true));
  const slow = rewriteLines(lines, initialRewriteState(), ctx(false));
  return { fast, slow };
}

function same(r: ReturnType<typeof both>): void {
  expect(r.fast.out).toEqual(r.slow.out);
  expect(r.fast.state).toEqual(r.slow.state);
  expect(r.fast.marks).toEqual(r.slow.marks);
  expect({ ...r.fast.stats, copied: 0 }).toEqual({ ...r.slow.stats, copied: 0 });
}

describe('the fast path writes the bytes the general path writes (docs/transcripts.md "Speed")', () => {
  it.each(['text', 'tools', 'malformed', 'claude-shaped', 'results'])('golden fixture %s', (name) => {
    const lines = fs
      .readFileSync(path.join(DIR, `${name}.cursor.jsonl`), 'utf8')
      .split('\n')
      .slice(0, -1);
    const rf = path.join(DIR, `${name}.results.json`);
    const records = fs.existsSync(rf) ? (JSON.parse(fs.readFileSync(rf, 'utf8')) as ToolResultRecord[]) : [];
    const r = both(
      lines,
      lookup(
        records.map((rec) => ({
          rec,
          text: JSON.stringify({
            toolUseId: rec.toolUseId,
            claudeName: rec.claudeName,
            cursorName: rec.cursorName,
            key: rec.key,
            response: rec.response,
            isError: rec.isError,
            at: rec.at,
          }),
        })),
      ),
    );
    same(r);
    if (name !== 'malformed' && name !== 'claude-shaped') expect(r.fast.stats.copied).toBeGreaterThan(0);
  });

  const line = (o: unknown) => JSON.stringify(o);
  const use = (name: string, input: unknown, extra: Record<string, unknown> = {}) =>
    line({ role: 'assistant', message: { content: [{ type: 'tool_use', name, input, ...extra }] } });
  it.each([
    [
      'relative and absolute paths, made absolute',
      [
        use('Read', { path: 'src/a.ts' }),
        use('Write', { path: '/abs/b.md', contents: 'x'.repeat(300) }),
        use('StrReplace', { path: 'c.ts', old_string: 'a', new_string: 'b' }),
      ],
    ],
    [
      'Cursor-only keys kept, empty ones dropped, in order',
      [use('Shell', { cwd: '', command: 'ls', timeout: 5, is_background: false, extra: { a: 1 } })],
    ],
    [
      'an id kept, an empty id replaced',
      [use('Shell', { command: 'a' }, { id: 'toolu_1' }), use('Shell', { command: 'b' }, { id: '' })],
    ],
    ['extra block keys kept after the input', [use('Shell', { command: 'a' }, { cache: true, z: [1, 2] })]],
    [
      'agent types mapped; an odd one kept',
      [
        use('Task', { description: 'd', prompt: 'p', subagent_type: 'explore' }),
        use('Task', { subagent_type: 'custom' }),
        use('Task', { subagent_type: 'constructor' }),
      ],
    ],
    [
      'an MCP call unwrapped (general path)',
      [use('CallMcpTool', { server: 'github', toolName: 'merge', arguments: { n: 1 } })],
    ],
    [
      'unknown tools and string inputs',
      [use('Mystery', { q: 'x' }), use('Shell', '{"command":"ls"}'), use('Shell', null)],
    ],
    [
      'a __proto__ key',
      [
        '{"role":"assistant","message":{"content":[{"type":"tool_use","name":"Shell","input":{"__proto__":{"x":1},"command":"ls"}}]}}',
      ],
    ],
    [
      'escapes and non-ASCII in paths and keys',
      [use('Read', { path: 'dir/naïve "q".ts' }), use('Shell', { command: 'echo "é\\n"', 'k\ney': 1 })],
    ],
    [
      'blank and whitespace-only texts',
      [
        line({ role: 'assistant', message: { content: [{ type: 'text', text: '  \u00a0' }] } }),
        line({
          role: 'assistant',
          message: {
            content: [
              { type: 'text', text: '' },
              { type: 'text', text: 'last' },
            ],
          },
        }),
      ],
    ],
    [
      'user prompts with and without wrappers',
      [
        line({
          role: 'user',
          message: {
            content: [
              {
                type: 'text',
                text: '<timestamp>Tuesday, Sep 8, 2026, 1:56 PM (UTC-7)</timestamp>\n<user_query>\nhi\n</user_query>',
              },
            ],
          },
        }),
        line({ role: 'user', message: { content: 'plain' } }),
        line({ role: 'user', message: { content: [{ type: 'text', text: 'a' }, { type: 'image' }] } }),
      ],
    ],
    [
      'turn ends',
      [
        line({ type: 'turn_ended', status: 'error' }),
        line({ type: 'turn_ended', status: 'a "q" é' }),
        line({ type: 'turn_ended', status: 3 }),
      ],
    ],
    [
      'non-canonical lines (spaces, \\u escapes, floats)',
      [
        '{"role": "assistant", "message": {"content": [{"type": "text", "text": "spaced"}]}}',
        '{"role":"assistant","message":{"content":[{"type":"text","text":"caf\\u00e9"}]}}',
        use('Shell', { command: 'x', timeout: 1.5 }),
      ],
    ],
  ] as const)('%s', (_label, lines) => {
    same(both(lines, lookup([])));
  });

  it('result lines from the record bytes: string, Bash (exit codes, empty streams), file and other responses, errors, bad records', () => {
    const recs: { rec: ToolResultRecord; text: string }[] = [];
    const lines: string[] = [];
    const responses: unknown[] = [
      'denied by a hook',
      { stdout: 'ok', stderr: '', interrupted: false, isImage: false, exitCode: 0 },
      { stdout: 'out', stderr: 'err', exitCode: 2 },
      { stdout: '', stderr: 'only err', exitCode: 1 },
      { stdout: 'no code' },
      { stderr: 'é "q"\n' },
      { type: 'text', file: { filePath: '/x', content: 'body' } },
      { filePath: '/x' },
      [1, 2],
      7,
    ];
    responses.forEach((response, i) => {
      const command = `c${i}`;
      const rec: ToolResultRecord = {
        seq: i + 1,
        toolUseId: `t${i}`,
        claudeName: 'Bash',
        cursorName: 'Shell',
        key: command,
        response,
        isError: i === 0,
        at: i === 3 ? '' : '2026-01-01T00:00:00.000Z',
      };
      recs.push({
        rec,
        text: JSON.stringify({
          toolUseId: rec.toolUseId,
          claudeName: 'Bash',
          cursorName: 'Shell',
          key: command,
          response,
          isError: rec.isError,
          at: rec.at,
        }),
      });
      lines.push(use('Shell', { command }));
    });
    // A record that is not canonical (spaces), one whose key no longer matches, one that is not JSON.
    recs.push({
      rec: {
        seq: 11,
        toolUseId: 'x',
        claudeName: 'Bash',
        cursorName: 'Shell',
        key: 'sp',
        response: 'r',
        isError: false,
        at: '',
      },
      text: '{"claudeName": "Bash", "key": "sp", "response": "r"}',
    });
    lines.push(use('Shell', { command: 'sp' }));
    recs.push({
      rec: {
        seq: 12,
        toolUseId: 'x',
        claudeName: 'Bash',
        cursorName: 'Shell',
        key: 'moved',
        response: 'r',
        isError: false,
        at: '',
      },
      text: '{"claudeName":"Bash","key":"other","response":"r"}',
    });
    lines.push(use('Shell', { command: 'moved' }));
    recs.push({
      rec: {
        seq: 13,
        toolUseId: 'x',
        claudeName: 'Bash',
        cursorName: 'Shell',
        key: 'torn',
        response: 'r',
        isError: false,
        at: '',
      },
      text: '{"claudeName":"Bash","key":"torn","resp',
    });
    lines.push(use('Shell', { command: 'torn' }));
    const r = both(lines, lookup(recs));
    same(r);
    expect(r.fast.stats).toMatchObject({ resultsPaired: 11, resultsMissing: 2 });
  });

  it('whatever the lines, both paths agree (property)', () => {
    const hostile = fc.constantFrom(
      'ls',
      'ls',
      '',
      ' ',
      '\u0000',
      '\u2028',
      'é',
      '😀',
      '\\',
      '"',
      'src/a.ts',
      '/abs/p',
      '~/h',
      'C:\\w',
      '\n',
      'x'.repeat(100),
    );
    const text = fc.oneof(fc.string({ maxLength: 12 }), hostile);
    const value = fc.oneof(
      text,
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom(1.5, -0, true, false, null, [], {}),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const keys = fc.constantFrom(
      'command',
      'description',
      'path',
      'file_path',
      'target_file',
      'contents',
      'content',
      'old_string',
      'new_string',
      'pattern',
      'glob_pattern',
      'subagent_type',
      'prompt',
      'server',
      'toolName',
      'arguments',
      'cwd',
      'timeout',
      'url',
      'search_term',
      'todos',
      'merge',
      '1',
      '__proto__',
      'k',
    );
    const input = fc.oneof(fc.dictionary(keys, value, { maxKeys: 5 }), value);
    const block = fc.oneof(
      fc.record({ type: fc.constant('text'), text }, { requiredKeys: ['type'] }),
      fc.record(
        {
          type: fc.constant('tool_use'),
          name: fc.oneof(
            fc.constantFrom(
              'Shell',
              'Read',
              'Write',
              'StrReplace',
              'Task',
              'Glob',
              'Grep',
              'TodoWrite',
              'CallMcpTool',
              'MCP:x',
              'Nope',
            ),
            text,
          ),
          input,
          id: fc.oneof(text, value),
        },
        { requiredKeys: ['type', 'name'] },
      ),
      fc.dictionary(fc.constantFrom('type', 'text', 'name', 'extra'), value, { maxKeys: 3 }),
      value,
    );
    const record = fc.oneof(
      fc.record(
        {
          role: fc.constantFrom('assistant', 'user', 'system'),
          message: fc.record(
            { content: fc.oneof(fc.array(block, { maxLength: 3 }), text, value) },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: ['role'] },
      ),
      fc.record({
        role: fc.constant('assistant'),
        message: fc.record({ content: fc.array(block, { minLength: 1, maxLength: 3 }), id: text }),
      }),
      fc.record(
        { type: fc.constantFrom('turn_ended', 'assistant'), status: fc.oneof(text, value), uuid: text },
        { requiredKeys: ['type'] },
      ),
    );
    const spell = (o: unknown, how: number): string =>
      how === 0
        ? JSON.stringify(o)
        : how === 1
          ? JSON.stringify(o, null, 1).replace(/\n/g, '')
          : JSON.stringify(o).replace(/é/g, '\\u00e9');
    const lineArb = fc.oneof(
      { weight: 8, arbitrary: fc.tuple(record, fc.nat(5)).map(([o, how]) => spell(o, how > 2 ? 0 : how)) },
      { weight: 1, arbitrary: text },
    );
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), fc.constantFrom('/repo', '/répo dir'), (lines, cwd) => {
        const recs = lines.map((_, i) => ({
          rec: {
            seq: i + 1,
            toolUseId: `t${i}`,
            claudeName: 'Bash',
            cursorName: 'Shell',
            key: 'ls',
            response: { stdout: `o${i}`, stderr: i % 2 ? 'e' : '', exitCode: i % 3 },
            isError: false,
            at: '',
          },
          text: '',
        }));
        for (const r of recs)
          r.text = JSON.stringify({
            toolUseId: r.rec.toolUseId,
            claudeName: 'Bash',
            cursorName: 'Shell',
            key: 'ls',
            response: r.rec.response,
            isError: false,
            at: '',
          });
        same(both(lines, lookup(recs), cwd));
      }),
      {
        numRuns: 1500,
        seed:
          process.env.FUZZ_SEED === 'random'
            ? Date.now() ^ (Math.random() * 2 ** 31)
            : Number(process.env.FUZZ_SEED ?? 1404),
      },
    );
  });
});
