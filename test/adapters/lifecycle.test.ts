// Per-event input mapping and output folding for the events beyond preToolUse and stop (issue: every Cursor event).
import { describe, expect, it } from 'vitest';
import { beforeSubmitPrompt } from '../../adapters/beforeSubmitPrompt.ts';
import { interpret } from '../../adapters/outcome.ts';
import { postToolUse } from '../../adapters/postToolUse.ts';
import { postToolUseFailure } from '../../adapters/postToolUseFailure.ts';
import { preCompact } from '../../adapters/preCompact.ts';
import { parseEnvFile, sessionStart } from '../../adapters/sessionStart.ts';
import { sessionEnd } from '../../adapters/sessionEnd.ts';
import { subagentStart } from '../../adapters/subagentStart.ts';
import { subagentStop } from '../../adapters/subagentStop.ts';
import { EMPTY_STATE, type RunResult, type StateIn } from '../../adapters/types.ts';
import { ctx, run } from './helpers.ts';

const v = (claudeEvent: RunResult['claudeEvent'], r: Partial<RunResult> = {}) => interpret(run({ claudeEvent, ...r }));
const st = (over: Partial<StateIn>): StateIn => ({ ...EMPTY_STATE, ...over });
const msg = (text: string, from = 'x') => ({ from, text });

describe('beforeSubmitPrompt ⇄ UserPromptSubmit (cursor-hooks.md §4, claude-hooks.md §3.1)', () => {
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

describe('postToolUse ⇄ PostToolUse (cursor-hooks.md §4 postToolUse)', () => {
  const c = ctx('postToolUse', { tool_name: 'Shell', tool_input: { command: 'npm test' }, tool_output: '{"output":"ok\\n","exitCode":0}', tool_use_id: 't1', duration: 728.2 });
  it('tool_response from tool_output', () => {
    expect(postToolUse.plan(c, EMPTY_STATE).invocations[0]?.payload('Bash')).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_response: { stdout: 'ok\n', interrupted: false }, duration_ms: 728, tool_use_id: 't1' });
  });
  it('delivers, in order: pending prompt context, stashed warnings, own feedback, carried context', () => {
    const f = postToolUse.fold(c, [v('PostToolUse', { label: 'lint', stdout: '{"decision":"block","reason":"lint failed"}' })], st({ pendingPrompt: [msg('time', 'ups')], stashed: [msg('careful', 'pre')], carried: [msg('earlier', 'fail')] }));
    expect(f.answer).toEqual({ additional_context: '[ups] time\n\n[pre] careful\n\n[lint] lint failed\n\n[fail] earlier' });
  });
  it('exit 2 stderr and additionalContext reach the model', () => {
    const f = postToolUse.fold(c, [v('PostToolUse', { exitCode: 2, stderr: 'bad edit' }), v('PostToolUse', { stdout: '{"hookSpecificOutput":{"additionalContext":"ctx"}}' })], EMPTY_STATE);
    expect(f.answer.additional_context).toContain('bad edit');
    expect(f.answer.additional_context).toContain('ctx');
  });
  it('nothing to say → {}', () => {
    expect(postToolUse.fold(c, [v('PostToolUse')], EMPTY_STATE).answer).toEqual({});
  });
  it('updatedMCPToolOutput → updated_mcp_tool_output for MCP tools', () => {
    const m = ctx('postToolUse', { tool_name: 'MCP:github-get_issue', tool_input: {}, tool_output: '{}' });
    expect(postToolUse.fold(m, [v('PostToolUse', { stdout: '{"hookSpecificOutput":{"updatedMCPToolOutput":{"x":1}}}' })], EMPTY_STATE).answer).toEqual({ updated_mcp_tool_output: { x: 1 } });
  });
});

