// sessionEnd and preCompact: observe only.
import { describe, expect, it } from 'vitest';
import { preCompact } from '../../../adapters/events/preCompact.ts';
import { sessionEnd } from '../../../adapters/events/sessionEnd.ts';
import { EMPTY_STATE } from '../../../adapters/types.ts';
import { ctx, foldOf, LATE, v } from '../helpers.ts';

describe('sessionEnd and preCompact (observe only)', () => {
  it.each([
    ['completed', 'other'],
    ['window_close', 'prompt_input_exit'],
    ['user_close', 'prompt_input_exit'],
    ['weird', 'other'],
  ])('sessionEnd reason %s → %s', (reason, mapped) => {
    expect(
      sessionEnd.plan(ctx('sessionEnd', { reason }), EMPTY_STATE).invocations[0]?.payload(undefined, LATE),
    ).toMatchObject({ hook_event_name: 'SessionEnd', reason: mapped });
  });
  it('preCompact trigger and systemMessage → user_message', () => {
    const c = ctx('preCompact', { trigger: 'manual' });
    expect(preCompact.plan(c, EMPTY_STATE).invocations[0]?.payload(undefined, LATE)).toMatchObject({
      trigger: 'manual',
      hook_event_name: 'PreCompact',
    });
    expect(
      foldOf(preCompact, c, [v('PreCompact', { stdout: '{"systemMessage":"saving notes"}' })], EMPTY_STATE).answer,
    ).toEqual({ user_message: 'saving notes' });
  });
  it('preCompact: custom_instructions null, and a block cannot block but its message reaches the user (docs/claude-hooks.md §8)', () => {
    const c = ctx('preCompact', { trigger: 'manual' });
    expect(preCompact.plan(c, EMPTY_STATE).invocations[0]?.payload(undefined, LATE)).toMatchObject({
      custom_instructions: null,
    });
    const f = foldOf(preCompact, c, [v('PreCompact', { exitCode: 2, stderr: 'not now' })], EMPTY_STATE);
    expect(f.answer).toEqual({ user_message: 'not now' });
    expect(f.notes.join('\n')).toMatch(/cannot block: not now/);
  });
});
