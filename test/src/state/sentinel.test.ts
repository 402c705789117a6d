// Tick sentinel (docs/design.md §7): keys, roles, replay windows, takeover of stale records, follower answers.
// In-process against a temp state dir; no child processes (the e2e dedup suite runs real concurrent processes).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../../adapters/events/index.ts';
import type { Json } from '../../../adapters/json.ts';
import type { Dedup, EventAdapter } from '../../../adapters/types.ts';
import {
  claimTick,
  followerAnswer as replayAnswer,
  tickOf,
  WEAK_REPLAY_MS,
  type Tick,
  type TickId,
  type TickTimes,
} from '../../../src/state/sentinel.ts';
import type { StateDir } from '../../../src/state/dir.ts';

/** The dedup an event's adapter declares. */
const dedupOf = (event: string): Dedup => (ADAPTERS as Record<string, EventAdapter>)[event]!.needs.dedup;
const tick = (event: string, input: Json, extra = ''): TickId => tickOf(event, input, dedupOf(event), extra);
const tickKey = (event: string, input: Json, extra = ''): string => tick(event, input, extra).key;
const claim = (s: StateDir | null, id: string | TickId, times: number | TickTimes, now?: number): Tick =>
  claimTick(
    s,
    typeof id === 'string' ? { key: id, unique: true } : id,
    typeof times === 'number' ? { staleAfterMs: times } : times,
    now,
  );
const followerAnswer = (event: string, leader: Json | undefined): Json => replayAnswer(dedupOf(event).replay, leader);

