// postToolUseFailure ⇄ PostToolUseFailure: error mapping, and context carried (Cursor's answer has no field).
import { describe, expect, it } from 'vitest';
import { postToolUseFailure } from '../../../adapters/events/postToolUseFailure.ts';
import { EMPTY_STATE } from '../../../adapters/types.ts';
import { ctx, foldOf, LATE, msg, st, v } from '../helpers.ts';

describe('postToolUseFailure ⇄ PostToolUseFailure', () => {
  const c = ctx('postToolUseFailure', {
    tool_name: 'Shell',
    tool_input: { command: 'false' },
    tool_use_id: 't2',
    error_message: 'Exit code 1',
    failure_type: 'error',
  });
  it('maps error_message to error', () => {
    expect(postToolUseFailure.plan(c, EMPTY_STATE).invocations[0]?.payload('Bash', LATE)).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      error: 'Exit code 1',
      is_interrupt: false,
    });
  });
  it('a permission denial runs nothing (Claude fires no PostToolUseFailure for it)', () => {
    expect(
      postToolUseFailure.plan(
        ctx('postToolUseFailure', { tool_name: 'Shell', failure_type: 'permission_denied' }),
        EMPTY_STATE,
      ).invocations,
    ).toEqual([]);
  });
  it('context has no carrier here: it is carried, with the stashed warnings', () => {
    const f = foldOf(
      postToolUseFailure,
      c,
      [v('PostToolUseFailure', { stdout: '{"hookSpecificOutput":{"additionalContext":"try again"}}', label: 'f' })],
      st({ stashed: [msg('warn', 'pre')] }),
    );
    expect(f.answer).toEqual({});
    expect(f.effects).toEqual([{ kind: 'carry', messages: [msg('warn', 'pre'), msg('try again', 'f')] }]);
  });
});
