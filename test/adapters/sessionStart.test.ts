// sessionStart ⇄ SessionStart (and the first prompt's UserPromptSubmit context).
import { describe, expect, it } from 'vitest';
import { sessionStart } from '../../adapters/sessionStart.ts';
import { EMPTY_STATE } from '../../adapters/types.ts';
import { ctx, msg, st, v } from './helpers.ts';

describe('sessionStart ⇄ SessionStart + first prompt context', () => {
  const c = ctx('sessionStart', { session_id: 'conv-1', is_background_agent: false, composer_mode: 'agent' });
  it('source is startup, and UserPromptSubmit also runs', () => {
    const p = sessionStart.plan(c, EMPTY_STATE);
    expect(p.invocations.map((i) => i.claudeEvent)).toEqual(['SessionStart', 'UserPromptSubmit']);
    expect(p.invocations[0]?.subject.values).toEqual(['startup']);
    expect(p.invocations[0]?.payload(undefined)).toMatchObject({ source: 'startup', hook_event_name: 'SessionStart' });
  });
  it('additional_context, env and the first-prompt mark', () => {
    const f = sessionStart.fold(c, [v('SessionStart', { stdout: '{"hookSpecificOutput":{"additionalContext":"branch main"}}', label: 's' }), v('UserPromptSubmit', { stdout: 'Local time', label: 't' })], st({ envFile: 'export A=1\nB="two words"\nnot a line\n' }));
    expect(f.answer).toEqual({ additional_context: '[s] branch main\n\n[t] Local time', env: { A: '1', B: 'two words' } });
    expect(f.effects).toEqual([{ kind: 'coverFirstPrompt', messages: [msg('Local time', 't')] }]);
    expect(f.notes.join()).toMatch(/not a line/);
  });
  it('when the prompt\'s context is already waiting, it is delivered instead of running UserPromptSubmit again', () => {
    const p = sessionStart.plan(c, st({ pendingPrompt: [msg('waiting')] }));
    expect(p.invocations.map((i) => i.claudeEvent)).toEqual(['SessionStart']);
    expect(sessionStart.fold(c, [], st({ pendingPrompt: [msg('waiting')] })).answer).toEqual({ additional_context: 'waiting' });
  });
});
