// GitHub Copilot on a Windows teammate's machine, here: a repository whose catalog is its .claude/settings.json, bound
// on Linux with `init --host copilot`, and the `powershell` command of .github/hooks/hookshim.json fired with the
// captured Copilot payloads (test/fixtures/copilot/hooks/) by a real Windows Node under wine, from the repository root
// as Copilot runs it (docs/copilot-hooks.md §2). wine's powershell.exe is a stub that runs nothing and exits 0, and no
// real PowerShell can be had here, so the command runs under cmd.exe, as the Cursor cases of wine.test.ts do; the
// command is the same words in both (adapters/hosts/copilot/binding.ts). No CLAUDE_PROJECT_DIR is set, as Copilot on
// Windows gives its .claude/settings.json commands none (docs/copilot-hooks.md §6): hookshim sets it for its rows.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, ensureBuilt, makeRepo, type Repo } from '../e2e/harness.ts';
import { endWine, underCmd, win } from './wine.ts';

/** Records Claude's payload where $CLAUDE_PROJECT_DIR says; denies `rm` and any file_path ending in .env (exit 2). */
const GUARD = `import fs from 'node:fs';
let s = '';
process.stdin.on('data', (d) => (s += d)).on('end', () => {
  const j = JSON.parse(s);
  fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/.seen', JSON.stringify(j) + '\\n');
  const i = j.tool_input ?? {};
  if (String(i.command ?? '').includes('rm ')) {
    console.error('no rm (' + process.platform + ', project ' + process.env.CLAUDE_PROJECT_DIR + ')');
    process.exit(2);
  }
  if (/\\.env$/.test(String(i.file_path ?? ''))) {
    console.error('no .env: ' + i.file_path);
    process.exit(2);
  }
});
`;
/** Blocks the first stop of a turn, not the continued one. */
const STOP = `let s = '';
process.stdin.on('data', (d) => (s += d)).on('end', () => {
  if (!JSON.parse(s).stop_hook_active) console.log(JSON.stringify({ decision: 'block', reason: 'run the tests first' }));
});
`;
/** A .claude/settings.json row naming its script by $CLAUDE_PROJECT_DIR: exec form (node, no shell) or shell form. */
const exec = (script: string) => ({
  type: 'command',
  command: 'node',
  args: [`\${CLAUDE_PROJECT_DIR}/.claude/hooks/${script}`],
});
const shell = (script: string) => ({ type: 'command', command: `node "$CLAUDE_PROJECT_DIR"/.claude/hooks/${script}` });
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'copilot', 'hooks');

