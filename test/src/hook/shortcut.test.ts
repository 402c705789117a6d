// src/hook/shortcut.ts: every answer the driver gives without running rows, answered in one place; in-process with a
// recording lifeline (its real answer writes fd 1 and a trace record: test/src/hook/lifeline.test.ts).
import { describe, expect, it } from 'vitest';
import type { Lifeline } from '../../../src/hook/lifeline.ts';
import { answerShortcut, type Shortcut } from '../../../src/hook/shortcut.ts';

/** A lifeline that records what it was told and answered. */
function recording(failOpen: Record<string, unknown> = { permission: 'allow' }) {
  const said: string[] = [];
  const answered: [unknown, string][] = [];
  const lifeline = {
    log: { warn: (m: string) => said.push(m), debug: (m: string) => said.push(`debug: ${m}`) },
    failOpen,
    answer: (a: unknown, role: string) => (answered.push([a, role]), 0),
    failOpenWith: (why: string) => (said.push(`${why} (fail open)`), answered.push([failOpen, 'fail-open']), 0),
  } as unknown as Lifeline;
  return { lifeline, said, answered };
}
const answer = (s: Shortcut, failOpen?: Record<string, unknown>) => {
  const r = recording(failOpen);
  expect(answerShortcut(s, r.lifeline)).toBe(0);
  return { said: r.said, answered: r.answered, failOpen: r.lifeline.failOpen };
};

describe('answerShortcut', () => {
  it('off: the fail-open answer, said', () =>
    expect(answer({ kind: 'off' })).toMatchObject({
      said: ['HOOKSHIM=0: the shim is switched off, no guard runs; answering {"permission":"allow"}'],
      answered: [[{ permission: 'allow' }, 'off']],
    }));
  it('unhandled: {} naming why (a known unbound event, or an unknown one)', () => {
    expect(answer({ kind: 'unhandled', event: 'afterFileEdit' }).answered).toEqual([[{}, 'unhandled']]);
    expect(answer({ kind: 'unhandled', event: 'nope' }).said[0]).toMatch(/^unknown event "nope"; expected one of /);
  });
  it('fail-open: through the lifeline', () =>
    expect(answer({ kind: 'fail-open', why: 'no payload' }).said).toEqual(['no payload (fail open)']));
  it('fail-closed: a deny to the user and the agent', () =>
    expect(answer({ kind: 'fail-closed', why: 'unreadable', text: 'denied.' })).toMatchObject({
      said: ['unreadable: denying (fail closed)'],
      answered: [[{ permission: 'deny', user_message: 'denied.', agent_message: 'denied.' }, 'fail-closed']],
    }));
  it('follower: the replayed answer; {} becomes its fail-open answer; said only when the leader gave none', () => {
    const replayed = answer({
      kind: 'follower',
      event: 'preToolUse',
      answer: { permission: 'deny' },
      why: 'w',
      said: false,
    });
    expect(replayed).toMatchObject({ answered: [[{ permission: 'deny' }, 'follower']], failOpen: {} });
    expect(replayed.said).toEqual(['debug: duplicate preToolUse process: w']);
    expect(answer({ kind: 'follower', event: 'stop', answer: {}, why: 'w', said: true }).said[1]).toBe(
      'duplicate stop process: w; answering {}, and no row of this event ran in this process',
    );
  });
  const broken = (input: Record<string, unknown>): Shortcut => ({
    kind: 'broken-catalog',
    event: 'preToolUse',
    input,
    problem: { problem: '/repo/hooks/hooks.json: not JSON', broken: '/repo/hooks/hooks.json', dir: '/repo' },
  });
  it('broken-catalog: a write of that very file is allowed, so it can be repaired', () =>
    expect(answer(broken({ tool_name: 'Write', tool_input: { file_path: 'hooks/hooks.json' } })).answered).toEqual([
      [{ permission: 'allow' }, 'fail-open'],
    ]));
  it('broken-catalog: anything else is denied, naming the file', () => {
    const { answered } = answer(broken({ tool_name: 'Shell', tool_input: { command: 'ls' } }));
    const [a, role] = answered[0] as [Record<string, string>, string];
    expect([role, a.permission, a.user_message]).toEqual([
      'fail-closed',
      'deny',
      expect.stringMatching(/^hookshim: hooks\/hooks\.json is not a readable Claude hook catalog \(not JSON\)/),
    ]);
  });
});
