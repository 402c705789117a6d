// A new user's first hour, through the built CLI and bundle: what check, doctor and init say before Cursor denies
// every call (a row's program not on PATH, a binding git ignores, hand-written entries that run the catalog's scripts
// again), and every command run from a subfolder of the repository acting on the repository, as init does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

const DENY_SUDO = `#!/bin/sh
case "$(cat)" in *sudo*) echo "no sudo here" >&2; exit 2 ;; esac
exit 0
`;
const GUARD_ROW = { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/deny-sudo.sh', timeout: 10 };
const CATALOG = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [GUARD_ROW] }] } };

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));
beforeAll(() => ensureBuilt());

/** A repository under real git with `catalog` (scripts under hooks/), not yet bound. */
function gitRepo(catalog: unknown = CATALOG, scripts: Record<string, string> = { 'deny-sudo.sh': DENY_SUDO }): Repo {
  const repo = makeRepo(catalog, scripts);
  repos.push(repo);
  git(repo.dir, ['init', '-q']);
  return repo;
}

/** git in `dir`, with this machine's own ignore files out of the way; fails the test when git does. */
function git(dir: string, args: string[]): string {
  const r = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: gitEnv() });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** The environment of a user's shell: no Cursor variables, git configured, no global ignore file of this machine. */
function gitEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'A U Thor',
    GIT_AUTHOR_EMAIL: 'author@example.com',
    GIT_COMMITTER_NAME: 'A U Thor',
    GIT_COMMITTER_EMAIL: 'author@example.com',
  };
  for (const k of ['CURSOR_PROJECT_DIR', 'CLAUDE_PROJECT_DIR', 'HOOKSHIM_CATALOG', 'HOOKSHIM_DEBUG', 'HOOKSHIM_LOG'])
    delete env[k];
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** The built CLI, run from `cwd` (relative to the repository), as a user types it. */
function cli(repo: Repo, args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: path.join(repo.dir, opts.cwd ?? ''),
    encoding: 'utf8',
    input: opts.input ?? '',
    env: gitEnv({ HOOKSHIM_STATE_DIR: repo.stateDir, ...opts.env }),
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const shell = (repo: Repo, command: string, extra: Record<string, unknown> = {}) =>
  cursorPayload('preToolUse', repo, {
    tool_name: 'Shell',
    tool_input: { command, cwd: '' },
    tool_use_id: toolUseId(),
    ...extra,
  });

describe('every command run from a subfolder acts on the repository it is in, as init does', () => {
  let repo: Repo;
  beforeAll(() => {
    repo = gitRepo();
    fs.mkdirSync(path.join(repo.dir, 'src', 'deep'), { recursive: true });
    const r = cli(repo, ['init'], { cwd: 'src/deep' });
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toMatch(new RegExp(`^hookshim init ${repo.dir} `));
  });

  it('check from src/deep checks the root, and says which', () => {
    const r = cli(repo, ['check'], { cwd: 'src/deep' });
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain(`project root ${repo.dir} (the repository the current directory is in)`);
    expect(r.out).toMatch(/hookshim check: ok \(1 rows, /);
    expect(JSON.parse(cli(repo, ['check', '--json'], { cwd: 'src' }).out)).toMatchObject({ ok: true, dir: repo.dir });
  });

  it('doctor from src/deep examines the root', () => {
    const r = cli(repo, ['doctor', '--json'], { cwd: 'src/deep' });
    const report = JSON.parse(r.out);
    expect(report.project).toEqual({ dir: repo.dir, how: 'the repository the current directory is in' });
    expect(report.findings.map((f: { code: string }) => f.code)).not.toContain('catalog-missing');
    expect(report.catalogs[0]).toMatchObject({ shown: 'hooks/hooks.json', rows: 1 });
  });

  it('explain from src/deep, of a payload that names no root, explains the root', () => {
    const payload = JSON.stringify(shell(repo, 'sudo rm -rf /', { workspace_roots: [] }));
    const r = cli(repo, ['explain', '--run', '--json'], { cwd: 'src/deep', input: payload });
    expect(r.code, r.out + r.err).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.project).toMatchObject({ dir: repo.dir, how: 'the repository the current directory is in' });
    expect(report.run.answer).toMatchObject({ permission: 'deny', user_message: 'no sudo here' });
  });

  it('replay from src/deep, of a trace whose roots do not exist here, replays against the root', () => {
    const log = path.join(repo.stateDir, 'trace.ndjson');
    const fired = repo.fire('preToolUse', shell(repo, 'sudo make me a sandwich'), {
      env: { HOOKSHIM_LOG: log, HOOKSHIM_LOG_PAYLOADS: '1' },
    });
    expect(fired.json).toMatchObject({ permission: 'deny' });
    // The trace of another machine: its workspace root is not a folder here.
    const moved = fs.readFileSync(log, 'utf8').split(repo.dir).join('/nowhere/on/this/machine');
    fs.writeFileSync(log, moved);
    const r = cli(repo, ['replay', log, '--json'], { cwd: 'src/deep' });
    expect(r.code, r.out + r.err).toBe(0);
    expect(JSON.parse(r.out).counts).toMatchObject({ same: 1, changed: 0, error: 0 });
  });
});

describe("a row's program not on PATH: check and doctor name the program and the row, the deny says it is not installed", () => {
  let repo: Repo;
  let bin: string;
  let init: ReturnType<typeof cli>;
  const UV_ROW = { type: 'command', command: 'uv run "${CLAUDE_PLUGIN_ROOT}"/hooks/guard.py', timeout: 10 };
  const STOP_ROW = { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/stop.py', timeout: 10 };
  const NO_PYTHON = 'hookshim-e2e-no-such-python';
  beforeAll(() => {
    repo = makeRepo(
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [UV_ROW] }], Stop: [{ hooks: [STOP_ROW] }] } },
      { 'guard.py': 'print("ok")\n', 'stop.py': `#!/usr/bin/env -S ${NO_PYTHON} -u\nprint("ok")\n` },
    );
    repos.push(repo);
    // A PATH with node and sh only, so uv is absent whatever this machine has installed.
    bin = path.join(repo.stateDir, 'bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    fs.symlinkSync('/bin/sh', path.join(bin, 'sh'));
    init = cli(repo, ['init'], { env: { PATH: bin } });
  });

  it('init and check: an error per row, naming the program and the row, not "missing script"', () => {
    expect(init.code).toBe(1);
    expect(init.out).toContain('[command-not-found]');
    const r = cli(repo, ['check'], { env: { PATH: bin } });
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.out).toContain(
      'error   hooks/hooks.json PreToolUse[0].hooks[0]: its command starts uv, which is not on PATH here (not ' +
        'installed?): every run exits 127 (command not found), so every call it matches is denied, naming uv ' +
        '[command-not-found]',
    );
    expect(r.out).toContain(
      `error   hooks/hooks.json Stop[0].hooks[0]: hooks/stop.py's #! line starts ${NO_PYTHON} through env, which is ` +
        `not on PATH here (not installed?): every run exits 127 (command not found), so every stop gets a ` +
        `follow-up naming ${NO_PYTHON} [command-not-found]`,
    );
    expect(r.out).toContain('fix: install uv wherever Cursor runs');
    expect(r.out).not.toMatch(/script-missing|does not exist/);
  });

  it('doctor: the same two errors', () => {
    const report = JSON.parse(cli(repo, ['doctor', '--json'], { env: { PATH: bin } }).out);
    const found = report.findings.filter((f: { code: string }) => f.code === 'command-not-found');
    expect(found.map((f: { where: string; severity: string }) => [f.where, f.severity])).toEqual([
      ['hooks/hooks.json PreToolUse[0].hooks[0]', 'error'],
      ['hooks/hooks.json Stop[0].hooks[0]', 'error'],
    ]);
  });

  it('the hook path: the deny and the follow-up say the program is not installed or not on PATH', () => {
    const pre = repo.fire('preToolUse', shell(repo, 'ls'), { env: { PATH: bin } });
    expect(pre.json.permission).toBe('deny');
    expect(pre.json.user_message).toMatch(
      /^hookshim: guard hooks\/guard\.py cannot start: uv is not installed or not on PATH \(exit 127: .*uv: not found\); the tool call is denied \(fail closed\)$/,
    );
    const stop = repo.fire('stop', cursorPayload('stop', repo, { status: 'completed', loop_count: 0 }), {
      env: { PATH: bin },
    });
    expect(stop.json.followup_message).toMatch(
      new RegExp(
        `^hookshim: guard hooks/stop\\.py cannot start: ${NO_PYTHON} is not installed or not on PATH ` +
          `\\(exit 127: .*${NO_PYTHON}.*\\); treat this stop as not yet allowed \\(fail closed\\)$`,
      ),
    );
    expect(`${pre.json.user_message} ${stop.json.followup_message}`).not.toMatch(/missing/);
  });
});