/** A repository whose only catalog is .claude/settings.json with these rows, bound on Linux with init --host copilot. */
function settingsRepo(row: (script: string) => Record<string, unknown>): Repo {
  const repo = makeRepo({});
  fs.rmSync(path.join(repo.dir, 'hooks'), { recursive: true });
  repo.write('.claude/hooks/guard.mjs', GUARD);
  repo.write('.claude/hooks/stop.mjs', STOP);
  repo.write(
    '.claude/settings.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: 'Bash|Edit|Write', hooks: [row('guard.mjs')] }],
        Stop: [{ hooks: [row('stop.mjs')] }],
      },
    }),
  );
  const r = spawnSync(process.execPath, [CLI, 'init', repo.dir, '--host', 'copilot'], { encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return repo;
}

const repos: { exec?: Repo; shell?: Repo } = {};
beforeAll(() => {
  ensureBuilt();
  repos.exec = settingsRepo(exec);
  repos.shell = settingsRepo(shell);
}, 300_000);
afterAll(() => {
  for (const r of Object.values(repos)) r.cleanup();
  endWine();
});

/** A captured Copilot payload in this repository (its Windows path for `<project>`), with `over` merged in. */
function payload(repo: Repo, fixture: string, over: Record<string, unknown> = {}): string {
  const text = fs
    .readFileSync(path.join(FIXTURES, `${fixture}.json`), 'utf8')
    .replaceAll('<project>', JSON.stringify(win(repo.dir)).slice(1, -1))
    .replaceAll('<copilot-home>', JSON.stringify(win(path.join(repo.dir, '.copilot'))).slice(1, -1));
  return JSON.stringify({ ...(JSON.parse(text) as Record<string, unknown>), ...over });
}

/** Fire the `powershell` command bound for `event` under cmd.exe from the repository root, as Copilot's env has it. */
function fire(repo: Repo, event: string, input: string): { json: Record<string, unknown>; stderr: string } {
  const doc = JSON.parse(fs.readFileSync(path.join(repo.dir, '.github', 'hooks', 'hookshim.json'), 'utf8'));
  const entry = doc.hooks[event]?.[0];
  if (!entry) throw new Error(`${event} is not bound in .github/hooks/hookshim.json`);
  const hookDir = win(path.join(repo.dir, '.github', 'hooks'));
  const r = underCmd(repo.dir, entry.powershell, input, path.join(repo.dir, '.wine-io'), {
    COPILOT_CLI: '1',
    COPILOT_HOOK_DIR: hookDir,
  });
  expect(r.stdout.trim().split('\n'), `${r.line}\n${r.wine}\n${r.stderr}`).toHaveLength(1);
  return { json: JSON.parse(r.stdout) as Record<string, unknown>, stderr: r.stderr };
}

/** The Claude payloads the guard recorded, oldest first. */
const seen = (repo: Repo) =>
  fs
    .readFileSync(path.join(repo.dir, '.seen'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('Copilot under Windows Node (wine, cmd.exe): the bound powershell command, no CLAUDE_PROJECT_DIR given', () => {
  it('binds the same command for bash and powershell', () => {
    const doc = JSON.parse(fs.readFileSync(path.join(repos.exec!.dir, '.github', 'hooks', 'hookshim.json'), 'utf8'));
    expect(doc.hooks.preToolUse[0].powershell).toBe(
      'node --inspect-publish-uid stderr .github/hooks/hookshim.cjs --host copilot preToolUse',
    );
  });

  it("a Bash guard's deny is permissionDecision deny with its reason; the row found its script by $CLAUDE_PROJECT_DIR", () => {
    const r = fire(
      repos.exec!,
      'preToolUse',
      payload(repos.exec!, '03.preToolUse.bash', { toolArgs: { command: 'rm -rf /', description: 'x' } }),
    );
    expect(r.json).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(/^no rm \(win32, project Z:\/tmp\/hookshim-e2e-/),
    });
    expect(r.stderr).not.toMatch(/degraded|cannot be used/);
    expect(seen(repos.exec!).at(-1)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash' });
  });

  it('an Edit guard reading tool_input.file_path denies an edit of .env (Copilot path/old_str → Claude keys)', () => {
    const file = `${win(repos.exec!.dir)}\\.env`;
    const r = fire(
      repos.exec!,
      'preToolUse',
      payload(repos.exec!, '12.preToolUse.edit', { toolArgs: { path: file, old_str: 'a', new_str: 'b' } }),
    );
    expect(r.json).toEqual({ permissionDecision: 'deny', permissionDecisionReason: `no .env: ${file}` });
    expect(seen(repos.exec!).at(-1)).toMatchObject({
      tool_name: 'Edit',
      tool_input: { file_path: file, old_string: 'a', new_string: 'b' },
    });
  });

  it('a create elsewhere is let through with {} (no allow that would skip Copilot’s own checks)', () => {
    const file = `${win(repos.exec!.dir)}\\src\\x.ts`;
    const r = fire(
      repos.exec!,
      'preToolUse',
      payload(repos.exec!, '09.preToolUse.create', { toolArgs: { path: file, file_text: 'x' } }),
    );
    expect(r.json, r.stderr).toEqual({});
    expect(seen(repos.exec!).at(-1)).toMatchObject({ tool_name: 'Write', tool_input: { file_path: file } });
  });

  it('a Stop block is decision:block with its reason; the continued turn (stop_hook_active) is not blocked', () => {
    expect(fire(repos.exec!, 'agentStop', payload(repos.exec!, '21.agentStop')).json).toEqual({
      decision: 'block',
      reason: 'run the tests first',
    });
    expect(
      fire(repos.exec!, 'agentStop', payload(repos.exec!, '21.agentStop', { stop_hook_active: true })).json,
    ).toEqual({});
  });

  it('a shell-form $CLAUDE_PROJECT_DIR row (Git Bash on Windows, none here) fails closed naming Git Bash', () => {
    const r = fire(
      repos.shell!,
      'preToolUse',
      payload(repos.shell!, '03.preToolUse.bash', { toolArgs: { command: 'dir', description: 'x' } }),
    );
    expect(r.json.permissionDecision).toBe('deny');
    expect(r.json.permissionDecisionReason).toMatch(/Git Bash.*Git for Windows.*CLAUDE_CODE_GIT_BASH_PATH/);
    expect(fire(repos.shell!, 'agentStop', payload(repos.shell!, '21.agentStop')).json).toMatchObject({
      decision: 'block',
      reason: expect.stringMatching(/Git Bash/),
    });
  });
});
