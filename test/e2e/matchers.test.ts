// Cursor matchers written by `hookshim init` (docs/cursor-hooks.md §1, §11: a per-entry JavaScript regex on the tool
// type): a tool call no catalog row needs starts no hookshim process at all; every call a guard needs still does, and
// is enforced exactly as before. Cursor's matcher is applied here as Cursor applies it (Repo.starts), then the bound
// command is fired through `sh -c` from the repository root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CLI, cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

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
  return repo.fire(event, cursorPayload(event, repo, { tool_name: tool, tool_input: input, tool_use_id: toolUseId() }))
    .json;
}

describe('a tool call no row needs starts nothing; every guarded call is enforced', () => {
  it.each([
    ['Read: no row matches it', 'Read', { file_path: '.env' }, null],
    ['Grep', 'Grep', { pattern: 'x' }, null],
    ['an MCP tool', 'MCP:create_issue', { title: 't' }, null],
    [
      'Shell: the Bash guard runs and denies',
      'Shell',
      { command: 'git push --force' },
      { permission: 'deny', user_message: 'no force push', agent_message: 'no force push' },
    ],
    ['Shell: the Bash guard runs and allows', 'Shell', { command: 'ls' }, { permission: 'allow' }],
    [
      'StrReplace (Claude Edit): the Write guard runs',
      'StrReplace',
      { file_path: '.env', old_string: 'a', new_string: 'b' },
      { permission: 'deny', user_message: 'no .env', agent_message: 'no .env' },
    ],
    [
      'ApplyPatch (models served as GPT): offered per file to the Write guard, so it starts',
      'ApplyPatch',
      { patch: '*** Begin Patch\n*** Add File: .env\n+SECRET=1\n*** End Patch\n' },
      { permission: 'deny', user_message: 'no .env', agent_message: 'no .env' },
    ],
    [
      'a tool hookshim does not know yet still starts it (fail toward enforcing)',
      'FutureTool',
      { x: 1 },
      { permission: 'allow' },
    ],
  ])('preToolUse %s', (_name, tool, input, want) => {
    expect(asCursor('preToolUse', tool, input)).toEqual(want);
  });

  it('postToolUse starts for every tool: each result is recorded for the transcript every row gets (docs/transcripts.md)', () => {
    expect(
      ['Shell', 'Write', 'StrReplace', 'Read', 'Grep', 'Glob', 'MCP:x'].map((t) => repo.starts('postToolUse', t)),
    ).toEqual([true, true, true, true, true, true, true]);
  });

  it("a session's tool calls: processes started with the matchers vs without", () => {
    const session = [
      'Read',
      'Read',
      'Grep',
      'Read',
      'Shell',
      'StrReplace',
      'Read',
      'Glob',
      'Shell',
      'Read',
      'TodoWrite',
      'MCP:list_issues',
    ];
    const started = session.flatMap((t) => ['preToolUse', 'postToolUse'].filter((ev) => repo.starts(ev, t))).length;
    // preToolUse for the three guarded calls; postToolUse for every call (its result is recorded).
    expect([started, session.length * 2]).toEqual([15, 24]);
  });
});

describe('what the matchers must not lose', () => {
  const bind = (hooks: Record<string, unknown>, scripts: Record<string, string>) => {
    const r = makeRepo({ hooks }, scripts);
    extra.push(r);
    return r;
  };
  const extra: Repo[] = [];
  afterAll(() => {
    for (const r of extra) r.cleanup();
  });

  it('a guard added after init for a tool the matcher skips: every started event says so on stderr until init runs again', () => {
    const r = bind(
      {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no-force.sh' }] },
        ],
      },
      { 'no-force.sh': SCRIPTS['no-force.sh'] },
    );
    expect(r.init().status).toBe(0);
    r.write(
      'hooks/hooks.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash|Read',
              hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no-force.sh' }],
            },
          ],
        },
      }),
    );
    expect(r.starts('preToolUse', 'Read')).toBe(false);
    const shell = r.fire(
      'preToolUse',
      cursorPayload('preToolUse', r, { tool_name: 'Shell', tool_input: { command: 'ls' }, tool_use_id: toolUseId() }),
    );
    expect(shell.json).toEqual({ permission: 'allow' });
    expect(shell.stderr).toMatch(
      /\.cursor\/hooks\.json preToolUse: its matcher skips Read, ReadFile, which catalog rows now match, so Cursor starts no hookshim for those calls and their guards do not run; run `hookshim init`/,
    );
    expect(r.init().status).toBe(0);
    expect(r.starts('preToolUse', 'Read')).toBe(true);
  });

  it('a personal catalog is listed: no matchers at all (what its rows need differs between machines), and init says so', () => {
    const r = bind(
      {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no-force.sh' }] },
        ],
      },
      { 'no-force.sh': SCRIPTS['no-force.sh'] },
    );
    r.write(
      '.claude/settings.local.json',
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Read', hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    const out = r.init();
    expect(out.stdout).toMatch(/no Cursor matchers written: a catalog did not load, or a personal one is listed/);
    expect(['Read', 'Grep', 'MCP:x'].map((t) => r.starts('preToolUse', t))).toEqual([true, true, true]);
  });

  it("a postToolUse narrowed to some tools (an older init's binding): an older Cursor's prompt context goes with the prompt rather than wait for a tool that may never start it", () => {
    const r = bind(
      {
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/ctx.sh' }] }],
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no-force.sh' }] },
        ],
      },
      { 'ctx.sh': '#!/bin/sh\ncat >/dev/null\necho "Local time: 14:05"\n', 'no-force.sh': SCRIPTS['no-force.sh'] },
    );
    // UserPromptSubmit rows keep postToolUse on every tool even without transcripts (docs/events.md "Cloud agents").
    r.write('.cursor/hookshim.json', JSON.stringify({ catalogs: ['hooks/hooks.json'], transcripts: false }));
    expect(r.init().status).toBe(0);
    expect([r.starts('postToolUse', 'Shell'), r.starts('postToolUse', 'Read')]).toEqual([true, true]);
    const file = path.join(r.dir, '.cursor', 'hooks.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.hooks.postToolUse[0].matcher = 'Shell';
    fs.writeFileSync(file, JSON.stringify(doc));
    expect([r.starts('postToolUse', 'Shell'), r.starts('postToolUse', 'Read')]).toEqual([true, false]);
    const old = r.fire(
      'beforeSubmitPrompt',
      cursorPayload('beforeSubmitPrompt', r, { cursor_version: '3.2.0', prompt: 'go', attachments: [] }),
    );
    expect(old.json).toEqual({ continue: true, additional_context: 'Local time: 14:05' });
    expect(old.stderr).toMatch(/no postToolUse is bound for every tool call to carry this prompt's context/);
  });

  it('explain says when Cursor would not start hookshim for a payload', () => {
    const r = spawnSync(process.execPath, [CLI, 'explain', '--dir', repo.dir], {
      input: JSON.stringify(
        cursorPayload('preToolUse', repo, { tool_name: 'Read', tool_input: { file_path: 'a' }, tool_use_id: 't' }),
      ),
      encoding: 'utf8',
    });
    expect(r.stdout).toMatch(
      /\.cursor\/hooks\.json preToolUse: its matcher skips "Read", so Cursor starts no hookshim for this call/,
    );
  });
});
