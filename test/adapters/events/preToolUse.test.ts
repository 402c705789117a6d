import { describe, expect, it } from 'vitest';
import { interpret } from '../../../adapters/outcome.ts';
import { preToolUse } from '../../../adapters/events/preToolUse.ts';
import { EMPTY_STATE } from '../../../adapters/types.ts';
import { ctx, foldOf, LATE, run } from '../helpers.ts';

const shell = (command: string, extra = {}) =>
  ctx('preToolUse', {
    tool_name: 'Shell',
    tool_input: { command, cwd: '', timeout: 30000 },
    tool_use_id: 'tu-1',
    ...extra,
  });
const fold = (c: ReturnType<typeof shell>, ...runs: Parameters<typeof run>[0][]) =>
  foldOf(
    preToolUse,
    c,
    runs.map((r) => interpret(run(r))),
    EMPTY_STATE,
  );

describe('preToolUse plan (docs/design.md §4, docs/cursor-hooks.md §6 captured Shell payload)', () => {
  it('offers Bash before Shell and builds a Claude payload', () => {
    const c = shell('git status');
    const [inv] = preToolUse.plan(c, EMPTY_STATE).invocations;
    expect(inv?.subject.values).toEqual(['Bash', 'Shell']);
    expect(inv?.payload('Bash', LATE)).toMatchObject({
      session_id: 'conv-1',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_use_id: 'tu-1',
      cwd: '/repo',
      permission_mode: 'default',
      tool_input: { command: 'git status', timeout: 30000 },
      transcript_path: '/state/tx/t.jsonl',
    });
  });

  it('a JSON-string tool_input is parsed', () => {
    const c = ctx('preToolUse', { tool_name: 'Shell', tool_input: '{"command":"ls"}', tool_use_id: 'x' });
    expect(preToolUse.plan(c, EMPTY_STATE).invocations[0]?.payload('Bash', LATE)).toMatchObject({
      tool_input: { command: 'ls' },
    });
  });

  it('a tool_use_id with a newline is passed through unchanged', () => {
    const id = 'call-1-0\nfc_2_0';
    const c = shell('ls', { tool_use_id: id });
    expect(preToolUse.plan(c, EMPTY_STATE).invocations[0]?.payload('Bash', LATE).tool_use_id).toBe(id);
  });

  it.each([
    ['packages/api', '/repo/packages/api'],
    ['/srv/app', '/srv/app'],
    ['', '/repo'],
  ])('Shell tool_input.cwd %j → Claude cwd %s (docs/claude-hooks.md §2.1: cwd follows the shell)', (cwd, want) => {
    const c = ctx('preToolUse', {
      tool_name: 'Shell',
      tool_input: { command: 'ls', cwd, timeout: 30000 },
      tool_use_id: 'x',
    });
    expect(preToolUse.plan(c, EMPTY_STATE).invocations[0]?.payload('Bash', LATE).cwd).toBe(want);
  });

  it('session_id is the conversation id even when a session_id is present', () => {
    const c = shell('ls', { session_id: 'other' });
    expect(preToolUse.plan(c, EMPTY_STATE).invocations[0]?.payload('Bash', LATE).session_id).toBe('conv-1');
  });
});

