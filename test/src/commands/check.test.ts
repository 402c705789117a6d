// `hookshim check`: one repo per failure, each asserting its finding's message (and the exit code through the CLI).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/commands/check.ts';
import { init } from '../../../src/commands/init.ts';
import type { Finding } from '../../../src/commands/findings.ts';
import { ensureBuilt } from '../../e2e/harness.ts';
import { cleanupAll, cli, sh, tempRepo, type TempRepo } from './helpers.ts';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupAll());

const GUARD = { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh', timeout: 10 };
const HOOKS = {
  PreToolUse: [
    { matcher: 'Bash', hooks: [GUARD] },
    {
      matcher: 'Write|Edit',
      hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}"/hooks/secrets.mjs', timeout: 10 }],
    },
  ],
  Stop: [{ hooks: [{ type: 'command', command: 'sh hooks/stop.sh', timeout: 10 }] }],
};

/** A repo that passes every check: catalog, scripts, binding, vendored bundle. */
function goodRepo(hooks: unknown = HOOKS, setup?: (r: TempRepo) => void): TempRepo {
  const repo = tempRepo();
  repo.catalog(hooks);
  repo.write('hooks/guard.sh', sh('exit 0'));
  repo.write('hooks/secrets.mjs', '#!/usr/bin/env node\n', 0o644); // run through node: need not be executable
  repo.write('hooks/stop.sh', sh('exit 0'), 0o644); // run through sh: need not be executable
  setup?.(repo);
  init({ dir: repo.dir });
  return repo;
}

const env = () => ({ PATH: process.env.PATH, HOME: '/nonexistent-home' });
const check = (repo: TempRepo) => runChecks({ dir: repo.dir, env: env() }).findings;
const only = (findings: Finding[], code: string) => findings.filter((f) => f.code === code);
const severe = (findings: Finding[]) => findings.filter((f) => f.severity !== 'info');

const editJson = (repo: TempRepo, rel: string, edit: (doc: any) => void) => {
  const doc = JSON.parse(repo.read(rel));
  edit(doc);
  repo.write(rel, `${JSON.stringify(doc, null, 2)}\n`);
};

describe("a row's program not on PATH (uv, bun, python3, npx, a #!/usr/bin/env program): named as the program", () => {
  const hooks = (command: string, event = 'PreToolUse') => ({
    [event]: [{ ...(event === 'PreToolUse' ? { matcher: 'Bash' } : {}), hooks: [{ type: 'command', command }] }],
  });
  // A PATH without them, whatever this machine has installed.
  const bare = { PATH: path.join(path.sep, 'nonexistent-bin'), HOME: '/nonexistent-home' };
  it.each([
    ['uv run "${CLAUDE_PLUGIN_ROOT}"/hooks/guard.py', 'uv'],
    ['bun run "${CLAUDE_PLUGIN_ROOT}"/hooks/guard.ts', 'bun'],
    ['python3 "$CLAUDE_PROJECT_DIR"/hooks/guard.py', 'python3'],
    ['npx -y some-guard', 'npx'],
    ['deno run -A hooks/guard.ts', 'deno'],
  ])('%s: an error naming %s and the row', (command, program) => {
    const repo = goodRepo(hooks(command), (r) => {
      r.write('hooks/guard.py', 'print(1)\n', 0o644);
      r.write('hooks/guard.ts', '\n', 0o644);
    });
    const found = only(runChecks({ dir: repo.dir, env: bare }).findings, 'command-not-found');
    expect(found).toEqual([
      {
        code: 'command-not-found',
        severity: 'error',
        where: 'hooks/hooks.json PreToolUse[0].hooks[0]',
        message:
          `its command starts ${program}, which is not on PATH here (not installed?): every run exits 127 ` +
          `(command not found), so every call it matches is denied, naming ${program}`,
        fix: expect.stringMatching(new RegExp(`^install ${program} wherever Cursor runs this repository's hooks`)),
      },
    ]);
    expect(only(runChecks({ dir: repo.dir, env: bare }).findings, 'script-missing')).toEqual([]);
  });
  it("a script run directly whose #!/usr/bin/env line starts a program not on PATH: the script's line names it", () => {
    const repo = goodRepo(hooks('"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.py', 'Stop'), (r) =>
      r.write('hooks/guard.py', '#!/usr/bin/env -S hookshim-test-no-such-python -u\nprint(1)\n'),
    );
    expect(only(check(repo), 'command-not-found').map((f) => [f.severity, f.message])).toEqual([
      [
        'error',
        "hooks/guard.py's #! line starts hookshim-test-no-such-python through env, which is not on PATH here " +
          '(not installed?): every run exits 127 (command not found), so every stop gets a follow-up naming ' +
          'hookshim-test-no-such-python',
      ],
    ]);
  });
  it('a program on PATH, a path, a builtin: nothing', () => {
    const repo = goodRepo(hooks('node "${CLAUDE_PLUGIN_ROOT}"/hooks/secrets.mjs'));
    expect(only(check(repo), 'command-not-found')).toEqual([]);
  });
  it("on Windows, sh of a shell-form row is found in Git Bash's own folders", () => {
    const repo = goodRepo(hooks('sh hooks/stop.sh'));
    const gitRoot = path.join(repo.dir, 'Git');
    fs.mkdirSync(path.join(gitRoot, 'usr', 'bin'), { recursive: true });
    fs.writeFileSync(path.join(gitRoot, 'usr', 'bin', 'sh.exe'), '', { mode: 0o755 });
    const bash = path.join(gitRoot, 'bin', 'bash.exe');
    const host = { platform: 'win32', exists: (f: string) => f === bash };
    const winEnv = { Path: 'C:\\nowhere', CLAUDE_CODE_GIT_BASH_PATH: bash };
    expect(only(runChecks({ dir: repo.dir, env: winEnv, host }).findings, 'command-not-found')).toEqual([]);
    // Without Git Bash the row cannot start at all: windows-no-git-bash says so, not a program of it.
    const noBash = { Path: 'C:\\nowhere', CLAUDE_CODE_GIT_BASH_PATH: 'C:\\none\\bash.exe' };
    const findings = runChecks({ dir: repo.dir, env: noBash, host }).findings;
    expect(only(findings, 'command-not-found')).toEqual([]);
    expect(only(findings, 'windows-no-git-bash')).toHaveLength(1);
    // Git Bash there, the program nowhere: said as the program.
    const noSh = { Path: 'C:\\nowhere', CLAUDE_CODE_GIT_BASH_PATH: bash };
    fs.rmSync(path.join(gitRoot, 'usr', 'bin', 'sh.exe'));
    expect(only(runChecks({ dir: repo.dir, env: noSh, host }).findings, 'command-not-found')).toHaveLength(1);
  });
});

