// The subagent events (adapters/subagent.ts, subagentStart.ts, subagentStop.ts): agent types, ids, follow-ups.
import { describe, expect, it } from 'vitest';
import { subagentStart } from '../../adapters/events/subagentStart.ts';
import { subagentStop } from '../../adapters/events/subagentStop.ts';
import { EMPTY_STATE } from '../../adapters/types.ts';
import { ctx, foldOf, LATE, msg, v } from './helpers.ts';

describe('subagent events', () => {
  const stopCtx = ctx('subagentStop', {
    subagent_type: 'generalPurpose',
    status: 'completed',
    loop_count: 0,
    summary: 'did it',
    subagent_id: 'sa-1',
  });
  it('SubagentStop payload and matcher values', () => {
    const [inv] = subagentStop.plan(stopCtx, EMPTY_STATE).invocations;
    expect(inv?.subject.values).toEqual(['general-purpose', 'generalPurpose']);
    expect(inv?.payload('general-purpose', LATE)).toMatchObject({
      hook_event_name: 'SubagentStop',
      agent_type: 'general-purpose',
      agent_id: 'sa-1',
      last_assistant_message: 'did it',
      stop_hook_active: false,
    });
  });
  it('a SubagentStop block becomes a follow-up', () => {
    expect(
      foldOf(subagentStop, stopCtx, [v('SubagentStop', { exitCode: 2, stderr: 'check again' })], EMPTY_STATE).answer,
    ).toEqual({ followup_message: 'check again' });
  });
  it.each(['error', 'aborted'])('status %s: nothing runs (follow-up only for completed)', (status) => {
    expect(subagentStop.plan(ctx('subagentStop', { status }), EMPTY_STATE).invocations).toEqual([]);
  });
  it('subagentStart always allows (Claude SubagentStart cannot block); context is carried', () => {
    const c = ctx('subagentStart', { subagent_type: 'explore', subagent_id: 's' });
    expect(subagentStart.plan(c, EMPTY_STATE).invocations[0]?.subject.values).toEqual(['Explore', 'explore']);
    const f = foldOf(
      subagentStart,
      c,
      [
        v('SubagentStart', { exitCode: 2, stderr: 'no' }),
        v('SubagentStart', { stdout: '{"hookSpecificOutput":{"additionalContext":"hint"}}', label: 'h' }),
      ],
      EMPTY_STATE,
    );
    expect(f.answer).toEqual({ permission: 'allow' });
    expect(f.effects).toEqual([{ kind: 'carry', messages: [msg('hint', 'h')] }]);
  });
});
