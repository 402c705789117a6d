// The binding's files that git ignores (src/commands/gitIgnored.ts), asked of a real git, and the .gitignore lines the
// fix gives, proved by git itself: once appended, the binding is not ignored and nothing else is un-ignored.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bindingFiles,
  gitIgnored,
  ignoredBinding,
  ignoredFixes,
  unignoreLines,
} from '../../../src/commands/gitIgnored.ts';

const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-gitignored-')));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
// This machine's own git configuration (a global excludes file) stays out of every repository here.
process.env.GIT_CONFIG_GLOBAL = '/dev/null';
process.env.GIT_CONFIG_NOSYSTEM = '1';

let n = 0;
/** A git repository whose .gitignore holds `lines`. */
function repo(lines: string[]): string {
  const dir = path.join(tmp, `r${++n}`);
  fs.mkdirSync(dir);
  expect(spawnSync('git', ['init', '-q'], { cwd: dir }).status).toBe(0);
  fs.writeFileSync(path.join(dir, '.gitignore'), lines.map((l) => `${l}\n`).join(''));
  return dir;
}
const FILES = bindingFiles('vendored');
const ignoredNow = (dir: string, paths: string[]) => {
  const found = gitIgnored(dir, paths);
  if (!Array.isArray(found)) throw new Error(JSON.stringify(found));
  return found.map((r) => r.path);
};

describe('bindingFiles: what init writes and a clone needs committed', () => {
  it('vendored and package mode', () => {
    expect(FILES).toEqual([
      '.cursor/hooks.json',
      '.cursor/hookshim.json',
      '.cursor/hooks/hookshim.cjs',
      '.cursor/.cursor/hooks/hookshim.cjs',
    ]);
    expect(bindingFiles('package')).toEqual(FILES);
  });
});

describe('gitIgnored: git check-ignore, rule by rule', () => {
  it('names the file, line and pattern; a negated pattern re-includes', () => {
    const dir = repo(['node_modules/', '*.json', '!.cursor/hooks.json']);
    expect(gitIgnored(dir, ['.cursor/hooks.json', '.cursor/hookshim.json', 'src/x.ts'])).toEqual([
      { path: '.cursor/hookshim.json', source: '.gitignore', line: 2, pattern: '*.json' },
    ]);
  });
  it('a tracked file is not ignored, whatever .gitignore says', () => {
    const dir = repo(['.cursor/']);
    fs.mkdirSync(path.join(dir, '.cursor'));
    fs.writeFileSync(path.join(dir, '.cursor', 'hooks.json'), '{}');
    expect(spawnSync('git', ['add', '-f', '.cursor/hooks.json'], { cwd: dir }).status).toBe(0);
    expect(ignoredNow(dir, ['.cursor/hooks.json', '.cursor/hookshim.json'])).toEqual(['.cursor/hookshim.json']);
  });
  it('outside a repository, or in a folder named .git that is none: nothing to commit, nothing to say', () => {
    const plain = path.join(tmp, 'plain');
    fs.mkdirSync(path.join(plain, '.git'), { recursive: true });
    expect(gitIgnored(plain, FILES)).toBe('none');
    expect(ignoredBinding(plain, 'vendored')).toEqual({ findings: [], files: [] });
  });
});

describe('unignoreLines: appended to .gitignore, they un-ignore the binding and nothing else (asked of git)', () => {
  it.each([
    ['.cursor/ ignored', ['.cursor/']],
    ['.cursor ignored (no slash)', ['.cursor']],
    ['/.cursor/ ignored', ['/.cursor/']],
    ['every dotfile ignored', ['.*', '!.gitignore']],
    ['*.json and *.cjs ignored', ['*.json', '*.cjs']],
    ['hooks/ folders ignored', ['hooks/']],
  ])('%s', (_name, lines) => {
    const dir = repo(lines);
    const { findings, files } = ignoredBinding(dir, 'vendored');
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.code === 'binding-ignored' && f.severity === 'error')).toBe(true);
    const add = unignoreLines(
      gitIgnored(dir, [...FILES, '.cursor/', '.cursor/hooks/', '.cursor/.cursor/', '.cursor/.cursor/hooks/']) as never,
      FILES,
    );
    expect(findings[0]?.fix).toContain(add.map((l) => JSON.stringify(l)).join(', '));
    expect(findings[0]?.fix).toContain(`git add -f ${files.join(' ')}`);
    const others = ['.cursor/mcp.json', '.cursor/rules/secret.mdc', 'node_modules/x.json'];
    const before = ignoredNow(dir, others);
    fs.appendFileSync(path.join(dir, '.gitignore'), add.map((l) => `${l}\n`).join(''));
    expect(ignoredNow(dir, FILES)).toEqual([]);
    expect(ignoredNow(dir, others)).toEqual(before);
    expect(ignoredBinding(dir, 'vendored').findings).toEqual([]);
  });
  it('.cursor/ ignored: the folder stays ignored but for the binding', () =>
    expect(unignoreLines([{ path: '.cursor/', source: '.gitignore', line: 1, pattern: '.cursor/' }], FILES)).toEqual([
      '!/.cursor/',
      '/.cursor/*',
      '!/.cursor/hooks.json',
      '!/.cursor/hookshim.json',
      '!/.cursor/hooks/',
      '!/.cursor/.cursor/',
    ]));
});

describe('ignoredFixes: a "run init and commit" fix for an ignored file says how it gets committed', () => {
  it('rewrites only findings about an ignored file whose fix commits', () => {
    const missing = {
      code: 'binding-missing' as const,
      severity: 'error' as const,
      where: '.cursor/hooks.json',
      message: 'does not exist',
      fix: 'run `hookshim init` and commit .cursor/hooks.json',
    };
    const other = { ...missing, where: 'hooks/hooks.json' };
    expect(ignoredFixes([missing, other], ['.cursor/hooks.json'])).toEqual([
      {
        ...missing,
        message: 'does not exist; git ignores it, so no commit carries it (binding-ignored)',
        fix:
          'run `hookshim init` and commit .cursor/hooks.json, with `git add -f` or after un-ignoring it ' +
          '(binding-ignored says how)',
      },
      other,
    ]);
  });
});
