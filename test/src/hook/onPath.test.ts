import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPath, programNotFound, shebangOf, shellDirs } from '../../../src/hook/onPath.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-onpath-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const bin = (name: string) => (fs.writeFileSync(path.join(dir, name), ''), fs.chmodSync(path.join(dir, name), 0o755));
bin('jq');
bin('node.exe');
bin('tool.cmd');

// Where a program resolves on PATH, for check, doctor and a failed run of the hook path.
// On Windows a command is found through PATHEXT, under a PATH whose name may be `Path` (docs/hosts.md "Windows").
describe('onPath', () => {
  it.each<[string, NodeJS.ProcessEnv, NodeJS.Platform, string | undefined]>([
    ['jq', { PATH: dir }, 'linux', path.join(dir, 'jq')],
    ['node', { PATH: dir }, 'linux', undefined],
    ['node', { Path: `C:\\nowhere;${dir}` }, 'win32', path.join(dir, 'node.exe')],
    ['node.exe', { PATH: dir }, 'win32', path.join(dir, 'node.exe')],
    ['tool', { PATH: dir, PATHEXT: '.EXE;.CMD' }, 'win32', path.join(dir, 'tool.cmd')],
    ['tool', { PATH: dir, PATHEXT: '.EXE' }, 'win32', undefined],
    ['jq', { PATH: dir }, 'win32', undefined],
    ['jq', {}, 'linux', undefined],
  ])('%s with %j on %s → %s', (name, env, platform, found) => {
    expect(onPath(name, env, platform)).toBe(found);
  });
});

describe('onPath: folders searched after PATH (Git Bash on Windows)', () => {
  it('finds a program in them, after PATH', () => {
    expect(onPath('jq', { PATH: '/nowhere' }, 'linux', [dir])).toBe(path.join(dir, 'jq'));
    expect(onPath('jq', { PATH: '/nowhere' }, 'linux', [])).toBeUndefined();
  });
});

describe("shellDirs: Git Bash's own folders, where a shell-form row finds sh and the POSIX tools on Windows", () => {
  const win = (...files: string[]) => ({ platform: 'win32', exists: (f: string) => files.includes(f) });
  it.each([
    ['C:\\Program Files\\Git\\bin\\bash.exe', 'C:\\Program Files\\Git'],
    ['D:\\tools\\git\\usr\\bin\\bash.exe', 'D:\\tools\\git'],
  ])('bash at %s: the folders of %s', (bash, root) =>
    expect(shellDirs({ CLAUDE_CODE_GIT_BASH_PATH: bash }, win(bash))).toEqual([
      `${root}\\mingw64\\bin`,
      `${root}\\usr\\bin`,
      `${root}\\bin`,
    ]),
  );
  it('a path given with forward slashes keeps them', () =>
    expect(shellDirs({ CLAUDE_CODE_GIT_BASH_PATH: 'C:/Git/bin/bash.exe' }, win('C:/Git/bin/bash.exe'))).toEqual([
      'C:/Git/mingw64/bin',
      'C:/Git/usr/bin',
      'C:/Git/bin',
    ]));
  it('none without Git Bash, none off Windows', () => {
    expect(shellDirs({}, win())).toEqual([]);
    expect(shellDirs({}, { platform: 'linux', exists: () => true })).toEqual([]);
  });
});

describe('programNotFound: why a run that could not start failed, when it is a program PATH does not have', () => {
  const script = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text, { mode: 0o755 });
    return path.join(dir, name);
  };
  const job = (extra: Record<string, unknown>) => ({ file: 'x', shell: true, env: { PATH: dir }, ...extra });
  it("the command's program, named by the shell and on no folder of the script's PATH", () =>
    expect(programNotFound(job({ program: 'uv' }), '/bin/sh: 1: uv: not found\n', undefined)).toBe('uv'));
  it('a program that is on PATH is not the cause (a command inside the script was not found)', () =>
    expect(programNotFound(job({ program: 'jq' }), 'guard.sh: 3: jq: not found\n', undefined)).toBeUndefined());
  it('a program the failure does not name is not the cause', () =>
    expect(programNotFound(job({ program: 'uv' }), '/bin/sh: 1: yq: not found\n', undefined)).toBeUndefined());
  it("the program a direct script's #!/usr/bin/env line starts", () => {
    const g = script('g.py', '#!/usr/bin/env -S hookshim-no-such-python -u\nprint(1)\n');
    expect(shebangOf(g)).toBe('hookshim-no-such-python');
    const said = "/usr/bin/env: 'hookshim-no-such-python': No such file or directory\n";
    expect(programNotFound(job({ direct: g }), said, undefined)).toBe('hookshim-no-such-python');
  });
  it("exec form: spawn's ENOENT for the row's program", () => {
    const exec = job({ shell: false, file: 'bun', program: 'bun' });
    expect(programNotFound(exec, '', 'spawn bun ENOENT')).toBe('bun');
    expect(programNotFound(exec, '', 'spawn bun EACCES')).toBeUndefined();
  });
  it('shebangOf: nothing for a directory, a file without #!, or no file', () => {
    expect(shebangOf(dir)).toBeUndefined();
    expect(shebangOf(script('plain.sh', 'echo hi\n'))).toBeUndefined();
    expect(shebangOf(path.join(dir, 'absent'))).toBeUndefined();
  });
});
