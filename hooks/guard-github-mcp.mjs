#!/usr/bin/env node
// guard-github-mcp.mjs: PreToolUse guard for the GitHub MCP server's tools (`mcp__github__.*`).
//
// Changes reach main through a pull request that a human reviews and CI checks, never straight
// from the agent. So this denies
//   - mcp__github__merge_pull_request (the merge is the reviewer's call), and
//   - mcp__github__push_files, mcp__github__create_or_update_file and mcp__github__delete_file
//     whose `branch` is main or master; without a `branch` GitHub writes to the default branch,
//     so a missing branch is denied too.
// Every other GitHub tool (reading, opening a pull request, commenting, writing a feature
// branch) is allowed.
//
// Answers on stdout. The branch writes get the usual deny with `permissionDecisionReason`. The
// merge deny carries its reason only in `systemMessage`, on purpose: it is a valid Claude Code
// answer (Claude Code blocks the call and shows systemMessage to the user),
// and this repository dogfoods hookshim, which must fall back to systemMessage as the deny reason
// when a script gives no `permissionDecisionReason`. This guard keeps that path exercised.
// @ts-check
import { readFileSync } from 'node:fs';

const WRITES_TO_BRANCH = new Set(['push_files', 'create_or_update_file', 'delete_file']);
const DEFAULT_BRANCH = /^(refs\/heads\/)?(main|master)$/;

/** Print a PreToolUse deny; `specific` adds to hookSpecificOutput, `top` to the top level. */
function deny(specific, top = {}) {
  const hookSpecificOutput = { hookEventName: 'PreToolUse', permissionDecision: 'deny', ...specific };
  process.stdout.write(JSON.stringify({ hookSpecificOutput, ...top }) + '\n');
}

let payload;
try {
  payload = JSON.parse(readFileSync(0, 'utf8'));
} catch (error) {
  process.stderr.write(`guard-github-mcp: stdin is not JSON (${error.message}); allowing\n`);
  process.exit(0);
}
const tool = String(payload.tool_name ?? '').replace(/^mcp__github__/, '');
const input = payload.tool_input ?? {};
const where = input.owner && input.repo ? ` in ${input.owner}/${input.repo}` : '';

if (tool === 'merge_pull_request') {
  const pr = input.pullNumber ?? input.pull_number;
  deny(
    {},
    {
      systemMessage:
        `guard-github-mcp: denied merging pull request${pr ? ` #${pr}` : ''}${where}. ` +
        'Merges go through human review and green CI, not the agent: leave the pull request open, ' +
        'say it is ready, and let a maintainer merge it.',
    },
  );
} else if (WRITES_TO_BRANCH.has(tool)) {
  const branch = typeof input.branch === 'string' ? input.branch.trim() : '';
  if (branch === '' || DEFAULT_BRANCH.test(branch)) {
    const target = branch ? `branch ${branch}` : 'the default branch (no `branch` given)';
    deny({
      permissionDecisionReason:
        `guard-github-mcp: denied ${tool}${where} on ${target}. ` +
        'Nothing is written to main directly: create a feature branch (mcp__github__create_branch), ' +
        'write there, and open a pull request.',
    });
  }
}