describe('a healthy repo', () => {
  it('has no errors or warnings, and the CLI says ok with exit 0', async () => {
    const repo = goodRepo();
    expect(severe(check(repo))).toEqual([]);
    const r = await cli(['check', repo.dir], { env: env() });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^hookshim check: ok \(3 rows, 4 events bound, vendored bundle; 0 errors, 0 warnings\)\n$/);
  });

  it('--json lists findings with stable codes', async () => {
    const repo = goodRepo();
    fs.rmSync(path.join(repo.dir, 'hooks/guard.sh'));
    const r = await cli(['check', repo.dir, '--json'], { env: env() });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out);
    expect(out).toMatchObject({
      ok: false,
      errors: 1,
      warnings: 0,
      mode: 'vendored',
      events: ['preToolUse', 'postToolUse', 'postToolUseFailure', 'stop'],
    });
    expect(out.findings.map((f: Finding) => f.code)).toContain('script-missing');
  });
});

describe('each failure, with its message', () => {
  it.each<[string, (r: TempRepo) => void, string, Finding['severity'], RegExp]>([
    [
      'binding missing',
      (r) => fs.rmSync(path.join(r.dir, '.cursor/hooks.json')),
      'binding-missing',
      'error',
      /^does not exist, so Cursor runs none of the catalog \(it needs preToolUse, postToolUse, postToolUseFailure, stop\)$/,
    ],
    [
      'binding not JSON',
      (r) => r.write('.cursor/hooks.json', '{'),
      'binding-invalid',
      'error',
      /^not valid JSON .*; Cursor cannot load it$/,
    ],
    [
      'an event the catalog needs is not bound',
      (r) => editJson(r, '.cursor/hooks.json', (d) => delete d.hooks.preToolUse),
      'binding-missing-event',
      'error',
      /^not bound, but the catalog needs it \(hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\], hooks\/hooks\.json PreToolUse\[1\]\.hooks\[0\]\)$/,
    ],
    [
      'a stale entry for an event no row needs',
      (r) =>
        editJson(
          r,
          '.cursor/hooks.json',
          (d) =>
            (d.hooks.subagentStop = [
              { command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs subagentStop', timeout: 60 },
            ]),
        ),
      'binding-stale',
      'error',
      /^bound to hookshim, but no catalog row needs it any more: every event starts a process for nothing$/,
    ],
    [
      'an entry on an event hookshim does not handle',
      (r) =>
        editJson(
          r,
          '.cursor/hooks.json',
          (d) =>
            (d.hooks.beforeShellExecution = [
              { command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs beforeShellExecution' },
            ]),
        ),
      'binding-stale',
      'error',
      /hookshim does not handle this event/,
    ],
    [
      'an entry edited by hand',
      (r) =>
        editJson(
          r,
          '.cursor/hooks.json',
          (d) => (d.hooks.preToolUse[0] = { ...d.hooks.preToolUse[0], timeout: 10, failClosed: false }),
        ),
      'binding-differs',
      'error',
      /init writes \{"command":"node --inspect-publish-uid stderr \.cursor\/hooks\/hookshim\.cjs preToolUse","matcher":"[^"]+","timeout":30,"failClosed":true\} \(timeout 10 → 30; failClosed false → true\)$/,
    ],
    [
      'an entry on the older sh-only command (PowerShell cannot run it)',
      (r) =>
        editJson(
          r,
          '.cursor/hooks.json',
          (d) =>
            (d.hooks.preToolUse[0] = {
              ...d.hooks.preToolUse[0],
              command: 'node "$(test -d .cursor && echo .cursor/)hooks/hookshim.cjs" preToolUse',
            }),
        ),
      'binding-older-command',
      'error',
      /^bound with the older command .*: it is not shell-neutral: Cursor on Windows starts hooks through PowerShell/,
    ],
    [
      'an entry on the older package command (root-only)',
      (r) =>
        editJson(
          r,
          '.cursor/hooks.json',
          (d) =>
            (d.hooks.preToolUse[0] = {
              ...d.hooks.preToolUse[0],
              command: 'node node_modules/hookshim/dist/hookshim.cjs preToolUse',
            }),
        ),
      'binding-older-command',
      'error',
      /: it starts only from the project root \(a host that runs hooks from \.cursor\/ cannot start it/,
    ],
    [
      'the nested forwarder missing (a host running hooks from .cursor/ cannot start)',
      (r) => fs.rmSync(path.join(r.dir, '.cursor/.cursor/hooks/hookshim.cjs')),
      'launcher-missing',
      'error',
      /^missing: a host that runs hooks from \.cursor\/ \(Copse\) cannot start the bound command/,
    ],
    [
      'two hookshim entries on one event',
      (r) => editJson(r, '.cursor/hooks.json', (d) => d.hooks.stop.push(d.hooks.stop[0])),
      'binding-duplicate',
      'error',
      /^2 hookshim entries: Cursor starts hookshim 2 times per event$/,
    ],
    [
      'vendored bundle missing',
      (r) => fs.rmSync(path.join(r.dir, '.cursor/hooks/hookshim.cjs')),
      'bundle-missing',
      'error',
      /^missing: the bound command cannot start: Cursor denies every call on preToolUse \(failClosed\), so the agent can do next to nothing; postToolUse, postToolUseFailure, stop run no guard \(the action goes ahead\)$/,
    ],
    [
      'vendored bundle stale (older version)',
      (r) =>
        r.write(
          '.cursor/hooks/hookshim.cjs',
          '#!/usr/bin/env node\n// hookshim 0.0.1: runs a Claude Code hook catalog under Cursor.\n',
        ),
      'bundle-stale',
      'error',
      /^stale: it is hookshim 0\.0\.1, this CLI ships \d+\.\d+\.\d+$/,
    ],
    [
      'vendored bundle edited (same version)',
      (r) => fs.appendFileSync(path.join(r.dir, '.cursor/hooks/hookshim.cjs'), '\n// local patch\n'),
      'bundle-stale',
      'error',
      /\(same version, different build\)$/,
    ],
    [
      'a script that does not exist',
      (r) => fs.rmSync(path.join(r.dir, 'hooks/guard.sh')),
      'script-missing',
      'error',
      /^runs hooks\/guard\.sh, which does not exist: every event it matches fails closed \(a deny or follow-up naming it\)$/,
    ],
    [
      'a script run directly that is not executable',
      (r) => fs.chmodSync(path.join(r.dir, 'hooks/guard.sh'), 0o644),
      'script-not-executable',
      'error',
      /^runs hooks\/guard\.sh directly, but it is not executable: the shell exits 126 and hookshim fails closed \(a deny or follow-up naming it\)$/,
    ],
    [
      'a missing script run through node',
      (r) => fs.rmSync(path.join(r.dir, 'hooks/secrets.mjs')),
      'script-missing',
      'error',
      /^runs hooks\/secrets\.mjs, which does not exist/,
    ],
    [
      'a .cursor/hookshim.json that is not valid',
      (r) => r.write('.cursor/hookshim.json', '{"promptContext": "later"}'),
      'config-invalid',
      'error',
      /promptContext.*the hook path runs its last good version, and with none denies every tool call/,
    ],
    [
      'an unknown config key',
      (r) => r.write('.cursor/hookshim.json', '{"check": {"test": true}}'),
      'config-invalid',
      'error',
      /^at line 1: unknown key "check\.test" \(known: readmeRows, tests, readme, testDir, knownDoubleBinding\); the hook path runs/,
    ],
    [
      "a directory in the config's place",
      (r) => {
        fs.rmSync(path.join(r.dir, '.cursor/hookshim.json'), { force: true });
        fs.mkdirSync(path.join(r.dir, '.cursor/hookshim.json'));
      },
      'config-invalid',
      'error',
      /^cannot read it: EISDIR: .*; the hook path runs its last good version/,
    ],
  ])('%s', (_name, mutate, code, severity, message) => {
    const repo = goodRepo();
    mutate(repo);
    const found = only(check(repo), code);
    expect(found, JSON.stringify(check(repo), null, 1)).toHaveLength(1);
    expect(found[0]?.severity).toBe(severity);
    expect(found[0]?.message).toMatch(message);
  });

  it.each<[string, unknown, string, Finding['severity'], RegExp]>([
    [
      'an invalid matcher regex',
      { PreToolUse: [{ matcher: 'Bash(', hooks: [GUARD] }] },
      'matcher-invalid',
      'error',
      /^matcher "Bash\(" is not a valid regular expression \(.*\): every call it might match is denied, as Claude Code ≥ 2.1.288 denies it$/,
    ],
    [
      'a matcher naming no tool Cursor calls',
      { PreToolUse: [{ matcher: 'MultiEdit', hooks: [GUARD] }] },
      'matcher-unreachable',
      'warning',
      /^matcher "MultiEdit" names no tool Cursor calls .*: it never fires under Cursor$/,
    ],
    [
      'an `if` hookshim cannot evaluate',
      { PreToolUse: [{ matcher: 'Grep', hooks: [{ ...GUARD, if: 'Grep(secret)' }] }] },
      'if-invalid',
      'warning',
      /^"if" cannot be evaluated: "Grep\(secret\)": specifiers for Grep are not supported by hookshim .*; hookshim runs the row on every call its matcher accepts, as Claude Code runs a row it cannot decide$/,
    ],
    [
      'an `if` on a non-tool event',
      { Stop: [{ hooks: [{ ...GUARD, if: 'Bash(git push *)' }] }] },
      'if-never-runs',
      'error',
      /^"if" is only evaluated on tool events; on Stop a handler with "if" never runs/,
    ],
    [
      'a timeout that cannot fit even the longest wrapper',
      { PreToolUse: [{ matcher: 'Bash', hooks: [{ ...GUARD, timeout: 700 }] }] },
      'timeout-too-long',
      'error',
      /^timeout 700s cannot fit: preToolUse is bound with timeout 600s and hookshim answers 5s before Cursor's kill, so the script is cut at 595s and fails closed$/,
    ],
    [
      'an unknown event in the catalog',
      { PreTooluse: [{ hooks: [GUARD] }] },
      'catalog-warning',
      'warning',
      /unknown event "PreTooluse" \(did you mean "PreToolUse"\? event names are case-sensitive\); its handlers will never run/,
    ],
    [
      'a bare command not on PATH, on Stop: every stop gets a follow-up',
      { Stop: [{ hooks: [{ type: 'command', command: 'hookshim-test-no-such-tool --flag' }] }] },
      'command-not-found',
      'error',
      /^its command starts hookshim-test-no-such-tool, which is not on PATH here \(not installed\?\): every run exits 127 \(command not found\), so every stop gets a follow-up naming hookshim-test-no-such-tool$/,
    ],
    [
      'a bare command not on PATH, on a context-only event',
      { PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'hookshim-test-no-such-tool' }] }] },
      'command-not-found',
      'warning',
      /, so the row fails every time it runs \(logged, dropped\)$/,
    ],
  ])('%s', (_name, hooks, code, severity, message) => {
    const repo = goodRepo(hooks);
    const found = only(check(repo), code);
    expect(found, JSON.stringify(check(repo), null, 1)).toHaveLength(1);
    expect(found[0]?.severity).toBe(severity);
    expect(found[0]?.message).toMatch(message);
  });

  it('a bound timeout lowered by hand no longer fits the row (and the entry differs)', () => {
    const repo = goodRepo({ PreToolUse: [{ matcher: 'Bash', hooks: [{ ...GUARD, timeout: 25 }] }] });
    editJson(repo, '.cursor/hooks.json', (d) => (d.hooks.preToolUse[0].timeout = 20));
    const findings = check(repo);
    expect(only(findings, 'timeout-too-long')[0]?.message).toBe(
      "timeout 25s cannot fit: preToolUse is bound with timeout 20s and hookshim answers 3s before Cursor's kill, so the script is cut at 17s and fails closed",
    );
    expect(only(findings, 'binding-differs')).toHaveLength(1);
  });

  it("a timeout that fits here but not in Windows' budget (5 s kept for PowerShell's start) is a warning", () => {
    const repo = goodRepo({ PreToolUse: [{ matcher: 'Bash', hooks: [{ ...GUARD, timeout: 25 }] }] });
    editJson(repo, '.cursor/hooks.json', (d) => (d.hooks.preToolUse[0].timeout = 30));
    const findings = check(repo);
    expect(only(findings, 'timeout-too-long')).toEqual([]);
    expect(only(findings, 'timeout-too-long-windows').map((f) => [f.severity, f.message])).toEqual([
      [
        'warning',
        "timeout 25s fits here but not on Windows: preToolUse is bound with timeout 30s, and there hookshim also leaves 5s for PowerShell's start, so the script is cut at 20.5s and fails closed",
      ],
    ]);
  });

  it('on a context-only event a broken script is dropped, not failed closed, and the message says so', () => {
    const repo = goodRepo({ PostToolUse: [{ matcher: 'Write', hooks: [GUARD] }] });
    fs.chmodSync(path.join(repo.dir, 'hooks/guard.sh'), 0o644);
    const [f] = only(check(repo), 'script-not-executable');
    expect(f?.message).toBe(
      'runs hooks/guard.sh directly, but it is not executable: the shell exits 126 and the row fails every time (logged, dropped)',
    );
    expect(f?.fix).toBe(
      'chmod +x hooks/guard.sh && git update-index --chmod=+x hooks/guard.sh, or run it as "sh hooks/guard.sh"',
    );
  });

  it('package mode: the installed package must be there', () => {
    const repo = tempRepo();
    repo.catalog(HOOKS);
    init({ dir: repo.dir, mode: 'package' });
    expect(only(check(repo), 'package-missing')[0]?.message).toMatch(
      /^missing: the bound command cannot start: Cursor denies every call on preToolUse \(failClosed\)/,
    );
    repo.write('node_modules/hookshim/dist/hookshim.cjs', '');
    expect(only(check(repo), 'package-missing')).toEqual([]);
  });

  it('a bundle this CLI cannot compare against is a warning, not a pass', () => {
    const repo = goodRepo();
    const [f] = runChecks({
      dir: repo.dir,
      env: env(),
      bundle: path.join(repo.dir, 'no-such-bundle.mjs'),
    }).findings.filter((x) => x.code === 'bundle-unverifiable');
    expect(f?.severity).toBe('warning');
    expect(f?.message).toMatch(/^cannot tell whether it is stale: this CLI ships no bundle at .*no-such-bundle\.mjs$/);
  });

  it('a .cursor/hooks.json version other than 1 is a warning', () => {
    const repo = goodRepo();
    editJson(repo, '.cursor/hooks.json', (d) => (d.version = 2));
    expect(only(check(repo), 'binding-version')[0]?.message).toBe('"version" is 2; Cursor\'s schema is version 1');
  });

  it("an unreadable catalog: exit 3, with the loader's message", async () => {
    const repo = goodRepo();
    repo.write('hooks/hooks.json', '{"hooks": []}');
    const r = await cli(['check', repo.dir, '--json'], { env: env() });
    expect(r.code).toBe(3);
    const [f] = JSON.parse(r.out).findings;
    expect(f).toMatchObject({
      code: 'catalog-invalid',
      severity: 'error',
      message: expect.stringMatching(/not a Claude Code hooks file/),
    });
  });

  it('no catalog: exit 3 and nothing else is checked', async () => {
    const repo = tempRepo();
    const r = await cli(['check', repo.dir], { env: env() });
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/error +hooks\/hooks\.json: no catalog at .* \[catalog-missing\]/);
  });

  it('--strict fails on warnings; without it they only print', async () => {
    const repo = goodRepo({ PreToolUse: [{ matcher: 'MultiEdit', hooks: [GUARD] }] });
    expect((await cli(['check', repo.dir], { env: env() })).code).toBe(0);
    const strict = await cli(['check', repo.dir, '--strict'], { env: env() });
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(/warning .*\[matcher-unreachable\]\nhookshim check: failed/);
  });
});

