// The Windows run plan (src/hook/platform.ts; docs/claude-hooks.md §11, docs/hosts.md "Windows") with a faked platform
// and fake file locations: Git Bash resolution order, PowerShell rows, forward slashes, .cmd/.exe, tree kill, no bash.
import { describe, expect, it } from 'vitest';
import {
  findGitBash,
  forPlatform,
  killTreeFor,
  NO_GIT_BASH,
  resolveWindowsExecutable,
  spawnSpec,
  type Host,
} from '../../../src/hook/platform.ts';

const win = (...files: string[]): Host => ({ platform: 'win32', exists: (f) => files.includes(f) });
const linux = (...files: string[]): Host => ({ platform: 'linux', exists: (f) => files.includes(f) });
const PF_BASH = 'C:\\Program Files\\Git\\bin\\bash.exe';
const X86_BASH = 'C:\\Program Files (x86)\\Git\\bin\\bash.exe';
const USER_BASH = 'C:\\Users\\me\\AppData\\Local\\Programs\\Git\\bin\\bash.exe';
const WIN_ENV = {
  ProgramFiles: 'C:\\Program Files',
  'ProgramFiles(x86)': 'C:\\Program Files (x86)',
  LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local',
  Path: 'C:\\Windows\\System32;D:\\tools\\Git\\cmd',
  SystemRoot: 'C:\\Windows',
};

describe('findGitBash: as Claude Code finds it', () => {
  it.each<[string, Record<string, string>, string[], string | RegExp]>([
    [
      'CLAUDE_CODE_GIT_BASH_PATH first',
      { ...WIN_ENV, CLAUDE_CODE_GIT_BASH_PATH: 'E:\\git\\bash.exe' },
      ['E:\\git\\bash.exe', PF_BASH],
      'E:\\git\\bash.exe',
    ],
    [
      'CLAUDE_CODE_GIT_BASH_PATH naming nothing: an error naming it',
      { ...WIN_ENV, CLAUDE_CODE_GIT_BASH_PATH: 'E:\\nope.exe' },
      [PF_BASH],
      /^CLAUDE_CODE_GIT_BASH_PATH is E:\\nope\.exe, which does not exist; needs Git Bash/,
    ],
    ['then Program Files', WIN_ENV, [PF_BASH, X86_BASH, USER_BASH], PF_BASH],
    ['then Program Files (x86)', WIN_ENV, [X86_BASH, USER_BASH], X86_BASH],
    ['then the per-user install', WIN_ENV, [USER_BASH], USER_BASH],
    [
      'then beside git.exe on PATH',
      WIN_ENV,
      ['D:\\tools\\Git\\cmd\\git.exe', 'D:\\tools\\Git\\bin\\bash.exe'],
      'D:\\tools\\Git\\bin\\bash.exe',
    ],
    ['never the WSL launcher System32\\bash.exe', WIN_ENV, ['C:\\Windows\\System32\\bash.exe'], NO_GIT_BASH],
    [
      'none: the error names Git for Windows and CLAUDE_CODE_GIT_BASH_PATH',
      WIN_ENV,
      [],
      /install Git for Windows .* set CLAUDE_CODE_GIT_BASH_PATH/,
    ],
  ])('%s', (_name, env, files, want) => {
    const r = findGitBash(env, win(...files));
    if (typeof want === 'string' && want !== NO_GIT_BASH) expect(r).toEqual({ path: want });
    else expect('error' in r ? r.error : r.path).toMatch(want);
  });
});

describe('spawnSpec on Windows', () => {
  const job = (extra: object = {}) => ({
    file: '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh',
    shell: true,
    env: { ...WIN_ENV, CLAUDE_PROJECT_DIR: 'C:\\repo', CLAUDE_PLUGIN_ROOT: 'C:\\repo\\plugins\\p', OTHER: 'a\\b' },
    ...extra,
  });
  it('shell form runs through Git Bash -c, the command as written', () =>
    expect(spawnSpec(job(), win(PF_BASH))).toMatchObject({
      file: PF_BASH,
      args: ['-c', '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh'],
      detached: false,
    }));
  it('"shell": "bash" rows too', () =>
    expect(spawnSpec(job({ shellPath: 'bash' }), win(PF_BASH))).toMatchObject({ file: PF_BASH }));
  it('CLAUDE_PROJECT_DIR and CLAUDE_PLUGIN_ROOT are handed over with forward slashes; other variables as they are', () =>
    expect(spawnSpec(job(), win(PF_BASH))).toMatchObject({
      env: { CLAUDE_PROJECT_DIR: 'C:/repo', CLAUDE_PLUGIN_ROOT: 'C:/repo/plugins/p', OTHER: 'a\\b' },
    }));
  it('no Git Bash: the row cannot start (fails closed), naming Git for Windows and CLAUDE_CODE_GIT_BASH_PATH', () =>
    expect(spawnSpec(job(), win())).toEqual({ startError: NO_GIT_BASH }));
  it('"shell": "powershell": pwsh on PATH first', () =>
    expect(
      spawnSpec(job({ shellPath: 'powershell', file: 'exit 2' }), win('C:\\Windows\\System32\\pwsh.exe')),
    ).toMatchObject({
      file: 'C:\\Windows\\System32\\pwsh.exe',
      args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-Command', 'exit 2'],
    }));
  it('"shell": "powershell": else Windows PowerShell 5.1; needs no Git Bash', () =>
    expect(
      spawnSpec(
        job({ shellPath: 'powershell' }),
        win('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe'),
      ),
    ).toMatchObject({
      file: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
    }));
  it('exec form: an .exe found through PATH and PATHEXT', () =>
    expect(
      spawnSpec(job({ shell: false, file: 'git', args: ['status'] }), win('D:\\tools\\Git\\cmd\\git.exe')),
    ).toMatchObject({
      file: 'D:\\tools\\Git\\cmd\\git.exe',
      args: ['status'],
    }));
  it('exec form: a .cmd runs through cmd.exe /d /s /c, quoted, verbatim', () =>
    expect(
      spawnSpec(job({ shell: false, file: 'C:\\bin\\lint', args: ['a b', 'c'] }), win('C:\\bin\\lint.cmd')),
    ).toEqual(
      expect.objectContaining({
        file: 'cmd.exe',
        args: ['/d', '/s', '/c', '"C:\\bin\\lint.cmd "a b" c"'],
        verbatim: true,
      }),
    ));
  it('an executable nowhere to be found is left as named (the spawn fails, and the row fails closed)', () =>
    expect(resolveWindowsExecutable('nope', WIN_ENV, win())).toBe('nope'));
});

