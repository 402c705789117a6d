// adapters/payload.ts: the fields every Claude payload carries, built from Cursor's common input.
import { describe, expect, it } from 'vitest';
import { basePayload, lastMessage } from '../../adapters/payload.ts';
import { ctx, LATE } from './helpers.ts';

describe('basePayload (docs/claude-hooks.md §2.1; docs/cursor-hooks.md §3)', () => {
  const base = {
    session_id: 'conv-1',
    transcript_path: '/state/tx/t.jsonl',
    permission_mode: 'default',
    hook_event_name: 'Stop',
  };
  const ids = { prompt_id: 'gen-1', conversation_id: 'conv-1', generation_id: 'gen-1' };
  it.each([
    ['cwd "" falls back to the project root', {}, { ...base, cwd: '/repo', ...ids }],
    ['a cwd given is kept', { cwd: '/repo/sub' }, { ...base, cwd: '/repo/sub', ...ids }],
    [
      'empty conversation and generation ids are not passed on',
      { conversation_id: '', generation_id: '' },
      { ...base, cwd: '/repo' },
    ],
  ])('%s', (_name, input, want) => {
    expect(basePayload(ctx('stop', input), 'Stop', LATE)).toEqual(want);
  });

  it('cursor_version and other Cursor fields are left out', () => {
    expect(
      basePayload(
        ctx('preToolUse', { cursor_version: '2026.09.02', model: 'default', user_email: 'a@b' }),
        'PreToolUse',
        LATE,
      ),
    ).toEqual({
      session_id: 'conv-1',
      transcript_path: '/state/tx/t.jsonl',
      cwd: '/repo',
      prompt_id: 'gen-1',
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      conversation_id: 'conv-1',
      generation_id: 'gen-1',
    });
  });

  // docs/claude-hooks.md §10 `prompt_id`: one id per prompt; Cursor's generation_id is one per turn (docs/cursor-hooks.md §3).
  it.each([
    ['PreToolUse', 'gen-1'],
    ['UserPromptSubmit', 'gen-1'],
    ['Stop', 'gen-1'],
    ['SubagentStop', 'gen-1'],
    ['SessionStart', undefined],
    ['SessionEnd', undefined],
    ['PreCompact', undefined],
  ] as const)('prompt_id on %s: %s', (event, want) => {
    expect(basePayload(ctx('stop', {}), event, LATE).prompt_id).toBe(want);
  });

  it('no prompt_id where generation_id equals conversation_id (the CLI): it would be the same for every prompt', () => {
    expect(basePayload(ctx('preToolUse', { generation_id: 'conv-1' }), 'PreToolUse', LATE)).not.toHaveProperty(
      'prompt_id',
    );
  });

  it("session_id is the context's session, transcript_path the (rewritten) transcript it is handed", () => {
    expect(basePayload(ctx('stop', {}, { sessionId: 's-9' }), 'Stop', { transcriptPath: '' })).toMatchObject({
      session_id: 's-9',
      transcript_path: '',
    });
  });
});

describe('lastMessage (docs/claude-hooks.md §2.2 Stop, SubagentStop)', () => {
  it.each([
    [undefined, {}],
    ['', { last_assistant_message: '' }],
    ['done', { last_assistant_message: 'done' }],
  ])('%j → %j', (text, want) => expect(lastMessage(text)).toEqual(want));
});