describe('a binding git ignores: init says so before "commit", check and doctor fail, a clean clone is told why', () => {
  const FILES = [
    '.cursor/hooks.json',
    '.cursor/hookshim.json',
    '.cursor/hooks/hookshim.cjs',
    '.cursor/.cursor/hooks/hookshim.cjs',
  ];
  const UNIGNORE = [
    '!/.cursor/',
    '/.cursor/*',
    '!/.cursor/hooks.json',
    '!/.cursor/hookshim.json',
    '!/.cursor/hooks/',
    '!/.cursor/.cursor/',
  ];
  let repo: Repo;
  let init: ReturnType<typeof cli>;
  beforeAll(() => {
    repo = gitRepo();
    repo.write('.gitignore', 'node_modules/\n.cursor/\n.state/\n');
    init = cli(repo, ['init']);
  });

  it('init: the error names .gitignore:2 and both fixes, before it says how to commit', () => {
    expect(init.code, init.out + init.err).toBe(1);
    const error = init.out.indexOf(
      `error   .gitignore:2: ".cursor/" ignores ${FILES.join(', ')}, which init writes and Cursor loads from the ` +
        'commit: `git add .cursor` leaves them out, so a clone of the branch (a Cloud agent booting it, a teammate) ' +
        'has no binding and runs no guard [binding-ignored]',
    );
    expect(error, init.out).toBeGreaterThan(0);
    expect(init.out).toContain(`fix: commit them with \`git add -f ${FILES.join(' ')}\``);
    expect(init.out).toContain(`append to .gitignore the lines ${UNIGNORE.map((l) => JSON.stringify(l)).join(', ')}`);
    const next = init.out.indexOf('next: git ignores the binding (binding-ignored above): commit ');
    expect(next).toBeGreaterThan(error);
    expect(init.out).not.toMatch(/next: commit/);
    // The README's `git add .cursor` indeed adds nothing.
    expect(spawnSync('git', ['add', '.cursor'], { cwd: repo.dir, env: gitEnv() }).status).not.toBe(0);
  });

  it('check and doctor: the same error, exit 1', () => {
    const check = cli(repo, ['check']);
    expect(check.code).toBe(1);
    expect(check.out).toMatch(
      /^error {3}\.gitignore:2: "\.cursor\/" ignores \.cursor\/hooks\.json, .*\[binding-ignored\]$/m,
    );
    const doctor = JSON.parse(cli(repo, ['doctor', '--json']).out);
    expect(doctor.findings.filter((f: { code: string }) => f.code === 'binding-ignored')).toMatchObject([
      { severity: 'error', where: '.gitignore:2' },
    ]);
  });

  it('a clean clone without the binding: check says git ignores it, not only "run init and commit"', () => {
    git(repo.dir, ['add', '.gitignore', 'hooks']);
    git(repo.dir, ['commit', '-qm', 'catalog, and a .gitignore that ignores .cursor/']);
    const clone = path.join(repo.stateDir, 'clone');
    git(repo.dir, ['clone', '-q', repo.dir, clone]);
    const r = spawnSync(process.execPath, [CLI, 'check'], { cwd: clone, encoding: 'utf8', env: gitEnv() });
    // No bundle: check cannot proceed (docs/tooling.md "Exit codes"), and says why.
    expect(r.status).toBe(3);
    expect(r.stdout).toMatch(/^error {3}\.gitignore:2: "\.cursor\/" ignores .*\[binding-ignored\]$/m);
    expect(r.stdout).toContain(
      'error   .cursor/hooks.json: does not exist, so Cursor runs none of the catalog (it needs preToolUse, ' +
        'postToolUse, postToolUseFailure); git ignores it, so no commit carries it (binding-ignored) [binding-missing]',
    );
    expect(r.stdout).toContain(
      'fix: run `hookshim init` and commit .cursor/hooks.json, with `git add -f` or after un-ignoring it ' +
        '(binding-ignored says how)',
    );
  });

  it('the un-ignore fix, as given: git add .cursor commits the binding, .cursor/ stays ignored otherwise, check passes', () => {
    repo.write('.cursor/mcp.json', '{"mcpServers":{"x":{"env":{"TOKEN":"secret"}}}}');
    fs.appendFileSync(path.join(repo.dir, '.gitignore'), UNIGNORE.map((l) => `${l}\n`).join(''));
    git(repo.dir, ['add', '.gitignore', '.cursor']);
    expect(git(repo.dir, ['diff', '--cached', '--name-only']).trim().split('\n').sort()).toEqual(
      ['.gitignore', ...FILES].sort(),
    );
    const check = cli(repo, ['check']);
    expect(check.code, check.out).toBe(0);
    expect(check.out).not.toContain('binding-ignored');
  });

  it('the git add -f fix, as given: once tracked, check passes', () => {
    const other = gitRepo();
    other.write('.gitignore', '.cursor/\n.state/\n');
    expect(cli(other, ['init']).code).toBe(1);
    git(other.dir, ['add', '-f', ...FILES]);
    const check = cli(other, ['check']);
    expect(check.code, check.out).toBe(0);
  });
});

