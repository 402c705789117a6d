// beforeSubmitPrompt ⇄ UserPromptSubmit: the prompt, blocks, and context delivered now or kept for its one delivery.
import { describe, expect, it } from 'vitest';
import { beforeSubmitPrompt } from '../../../adapters/events/beforeSubmitPrompt.ts';
import { EMPTY_STATE } from '../../../adapters/types.ts';
import { ctx, foldOf, LATE, msg, v } from '../helpers.ts';

describe('beforeSubmitPrompt ⇄ UserPromptSubmit (docs/cursor-hooks.md §4, docs/claude-hooks.md §3.1)', () => {
  const c = ctx('beforeSubmitPrompt', { prompt: 'fix the bug', transcript_path: null });
  it('runs UserPromptSubmit with the real prompt', () => {
    expect(beforeSubmitPrompt.plan(c, EMPTY_STATE).invocations[0]?.payload(undefined, LATE)).toMatchObject({
      hook_event_name: 'UserPromptSubmit',
      prompt: 'fix the bug',
    });
  });
  it.each([
    ['exit 2', { exitCode: 2, stderr: 'not today' }],
    ['decision block', { stdout: '{"decision":"block","reason":"not today"}' }],
    ['continue:false', { stdout: '{"continue":false,"stopReason":"not today"}' }],
  ])('%s blocks the prompt with its message', (_n, r) => {
    expect(foldOf(beforeSubmitPrompt, c, [v('UserPromptSubmit', r)], EMPTY_STATE).answer).toEqual({
      continue: false,
      user_message: 'not today',
    });
  });
  // docs/claude-hooks.md §8 (ups-block-ansi): Claude Code shows a block's reason without its colour codes.
  it.each([
    ['a block reason', { decision: 'block', reason: '\u001b[31mno secrets\u001b[0m here' }],
    ['a stopReason', { continue: false, stopReason: '\u001b[1mno secrets\u001b[0m here' }],
  ])('%s loses its colour codes (ups-block-ansi, ups-stop-ansi)', (_n, answer) => {
    const r = { stdout: JSON.stringify(answer) };
    expect(foldOf(beforeSubmitPrompt, c, [v('UserPromptSubmit', r)], EMPTY_STATE).answer.user_message).toBe(
      'no secrets here',
    );
  });
  // Same-turn delivery: IDE 3.9.16 and CLI 2026.09.18 and later (docs/cursor-hooks.md §11).
  const said = [
    v('UserPromptSubmit', { label: 't.sh', stdout: 'Local time: 10:00' }),
    v('UserPromptSubmit', { label: 'j.sh', stdout: '{"hookSpecificOutput":{"additionalContext":"branch main"}}' }),
  ];
  const both = '[t.sh] Local time: 10:00\n\n[j.sh] branch main';
  it.each([
    ['IDE 3.9.16', '3.9.16', true],
    ['IDE 3.15.6', '3.15.6', true],
    ['IDE 3.9.15', '3.9.15', false],
    ['IDE 2.4.0', '2.4.0', false],
    ['CLI 2026.09.18', '2026.09.18-abc1234', true],
    ['CLI 2026.10.01', '2026.10.01-abc1234', true],
    ['CLI 2026.09.02', '2026.09.02-c22c1a3', false],
    ['no version', undefined, false],
  ] as const)('%s: context %s', (_n, version, now) => {
    const f = foldOf(
      beforeSubmitPrompt,
      ctx('beforeSubmitPrompt', { prompt: 'x', ...(version ? { cursor_version: version } : {}) }),
      said,
      EMPTY_STATE,
    );
    if (now) expect(f).toMatchObject({ answer: { continue: true, additional_context: both }, effects: [] });
    else
      expect(f).toMatchObject({
        answer: { continue: true },
        effects: [{ kind: 'pendingPrompt', messages: [msg('Local time: 10:00', 't.sh'), msg('branch main', 'j.sh')] }],
      });
  });
  it.each([
    ['promptContext "postToolUse" keeps it for the first postToolUse on any version', 'postToolUse', '3.15.6', false],
    ['promptContext "beforeSubmitPrompt" sends it now on any version', 'beforeSubmitPrompt', '2.4.0', true],
  ] as const)('%s', (_n, promptContext, version, now) => {
    const f = foldOf(
      beforeSubmitPrompt,
      ctx('beforeSubmitPrompt', { prompt: 'x', cursor_version: version }, { promptContext }),
      said,
      EMPTY_STATE,
    );
    expect(f.answer.additional_context !== undefined).toBe(now);
  });
  it('a failing or hung prompt script is dropped, never a block', () => {
    const f = foldOf(beforeSubmitPrompt, c, [v('UserPromptSubmit', { timedOut: true, exitCode: null })], EMPTY_STATE);
    expect(f.answer).toEqual({ continue: true });
    expect(f.notes.join()).toMatch(/never blocks/);
  });
});