describe('conventions from .cursor/hookshim.json (check.readmeRows, check.tests)', () => {
  const conventions = (r: TempRepo) =>
    r.write('.cursor/hookshim.json', JSON.stringify({ check: { readmeRows: true, tests: true } }));

  it('a guard without its test or README row fails, naming what is expected', () => {
    const repo = goodRepo(HOOKS, conventions);
    repo.write(
      'README.md',
      '# x\n\n| script | event |\n|---|---|\n| `guard.sh` | PreToolUse |\n\nsecrets.mjs is mentioned in prose only.\n',
    );
    repo.write('test/hooks/guard.sh.test.ts', '');
    repo.write('test/hooks/secrets.test.ts', ''); // <stem>.test.ts counts too
    const findings = check(repo);
    expect(only(findings, 'guard-readme-row-missing').map((f) => f.message)).toEqual([
      "hooks/secrets.mjs has no row in README.md's guard table (no table line names secrets.mjs)",
      "hooks/stop.sh has no row in README.md's guard table (no table line names stop.sh)",
    ]);
    expect(only(findings, 'guard-test-missing').map((f) => f.message)).toEqual([
      'hooks/stop.sh has no test: expected test/hooks/stop.sh.test.ts',
    ]);
  });

  it('no README at all is one finding', () => {
    const repo = goodRepo(HOOKS, conventions);
    expect(only(check(repo), 'readme-missing')[0]?.message).toBe(
      'does not exist, so no guard has its README row (.cursor/hookshim.json check.readmeRows)',
    );
  });

  it('custom README and test folder; off by default', () => {
    const repo = goodRepo(HOOKS, (r) =>
      r.write(
        '.cursor/hookshim.json',
        JSON.stringify({ check: { readmeRows: true, tests: true, readme: 'docs/GUARDS.md', testDir: 'spec' } }),
      ),
    );
    repo.write('docs/GUARDS.md', '| guard.sh | secrets.mjs | stop.sh |\n');
    for (const t of ['guard.sh.test.mjs', 'secrets.mjs.test.ts', 'stop.test.js']) repo.write(`spec/${t}`, '');
    expect(severe(check(repo))).toEqual([]);
    const plain = goodRepo();
    expect(check(plain).filter((f) => f.code.startsWith('guard-') || f.code === 'readme-missing')).toEqual([]);
  });
});

