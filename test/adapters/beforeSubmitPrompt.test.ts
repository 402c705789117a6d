// beforeSubmitPrompt ⇄ UserPromptSubmit: the prompt, blocks, and context waiting for its one delivery.
import { describe, expect, it } from 'vitest';
import { beforeSubmitPrompt } from '../../adapters/beforeSubmitPrompt.ts';
import { EMPTY_STATE } from '../../adapters/types.ts';
import { ctx, msg, st, v } from './helpers.ts';

describe('beforeSubmitPrompt ⇄ UserPromptSubmit (docs/cursor-hooks.md §4, docs/claude-hooks.md §3.1)', () => {
  const c = ctx('beforeSubmitPrompt', { prompt: 'fix the bug', transcript_path: null });
  it('runs UserPromptSubmit with the real prompt', () => {
    expect(beforeSubmitPrompt.plan(c, EMPTY_STATE).invocations[0]?.payload(undefined)).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'fix the bug' });
  });
  it.each([
    ['exit 2', { exitCode: 2, stderr: 'not today' }],
    ['decision block', { stdout: '{"decision":"block","reason":"not today"}' }],
    ['continue:false', { stdout: '{"continue":false,"stopReason":"not today"}' }],
  ])('%s blocks the prompt with its message', (_n, r) => {
    expect(beforeSubmitPrompt.fold(c, [v('UserPromptSubmit', r)], EMPTY_STATE).answer).toEqual({ continue: false, user_message: 'not today' });
  });
  it('plain stdout and additionalContext wait for delivery', () => {
    const f = beforeSubmitPrompt.fold(c, [v('UserPromptSubmit', { label: 't.sh', stdout: 'Local time: 10:00' }), v('UserPromptSubmit', { label: 'j.sh', stdout: '{"hookSpecificOutput":{"additionalContext":"branch main"}}' })], EMPTY_STATE);
    expect(f.answer).toEqual({ continue: true });
    expect(f.effects).toEqual([{ kind: 'pendingPrompt', messages: [msg('Local time: 10:00', 't.sh'), msg('branch main', 'j.sh')] }]);
  });
  it('a failing or hung prompt script is dropped, never a block', () => {
    const f = beforeSubmitPrompt.fold(c, [v('UserPromptSubmit', { timedOut: true, exitCode: null })], EMPTY_STATE);
    expect(f.answer).toEqual({ continue: true });
    expect(f.notes.join()).toMatch(/never blocks/);
  });
  it('the first prompt after sessionStart delivered its context is not stashed again', () => {
    const f = beforeSubmitPrompt.fold(c, [v('UserPromptSubmit', { stdout: 'Local time' })], st({ firstPromptCovered: true, firstPromptDelivered: [msg('Local time', 'hooks/guard.sh')] }));
    expect(f.effects).toEqual([]);
  });
  it('…but what a script says only once it sees the real prompt still waits for delivery', () => {
    const f = beforeSubmitPrompt.fold(c, [v('UserPromptSubmit', { stdout: 'DEPLOY CHECKLIST: run the smoke tests' })], st({ firstPromptCovered: true, firstPromptDelivered: [msg('generic context', 'hooks/guard.sh')] }));
    expect(f.effects).toEqual([{ kind: 'pendingPrompt', messages: [msg('DEPLOY CHECKLIST: run the smoke tests', 'hooks/guard.sh')] }]);
  });
});
