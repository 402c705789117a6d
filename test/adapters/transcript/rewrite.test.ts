import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PENDING_LINES,
  RESULT_SLACK,
  RESULT_WINDOW,
  initialRewriteState,
  lastAssistantText,
  parseCursorTimestamp,
  pendingMatch,
  resultText,
  rewriteLines,
  type RewriteState,
  type ToolResultRecord,
} from '../../../adapters/transcript/index.ts';
import { resultLookup, rewriteAll } from '../helpers.ts';

const DIR = path.join(import.meta.dirname, '..', '..', 'fixtures', 'transcripts');
const SESSION = 'c0ffee00-0000-4000-8000-000000000001';
const CWD = '/repo';
const FIXTURES = ['text', 'tools', 'malformed', 'claude-shaped', 'results'] as const;

function load(name: string): { lines: string[]; records: ToolResultRecord[] } {
  const text = fs.readFileSync(path.join(DIR, `${name}.cursor.jsonl`), 'utf8');
  const resultsFile = path.join(DIR, `${name}.results.json`);
  const records = fs.existsSync(resultsFile)
    ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as ToolResultRecord[])
    : [];
  return { lines: text.split('\n').slice(0, -1), records };
}

function ctx(records: readonly ToolResultRecord[]) {
  return { sessionId: SESSION, cwd: CWD, results: resultLookup(records) };
}

function joined(out: readonly string[]): string {
  return out.map((l) => `${l}\n`).join('');
}

/** One event: `lines` source lines are visible, and the first `results` records. */
interface Event {
  lines: number;
  results: number;
}

/** Drive rewriteLines the way src/state/transcript.ts does, over arrays: append, or rewind to a mark when a new result pairs. */
function incremental(
  lines: readonly string[],
  records: readonly ToolResultRecord[],
  events: readonly Event[],
): { out: string[]; state: RewriteState; rewinds: number } {
  let out: string[] = [];
  let state = initialRewriteState();
  let marks: { src: number; out: number; state: RewriteState }[] = [];
  let seen = 0;
  let done = 0;
  let rewinds = 0;
  for (const ev of events) {
    const revealed = records.slice(0, ev.results);
    const fresh = records.slice(seen, ev.results);
    seen = ev.results;
    let from = done;
    let start = state;
    const target = pendingMatch(state, fresh);
    if (target !== undefined) {
      const m = marks.find((x) => x.state.line + 1 === target);
      if (!m) throw new Error(`no mark for pending line ${target}`);
      out = out.slice(0, m.out);
      from = m.src;
      start = m.state;
      marks = marks.filter((x) => x.src < m.src);
      rewinds++;
    }
    const r = rewriteLines(lines.slice(from, ev.lines), start, ctx(revealed));
    marks.push(...r.marks.map((mk) => ({ src: from + mk.inLine, out: out.length + mk.outLine, state: mk.state })));
    out.push(...r.out);
    state = r.state;
    done = ev.lines;
    const kept = new Set(state.pending.map((p) => p.line));
    marks = marks.filter((x) => kept.has(x.state.line + 1));
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  }
  return { out, state, rewinds };
}

describe('golden fixtures — docs/cursor-hooks.md §7 → docs/claude-hooks.md §4 (test/fixtures/transcripts, UPDATE_GOLDEN=1 rewrites)', () => {
  it.each(FIXTURES)('%s', (name) => {
    const { lines, records } = load(name);
    const actual = joined(rewriteAll(lines, ctx(records)).out);
    const file = path.join(DIR, `${name}.claude.jsonl`);
    if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(file, actual);
    expect(actual).toBe(fs.readFileSync(file, 'utf8'));
  });
});