describe('double binding seen from CI', () => {
  it('a committed .claude/settings.json running a catalog script is a warning with the fix', () => {
    const repo = goodRepo();
    repo.write(
      '.claude/settings.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/hooks/guard.sh' }] },
          ],
        },
      }),
    );
    const [f] = only(check(repo), 'double-binding');
    expect(f?.severity).toBe('warning');
    expect(f?.where).toBe('.claude/settings.json PreToolUse[0].hooks[0]');
    expect(f?.message).toBe(
      '"$CLAUDE_PROJECT_DIR"/hooks/guard.sh also runs through hookshim (hooks/hooks.json PreToolUse[0].hooks[0]): Cursor\'s third-party loader runs it a second time on PreToolUse, with untranslated Cursor-shaped input',
    );
    expect(f?.fix).toMatch(
      /^turn off Cursor Settings → Agents → Third-Party Imports → "Include Third-Party Plugins, Skills, and Other Configs" \(on by default\), or remove this hook from \.claude\/settings\.json \(it is committed/,
    );
  });
});

describe('catalogs (.cursor/hookshim.json catalogs)', () => {
  const PLUGIN = {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/p.sh' }] }],
  };

  it('a vendored plugin listed: its rows are checked with its own root and named by its catalog', () => {
    const repo = goodRepo();
    repo.write('plugins/p/hooks/hooks.json', JSON.stringify({ hooks: PLUGIN }));
    init({ dir: repo.dir, catalogs: ['plugins/p'] });
    const [f] = only(check(repo), 'script-missing');
    expect(f?.where).toBe('plugins/p/hooks/hooks.json PreToolUse[0].hooks[0]');
    expect(f?.message).toMatch(/^runs plugins\/p\/hooks\/p\.sh, which does not exist/);
  });

  it('a catalog the list names that is gone is an error; one init would add is catalogs-differ', () => {
    const repo = goodRepo();
    editJson(repo, '.cursor/hookshim.json', (d) => d.catalogs.push('plugins/gone'));
    repo.write('.claude/settings.json', JSON.stringify({ hooks: PLUGIN }));
    const findings = check(repo);
    expect(only(findings, 'catalog-missing')[0]).toMatchObject({
      severity: 'error',
      where: 'plugins/gone/hooks/hooks.json',
    });
    expect(only(findings, 'catalogs-differ')[0]?.message).toBe(
      '.cursor/hookshim.json lists "hooks/hooks.json", "plugins/gone"; init would record "hooks/hooks.json", ".claude/settings.json" (plugins/gone/hooks/hooks.json no longer exists: dropped from the catalogs; .claude/settings.json: found, added to the catalogs)',
    );
  });

  it('no list recorded (a binding from before catalogs): fine while init would record the same', () => {
    const repo = goodRepo();
    fs.rmSync(path.join(repo.dir, '.cursor/hookshim.json'));
    expect(severe(check(repo))).toEqual([]);
  });

  it("HOOKSHIM_CATALOG is one machine's override: a warning, and the recorded list is what is checked", () => {
    const repo = goodRepo();
    const [f] = only(
      runChecks({ dir: repo.dir, env: { ...env(), HOOKSHIM_CATALOG: 'plugins/x/hooks/hooks.json' } }).findings,
      'catalog-override',
    );
    expect(f?.severity).toBe('warning');
    expect(f?.message).toMatch(
      /^set to plugins\/x\/hooks\/hooks\.json: on this machine the hook path runs only that catalog; Cursor elsewhere \(and CI\) runs "hooks\/hooks\.json"/,
    );
    expect(f?.fix).toBe(
      'to run it everywhere, record it: hookshim init --catalog plugins/x/hooks/hooks.json; otherwise unset HOOKSHIM_CATALOG',
    );
  });

  it('a settings file that is a catalog is one double-binding warning for the file, with both ways out', () => {
    const repo = goodRepo(HOOKS, (r) =>
      r.write(
        '.claude/settings.json',
        JSON.stringify({
          hooks: {
            PreToolUse: [{ matcher: 'Bash', hooks: [GUARD] }],
            Stop: [{ hooks: [GUARD] }],
            Notification: [{ hooks: [GUARD] }],
          },
        }),
      ),
    );
    const findings = check(repo);
    expect(only(findings, 'double-binding')).toEqual([]);
    expect(only(findings, 'settings-double-binding')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        where: '.claude/settings.json',
        message: expect.stringMatching(/2 of its hooks \(PreToolUse, Stop\) run twice per event/),
      }),
    ]);
  });

  it('JSON errors in .cursor/hooks.json and .cursor/hookshim.json are placed at line:column', () => {
    const repo = goodRepo();
    repo.write('.cursor/hooks.json', '{\n  "version": 1,\n  "hooks": {,}\n}\n');
    repo.write('.cursor/hookshim.json', '{\n  "catalogs": ["hooks/hooks.json"\n}\n');
    const findings = check(repo);
    expect(only(findings, 'binding-invalid')[0]?.message).toMatch(/^not valid JSON at line 3, column 13: /);
    expect(only(findings, 'config-invalid')[0]?.message).toMatch(/^not JSON \(at line 3, column 1: /);
  });
});

