// beforeReadFile ⇄ PreToolUse Read (docs/cursor-hooks.md §4, §11: Cursor 3.15's ReadFile fires only this event).
import { describe, expect, it } from 'vitest';
import { beforeReadFile } from '../../../adapters/events/beforeReadFile.ts';
import { interpret } from '../../../adapters/outcome.ts';
import { EMPTY_STATE } from '../../../adapters/types.ts';
import { ctx, foldOf, LATE, run } from '../helpers.ts';

const c = (file_path: unknown = '/repo/.env') =>
  ctx('beforeReadFile', { file_path, content: 'A=1\n', attachments: [] });
const fold = (...runs: Parameters<typeof run>[0][]) =>
  foldOf(
    beforeReadFile,
    c(),
    runs.map((r) => interpret(run(r))),
    EMPTY_STATE,
  );

describe('beforeReadFile plan (docs/cursor-hooks.md §11: {file_path, content, attachments}, no tool_use_id)', () => {
  it('is a Claude PreToolUse Read of that file, the content left out', () => {
    const [inv] = beforeReadFile.plan(c(), EMPTY_STATE).invocations;
    expect(inv?.claudeEvent).toBe('PreToolUse');
    expect(inv?.subject.values).toEqual(['Read']);
    const payload = inv?.payload('Read', LATE);
    expect(payload).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Read',
      tool_input: { file_path: '/repo/.env' },
      cwd: '/repo',
      session_id: 'conv-1',
    });
    expect(payload).not.toHaveProperty('tool_use_id');
  });

  it('a relative path is made absolute (docs/claude-hooks.md §2.2: file paths are absolute)', () => {
    expect(beforeReadFile.plan(c('src/a.ts'), EMPTY_STATE).invocations[0]?.payload('Read', LATE)).toMatchObject({
      tool_input: { file_path: '/repo/src/a.ts' },
    });
  });

  it('without a file_path nothing runs, and it says why', () => {
    expect(beforeReadFile.plan(c(null), EMPTY_STATE)).toEqual({
      invocations: [],
      notes: ['beforeReadFile without a file_path: no Read guard can judge it'],
    });
  });
});

describe('beforeReadFile fold (docs/cursor-hooks.md §4: permission allow or deny, user_message)', () => {
  it.each([
    ['nothing said', {}, { permission: 'allow' }],
    ['exit 2', { exitCode: 2, stderr: 'no secrets' }, { permission: 'deny', user_message: 'no secrets' }],
    [
      'a deny',
      { stdout: '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}' },
      { permission: 'deny', user_message: 'no' },
    ],
    [
      'a timeout fails closed',
      { timedOut: true, exitCode: null, timeoutSeconds: 1 },
      {
        permission: 'deny',
        user_message:
          'hookshim: guard hooks/guard.sh timeout: no answer within 1s; the tool call is denied (fail closed)',
      },
    ],
    [
      'an ask cannot be asked here: it denies',
      { stdout: '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}' },
      { permission: 'deny', user_message: 'sure? (beforeReadFile cannot ask for confirmation, so the read is denied)' },
    ],
    [
      'a rewritten path cannot be applied: it denies, naming the read to make',
      {
        stdout:
          '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"file_path":"/repo/.env.example"}}}',
      },
      {
        permission: 'deny',
        user_message:
          'hooks/guard.sh changed the input of this Read call, and Cursor does not apply a changed input to Read: the call is denied. Make the call again with this input instead: {"file_path":"/repo/.env.example"}',
      },
    ],
  ] as const)('%s', (_n, r, answer) => {
    expect(fold(r).answer).toEqual(answer);
  });

  it('warnings are carried to the next postToolUse (no tool_use_id to stash them for)', () => {
    expect(fold({ stdout: '{"hookSpecificOutput":{"additionalContext":"large file"}}' }).effects).toEqual([
      { kind: 'carry', messages: [{ from: 'hooks/guard.sh', text: 'large file' }] },
    ]);
  });
});