describe('spawnSpec elsewhere', () => {
  const env = { PATH: '/usr/bin:/opt/ps' };
  it('shell form: /bin/sh -c, its own process group', () =>
    expect(spawnSpec({ file: 'x.sh a', shell: true, env }, linux())).toEqual({
      file: '/bin/sh',
      args: ['-c', 'x.sh a'],
      env,
      detached: true,
    }));
  it('"shell": "bash": bash -c', () =>
    expect(spawnSpec({ file: 'x', shell: true, shellPath: 'bash', env }, linux())).toMatchObject({
      file: 'bash',
      args: ['-c', 'x'],
    }));
  it('"shell": "powershell": pwsh, as Claude Code does', () =>
    expect(
      spawnSpec({ file: 'exit 2', shell: true, shellPath: 'powershell', env }, linux('/opt/ps/pwsh')),
    ).toMatchObject({
      file: '/opt/ps/pwsh',
      args: ['-NoProfile', '-NonInteractive', '-Command', 'exit 2'],
    }));
  it('"shell": "powershell" without pwsh: cannot start (fails closed)', () =>
    expect(spawnSpec({ file: 'x', shell: true, shellPath: 'powershell', env }, linux())).toEqual({
      startError: expect.stringMatching(/no PowerShell was found \(pwsh\)/),
    }));
  it('exec form as given', () =>
    expect(spawnSpec({ file: 'node', args: ['g.mjs'], shell: false, env }, linux())).toEqual({
      file: 'node',
      args: ['g.mjs'],
      env,
      detached: true,
    }));
  it('environment paths untouched', () =>
    expect(spawnSpec({ file: 'x', shell: true, env: { CLAUDE_PROJECT_DIR: '/a\\b' } }, linux())).toMatchObject({
      env: { CLAUDE_PROJECT_DIR: '/a\\b' },
    }));
});

describe('forPlatform: substituted placeholders', () => {
  it('forward slashes on Windows', () =>
    expect(forPlatform({ projectDir: 'Z:\\tmp\\repo', pluginRoot: 'Z:\\tmp\\repo' }, win())).toEqual({
      projectDir: 'Z:/tmp/repo',
      pluginRoot: 'Z:/tmp/repo',
    }));
  it('as they are elsewhere', () => expect(forPlatform({ projectDir: '/r' }, linux())).toEqual({ projectDir: '/r' }));
});

describe('killTreeFor: process-tree kill', () => {
  it('Windows: taskkill /T /F /PID, for SIGTERM too (no signals there)', () => {
    const calls: string[][] = [];
    const kill = killTreeFor(
      win(),
      () => {},
      (f, a) => (calls.push([f, ...a]), { status: 0 }),
    );
    expect(kill(42, 'SIGTERM')).toBe(true);
    expect(calls).toEqual([['taskkill', '/T', '/F', '/PID', '42']]);
  });
  it('Windows: a taskkill that fails says so (the runner then kills the child itself)', () =>
    expect(
      killTreeFor(
        win(),
        () => {},
        () => ({ status: 128 }),
      )(42, 'SIGKILL'),
    ).toBe(false));
  it('POSIX: the signal to the process group', () => {
    const calls: [number, string][] = [];
    expect(killTreeFor(linux(), (pid, sig) => void calls.push([pid, sig]))(42, 'SIGTERM')).toBe(true);
    expect(calls).toEqual([[-42, 'SIGTERM']]);
  });
  it('POSIX: a group already gone', () =>
    expect(
      killTreeFor(linux(), () => {
        throw new Error('ESRCH');
      })(42, 'SIGKILL'),
    ).toBe(false));
});