describe('rows: permission rules as matchers, millisecond timeouts', () => {
  it.each<[string, string, RegExp]>([
    [
      'the whole matcher',
      'Bash(git push:*)',
      /^matcher "Bash\(git push:\*\)" is permission-rule syntax: a matcher is tested against the tool name only, so "Bash\(git push:\*\)" never matches and the row never runs, in Claude Code either$/,
    ],
    ['one alternative', 'Bash(npm *)|Write', /so "Bash\(npm \*\)" never matches, in Claude Code either$/],
    ['one that is not even a valid regular expression', 'Bash(*)', /^matcher "Bash\(\*\)" is permission-rule syntax/],
  ])('%s: %s', (_name, matcher, message) => {
    const repo = goodRepo({ PreToolUse: [{ matcher, hooks: [GUARD] }] });
    const found = check(repo).filter((f) => f.code.startsWith('matcher-'));
    expect(found.map((f) => [f.code, f.severity])).toEqual([['matcher-permission-rule', 'error']]);
    expect(found[0]?.message).toMatch(message);
  });

  it('a regular expression with a group is not mistaken for a rule', () => {
    expect(
      check(goodRepo({ PreToolUse: [{ matcher: '(Write|Edit)', hooks: [GUARD] }] })).filter((f) =>
        f.code.startsWith('matcher-'),
      ),
    ).toEqual([]);
  });

  it('a timeout in milliseconds is a warning, not timeout-too-long, and init keeps the default wrapper', () => {
    const repo = goodRepo({ PreToolUse: [{ matcher: 'Bash', hooks: [{ ...GUARD, timeout: 10000 }] }] });
    const findings = check(repo);
    expect(only(findings, 'timeout-too-long')).toEqual([]);
    expect(only(findings, 'timeout-milliseconds')[0]).toMatchObject({
      severity: 'warning',
      message:
        'timeout 10000 looks like milliseconds: Claude Code reads seconds, so there a hung script holds the PreToolUse for 2.8 h. Under Cursor preToolUse is bound with timeout 30s: the script is cut before that (init never raises a wrapper for such a timeout).',
      fix: 'write it in seconds: "timeout": 10',
    });
  });
});

