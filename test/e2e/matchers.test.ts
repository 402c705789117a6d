// Cursor matchers written by `hookshim init` (docs/cursor-hooks.md §1, §11: a per-entry JavaScript regex on the tool
// type): a tool call no catalog row needs starts no hookshim process at all; every call a guard needs still does, and
// is enforced exactly as before. Cursor's matcher is applied here as Cursor applies it (Repo.starts), then the bound
// command is fired through `sh -c` from the repository root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

/** Denies force pushes; a Write guard denies .env; nothing reads the transcript. */
const CATALOG = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no-force.sh' }] },
      { matcher: 'Write|Edit', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no-env.sh' }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/stop.sh' }] }],
  },
};
const SCRIPTS = {
  'no-force.sh': '#!/bin/sh\ncase "$(cat)" in *"push --force"*) echo "no force push" >&2; exit 2 ;; esac\nexit 0\n',
  'no-env.sh': '#!/bin/sh\ncase "$(cat)" in *".env"*) echo "no .env" >&2; exit 2 ;; esac\nexit 0\n',
  'stop.sh': '#!/bin/sh\ncat >/dev/null\nexit 0\n',
};

let repo: Repo;
beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(CATALOG, SCRIPTS);
  expect(repo.init().status).toBe(0);
});
afterAll(() => repo?.cleanup());

/** Fire a tool event the way Cursor does: only when the entry's matcher accepts the tool; null when nothing starts. */
function asCursor(event: string, tool: string, input: Record<string, unknown>) {
  if (!repo.starts(event, tool)) return null;
  return repo.fire(event, cursorPayload(event, repo, { tool_name: tool, tool_input: input, tool_use_id: toolUseId() })).json;
}

describe('a tool call no row needs starts nothing; every guarded call is enforced', () => {
  it.each([
    ['Read: no row matches it', 'Read', { file_path: '.env' }, null],
    ['Grep', 'Grep', { pattern: 'x' }, null],
    ['an MCP tool', 'MCP:create_issue', { title: 't' }, null],
    ['Shell: the Bash guard runs and denies', 'Shell', { command: 'git push --force' }, { permission: 'deny', user_message: 'no force push', agent_message: 'no force push' }],
    ['Shell: the Bash guard runs and allows', 'Shell', { command: 'ls' }, { permission: 'allow' }],
    ['StrReplace (Claude Edit): the Write guard runs', 'StrReplace', { file_path: '.env', old_string: 'a', new_string: 'b' }, { permission: 'deny', user_message: 'no .env', agent_message: 'no .env' }],
    ['ApplyPatch (models served as GPT): offered per file to the Write guard, so it starts', 'ApplyPatch', { patch: '*** Begin Patch\n*** Add File: .env\n+SECRET=1\n*** End Patch\n' }, { permission: 'deny', user_message: 'no .env', agent_message: 'no .env' }],
    ['a tool hookshim does not know yet still starts it (fail toward enforcing)', 'FutureTool', { x: 1 }, { permission: 'allow' }],
  ])('preToolUse %s', (_name, tool, input, want) => {
    expect(asCursor('preToolUse', tool, input)).toEqual(want);
  });

  it('postToolUse starts only for the guarded tools (their warnings), since no row reads the transcript', () => {
    expect(['Shell', 'Write', 'StrReplace', 'Read', 'Grep', 'Glob', 'MCP:x'].map((t) => repo.starts('postToolUse', t))).toEqual([true, true, true, false, false, false, false]);
  });

  it('a session\'s tool calls: processes started with the matchers vs without', () => {
    const session = ['Read', 'Read', 'Grep', 'Read', 'Shell', 'StrReplace', 'Read', 'Glob', 'Shell', 'Read', 'TodoWrite', 'MCP:list_issues'];
    const started = session.flatMap((t) => ['preToolUse', 'postToolUse'].filter((ev) => repo.starts(ev, t))).length;
    expect([started, session.length * 2]).toEqual([6, 24]);
  });
});
