// What the README promises a newcomer is what the binding does. A tool call no row needs starts
// nothing (a SessionStart-only catalog binds no tool event); the README names every file init writes; a Shell call
// with no input is denied as ambiguous; a duplicate stop says truly what it answers. `hookshim uninstall` has its own
// file (test/e2e/uninstall.test.ts); the newcomer run, scripts/newcomer.mjs, runs in .ci/run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_NAMES } from '../../adapters/cursorMatcher.ts';
import { cursorPayload, ensureBuilt, makeRepo, ROOT, toolUseId, type Repo } from './harness.ts';

let repo: Repo | undefined;
beforeAll(() => ensureBuilt());
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

/** A Claude plugin-form row running hooks/<script>. */
const row = (script: string) => ({ type: 'command', command: `"\${CLAUDE_PLUGIN_ROOT}"/hooks/${script}` });
/** The Cursor events a tool call can start: the tool events and the two sibling permission events. */
const TOOL_EVENTS = ['preToolUse', 'postToolUse', 'postToolUseFailure', 'beforeReadFile', 'beforeMCPExecution'];

describe('a tool call no row needs starts nothing', () => {
  it('a SessionStart-only catalog (transcripts kept, the default) binds sessionStart alone: no tool call starts hookshim', () => {
    repo = makeRepo(
      { hooks: { SessionStart: [{ hooks: [row('hello.sh')] }] } },
      { 'hello.sh': '#!/bin/sh\ncat >/dev/null\necho "session context"\n' },
    );
    expect(repo.init().status).toBe(0);
    const doc = JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor', 'hooks.json'), 'utf8'));
    expect(Object.keys(doc.hooks)).toEqual(['sessionStart']);
    const r = repo as Repo;
    for (const ev of TOOL_EVENTS)
      for (const name of [...KNOWN_NAMES.tool, 'MCP:any_tool', 'SomeNewTool']) expect(r.starts(ev, name)).toBe(false);
    // Its row still runs where it belongs.
    expect(r.fire('sessionStart', cursorPayload('sessionStart', r)).json).toMatchObject({
      additional_context: expect.stringContaining('session context'),
    });
  });

  it('a Stop row beside it reads the transcript after tool calls: post-tool events start for every tool', () => {
    repo = makeRepo(
      { hooks: { SessionStart: [{ hooks: [row('ok.sh')] }], Stop: [{ hooks: [row('ok.sh')] }] } },
      { 'ok.sh': '#!/bin/sh\ncat >/dev/null\n' },
    );
    expect(repo.init().status).toBe(0);
    for (const name of ['Shell', 'Read', 'SomeNewTool']) {
      expect(repo.starts('postToolUse', name)).toBe(true);
      expect(repo.starts('postToolUseFailure', name)).toBe(true);
      expect(repo.starts('preToolUse', name)).toBe(false);
    }
  });
});

describe('the README names every file init writes', () => {
  it('each file of a vendored init, with the forwarder explained', () => {
    repo = makeRepo(
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [row('ok.sh')] }] } },
      { 'ok.sh': '#!/bin/sh\ncat >/dev/null\n' },
    );
    const r = repo.init(['--json']);
    expect(r.status).toBe(0);
    const written: string[] = JSON.parse(r.stdout).changed;
    expect(written.length).toBe(4);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const file of written) expect(readme).toContain(file);
    // Why the forwarder exists, in the README itself (docs/hosts.md has the detail).
    expect(readme).toContain('Copse runs hooks from `.cursor/`, where that same path means');
  });
});

describe('a Shell preToolUse whose input no guard can read is denied as ambiguous', () => {
  it.each([
    ['no tool_input', {}],
    ['tool_input {}', { tool_input: {} }],
    ['tool_input a number', { tool_input: 42 }],
    ['tool_input a JSON string of no command', { tool_input: '{}' }],
  ])('%s: deny, and the guard is not run', (_name, extra) => {
    repo = makeRepo(
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [row('ran.sh')] }] } },
      { 'ran.sh': '#!/bin/sh\ncat >/dev/null\ntouch "$CLAUDE_PROJECT_DIR/ran"\n' },
    );
    expect(repo.init().status).toBe(0);
    const out = repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, { tool_name: 'Shell', tool_use_id: toolUseId(), ...extra }),
    );
    expect(out.json.permission).toBe('deny');
    expect(String(out.json.user_message)).toMatch(/^hookshim: this Shell call is ambiguous: /);
    expect(out.stderr).toContain('denied: Shell call whose input no guard can read');
    expect(fs.existsSync(path.join(repo.dir, 'ran'))).toBe(false);
  });

  it('a Shell input sent as a bare command string still reaches the guard', () => {
    repo = makeRepo(
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [row('ran.sh')] }] } },
      { 'ran.sh': '#!/bin/sh\ncat >/dev/null\ntouch "$CLAUDE_PROJECT_DIR/ran"\n' },
    );
    expect(repo.init().status).toBe(0);
    const p = cursorPayload('preToolUse', repo, { tool_name: 'Shell', tool_use_id: toolUseId(), tool_input: 'ls' });
    expect(repo.fire('preToolUse', p).json).toEqual({ permission: 'allow' });
    expect(fs.existsSync(path.join(repo.dir, 'ran'))).toBe(true);
  });
});

describe('a duplicate stop says what it answers', () => {
  it('the second process of one stop answers {} and says the first delivers the follow-up, never "replayed"', () => {
    repo = makeRepo(
      { hooks: { Stop: [{ hooks: [row('block.sh')] }] } },
      { 'block.sh': '#!/bin/sh\ncat >/dev/null\necho "run the tests" >&2\nexit 2\n' },
    );
    expect(repo.init().status).toBe(0);
    const payload = cursorPayload('stop', repo, { status: 'completed', loop_count: 0 });
    const env = { HOOKSHIM_DEBUG: '1' };
    expect(repo.fire('stop', payload, { env }).json).toEqual({ followup_message: 'run the tests' });
    const second = repo.fire('stop', payload, { env });
    expect(second.json).toEqual({});
    expect(second.stderr).toMatch(/duplicate stop process: process \d+ answered first; answering \{\}: that process /);
    expect(second.stderr).not.toContain('replayed');
  });
});

describe('the README newcomer path', () => {
  it('scripts/newcomer.mjs --here: demo, npm link, init, commit, check in a second clone, uninstall; each step printed', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'newcomer.mjs'), '--here'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.stderr).not.toContain('FAILED');
    expect(r.status).toBe(0);
    const steps = [...r.stdout.matchAll(/^\$ (.*?) {4}\(in /gm)].map((m) => m[1]);
    expect(steps).toEqual([
      'npm run demo',
      'npm run build && npm link',
      'hookshim --version',
      'git init --quiet && git add -A && git commit --quiet -m "Claude hook catalog"',
      'hookshim init',
      'git add .cursor && git commit -m "Run the Claude hook catalog under Cursor"',
      'git clone --quiet app app-clone',
      'hookshim check',
      'hookshim uninstall',
      'git status --porcelain --untracked-files=all',
    ]);
    expect(r.stdout).toContain('uninstall took out only committed files under .cursor/');
  }, 150_000);
});