describe('the older vendored bundle', () => {
  it('bound and present: bundle-old (it runs), never bundle-missing; bound and gone: bundle-missing naming it', () => {
    const repo = goodRepo();
    editJson(repo, '.cursor/hooks.json', (d) => {
      for (const list of Object.values(d.hooks) as { command: string }[][])
        for (const e of list) e.command = e.command.replace('hookshim.cjs', 'hookshim.mjs');
    });
    fs.rmSync(path.join(repo.dir, '.cursor/hooks/hookshim.cjs'));
    repo.write(
      '.cursor/hooks/hookshim.mjs',
      '#!/usr/bin/env node\n// hookshim 0.0.9: runs a Claude Code hook catalog under Cursor.\n',
    );
    const findings = check(repo);
    expect(only(findings, 'bundle-missing')).toEqual([]);
    expect(only(findings, 'bundle-old')[0]).toMatchObject({
      severity: 'error',
      where: '.cursor/hooks/hookshim.mjs',
      message:
        'the binding runs this older bundle (hookshim 0.0.9): it still runs, but it is not the bundle this CLI ships (.cursor/hooks/hookshim.cjs)',
    });
    fs.rmSync(path.join(repo.dir, '.cursor/hooks/hookshim.mjs'));
    expect(only(check(repo), 'bundle-missing')[0]?.where).toBe('.cursor/hooks/hookshim.mjs');
  });
});

