import { describe, expect, it } from 'vitest';
import { claudeInput, entryFor, runHook } from './run-hook.ts';

const WRITE_TAIL =
  'Nothing is written to main directly: create a feature branch (mcp__github__create_branch), write there, and open a pull request.';
const MERGE_TAIL =
  'Merges go through human review and green CI, not the agent: leave the pull request open, say it is ready, and let a maintainer merge it.';

/** The usual deny: reason in permissionDecisionReason. */
const denyWrite = (what: string) => ({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: `guard-github-mcp: denied ${what}. ${WRITE_TAIL}`,
  },
});
/** The merge deny: no permissionDecisionReason, the reason only in systemMessage. */
const denyMerge = (what: string) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' },
  systemMessage: `guard-github-mcp: denied merging ${what}. ${MERGE_TAIL}`,
});

const repo = { owner: 'acme', repo: 'hookshim' };

describe('guard-github-mcp.mjs', () => {
  it('is bound to every tool of the github MCP server, and only to it', () => {
    const { event, matcher } = entryFor('guard-github-mcp.mjs');
    expect(event).toBe('PreToolUse');
    const re = new RegExp(matcher!); // Claude Code: not a plain name list, so an unanchored RegExp (§1.3)
    expect(['mcp__github__merge_pull_request', 'mcp__github__get_file_contents'].every((t) => re.test(t))).toBe(true);
    expect(['mcp__gitlab__merge', 'Bash', 'mcp__memory__read'].some((t) => re.test(t))).toBe(false);
  });

  it.each<[string, Record<string, unknown>, object | null]>([
    // allowed
    ['mcp__github__get_file_contents', { ...repo, path: 'README.md' }, null],
    ['mcp__github__create_pull_request', { ...repo, head: 'feat/x', base: 'main', title: 't' }, null],
    ['mcp__github__create_branch', { ...repo, branch: 'feat/x', from_branch: 'main' }, null],
    ['mcp__github__add_issue_comment', { ...repo, issue_number: 3, body: 'merge_pull_request later' }, null],
    ['mcp__github__push_files', { ...repo, branch: 'feat/x', files: [], message: 'm' }, null],
    [
      'mcp__github__create_or_update_file',
      { ...repo, branch: 'maintenance', path: 'a', content: 'b', message: 'm' },
      null,
    ],
    ['mcp__github__delete_file', { ...repo, branch: 'feature/main', path: 'a', message: 'm' }, null],
    // denied: writes to the default branch
    [
      'mcp__github__push_files',
      { ...repo, branch: 'main', files: [], message: 'm' },
      denyWrite('push_files in acme/hookshim on branch main'),
    ],
    [
      'mcp__github__create_or_update_file',
      { ...repo, branch: 'master', path: 'a', content: 'b', message: 'm' },
      denyWrite('create_or_update_file in acme/hookshim on branch master'),
    ],
    [
      'mcp__github__delete_file',
      { ...repo, branch: 'refs/heads/main', path: 'a', message: 'm' },
      denyWrite('delete_file in acme/hookshim on branch refs/heads/main'),
    ],
    [
      'mcp__github__create_or_update_file',
      { ...repo, path: 'a', content: 'b', message: 'm' },
      denyWrite('create_or_update_file in acme/hookshim on the default branch (no `branch` given)'),
    ],
    ['mcp__github__push_files', { branch: ' main ' }, denyWrite('push_files on branch main')],
    // denied: merging, reason only in systemMessage
    [
      'mcp__github__merge_pull_request',
      { ...repo, pullNumber: 42, merge_method: 'squash' },
      denyMerge('pull request #42 in acme/hookshim'),
    ],
    ['mcp__github__merge_pull_request', { pull_number: 7 }, denyMerge('pull request #7')],
    ['mcp__github__merge_pull_request', {}, denyMerge('pull request')],
  ])('%s %j', (tool_name, tool_input, expected) => {
    const run = runHook(
      'guard-github-mcp.mjs',
      claudeInput('PreToolUse', { tool_name, tool_input, tool_use_id: 'toolu_01' }),
    );
    expect(run).toMatchObject({ status: 0, stderr: '' });
    if (expected === null) expect(run.stdout).toBe('');
    else expect(run.json).toEqual(expected);
  });

  it('allows, with a note on stderr, when stdin is not JSON', () => {
    const run = runHook('guard-github-mcp.mjs', '');
    expect(run).toMatchObject({ status: 0, stdout: '' });
    expect(run.stderr).toMatch(/^guard-github-mcp: stdin is not JSON \(.+\); allowing\n$/);
  });
});