describe('postToolUseFailure ⇄ PostToolUseFailure', () => {
  const c = ctx('postToolUseFailure', { tool_name: 'Shell', tool_input: { command: 'false' }, tool_use_id: 't2', error_message: 'Exit code 1', failure_type: 'error' });
  it('maps error_message to error', () => {
    expect(postToolUseFailure.plan(c, EMPTY_STATE).invocations[0]?.payload('Bash')).toMatchObject({ hook_event_name: 'PostToolUseFailure', error: 'Exit code 1', is_interrupt: false });
  });
  it('a permission denial runs nothing (Claude fires no PostToolUseFailure for it)', () => {
    expect(postToolUseFailure.plan(ctx('postToolUseFailure', { tool_name: 'Shell', failure_type: 'permission_denied' }), EMPTY_STATE).invocations).toEqual([]);
  });
  it('context has no carrier here: it is carried, with the stashed warnings', () => {
    const f = postToolUseFailure.fold(c, [v('PostToolUseFailure', { stdout: '{"hookSpecificOutput":{"additionalContext":"try again"}}', label: 'f' })], st({ stashed: [msg('warn', 'pre')] }));
    expect(f.answer).toEqual({});
    expect(f.effects).toEqual([{ kind: 'carry', messages: [msg('warn', 'pre'), msg('try again', 'f')] }]);
  });
});

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
  it.each([
    ['export X=1', { X: '1' }],
    ["export Y='a b'", { Y: 'a b' }],
    ['Z="q\\"q"', { Z: 'q"q' }],
    ['export PATH="$PATH:./node_modules/.bin"', { PATH: '/usr/bin:/bin:./node_modules/.bin' }],
    ['export DATA=${HOME}/data', { DATA: '/home/dev/data' }],
    ["export LIT='$HOME'", { LIT: '$HOME' }],
    ['export A=1\nexport B="$A-2"', { A: '1', B: '1-2' }],
    ['export NONE="$UNSET_VAR"', { NONE: '' }],
  ])('env file %j is assigned as sh would (claude-hooks.md §1.5 CLAUDE_ENV_FILE)', (text, env) => {
    expect(parseEnvFile(text, { PATH: '/usr/bin:/bin', HOME: '/home/dev' })).toEqual({ env, skipped: [] });
  });

  it.each(['export NOW=$(date)', 'export NOW="`date`"', 'export A="unterminated', 'export A=1 && rm -rf /'])('a value sh would run code for is skipped, never half-expanded: %j', (line) => {
    expect(parseEnvFile(line, {})).toEqual({ env: {}, skipped: [line] });
  });
});

describe('subagent events', () => {
  const stopCtx = ctx('subagentStop', { subagent_type: 'generalPurpose', status: 'completed', loop_count: 0, summary: 'did it', subagent_id: 'sa-1' });
  it('SubagentStop payload and matcher values', () => {
    const [inv] = subagentStop.plan(stopCtx, EMPTY_STATE).invocations;
    expect(inv?.subject.values).toEqual(['general-purpose', 'generalPurpose']);
    expect(inv?.payload('general-purpose')).toMatchObject({ hook_event_name: 'SubagentStop', agent_type: 'general-purpose', agent_id: 'sa-1', last_assistant_message: 'did it', stop_hook_active: false });
  });
  it('a SubagentStop block becomes a follow-up', () => {
    expect(subagentStop.fold(stopCtx, [v('SubagentStop', { exitCode: 2, stderr: 'check again' })], EMPTY_STATE).answer).toEqual({ followup_message: 'check again' });
  });
  it.each(['error', 'aborted'])('status %s: nothing runs (follow-up only for completed)', (status) => {
    expect(subagentStop.plan(ctx('subagentStop', { status }), EMPTY_STATE).invocations).toEqual([]);
  });
  it('subagentStart always allows (Claude SubagentStart cannot block); context is carried', () => {
    const c = ctx('subagentStart', { subagent_type: 'explore', subagent_id: 's' });
    expect(subagentStart.plan(c, EMPTY_STATE).invocations[0]?.subject.values).toEqual(['Explore', 'explore']);
    const f = subagentStart.fold(c, [v('SubagentStart', { exitCode: 2, stderr: 'no' }), v('SubagentStart', { stdout: '{"hookSpecificOutput":{"additionalContext":"hint"}}', label: 'h' })], EMPTY_STATE);
    expect(f.answer).toEqual({ permission: 'allow' });
    expect(f.effects).toEqual([{ kind: 'carry', messages: [msg('hint', 'h')] }]);
  });
});

describe('sessionEnd and preCompact (observe only)', () => {
  it.each([
    ['completed', 'other'],
    ['window_close', 'prompt_input_exit'],
    ['user_close', 'prompt_input_exit'],
    ['weird', 'other'],
  ])('sessionEnd reason %s → %s', (reason, mapped) => {
    expect(sessionEnd.plan(ctx('sessionEnd', { reason }), EMPTY_STATE).invocations[0]?.payload(undefined)).toMatchObject({ hook_event_name: 'SessionEnd', reason: mapped });
  });
  it('preCompact trigger and systemMessage → user_message', () => {
    const c = ctx('preCompact', { trigger: 'manual' });
    expect(preCompact.plan(c, EMPTY_STATE).invocations[0]?.payload(undefined)).toMatchObject({ trigger: 'manual', hook_event_name: 'PreCompact' });
    expect(preCompact.fold(c, [v('PreCompact', { stdout: '{"systemMessage":"saving notes"}' })], EMPTY_STATE).answer).toEqual({ user_message: 'saving notes' });
  });
});