describe('Cursor matchers on .cursor/hooks.json (docs/cursor-hooks.md §11)', () => {
  it('a matcher left from an older catalog skips a tool a row now matches: binding-matcher-stale names it', () => {
    const repo = goodRepo();
    editJson(repo, '.cursor/hooks.json', (d) => {
      d.hooks.preToolUse[0].matcher = '^Shell$';
    });
    expect(only(check(repo), 'binding-matcher-stale')[0]).toMatchObject({
      severity: 'error',
      where: '.cursor/hooks.json preToolUse',
      message: expect.stringMatching(
        /^its matcher "\^Shell\$" skips Write, StrReplace, EditNotebook, run_terminal_cmd, search_replace, Delete, ApplyPatch, edit_file, AwaitShell, which catalog rows now match: Cursor starts no hookshim for those calls, so their guards never run$/,
      ),
    });
  });

  it('a matcher that starts more than needed is only a difference (binding-differs), never stale', () => {
    const repo = goodRepo();
    editJson(repo, '.cursor/hooks.json', (d) => {
      delete d.hooks.preToolUse[0].matcher;
    });
    const findings = check(repo);
    expect(only(findings, 'binding-matcher-stale')).toEqual([]);
    expect(only(findings, 'binding-differs')[0]?.where).toBe('.cursor/hooks.json preToolUse');
  });

  it('any entry whose matcher is not a JavaScript regex, ours or not: binding-matcher-invalid (Cursor rejects the whole file)', () => {
    const repo = goodRepo();
    editJson(repo, '.cursor/hooks.json', (d) => {
      d.hooks.afterFileEdit = [{ command: './audit.sh', matcher: 'Write(' }];
    });
    expect(only(check(repo), 'binding-matcher-invalid')).toEqual([
      expect.objectContaining({
        severity: 'error',
        where: '.cursor/hooks.json afterFileEdit[0]',
        message: expect.stringContaining('Cursor rejects the whole file'),
      }),
    ]);
  });

  it('init writes matchers that pass check, and every one compiles', () => {
    const repo = goodRepo();
    expect(severe(check(repo))).toEqual([]);
    const doc = JSON.parse(repo.read('.cursor/hooks.json')) as { hooks: Record<string, { matcher?: string }[]> };
    const matchers = Object.values(doc.hooks).flatMap((l) => l.map((e) => e.matcher).filter((m) => m !== undefined));
    expect(matchers.length).toBeGreaterThan(0);
    for (const m of matchers) expect(() => new RegExp(m as string)).not.toThrow();
  });
});
