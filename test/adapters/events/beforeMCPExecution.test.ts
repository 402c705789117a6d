// beforeMCPExecution ⇄ PreToolUse mcp__<server>__<tool> (docs/cursor-hooks.md §4: tool_name bare, tool_input a JSON
// string, mcp_server_name; answer permission allow, deny or ask, user_message, agent_message).
import { describe, expect, it } from 'vitest';
import { beforeMCPExecution } from '../../../adapters/events/beforeMCPExecution.ts';
import { interpret } from '../../../adapters/outcome.ts';
import { EMPTY_STATE } from '../../../adapters/types.ts';
import { ctx, foldOf, LATE, run } from '../helpers.ts';

const c = (extra: Record<string, unknown> = {}) =>
  ctx(
    'beforeMCPExecution',
    {
      tool_name: 'merge_pull_request',
      tool_input: '{"owner":"o","pull_number":7}',
      mcp_server_name: 'github',
      command: 'npx github-mcp',
      ...extra,
    },
    { mcpServers: ['linear'] },
  );
const fold = (...runs: Parameters<typeof run>[0][]) =>
  foldOf(
    beforeMCPExecution,
    c(),
    runs.map((r) => interpret(run(r))),
    EMPTY_STATE,
  );

describe('beforeMCPExecution plan', () => {
  it('the server Cursor names is the only one tried; the JSON-string input is parsed', () => {
    const [inv] = beforeMCPExecution.plan(c(), EMPTY_STATE).invocations;
    expect(inv?.subject.values).toEqual(['mcp__github__merge_pull_request', 'MCP:merge_pull_request']);
    expect(inv?.payload('mcp__github__merge_pull_request', LATE)).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'mcp__github__merge_pull_request',
      tool_input: { owner: 'o', pull_number: 7 },
    });
  });

  it('without mcp_server_name it guesses as preToolUse does, server-qualified first', () => {
    expect(
      beforeMCPExecution.plan(c({ mcp_server_name: undefined, tool_name: 'create_ticket' }), EMPTY_STATE).invocations[0]
        ?.subject.values,
    ).toEqual(['mcp__linear__create_ticket', 'mcp__create_ticket', 'MCP:create_ticket']);
  });
});

describe('beforeMCPExecution fold', () => {
  it.each([
    ['nothing said', {}, { permission: 'allow' }],
    [
      'exit 2',
      { exitCode: 2, stderr: 'merges go through review' },
      { permission: 'deny', user_message: 'merges go through review', agent_message: 'merges go through review' },
    ],
    [
      'ask is enforced here',
      { stdout: '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}' },
      { permission: 'ask', user_message: 'sure?' },
    ],
    [
      'a failure fails closed',
      { exitCode: 126 },
      {
        permission: 'deny',
        user_message:
          'hookshim: guard hooks/guard.sh cannot start (exit 126, not executable); the tool call is denied (fail closed)',
        agent_message:
          'hookshim: guard hooks/guard.sh cannot start (exit 126, not executable); the tool call is denied (fail closed)',
      },
    ],
  ] as const)('%s', (_n, r, answer) => {
    expect(fold(r).answer).toEqual(answer);
  });

  it('a rewritten input has no carrier here: it denies, naming the call to make', () => {
    const f = fold({
      stdout: '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"owner":"o","pull_number":8}}}',
    });
    expect(f.answer.permission).toBe('deny');
    expect(f.answer.user_message).toBe(
      'hooks/guard.sh changed the input of this MCP:merge_pull_request call, and Cursor does not apply a changed input to MCP:merge_pull_request: the call is denied. Make the call again with this input instead: {"owner":"o","pull_number":8}',
    );
  });
});
