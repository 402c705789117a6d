import { describe, expect, it } from 'vitest';
import { interpret } from '../../../adapters/outcome.ts';
import { stop } from '../../../adapters/events/stop.ts';
import { EMPTY_STATE } from '../../../adapters/types.ts';
import { ctx, foldOf, LATE, run } from '../helpers.ts';

const c = (input = {}, over = {}) => ctx('stop', { status: 'completed', loop_count: 0, ...input }, over);
const fold = (cx: ReturnType<typeof c>, ...runs: Parameters<typeof run>[0][]) =>
  foldOf(
    stop,
    cx,
    runs.map((r) => interpret(run({ claudeEvent: 'Stop', ...r }))),
    EMPTY_STATE,
  );

describe('stop plan (docs/cursor-hooks.md §4 stop; docs/claude-hooks.md §2.2 Stop)', () => {
  it.each([
    [0, false],
    [1, true],
    [4, true],
  ])('loop_count %i → stop_hook_active %s', (loop_count, active) => {
    expect(stop.plan(c({ loop_count }), EMPTY_STATE).invocations[0]?.payload(undefined, LATE)).toMatchObject({
      hook_event_name: 'Stop',
      stop_hook_active: active,
      session_id: 'conv-1',
    });
  });

  it('passes last_assistant_message from the transcript', () => {
    const late = { ...LATE, lastAssistantMessage: 'All done.' };
    expect(stop.plan(c(), EMPTY_STATE).invocations[0]?.payload(undefined, late)).toMatchObject({
      last_assistant_message: 'All done.',
    });
  });

  it('last_assistant_message is a late fact: the transcript is rewritten after planning, the context stays as is', () => {
    const [inv] = stop.plan(Object.freeze(c()), EMPTY_STATE).invocations;
    expect(inv?.payload(undefined, { ...LATE, lastAssistantMessage: 'Rewritten later.' })).toMatchObject({
      last_assistant_message: 'Rewritten later.',
    });
  });

  it.each([
    [4, 5, 1],
    [5, 5, 0],
    [7, 5, 0],
    [50, null, 1],
  ] as const)(
    'loop_count %i, loop_limit %j: %i Stop invocation(s) (docs/cursor-hooks.md §1: no follow-up past loop_limit)',
    (loop_count, loopLimit, n) => {
      const p = stop.plan(c({ loop_count }, { loopLimit }), EMPTY_STATE);
      expect(p.invocations).toHaveLength(n);
      if (!n)
        expect(p.notes).toEqual([
          `loop_count ${loop_count} has reached loop_limit ${loopLimit}: no follow-up is sent now, so no Stop guard runs`,
        ]);
    },
  );

  it('a systemMessage beside a block has no Cursor carrier: the block follows up, the message is logged', () => {
    const f = fold(c(), {
      stdout: '{"decision":"block","reason":"Run the tests.","systemMessage":"Tests are required here."}',
    });
    expect(f.answer).toEqual({ followup_message: 'Run the tests.' });
    expect(f.notes).toEqual([
      'hooks/guard.sh: the systemMessage beside a Stop block has no Cursor carrier (the follow-up goes to the model, not the user); logged only: Tests are required here.',
    ]);
  });

  it('an aborted turn runs no Stop guard (Claude: Stop does not run on user interrupt)', () => {
    const p = stop.plan(c({ status: 'aborted' }), EMPTY_STATE);
    expect(p.invocations).toEqual([]);
    expect(p.notes[0]).toMatch(/aborted/);
  });

  it('an errored turn runs StopFailure instead', () => {
    expect(stop.plan(c({ status: 'error' }), EMPTY_STATE).invocations.map((i) => i.claudeEvent)).toEqual([
      'StopFailure',
    ]);
  });
});

describe('stop fold (docs/design.md §5: one followup_message per stop)', () => {
  it('nothing said → {}', () => {
    expect(fold(c(), {}).answer).toEqual({});
  });

  it('two blocks come back as one followup_message', () => {
    const f = fold(
      c(),
      { label: 'a.mjs', stdout: '{"decision":"block","reason":"Run npm test."}' },
      { label: 'b.sh', exitCode: 2, stderr: 'Commit your work.' },
    );
    expect(f.answer).toEqual({ followup_message: '[a.mjs] Run npm test.\n\n[b.sh] Commit your work.' });
  });

  it('a lone systemMessage is for the user and does not continue the turn (docs/claude-hooks.md §8)', () => {
    expect(fold(c(), { stdout: '{"systemMessage":"You promised a summary."}' }).answer).toEqual({});
  });

  it('a timed-out Stop guard follows up naming the timeout (fail closed)', () => {
    expect(fold(c(), { timedOut: true, exitCode: null, timeoutSeconds: 2 }).answer).toEqual({
      followup_message:
        'hookshim: guard hooks/guard.sh timeout: no answer within 2s; treat this stop as not yet allowed (fail closed)',
    });
  });

  it('loop_limit reached: no follow-up, and a note says what was dropped', () => {
    const f = fold(c({ loop_count: 5 }), { exitCode: 2, stderr: 'again' });
    expect(f.answer).toEqual({});
    expect(f.notes[0]).toMatch(/loop_limit 5 reached.*again/);
  });

  it('loop_limit null is unlimited', () => {
    expect(fold(c({ loop_count: 50 }, { loopLimit: null }), { exitCode: 2, stderr: 'again' }).answer).toEqual({
      followup_message: 'again',
    });
  });

  it('StopFailure output is ignored, as in Claude', () => {
    const f = foldOf(
      stop,
      c({ status: 'error' }),
      [interpret(run({ claudeEvent: 'StopFailure', exitCode: 2, stderr: 'x' }))],
      EMPTY_STATE,
    );
    expect(f.answer).toEqual({});
  });

  it('plain stdout on Stop is logged, not sent', () => {
    const f = fold(c(), { stdout: 'just chatting' });
    expect(f.answer).toEqual({});
    expect(f.notes[0]).toMatch(/plain stdout on Stop/);
  });
});