describe('incremental rewrite equals the full rewrite', () => {
  const schedules: [string, (n: number, r: number) => Event[]][] = [
    [
      'one line per event, results known up front',
      (n, r) => Array.from({ length: n }, (_, i) => ({ lines: i + 1, results: r })),
    ],
    [
      'one line per event, then every result at once',
      (n, r) => [...Array.from({ length: n }, (_, i) => ({ lines: i + 1, results: 0 })), { lines: n, results: r }],
    ],
    [
      'one result revealed after each line',
      (n, r) =>
        Array.from({ length: n + r }, (_, i) => ({
          lines: Math.min(n, i + 1),
          results: Math.max(0, Math.min(r, i - 1)),
        })),
    ],
    [
      'all lines first, then one result per event',
      (n, r) => [{ lines: n, results: 0 }, ...Array.from({ length: r }, (_, i) => ({ lines: n, results: i + 1 }))],
    ],
    [
      'two lines per event, results trailing by two',
      (n, r) =>
        Array.from({ length: Math.ceil(n / 2) + r }, (_, i) => ({
          lines: Math.min(n, 2 * (i + 1)),
          results: Math.max(0, Math.min(r, i - 2)),
        })),
    ],
  ];
  for (const name of FIXTURES) {
    it.each(schedules)(`${name}: %s`, (_label, schedule) => {
      const { lines, records } = load(name);
      const full = rewriteAll(lines, ctx(records));
      const inc = incremental(lines, records, schedule(lines.length, records.length));
      expect(joined(inc.out)).toBe(joined(full.out));
      expect(inc.state.lastText).toBe(full.state.lastText);
      expect(inc.state.lastUuid).toBe(full.state.lastUuid);
    });
  }

  it('rewinds only when a new result pairs with a pending tool_use', () => {
    const { lines, records } = load('results');
    expect(incremental(lines, records, [{ lines: lines.length, results: records.length }]).rewinds).toBe(0);
    expect(
      incremental(lines, records, [
        { lines: lines.length, results: 0 },
        { lines: lines.length, results: records.length },
      ]).rewinds,
    ).toBe(1);
  });
});

describe('rewrite stats — malformed lines are counted, not silently dropped (style-anchors 5)', () => {
  it.each([
    [
      'text',
      {
        lines: 9,
        blank: 0,
        malformed: 0,
        rewritten: 7,
        passedThrough: 0,
        patched: 0,
        turnEnded: 2,
        toolUses: 0,
        resultsPaired: 0,
        emitted: 10,
      },
    ],
    [
      'malformed',
      {
        lines: 12,
        blank: 2,
        malformed: 6,
        rewritten: 2,
        passedThrough: 1,
        patched: 0,
        turnEnded: 1,
        toolUses: 0,
        resultsPaired: 0,
        emitted: 4,
      },
    ],
    ['claude-shaped', { lines: 6, malformed: 0, rewritten: 1, passedThrough: 4, patched: 1, toolUses: 0, emitted: 6 }],
    [
      'tools',
      { lines: 13, rewritten: 12, turnEnded: 1, toolUses: 12, resultsPaired: 5, resultsMissing: 0, emitted: 21 },
    ],
    ['results', { lines: 8, rewritten: 7, turnEnded: 1, toolUses: 6, resultsPaired: 4, emitted: 14 }],
  ] as const)('%s → %j', (name, expected) => {
    const { lines, records } = load(name);
    expect(rewriteAll(lines, ctx(records)).stats).toMatchObject(expected);
  });
});

