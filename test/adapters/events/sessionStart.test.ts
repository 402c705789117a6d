// sessionStart ⇄ SessionStart (UserPromptSubmit runs only at beforeSubmitPrompt, with the real prompt).
import { describe, expect, it } from 'vitest';
import { sessionStart } from '../../../adapters/events/sessionStart.ts';
import { EMPTY_STATE } from '../../../adapters/types.ts';
import { ctx, foldOf, LATE, msg, st, v } from '../helpers.ts';

describe('sessionStart ⇄ SessionStart (docs/cursor-hooks.md §4, docs/claude-hooks.md §2.2)', () => {
  const c = ctx('sessionStart', { session_id: 'conv-1', is_background_agent: false, composer_mode: 'agent' });
  it('source is startup; UserPromptSubmit does not run here (it runs once, with the prompt)', () => {
    const p = sessionStart.plan(c, EMPTY_STATE);
    expect(p.invocations.map((i) => i.claudeEvent)).toEqual(['SessionStart']);
    expect(p.invocations[0]?.subject.values).toEqual(['startup']);
    expect(p.invocations[0]?.payload(undefined, LATE)).toMatchObject({
      source: 'startup',
      hook_event_name: 'SessionStart',
    });
  });
  it('additional_context (context and plain stdout) and env', () => {
    const f = foldOf(
      sessionStart,
      c,
      [
        v('SessionStart', { stdout: '{"hookSpecificOutput":{"additionalContext":"branch main"}}', label: 's' }),
        v('SessionStart', { stdout: 'Local time', label: 't' }),
      ],
      st({ envFile: 'export A=1\nB="two words"\nnot a line\n' }),
    );
    expect(f.answer).toEqual({
      additional_context: '[s] branch main\n\n[t] Local time',
      env: { A: '1', B: 'two words' },
    });
    expect(f.effects).toEqual([]);
    expect(f.notes.join()).toMatch(/not a line/);
  });
  it("prompt context already waiting is delivered with the session's", () => {
    expect(foldOf(sessionStart, c, [], st({ pendingPrompt: [msg('waiting')] })).answer).toEqual({
      additional_context: 'waiting',
    });
  });
});