let st: StateDir;
beforeEach(() => {
  st = { root: fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-sentinel-')) };
});
afterEach(() => fs.rmSync(st.root, { recursive: true, force: true }));

const CONV = 'c-1';
const pre = (extra: Record<string, unknown> = {}) => ({
  conversation_id: CONV,
  generation_id: CONV,
  tool_name: 'Shell',
  tool_use_id: 'tu-1',
  tool_input: { command: 'ls' },
  ...extra,
});
const tickFile = (key: string) => path.join(st.root, 'tick', `${key}.json`);
const age = (file: string, ms: number) => {
  const t = (Date.now() - ms) / 1000;
  fs.utimesSync(file, t, t);
};
const role = (t: Tick) => t.role;

describe('tickOf: what tells two firings apart', () => {
  it.each([
    [
      'the same tool_use_id with another tool_input is another firing (never a replay of the first answer)',
      pre(),
      pre({ tool_input: { command: 'rm -rf /' } }),
      false,
    ],
    ['the same tool_use_id and tool_input is the same firing (a duplicate process replays)', pre(), pre(), true],
    ['another tool_use_id is another firing', pre(), pre({ tool_use_id: 'tu-2' }), false],
    ['another conversation is another firing', pre(), pre({ conversation_id: 'c-2' }), false],
    ['another tool name is another firing', pre(), pre({ tool_name: 'Read' }), false],
    [
      'without a tool_use_id, the input tells calls apart',
      pre({ tool_use_id: undefined }),
      pre({ tool_use_id: undefined, tool_input: { command: 'rm' } }),
      false,
    ],
    [
      'without a tool_use_id, the same input is the same call',
      pre({ tool_use_id: undefined }),
      pre({ tool_use_id: undefined }),
      true,
    ],
    [
      'a tool_use_id with a newline is a key like any other',
      pre({ tool_use_id: 'call-1\nfc_1' }),
      pre({ tool_use_id: 'call-1\nfc_1' }),
      true,
    ],
  ])('preToolUse: %s', (_name, a, b, same) => {
    expect(tickKey('preToolUse', a) === tickKey('preToolUse', b)).toBe(same);
  });

  it('the project is part of the key', () => {
    expect(tick('preToolUse', pre()).key).not.toBe(
      tickOf('preToolUse', pre(), dedupOf('preToolUse'), '', '/other/project').key,
    );
  });

  it('the event is part of the key', () => {
    expect(tickKey('preToolUse', pre())).not.toBe(tickKey('postToolUse', pre()));
  });

  it.each([
    ['stop: loop_count tells a follow-up turn apart', 'stop', { loop_count: 0 }, { loop_count: 1 }, '', '', false],
    [
      'stop: the transcript size tells two turns apart on the CLI (generation_id = conversation_id)',
      'stop',
      { loop_count: 0 },
      { loop_count: 0 },
      '1200',
      '1800',
      false,
    ],
    [
      'stop: same size, same loop_count is the same turn',
      'stop',
      { loop_count: 0 },
      { loop_count: 0 },
      '1200',
      '1200',
      true,
    ],
    [
      'beforeSubmitPrompt: CLI ids, different prompts',
      'beforeSubmitPrompt',
      { prompt: 'fix it' },
      { prompt: 'and the docs' },
      '',
      '',
      false,
    ],
    [
      'beforeSubmitPrompt: CLI ids, the same prompt text',
      'beforeSubmitPrompt',
      { prompt: 'fix it' },
      { prompt: 'fix it' },
      '',
      '',
      true,
    ],
    [
      'subagentStop: two parallel subagents of one generation',
      'subagentStop',
      { loop_count: 0, status: 'completed', task: 'a' },
      { loop_count: 0, status: 'completed', task: 'b' },
      '',
      '',
      false,
    ],
    [
      'subagentStart: two subagents with their own ids',
      'subagentStart',
      { subagent_id: 's1' },
      { subagent_id: 's2' },
      '',
      '',
      false,
    ],
    [
      'postToolUseFailure: another failure_type',
      'postToolUseFailure',
      { tool_use_id: 't', failure_type: 'error' },
      { tool_use_id: 't', failure_type: 'timeout' },
      '',
      '',
      false,
    ],
  ])('%s', (_name, event, a, b, xa, xb, same) => {
    const base = { conversation_id: CONV, generation_id: CONV };
    expect(tickKey(event, { ...base, ...a }, xa) === tickKey(event, { ...base, ...b }, xb)).toBe(same);
  });

  it.each([
    ['a tool event with a tool_use_id', 'preToolUse', pre(), '', true],
    ['a tool event without one', 'preToolUse', pre({ tool_use_id: undefined }), '', false],
    [
      'a tool event without one, even with desktop generation ids',
      'postToolUse',
      pre({ tool_use_id: undefined, generation_id: 'g-9' }),
      '',
      false,
    ],
    [
      'stop with CLI ids and no transcript',
      'stop',
      { conversation_id: CONV, generation_id: CONV, loop_count: 0 },
      '',
      false,
    ],
    [
      'stop with CLI ids and a transcript size',
      'stop',
      { conversation_id: CONV, generation_id: CONV, loop_count: 0 },
      '512',
      true,
    ],
    [
      'stop with a per-turn generation_id (desktop)',
      'stop',
      { conversation_id: CONV, generation_id: 'g-1', loop_count: 0 },
      '',
      true,
    ],
    [
      'beforeSubmitPrompt with CLI ids',
      'beforeSubmitPrompt',
      { conversation_id: CONV, generation_id: CONV, prompt: 'x' },
      '',
      false,
    ],
    [
      'subagentStop with a subagent id',
      'subagentStop',
      { conversation_id: CONV, generation_id: CONV, subagent_id: 's' },
      '',
      true,
    ],
  ])('unique (replayed for the whole stale window): %s → %s', (_name, event, input, extra, unique) => {
    expect(tick(event, input, extra).unique).toBe(unique);
  });

  // One action, two events (docs/cursor-hooks.md §4, §11): each event keys on its own payload, never on the action.
  it('beforeReadFile of another file, or the same file with other content, is another firing', () => {
    const read = (extra: Record<string, unknown> = {}) => ({
      conversation_id: CONV,
      generation_id: 'g-1',
      file_path: '/repo/.env',
      content: 'A=1',
      ...extra,
    });
    expect(
      new Set([
        tickKey('beforeReadFile', read()),
        tickKey('beforeReadFile', read({ file_path: '/repo/a.ts' })),
        tickKey('beforeReadFile', read({ content: 'A=2' })),
      ]).size,
    ).toBe(3);
  });

  it('odd field types never throw and never collide with the string form of an object', () => {
    const odd = {
      conversation_id: 5,
      generation_id: null,
      tool_use_id: ['x'],
      tool_name: { a: 1 },
      tool_input: 'not-json',
    };
    expect(() => tick('preToolUse', odd)).not.toThrow();
    expect(tickKey('preToolUse', odd)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('claimTick: one leader, the rest follow', () => {
  it('the first claim leads, the second follows and replays the finished answer', async () => {
    const key = tick('preToolUse', pre());
    const lead = claim(st, key, 40_000);
    expect(role(lead)).toBe('leader');
    const follow = claim(st, key, 40_000);
    expect(role(follow)).toBe('follower');
    if (lead.role !== 'leader' || follow.role !== 'follower') throw new Error('roles');
    setTimeout(() => lead.finish({ permission: 'deny', user_message: 'no' }), 30);
    const res = await follow.wait(Date.now() + 5000);
    expect(res).toEqual({
      answer: { permission: 'deny', user_message: 'no' },
      why: `process ${process.pid} answered first`,
    });
  });

  it('no state directory: solo, no dedup', () => {
    expect(claim(null, 'k', 1000)).toEqual({ role: 'solo', why: 'no state directory' });
  });

  it('a tick area that is a symlink is unusable: solo', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-elsewhere-'));
    fs.symlinkSync(elsewhere, path.join(st.root, 'tick'));
    expect(claim(st, 'k', 1000)).toEqual({ role: 'solo', why: 'tick area unusable' });
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    fs.rmSync(elsewhere, { recursive: true });
  });

  it('a follower whose leader died runs the catalog itself and says why', async () => {
    const key = tickKey('preToolUse', pre());
    fs.mkdirSync(path.join(st.root, 'tick'), { mode: 0o700 });
    // A pid that cannot be alive: larger than any pid_max.
    fs.writeFileSync(tickFile(key), JSON.stringify({ key, pid: 2 ** 22 + 7, state: 'pending', at: Date.now() }));
    const t = claim(st, key, 40_000);
    if (t.role !== 'follower') throw new Error(t.role);
    expect(await t.wait(Date.now() + 5000)).toEqual({
      run: true,
      why: `the leading process ${2 ** 22 + 7} died before answering`,
    });
  });

  it('a follower gives up at its deadline when the leader is alive but slow', async () => {
    const key = tickKey('preToolUse', pre());
    const lead = claim(st, key, 40_000);
    const t = claim(st, key, 40_000);
    if (lead.role !== 'leader' || t.role !== 'follower') throw new Error('roles');
    const res = await t.wait(Date.now() + 100);
    expect(res).toEqual({ why: 'the leading process had not answered by the deadline' });
  });

  it('a follower of a record that stays empty runs the catalog itself after a second instead of waiting for the deadline', async () => {
    const key = tickKey('preToolUse', pre());
    fs.mkdirSync(path.join(st.root, 'tick'), { mode: 0o700 });
    fs.writeFileSync(tickFile(key), '');
    const t = claim(st, key, 40_000);
    if (t.role !== 'follower') throw new Error(t.role);
    const t0 = Date.now();
    expect(await t.wait(Date.now() + 20_000)).toEqual({ run: true, why: 'the leading process left an empty record' });
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('a pending record older than the stale window is taken over, not followed', () => {
    const key = tick('preToolUse', pre());
    expect(role(claim(st, key, 40_000))).toBe('leader');
    age(tickFile(key.key), 41_000);
    const t = claim(st, key, 40_000);
    expect(role(t)).toBe('leader');
    expect(JSON.parse(fs.readFileSync(tickFile(key.key), 'utf8'))).toMatchObject({
      pid: process.pid,
      state: 'pending',
    });
    expect(fs.readdirSync(path.join(st.root, 'tick'))).toEqual([`${key.key}.json`]);
  });

  it('a finished record with a unique key is replayed for the whole stale window', () => {
    const key = tick('preToolUse', pre());
    const lead = claim(st, key, 40_000);
    if (lead.role !== 'leader') throw new Error(lead.role);
    lead.finish({ permission: 'allow' });
    age(tickFile(key.key), 30_000);
    expect(role(claim(st, key, 40_000))).toBe('follower');
  });

  it(`a finished record with a weak key (CLI stop, no transcript) is replayed for ${WEAK_REPLAY_MS} ms only: a later stop is a new turn`, () => {
    const key = tick('stop', { conversation_id: CONV, generation_id: CONV, loop_count: 0, status: 'completed' });
    expect(key.unique).toBe(false);
    const lead = claim(st, key, 70_000);
    if (lead.role !== 'leader') throw new Error(lead.role);
    lead.finish({ followup_message: 'run the tests' });
    age(tickFile(key.key), WEAK_REPLAY_MS - 1000);
    expect(role(claim(st, key, 70_000))).toBe('follower');
    age(tickFile(key.key), WEAK_REPLAY_MS + 1000);
    expect(role(claim(st, key, 70_000))).toBe('leader');
  });

  it('a weak key still follows a pending leader for the whole stale window (a duplicate of a slow stop)', () => {
    const key = tick('stop', { conversation_id: CONV, generation_id: CONV, loop_count: 0 });
    expect(role(claim(st, key, 70_000))).toBe('leader');
    age(tickFile(key.key), 30_000);
    expect(role(claim(st, key, 70_000))).toBe('follower');
  });

  it('many claims racing for one stale record: exactly one leader', () => {
    const key = tick('preToolUse', pre());
    expect(role(claim(st, key, 1000))).toBe('leader');
    age(tickFile(key.key), 5000);
    const roles = Array.from({ length: 20 }, () => role(claim(st, key, 1000)));
    expect(roles.filter((r) => r === 'leader')).toHaveLength(1);
    expect(fs.readdirSync(path.join(st.root, 'tick'))).toEqual([`${key.key}.json`]);
  });

  it('abandon removes the record so followers stop waiting', async () => {
    const key = tickKey('preToolUse', pre());
    const lead = claim(st, key, 40_000);
    const t = claim(st, key, 40_000);
    if (lead.role !== 'leader' || t.role !== 'follower') throw new Error('roles');
    lead.abandon();
    expect(await t.wait(Date.now() + 5000)).toEqual({ run: true, why: 'the leading process left no record' });
  });
});

describe('followerAnswer: what a duplicate process says', () => {
  it.each([
    [
      'preToolUse deny is replayed as is',
      'preToolUse',
      { permission: 'deny', user_message: 'no', agent_message: 'no' },
      { permission: 'deny', user_message: 'no', agent_message: 'no' },
    ],
    [
      'preToolUse allow with updated_input is replayed',
      'preToolUse',
      { permission: 'allow', updated_input: { command: 'ls -la' } },
      { permission: 'allow', updated_input: { command: 'ls -la' } },
    ],
    [
      'preToolUse ask keeps its reason',
      'preToolUse',
      { permission: 'ask', user_message: 'sure?' },
      { permission: 'ask', user_message: 'sure?' },
    ],
    ['preToolUse with no leader answer says nothing (never a competing allow)', 'preToolUse', undefined, {}],
    [
      'beforeSubmitPrompt block is replayed',
      'beforeSubmitPrompt',
      { continue: false, user_message: 'no secrets' },
      { continue: false, user_message: 'no secrets' },
    ],
    [
      'beforeSubmitPrompt context is not delivered twice',
      'beforeSubmitPrompt',
      { continue: true, additional_context: 'branch main', user_message: 'fyi' },
      { continue: true },
    ],
    ['subagentStart allow is replayed', 'subagentStart', { permission: 'allow' }, { permission: 'allow' }],
    ['stop never repeats a follow-up', 'stop', { followup_message: 'run the tests' }, {}],
    ['postToolUse never repeats context', 'postToolUse', { additional_context: 'lint: 2 warnings' }, {}],
    ['sessionStart never repeats context or env', 'sessionStart', { additional_context: 'x', env: { A: '1' } }, {}],
    ['subagentStop never repeats a follow-up', 'subagentStop', { followup_message: 'x' }, {}],
  ] as const)('%s', (_name, event, leader, expected) => {
    expect(followerAnswer(event, leader as Record<string, unknown> | undefined)).toEqual(expected);
  });

  it.each([
    [
      'beforeReadFile replays a preToolUse deny',
      { permission: 'deny', user_message: 'no', agent_message: 'no' },
      { permission: 'deny', user_message: 'no', agent_message: 'no' },
    ],
    ['beforeReadFile replays an allow', { permission: 'allow' }, { permission: 'allow' }],
    [
      'an "ask" it cannot say (allow or deny only, docs/cursor-hooks.md §4) denies',
      { permission: 'ask', user_message: 'sure?' },
      { permission: 'deny', user_message: 'sure?' },
    ],
  ] as const)('%s', (_name, leader, expected) => {
    expect(replayAnswer('decision', leader, ADAPTERS.beforeReadFile.needs.replayableAnswers)).toEqual(expected);
  });
});

describe('a sentinel record that cannot be trusted never answers for the catalog', () => {
  const planted = (write: (file: string) => void) => {
    const key = tickKey('preToolUse', pre());
    fs.mkdirSync(path.join(st.root, 'tick'), { mode: 0o700, recursive: true });
    write(tickFile(key));
    return key;
  };
  it.each([
    [
      'a symlink to a record',
      (f: string) => fs.symlinkSync(path.join(st.root, 'elsewhere.json'), f),
      /is not a regular file of this user \(a symbolic link\)/,
    ],
    ['a FIFO', (f: string) => execFileSync('mkfifo', [f]), /is not a regular file of this user \(a FIFO\)/],
    ['garbage', (f: string) => fs.writeFileSync(f, 'not json'), /does not hold a sentinel record/],
    [
      'a done record of another key',
      (f: string) =>
        fs.writeFileSync(f, JSON.stringify({ key: 'other', pid: 1, state: 'done', at: Date.now(), answer: {} })),
      /not this firing's/,
    ],
    [
      'a done record without a key',
      (f: string) => fs.writeFileSync(f, JSON.stringify({ pid: 1, state: 'done', at: Date.now(), answer: {} })),
      /not this firing's/,
    ],
  ])('%s: solo (the catalog runs), with a warning', (_name, write, why) => {
    fs.writeFileSync(
      path.join(st.root, 'elsewhere.json'),
      JSON.stringify({ pid: 1, state: 'done', at: Date.now(), answer: {} }),
    );
    const key = planted(write);
    const t = claim(st, key, 40_000);
    expect(t).toMatchObject({ role: 'solo', warn: true, why: expect.stringMatching(why) });
  });
});