describe('two lists again: hand-written entries of .cursor/hooks.json that run the catalog are named, with the fix', () => {
  let repo: Repo;
  let init: ReturnType<typeof cli>;
  // A repository that already had a hand-written Cursor adapter of its Claude catalog (docs/peers.md §1).
  const HAND = {
    version: 1,
    hooks: {
      preToolUse: [{ command: 'python3 .cursor/hooks/adapt-claude-hooks.py --event preToolUse' }],
      beforeShellExecution: [{ command: 'cd "$(git rev-parse --show-toplevel)" && ./hooks/deny-sudo.sh --cursor' }],
      stop: [{ command: '"$CURSOR_PROJECT_DIR"/hooks/deny-sudo.sh' }],
      afterFileEdit: [{ command: 'node .cursor/hooks/format.mjs' }],
    },
  };
  beforeAll(() => {
    repo = gitRepo();
    repo.write('.cursor/hooks.json', `${JSON.stringify(HAND, null, 2)}\n`);
    repo.write('.cursor/hooks/adapt-claude-hooks.py', 'import json\nCATALOG = "hooks/hooks.json"\n');
    repo.write('.cursor/hooks/format.mjs', '// formats the file Cursor edited\n');
    init = cli(repo, ['init']);
  });

  it('init keeps them and says which run what the catalog runs, each with its fix', () => {
    expect(init.code, init.out + init.err).toBe(1);
    expect(init.out).toContain(
      'kept 4 foreign entries (preToolUse: 1, beforeShellExecution: 1, stop: 1, afterFileEdit: 1); 3 of them run ' +
        'what the catalog runs, so those guards run twice per event: remove them (native-duplicate, native-adapter below)',
    );
    expect(init.out).toContain(
      'error   .cursor/hooks.json beforeShellExecution[0]: runs hooks/deny-sudo.sh, which hookshim already runs for ' +
        "hooks/hooks.json PreToolUse[0].hooks[0] (PreToolUse): the guard runs twice, once here with Cursor's " +
        'untranslated input [native-duplicate]',
    );
    expect(init.out).toContain(
      'error   .cursor/hooks.json stop[0]: runs hooks/deny-sudo.sh, which hookshim already runs',
    );
    expect(init.out).toContain(
      'warning .cursor/hooks.json preToolUse[0]: runs .cursor/hooks/adapt-claude-hooks.py, which names ' +
        'hooks/hooks.json: a hand-written adapter of what hookshim runs, so those guards run twice per event ' +
        '(once here, once through hookshim) [native-adapter]',
    );
    expect(init.out).toContain('fix: remove this entry from .cursor/hooks.json');
    expect(init.out).not.toMatch(/afterFileEdit\[0\]/);
    // Kept as they were: init owns only its own entries.
    const kept = JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor/hooks.json'), 'utf8'));
    expect(kept.hooks.beforeShellExecution).toEqual(HAND.hooks.beforeShellExecution);
  });

  it('check and doctor report each such entry', () => {
    const check = cli(repo, ['check', '--json']);
    expect(check.code).toBe(1);
    const codes = (findings: { code: string; where: string }[]) =>
      findings.filter((f) => f.code.startsWith('native-')).map((f) => [f.code, f.where]);
    const want = [
      ['native-duplicate', '.cursor/hooks.json beforeShellExecution[0]'],
      ['native-duplicate', '.cursor/hooks.json stop[0]'],
      ['native-adapter', '.cursor/hooks.json preToolUse[0]'],
    ];
    expect(codes(JSON.parse(check.out).findings).sort()).toEqual(want.sort());
    expect(codes(JSON.parse(cli(repo, ['doctor', '--json']).out).findings).sort()).toEqual(want.sort());
  });

  it('once they are removed, nothing is said', () => {
    repo.write(
      '.cursor/hooks.json',
      `${JSON.stringify({ version: 1, hooks: { afterFileEdit: HAND.hooks.afterFileEdit } })}\n`,
    );
    const again = cli(repo, ['init']);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('kept 1 foreign entry (afterFileEdit: 1)\n');
    expect(again.out).not.toContain('native-');
  });
});
