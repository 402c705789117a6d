// This repository is bound by its own `hookshim init`: its .cursor/hooks.json must match its catalog, its vendored
// shim must be the one this build ships, every guard keeps its README row and test (.cursor/hookshim.json) — and
// its own guards enforce through the committed binding, fired exactly as Cursor fires them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, ROOT } from './harness.ts';

let state: string;
beforeAll(() => {
  ensureBuilt();
  state = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-dogfood-'));
});
afterAll(() => fs.rmSync(state, { recursive: true, force: true }));

/** Fire an event at this repository's committed binding: its command through sh -c, from the repo root. */
function fire(event: string, payload: Record<string, unknown>): Record<string, unknown> {
  const doc = JSON.parse(fs.readFileSync(path.join(ROOT, '.cursor', 'hooks.json'), 'utf8'));
  const command = doc.hooks[event][0].command as string;
  const conv = `dogfood-${process.pid}`;
  const input = JSON.stringify({
    conversation_id: conv,
    generation_id: conv,
    session_id: conv,
    hook_event_name: event,
    workspace_roots: [ROOT],
    cwd: '',
    transcript_path: null,
    ...payload,
  });
  const r = spawnSync('sh', ['-c', command], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    env: { ...process.env, HOOKSHIM_STATE_DIR: state, CURSOR_PROJECT_DIR: ROOT },
  });
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout);
}
let n = 0;
const id = () => `dogfood-tool-${process.pid}-${++n}`;

// On a branch the vendored shim may lag the source (it is re-vendored on main, CONTRIBUTING.md "The vendored
// bundle"); in CI (CI=true) or with HOOKSHIM_VENDORED=strict the committed shim must be this build's.
const strict = process.env.CI === 'true' || process.env.HOOKSHIM_VENDORED === 'strict';

describe('dogfood: hookshim check on this repository', () => {
  it('passes (after a source change on main: `npm run vendor`, then commit .cursor/)', () => {
    const r = spawnSync(process.execPath, [CLI, 'check', '--json', ROOT], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    const findings = (JSON.parse(r.stdout).findings as { code: string; severity: string }[]).filter(
      (f) =>
        f.severity === 'error' &&
        (strict || !['bundle-stale', 'copilot-bundle-stale', 'codex-bundle-stale'].includes(f.code)),
    );
    expect(findings).toEqual([]);
  });
});

describe("dogfood: this repository's own guards enforce through its committed .cursor/hooks.json", () => {
  it('a force push to main is denied (hooks/deny-force-push.sh, exit 2 stderr)', () => {
    const a = fire('preToolUse', {
      tool_name: 'Shell',
      tool_input: { command: 'git push --force origin main', cwd: '', timeout: 30000 },
      tool_use_id: id(),
    });
    expect(a.permission).toBe('deny');
    expect(a.user_message).toMatch(/^deny-force-push: blocked\./);
  });

  it('writing .env is denied (hooks/deny-secret-writes.mjs, JSON deny)', () => {
    const a = fire('preToolUse', {
      tool_name: 'Write',
      tool_input: { file_path: path.join(ROOT, '.env'), content: 'X=1' },
      tool_use_id: id(),
    });
    expect(a.permission).toBe('deny');
    expect(a.user_message).toMatch(/^deny-secret-writes: refused/);
  });

  it('an MCP merge is denied with the reason its guard gave only in systemMessage (hooks/guard-github-mcp.mjs)', () => {
    const a = fire('preToolUse', {
      tool_name: 'MCP:github-merge_pull_request',
      tool_input: { owner: 'o', repo: 'r', pull_number: 7 },
      tool_use_id: id(),
    });
    expect(a.permission).toBe('deny');
    expect(a.user_message).toMatch(/^guard-github-mcp: denied merging pull request #7 in o\/r/);
  });

  it('an MCP push to main named without its server (MCP:push_files) still reaches the mcp__github__.* guard', () => {
    const a = fire('preToolUse', {
      tool_name: 'MCP:push_files',
      tool_input: { owner: 'o', repo: 'r', branch: 'main', files: [], message: 'm' },
      tool_use_id: id(),
    });
    expect(a.permission).toBe('deny');
    expect(a.user_message).toMatch(/^guard-github-mcp: /);
  });

  it('an ApplyPatch that adds .env is denied like a Write of it (hooks/deny-secret-writes.mjs)', () => {
    const patch = '*** Begin Patch\n*** Add File: .env\n+TOKEN=x\n*** End Patch';
    const a = fire('preToolUse', { tool_name: 'ApplyPatch', tool_input: patch, tool_use_id: id() });
    expect(a.permission).toBe('deny');
    expect(a.user_message).toMatch(/^deny-secret-writes: refused/);
  });

  it('an ordinary command is allowed', () => {
    expect(
      fire('preToolUse', {
        tool_name: 'Shell',
        tool_input: { command: 'git status', cwd: '', timeout: 30000 },
        tool_use_id: id(),
      }),
    ).toEqual({ permission: 'allow' });
  });

  it('the local time reaches the model on the first postToolUse after a prompt (hooks/inject-local-time.sh)', () => {
    expect(fire('beforeSubmitPrompt', { prompt: 'hello' })).toEqual({ continue: true });
    const a = fire('postToolUse', {
      tool_name: 'Shell',
      tool_input: { command: 'ls' },
      tool_output: '{"output":"x","exitCode":0}',
      tool_use_id: id(),
    });
    expect(a.additional_context).toMatch(/^Local time: \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });
});

describe('dogfood: the same guards enforce through the committed Copilot and Codex bindings', () => {
  /** Fire `event` at a committed binding's command, as its host does: through sh -c, from the repository root. */
  const fireAt = (command: string, input: Record<string, unknown>) => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOOKSHIM_STATE_DIR: state };
    delete env.CURSOR_PROJECT_DIR;
    const r = spawnSync('sh', ['-c', command], { cwd: ROOT, input: JSON.stringify(input), encoding: 'utf8', env });
    expect(r.status).toBe(0);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };
  const push = 'git push --force origin main';
  it("Copilot (.github/hooks/hookshim.json): a force push to main is denied, with the guard's reason", () => {
    const doc = JSON.parse(fs.readFileSync(path.join(ROOT, '.github', 'hooks', 'hookshim.json'), 'utf8'));
    const a = fireAt(doc.hooks.preToolUse[0].bash, {
      sessionId: `dogfood-copilot-${process.pid}`,
      timestamp: Date.now(),
      cwd: ROOT,
      toolName: 'bash',
      toolArgs: { command: push, description: 'push' },
    });
    expect(a.permissionDecision).toBe('deny');
    expect(a.permissionDecisionReason).toMatch(/^deny-force-push: blocked\./);
  });
  it("Codex (.codex/hooks.json): a force push to main is denied, with the guard's reason", () => {
    const doc = JSON.parse(fs.readFileSync(path.join(ROOT, '.codex', 'hooks.json'), 'utf8'));
    const a = fireAt(doc.hooks.PreToolUse[0].hooks[0].command, {
      session_id: `dogfood-codex-${process.pid}`,
      cwd: ROOT,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: push },
      tool_use_id: `call_${process.pid}`,
    });
    expect(a).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } });
    expect((a.hookSpecificOutput as { permissionDecisionReason: string }).permissionDecisionReason).toMatch(
      /^deny-force-push: blocked\./,
    );
  });
});
