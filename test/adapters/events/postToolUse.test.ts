// postToolUse ⇄ PostToolUse: tool_response, and the one additional_context that carries everything waiting.
import { describe, expect, it } from 'vitest';
import { formatterNote, postToolUse } from '../../../adapters/events/postToolUse.ts';
import { EMPTY_STATE } from '../../../adapters/types.ts';
import { ctx, foldOf, LATE, msg, st, v } from '../helpers.ts';

describe('postToolUse ⇄ PostToolUse (docs/cursor-hooks.md §4 postToolUse)', () => {
  const c = ctx('postToolUse', {
    tool_name: 'Shell',
    tool_input: { command: 'npm test' },
    tool_output: '{"output":"ok\\n","exitCode":0}',
    tool_use_id: 't1',
    duration: 728.2,
  });
  it('tool_response from tool_output', () => {
    expect(postToolUse.plan(c, EMPTY_STATE).invocations[0]?.payload('Bash', LATE)).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_response: { stdout: 'ok', interrupted: false, noOutputExpected: false },
      duration_ms: 728,
      tool_use_id: 't1',
    });
  });
  it('delivers, in order: pending prompt context, stashed warnings, own feedback, carried context', () => {
    const f = foldOf(
      postToolUse,
      c,
      [v('PostToolUse', { label: 'lint', stdout: '{"decision":"block","reason":"lint failed"}' })],
      st({ pendingPrompt: [msg('time', 'ups')], stashed: [msg('careful', 'pre')], carried: [msg('earlier', 'fail')] }),
    );
    expect(f.answer).toEqual({
      additional_context: '[ups] time\n\n[pre] careful\n\n[lint] lint failed\n\n[fail] earlier',
    });
  });
  it('exit 2 stderr and additionalContext reach the model', () => {
    const f = foldOf(
      postToolUse,
      c,
      [
        v('PostToolUse', { exitCode: 2, stderr: 'bad edit' }),
        v('PostToolUse', { stdout: '{"hookSpecificOutput":{"additionalContext":"ctx"}}' }),
      ],
      EMPTY_STATE,
    );
    expect(f.answer.additional_context).toContain('bad edit');
    expect(f.answer.additional_context).toContain('ctx');
  });
  it('nothing to say → {}', () => {
    expect(foldOf(postToolUse, c, [v('PostToolUse')], EMPTY_STATE).answer).toEqual({});
  });
  it('updatedMCPToolOutput → updated_mcp_tool_output for MCP tools', () => {
    const m = ctx('postToolUse', { tool_name: 'MCP:github-get_issue', tool_input: {}, tool_output: '{}' });
    expect(
      foldOf(
        postToolUse,
        m,
        [v('PostToolUse', { stdout: '{"hookSpecificOutput":{"updatedMCPToolOutput":{"x":1}}}' })],
        EMPTY_STATE,
      ).answer,
    ).toEqual({ updated_mcp_tool_output: { x: 1 } });
  });

  // docs/claude-hooks.md §8 (post-formatter): after a row changed the file just edited, Claude Code tells the model.
  it('a file its rows rewrote: the formatter note, after their own feedback', () => {
    const e = ctx('postToolUse', { tool_name: 'StrReplace', tool_input: { path: '/repo/a.ts' }, tool_output: '{}' });
    const f = foldOf(postToolUse, e, [v('PostToolUse', { label: 'fmt' })], st({ rewritten: ['/repo/a.ts'] }));
    expect(f.answer).toEqual({
      additional_context:
        'PostToolUse hook modified /repo/a.ts after your edit (likely a formatter). Your next Edit will not fail with a stale-file error, but if its old_string targets a region the hook reformatted, Read the file first.',
    });
    expect(formatterNote('/x')).toMatch(/^PostToolUse hook modified \/x after your edit \(likely a formatter\)\. /);
  });
});