describe('preToolUse fold (docs/design.md §5)', () => {
  it('nothing said → allow', () => {
    expect(fold(shell('ls'), {})).toEqual({ answer: { permission: 'allow' }, effects: [], notes: [] });
  });

  it("exit 2 denies with the script's stderr as the message", () => {
    const f = fold(shell('git push --force origin main'), { exitCode: 2, stderr: 'Force push to main is blocked.\n' });
    expect(f.answer).toEqual({
      permission: 'deny',
      user_message: 'Force push to main is blocked.',
      agent_message: 'Force push to main is blocked.',
    });
  });

  it('deny beats ask beats allow; every deny reason is kept, naming its script', () => {
    const f = fold(
      shell('x'),
      { label: 'a.sh', stdout: '{"hookSpecificOutput":{"permissionDecision":"allow"}}' },
      { label: 'b.sh', exitCode: 2, stderr: 'B says no' },
      { label: 'c.sh', stdout: '{"hookSpecificOutput":{"permissionDecision":"ask"}}' },
      {
        label: 'd.sh',
        stdout: '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"D says no"}}',
      },
    );
    expect(f.answer.permission).toBe('deny');
    expect(f.answer.user_message).toBe('[b.sh] B says no\n\n[d.sh] D says no');
  });

  it('ask → permission ask with its reason', () => {
    expect(
      fold(shell('x'), {
        stdout: '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}',
      }).answer,
    ).toEqual({ permission: 'ask', user_message: 'sure?' });
  });

  it('a deny whose reason is only in systemMessage carries that message', () => {
    const f = fold(shell('x'), {
      stdout:
        '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"},"systemMessage":"merges go through review"}',
    });
    expect(f.answer.user_message).toBe('merges go through review');
  });

  it.each([
    [
      'timeout',
      { timedOut: true, exitCode: null, timeoutSeconds: 1 },
      'hookshim: guard hooks/guard.sh timeout: no answer within 1s; the tool call is denied (fail closed)',
    ],
    [
      'missing script',
      { exitCode: 127, stderr: 'sh: 1: /repo/hooks/gone.sh: not found' },
      'hookshim: guard hooks/guard.sh missing (exit 127, command not found): sh: 1: /repo/hooks/gone.sh: not found; the tool call is denied (fail closed)',
    ],
    [
      'not executable',
      { exitCode: 126 },
      'hookshim: guard hooks/guard.sh cannot start (exit 126, not executable); the tool call is denied (fail closed)',
    ],
  ])('fail closed: %s', (_n, r, message) => {
    expect(fold(shell('x'), r).answer).toEqual({ permission: 'deny', user_message: message, agent_message: message });
  });

  it('exit 1 is a non-blocking error: allowed, and logged', () => {
    const f = fold(shell('x'), { exitCode: 1, stderr: 'oops' });
    expect(f.answer).toEqual({ permission: 'allow' });
    expect(f.notes).toEqual(['hooks/guard.sh (PreToolUse): exit 1 (non-blocking error): oops']);
  });

  it('continue:false denies with stopReason', () => {
    expect(fold(shell('x'), { stdout: '{"continue":false,"stopReason":"halt all"}' }).answer).toMatchObject({
      permission: 'deny',
      user_message: 'halt all',
    });
  });

  it('warn-only output is stashed for the tool_use_id', () => {
    const f = fold(
      shell('x'),
      { label: 'w.sh', stdout: '{"systemMessage":"heads up"}' },
      { label: 'v.sh', stdout: '{"hookSpecificOutput":{"additionalContext":"mind the branch"}}' },
    );
    expect(f.answer).toEqual({ permission: 'allow' });
    expect(f.notes).toEqual([
      "2 warning(s) from w.sh, v.sh kept for this tool's postToolUse: preToolUse cannot carry context on an allow",
    ]);
    expect(f.effects).toEqual([
      {
        kind: 'stash',
        toolUseId: 'tu-1',
        messages: [
          { from: 'w.sh', text: 'heads up' },
          { from: 'v.sh', text: 'mind the branch' },
        ],
      },
    ]);
  });

  it('plain stdout is debug output on PreToolUse (docs/claude-hooks.md §7): logged, never handed to the model', () => {
    const f = fold(shell('x'), { label: 'v.sh', stdout: 'plain note' });
    expect(f).toEqual({
      answer: { permission: 'allow' },
      effects: [],
      notes: ["v.sh: plain stdout on PreToolUse is Claude's debug output, not the model's (logged only): plain note"],
    });
  });

  it('warnings of a denied tool are carried to the next postToolUse', () => {
    const f = fold(
      shell('x'),
      { label: 'w.sh', stdout: '{"systemMessage":"heads up"}' },
      { exitCode: 2, stderr: 'no' },
    );
    expect(f.effects).toEqual([{ kind: 'carry', messages: [{ from: 'w.sh', text: 'heads up' }] }]);
  });

  it("a Task's warnings are carried to the next postToolUse: Cursor fires none for Task (docs/cursor-hooks.md §6)", () => {
    const c = ctx('preToolUse', {
      tool_name: 'Task',
      tool_input: { subagent_type: 'generalPurpose', description: 'd', prompt: 'p' },
      tool_use_id: 'task-1',
    });
    const f = fold(c, { label: 'w.sh', stdout: '{"hookSpecificOutput":{"additionalContext":"brief it"}}' });
    expect(f.effects).toEqual([{ kind: 'carry', messages: [{ from: 'w.sh', text: 'brief it' }] }]);
  });

  it('a deny whose reason came from systemMessage is not carried again as a warning', () => {
    const f = fold(shell('x'), {
      stdout: '{"hookSpecificOutput":{"permissionDecision":"deny"},"systemMessage":"merges go through review"}',
    });
    expect(f.effects).toEqual([]);
  });

  it("a Shell updatedInput goes back as updated_input, in Cursor's keys (docs/cursor-hooks.md §11: honoured for Shell)", () => {
    const f = fold(shell('rm -rf build'), {
      stdout: '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"rm -rf ./build"}}}',
    });
    expect(f.answer).toEqual({ permission: 'allow', updated_input: { command: 'rm -rf ./build', cwd: '' } });
  });

  it('a rewrite Cursor would drop (docs/cursor-hooks.md §11: Write) denies, naming the call to make instead, and says why on stderr', () => {
    const c = ctx('preToolUse', {
      tool_name: 'Write',
      tool_input: { file_path: 'config.js', content: 'key = "sk-live-123"' },
      tool_use_id: 't',
    });
    const f = fold(c, {
      label: 'redact.sh',
      stdout:
        '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"file_path":"/repo/config.js","content":"key = process.env.KEY"}}}',
    });
    const text =
      'redact.sh changed the input of this Write call, and Cursor does not apply a changed input to Write: the call is denied. Make the call again with this input instead: {"file_path":"config.js","content":"key = process.env.KEY"}';
    expect(f.answer).toEqual({ permission: 'deny', user_message: text, agent_message: text });
    expect(f.notes[0]).toMatch(/^redact\.sh rewrote the Write input; Cursor applies updated_input only for Shell/);
  });

  it('an updatedInput that changes nothing is no rewrite: allowed', () => {
    const c = ctx('preToolUse', { tool_name: 'Read', tool_input: { path: 'a.txt' }, tool_use_id: 't' });
    const f = fold(c, {
      stdout: '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"file_path":"/repo/a.txt"}}}',
    });
    expect(f.answer).toEqual({ permission: 'allow' });
  });

  it('identical reasons from several scripts are sent once', () => {
    const f = fold(
      shell('x'),
      { label: 'a.sh', exitCode: 2, stderr: 'same' },
      { label: 'b.sh', exitCode: 2, stderr: 'same' },
    );
    expect(f.answer.user_message).toBe('same');
  });
});
