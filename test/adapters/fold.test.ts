// adapters/fold.ts: the folding helpers the per-event adapters share (notes, warnings, failure messages, follow-ups).
import { describe, expect, it } from 'vitest';
import {
  droppedFailures,
  errorNotes,
  failureMessage,
  foldFollowup,
  saidMessages,
  warnings,
} from '../../adapters/fold.ts';
import { msg, v } from './helpers.ts';

const ok = (stdout: string, label = 'a.sh') => v('Stop', { label, stdout });
const block = (reason: string, label = 'a.sh') => v('Stop', { label, exitCode: 2, stderr: reason });
const late = (label = 'a.sh') => v('Stop', { label, timedOut: true });

describe("errorNotes: every verdict's error as a stderr note", () => {
  it.each([
    ['no error', [ok('')], []],
    [
      'exit 1 (docs/claude-hooks.md §3.1: non-blocking)',
      [v('Stop', { label: 'a.sh', exitCode: 1, stderr: 'boom\nmore' })],
      ['a.sh (Stop): exit 1 (non-blocking error): boom'],
    ],
    [
      'invalid JSON',
      [ok('{nope', 'b.sh')],
      [expect.stringMatching(/^b\.sh \(Stop\): stdout starts with "\{" but is not valid JSON/)],
    ],
    ['a failure is not an error note', [late()], []],
  ])('%s', (_name, verdicts, want) => expect(errorNotes(verdicts)).toEqual(want));
});

describe('warnings: warn-only output (additionalContext, systemMessage, plain stdout)', () => {
  const both = v('PreToolUse', {
    label: 'a.sh',
    stdout: '{"systemMessage":"sys","hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"ctx"}}',
  });
  it.each([
    ['context, then systemMessage', both, true, [msg('ctx', 'a.sh'), msg('sys', 'a.sh')]],
    ['plain stdout included', v('PreToolUse', { label: 'a.sh', stdout: 'note' }), true, [msg('note', 'a.sh')]],
    ['plain stdout left out on request', v('PreToolUse', { label: 'a.sh', stdout: 'note' }), false, []],
    ['nothing said', v('PreToolUse', { label: 'a.sh' }), true, []],
  ])('%s', (_name, verdict, withPlain, want) => expect(warnings(verdict, withPlain)).toEqual(want));
});

describe('failureMessage (docs/fail-matrix.md)', () => {
  it.each([
    [
      'a timeout names the script and the time',
      late('g.sh'),
      'hookshim: guard g.sh timeout: no answer within 10s; deny',
    ],
    [
      'a missing script',
      v('Stop', { label: 'g.sh', missing: 'hooks/g.sh' }),
      'hookshim: guard g.sh missing: hooks/g.sh does not exist; deny',
    ],
    ['a verdict that did not fail', ok('', 'g.sh'), 'hookshim: guard g.sh failed; deny'],
  ])('%s', (_name, verdict, want) => expect(failureMessage(verdict, 'deny')).toBe(want));
});

describe('droppedFailures: failures on context-only paths, logged then dropped', () => {
  it.each([
    [
      'failures only',
      [late('a.sh'), ok('x', 'b.sh'), v('PostToolUse', { label: 'c.sh', startError: 'spawn EACCES' })],
      [
        'a.sh (Stop) timeout: no answer within 10s; dropped',
        'c.sh (PostToolUse) could not start: spawn EACCES; dropped',
      ],
    ],
    ['none', [ok('x')], []],
  ])('%s', (_name, verdicts, want) => expect(droppedFailures(verdicts, 'dropped')).toEqual(want));
});

describe('foldFollowup (docs/design.md §5: one followup_message per stop, within loop_limit)', () => {
  it.each([
    ['nothing said → {}', [ok('')], 0, 5, {}],
    ['a block', [block('Run the tests.')], 0, 5, { followup_message: 'Run the tests.' }],
    [
      'two blocks join, each labelled',
      [block('one', 'a.sh'), block('two', 'b.sh')],
      0,
      5,
      { followup_message: '[a.sh] one\n\n[b.sh] two' },
    ],
    [
      'a failure fails closed',
      [late('g.sh')],
      0,
      5,
      {
        followup_message:
          'hookshim: guard g.sh timeout: no answer within 10s; treat this stop as not yet allowed (fail closed)',
      },
    ],
    [
      'a lone systemMessage is for the user: no follow-up (docs/claude-hooks.md §8)',
      [ok('{"systemMessage":"Commit first."}')],
      0,
      5,
      {},
    ],
    ['plain stdout is no decision', [ok('just text')], 0, 5, {}],
    ["another event's verdicts are ignored", [v('SubagentStop', { exitCode: 2, stderr: 'no' })], 0, 5, {}],
    ['loop_count below loop_limit: sent', [block('again')], 4, 5, { followup_message: 'again' }],
    ['loop_count at loop_limit: not sent', [block('again')], 5, 5, {}],
    ['loop_limit null: unlimited', [block('again')], 99, null, { followup_message: 'again' }],
  ])('%s', (_name, verdicts, loopCount, loopLimit, answer) => {
    expect(foldFollowup(verdicts, 'Stop', loopCount, loopLimit).answer).toEqual(answer);
  });

  it.each([
    [
      'plain stdout is logged, cut to 200 characters',
      [ok(`t${'x'.repeat(300)}`, 'p.sh')],
      0,
      5,
      [`p.sh: plain stdout on Stop is not a decision (logged only): t${'x'.repeat(199)}`],
    ],
    [
      'a lone systemMessage is logged',
      [ok('{"systemMessage":"Commit first."}', 's.sh')],
      0,
      5,
      [
        `s.sh: a systemMessage on Stop is for the user, and Cursor's answer has no field for the user; logged only: Commit first.`,
      ],
    ],
    [
      'the loop limit says what was not sent',
      [block('again')],
      5,
      5,
      ['loop_limit 5 reached (loop_count 5): follow-up not sent: again'],
    ],
    [
      'error notes come first',
      [v('Stop', { label: 'e.sh', exitCode: 1 }), block('b')],
      5,
      5,
      ['e.sh (Stop): exit 1 (non-blocking error)', 'loop_limit 5 reached (loop_count 5): follow-up not sent: b'],
    ],
  ])('notes: %s', (_name, verdicts, loopCount, loopLimit, notes) => {
    expect(foldFollowup(verdicts, 'Stop', loopCount, loopLimit).notes).toEqual(notes);
  });
});

describe('saidMessages: what a blocking or stopping verdict said', () => {
  it.each([
    ['a block', block('no', 'a.sh'), [msg('no', 'a.sh')]],
    ['continue:false with a stopReason', ok('{"continue":false,"stopReason":"halt"}', 'a.sh'), [msg('halt', 'a.sh')]],
    ['continue:false without a reason', ok('{"continue":false}', 'a.sh'), []],
    ['an ok verdict', ok('hello'), []],
    ['a failure', late(), []],
  ])('%s', (_name, verdict, want) => expect(saidMessages(verdict)).toEqual(want));
});
