// Every host that runs .cursor/hooks.json runs the committed binding (docs/hosts.md): Cursor runs a project hook
// from the project root with CURSOR_PROJECT_DIR set; Copse runs it from the folder of the hooks.json (.cursor/), sets
// no Cursor variable, names MCP tools `MCP:mcp__<server>__<tool>`, always sends stop's loop_count 0 and adds
// model_id / model_params (docs/peers.md §2). The same bound command answers both the same way.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, type Repo } from './harness.ts';

const GUARD = '#!/bin/sh\ncase "$(cat)" in *\'"rm \'*) echo "no rm" >&2; exit 2 ;; esac\n';
const MCP = '#!/bin/sh\ncat >/dev/null\necho "merges go through review" >&2\nexit 2\n';
const STOP = '#!/bin/sh\ncat >/dev/null\necho \'{"decision":"block","reason":"run the tests first"}\'\n';
let repo: Repo;
beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(
    {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh' }] },
          {
            matcher: 'mcp__github__merge.*',
            hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/mcp.sh' }],
          },
        ],
        Stop: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/stop.sh' }] }],
      },
    },
    { 'guard.sh': GUARD, 'mcp.sh': MCP, 'stop.sh': STOP },
  );
  expect(repo.init().status).toBe(0);
});
afterAll(() => repo?.cleanup());

/** No Cursor variable at all, as Copse's documentation describes its hook environment. */
const NO_CURSOR_ENV = {
  CURSOR_PROJECT_DIR: undefined,
  CURSOR_VERSION: undefined,
  CURSOR_TRANSCRIPT_PATH: undefined,
  CLAUDE_PROJECT_DIR: undefined,
};

/** A Copse-shaped payload: base fields with the running model's identity, no session_id, no tool_use_id. */
const copse = (event: string, extra: Record<string, unknown>) => ({
  conversation_id: 'thread-7',
  generation_id: `turn-${Math.random().toString(36).slice(2, 8)}`,
  hook_event_name: event,
  workspace_roots: [repo.dir],
  model: 'claude-sonnet-5',
  model_id: 'claude-sonnet-5',
  model_params: [{ id: 'context_window', value: '200000' }],
  ...extra,
});

const hosts = [
  [
    'Copse (from .cursor/, no Cursor env)',
    (event: string) => ({ command: `cd .cursor && ${repo.command(event)}`, env: NO_CURSOR_ENV }),
  ],
  [
    'Cursor (from the project root, CURSOR_PROJECT_DIR set)',
    (event: string) => ({ command: repo.command(event), env: {} }),
  ],
] as const;

describe.each(hosts)('%s', (_host, how) => {
  const fire = (event: string, payload: Record<string, unknown>) => repo.fire(event, payload, how(event));

  it('a deny', () => {
    expect(
      fire(
        'preToolUse',
        copse('preToolUse', { tool_name: 'Shell', tool_input: { command: 'rm -rf /' }, cwd: repo.dir }),
      ).json,
    ).toEqual({ permission: 'deny', user_message: 'no rm', agent_message: 'no rm' });
  });

  it('an allow: no lockout', () => {
    const r = fire(
      'preToolUse',
      copse('preToolUse', { tool_name: 'Shell', tool_input: { command: 'ls' }, cwd: repo.dir }),
    );
    expect(r.json).toEqual({ permission: 'allow' });
    expect(r.stderr).toBe('');
  });

  it('an MCP server row, with the tool named MCP:mcp__<server>__<tool>', () => {
    expect(
      fire(
        'preToolUse',
        copse('preToolUse', { tool_name: 'MCP:mcp__github__merge_pull_request', tool_input: { pull_number: 1 } }),
      ).json,
    ).toEqual({
      permission: 'deny',
      user_message: 'merges go through review',
      agent_message: 'merges go through review',
    });
  });

  it('two stops in a row, loop_count 0 both times: a follow-up each time', () => {
    for (let i = 0; i < 2; i++)
      expect(fire('stop', copse('stop', { status: 'completed', loop_count: 0 })).json).toEqual({
        followup_message: 'run the tests first',
      });
  });
});

describe('the binding every host reads', () => {
  it('an explicit failClosed on every entry: true on permission events, false elsewhere', () => {
    const doc = JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor', 'hooks.json'), 'utf8')) as {
      hooks: Record<string, { failClosed?: unknown }[]>;
    };
    expect(Object.fromEntries(Object.entries(doc.hooks).map(([ev, list]) => [ev, list[0]?.failClosed]))).toEqual({
      preToolUse: true,
      beforeMCPExecution: true,
      postToolUse: false,
      postToolUseFailure: false,
      stop: false,
    });
  });

  it('a Cursor payload fired from the root (the harness payload) answers as before', () => {
    expect(
      repo.fire(
        'preToolUse',
        cursorPayload('preToolUse', repo, {
          tool_name: 'Shell',
          tool_input: { command: 'rm -rf /' },
          tool_use_id: 't-1',
        }),
      ).json,
    ).toEqual({ permission: 'deny', user_message: 'no rm', agent_message: 'no rm' });
  });
});