describe('output shape — docs/claude-hooks.md §4', () => {
  const { lines, records } = load('tools');
  const out = rewriteAll(lines, ctx(records)).out;
  const parsed = out.map((l) => JSON.parse(l) as Record<string, any>);

  it('is compact JSON, so guards can grep "type":"assistant" and "role":"assistant" (docs/peers.md §1.7)', () => {
    for (const l of out) expect(l).toBe(JSON.stringify(JSON.parse(l)));
    expect(out.some((l) => l.includes('"type":"assistant"') && l.includes('"role":"assistant"'))).toBe(true);
  });

  it('chains parentUuid through every line, starting at null, with unique uuids', () => {
    expect(parsed[0]?.parentUuid).toBeNull();
    for (let i = 1; i < parsed.length; i++) expect(parsed[i]?.parentUuid).toBe(parsed[i - 1]?.uuid);
    expect(new Set(parsed.map((p) => p.uuid)).size).toBe(parsed.length);
    for (const p of parsed)
      expect(p.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('gives every line sessionId, cwd and isSidechain:false', () => {
    for (const p of parsed) expect(p).toMatchObject({ sessionId: SESSION, cwd: CWD, isSidechain: false });
  });

  it('puts each tool_result right after the assistant line of its tool_use', () => {
    parsed.forEach((p, i) => {
      const block = p.message?.content?.[0];
      if (block?.type !== 'tool_result') return;
      const prev = parsed[i - 1];
      expect(prev?.type).toBe('assistant');
      expect(prev?.message.content[0].id).toBe(block.tool_use_id);
      expect(p.sourceToolAssistantUUID).toBe(prev?.uuid);
    });
  });

  it('derives ids from the session: another session, other ids; same session, same ids', () => {
    const again = rewriteAll(lines, ctx(records)).out;
    const other = rewriteAll(lines, { ...ctx(records), sessionId: 'other' }).out;
    expect(again).toEqual(out);
    expect(JSON.parse(other[1] ?? '{}').uuid).not.toBe(parsed[1]?.uuid);
  });

  it('reports the last assistant text for Stop', () => {
    expect(lastAssistantText(rewriteAll(lines, ctx(records)).state)).toBe('Done: the check exits 3.');
    expect(lastAssistantText(rewriteAll(load('text').lines, ctx([])).state)).toBe(
      "You're welcome.\nWant me to file an issue for the rest?",
    );
    expect(lastAssistantText(initialRewriteState())).toBeUndefined();
  });
});

describe('pairing rule — k-th tool_use of a name+key takes the k-th recorded result of that name+key', () => {
  const shell = (command: string) =>
    JSON.stringify({
      role: 'assistant',
      message: { content: [{ type: 'tool_use', name: 'Shell', input: { command } }] },
    });
  const rec = (seq: number, key: string, stdout: string): ToolResultRecord => ({
    seq,
    toolUseId: `t${seq}`,
    claudeName: 'Bash',
    cursorName: 'Shell',
    key,
    response: { stdout, stderr: '', interrupted: false, isImage: false, exitCode: 0 },
    isError: false,
    at: '2026-01-01T00:00:00.000Z',
  });
  const results = (out: string[]) =>
    out
      .map((l) => JSON.parse(l))
      .filter((p) => p.type === 'user')
      .map((p) => p.message.content[0].content);

  it.each([
    ['in order', ['a', 'b', 'a'], [rec(1, 'a', 'A1'), rec(2, 'b', 'B1'), rec(3, 'a', 'A2')], ['A1', 'B1', 'A2']],
    ['recorded out of order', ['a', 'b'], [rec(1, 'b', 'B1'), rec(2, 'a', 'A1')], ['A1', 'B1']],
    ['a tool_use with no result gets none', ['a', 'a', 'a'], [rec(1, 'a', 'A1')], ['A1']],
    ['a result with no tool_use is not used', ['a'], [rec(1, 'zzz', 'Z'), rec(2, 'a', 'A1')], ['A1']],
    ['other key, no result', ['a'], [rec(1, 'b', 'B1')], []],
  ] as const)('%s', (_label, commands, recs, expected) => {
    expect(results(rewriteAll(commands.map(shell), ctx(recs)).out)).toEqual(expected);
  });

  const cs = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
  it.each([
    [
      'a result recorded long after others does not make them stale',
      ['x', ...cs(70)],
      [...cs(70).map((c, i) => rec(i + 1, c, c)), rec(71, 'x', 'X')],
      ['X', ...cs(70)],
    ],
    [
      `a result is stale once ${RESULT_SLACK} results recorded after it are paired`,
      [...cs(RESULT_SLACK), 'a'],
      [rec(1, 'a', 'A'), ...cs(RESULT_SLACK).map((c, i) => rec(i + 2, c, c))],
      cs(RESULT_SLACK),
    ],
    [
      'one fewer, and it still pairs',
      [...cs(RESULT_SLACK - 1), 'a'],
      [rec(1, 'a', 'A'), ...cs(RESULT_SLACK - 1).map((c, i) => rec(i + 2, c, c))],
      [...cs(RESULT_SLACK - 1), 'A'],
    ],
  ] as const)('%s', (_label, commands, recs, expected) => {
    expect(results(rewriteAll(commands.map(shell), ctx(recs)).out)).toEqual(expected);
  });

  it(`does not let a tool_use take a result more than ${RESULT_WINDOW} results ahead`, () => {
    const out = rewriteAll(
      ['a', ...cs(RESULT_WINDOW + 44), 'a'].map(shell),
      ctx([...cs(RESULT_WINDOW + 44).map((c, i) => rec(i + 1, c, c)), rec(RESULT_WINDOW + 45, 'a', 'A')]),
    ).out;
    expect(JSON.parse(out[1] ?? '{}').type).toBe('assistant'); // the first "a" got no result
    expect(results(out)).toEqual([...cs(RESULT_WINDOW + 44), 'A']);
  });

  it('pairs thousands of results the same in one call and in small batches', () => {
    const lines = cs(3000).map(shell);
    const recs = cs(3000).map((c, i) => rec(i + 1, c, c));
    const whole = rewriteAll(lines, ctx(recs));
    expect(whole.stats.resultsPaired).toBe(3000);
    let state = initialRewriteState();
    const out: string[] = [];
    for (let i = 0; i < lines.length; i += 7) {
      const r = rewriteLines(lines.slice(i, i + 7), state, ctx(recs));
      out.push(...r.out);
      state = r.state;
      expect(state.open.length).toBeLessThanOrEqual(RESULT_WINDOW);
    }
    expect(out).toEqual(whole.out);
  });

  it('keeps the saved matching state small', () => {
    const r = rewriteAll(
      [...cs(200)].map(shell),
      ctx([rec(1, 'never', 'N'), ...cs(200).map((c, i) => rec(i + 2, c, c))]),
    );
    expect(r.state.open).toEqual([]);
    expect(r.state.paired).toEqual([]);
  });

  it(`stops waiting after ${PENDING_LINES} lines: a late result is not inserted`, () => {
    const lines = [shell('a'), ...Array.from({ length: PENDING_LINES + 1 }, () => shell('filler'))];
    const first = rewriteLines(lines, initialRewriteState(), ctx([]));
    expect(first.state.pending.some((p) => p.key === 'a')).toBe(false);
    expect(pendingMatch(first.state, [rec(1, 'a', 'A1')])).toBeUndefined();
  });

  it('keeps at most 16 tool uses waiting, and a mark for each', () => {
    const r = rewriteLines(
      Array.from({ length: 20 }, (_, i) => shell(`c${i}`)),
      initialRewriteState(),
      ctx([]),
    );
    expect(r.state.pending).toHaveLength(16);
    expect(r.marks.map((m) => m.state.line + 1)).toEqual(r.state.pending.map((p) => p.line));
    expect(pendingMatch(r.state, [rec(1, 'c10', 'x')])).toBe(11);
    expect(pendingMatch(r.state, [rec(1, 'c1', 'x')])).toBeUndefined();
  });
});

describe('parseCursorTimestamp — the <timestamp> wrapper (docs/cursor-hooks.md §7)', () => {
  it.each([
    ['Tuesday, Sep 8, 2026, 1:56 PM (UTC-7)', '2026-09-08T20:56:00.000Z'],
    ['Thursday, Jul 23, 2026, 1:18 PM (UTC+9)', '2026-07-23T04:18:00.000Z'],
    ['Thursday, Jul 23, 2026, 12:18 AM (UTC+5:30)', '2026-07-22T18:48:00.000Z'],
    ['Friday, Jan 2, 2026, 12:05 PM (UTC)', '2026-01-02T12:05:00.000Z'],
    ['Monday, December 7, 2026, 09:30 (UTC+01:00)', '2026-12-07T08:30:00.000Z'],
    ['sometime last week', undefined],
    ['Foo, Abc 1, 2026, 1:00 PM (UTC)', undefined],
  ])('%s → %s', (text, iso) => {
    expect(parseCursorTimestamp(text)).toBe(iso);
  });
});

describe('resultText — the tool_result content the model would see', () => {
  it.each([
    ['error text', 'error text'],
    [{ stdout: 'ok', stderr: '', exitCode: 0 }, 'ok'],
    [{ stdout: 'out', stderr: 'err', exitCode: 2 }, 'Exit code 2\nout\nerr'],
    [{ type: 'text', file: { filePath: '/x', content: 'body' } }, 'body'],
    [{ filePath: '/x' }, '{"filePath":"/x"}'],
    [undefined, ''],
  ])('%j → %j', (response, text) => {
    expect(resultText(response)).toBe(text);
  });
});
