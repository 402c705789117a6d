// src/project/paths.ts: where the project is, where its catalog, config and transcript live, and reading a config
// file without ever blocking on a FIFO.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogFile, catalogRoot, configFile, cursorTranscriptPath, projectDir, readProblem, readRegularFile } from '../../../src/project/paths.ts';

const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-paths-')));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('projectDir: CURSOR_PROJECT_DIR, else workspace_roots[0], else cwd (docs/cursor-hooks.md §3)', () => {
  it.each([
    ['CURSOR_PROJECT_DIR wins', { CURSOR_PROJECT_DIR: '/env/p' }, { workspace_roots: ['/root/p'] }, '/env/p'],
    ['CURSOR_PROJECT_DIR is normalised', { CURSOR_PROJECT_DIR: '/env/p/../q/' }, {}, '/env/q'],
    ['an empty CURSOR_PROJECT_DIR is not set', { CURSOR_PROJECT_DIR: '' }, { workspace_roots: ['/root/p'] }, '/root/p'],
    ['workspace_roots[0]', {}, { workspace_roots: ['/root/p', '/root/other'] }, '/root/p'],
    ['workspace_roots[0] is normalised', {}, { workspace_roots: ['/root/p/'] }, '/root/p'],
    ['no roots: cwd', {}, { workspace_roots: [] }, '/cwd'],
    ['an empty first root: cwd', {}, { workspace_roots: [''] }, '/cwd'],
    ['a first root that is not a string: cwd', {}, { workspace_roots: [7, '/root/p'] }, '/cwd'],
    ['workspace_roots not an array: cwd', {}, { workspace_roots: '/root/p' }, '/cwd'],
    ['nothing at all: cwd, as given', {}, {}, '/cwd'],
  ])('%s', (_name, env, input, want) => expect(projectDir(env, input, '/cwd')).toBe(want));

  it.each([
    ['"/C:/Users/dev/p" drops its leading slash', '/C:/Users/dev/p', 'C:/Users/dev/p'],
    ['"/d:\\\\work" drops its leading slash', '/d:\\work', 'd:\\work'],
    ['"/C/Users" is a POSIX path, kept', '/C/Users', '/C/Users'],
  ])('a URI-style Windows root: %s', (_name, root, stripped) => {
    expect(projectDir({}, { workspace_roots: [root] }, '/cwd')).toBe(path.resolve(stripped));
  });
});

describe('catalogFile: HOOKSHIM_CATALOG, else <project>/hooks/hooks.json', () => {
  it.each([
    ['the default', {}, '/repo/hooks/hooks.json'],
    ['relative: against the project', { HOOKSHIM_CATALOG: '.claude/settings.json' }, '/repo/.claude/settings.json'],
    ['relative with ..', { HOOKSHIM_CATALOG: '../plugin/hooks/hooks.json' }, '/plugin/hooks/hooks.json'],
    ['absolute: as it is', { HOOKSHIM_CATALOG: '/opt/p/hooks/hooks.json' }, '/opt/p/hooks/hooks.json'],
    ['empty: the default', { HOOKSHIM_CATALOG: '' }, '/repo/hooks/hooks.json'],
  ])('%s', (_name, env, want) => expect(catalogFile(env, '/repo')).toBe(want));
});

describe('catalogRoot: the folder holding the catalog\'s hooks/ folder (${CLAUDE_PLUGIN_ROOT})', () => {
  it.each([
    ['/repo/hooks/hooks.json', '/repo'],
    ['/home/u/.claude/plugins/p/hooks/hooks.json', '/home/u/.claude/plugins/p'],
    ['/repo/.claude/settings.json', '/repo'],
  ])('%s → %s', (file, want) => expect(catalogRoot(file)).toBe(want));
});

describe('cursorTranscriptPath: transcript_path, else CURSOR_TRANSCRIPT_PATH (docs/cursor-hooks.md §2)', () => {
  it.each([
    ['the payload\'s path', { transcript_path: '/t/a.jsonl' }, { CURSOR_TRANSCRIPT_PATH: '/t/env.jsonl' }, '/t/a.jsonl'],
    ['null in the payload: the environment\'s', { transcript_path: null }, { CURSOR_TRANSCRIPT_PATH: '/t/env.jsonl' }, '/t/env.jsonl'],
    ['"" in the payload: the environment\'s', { transcript_path: '' }, { CURSOR_TRANSCRIPT_PATH: '/t/env.jsonl' }, '/t/env.jsonl'],
    ['neither', { transcript_path: null }, {}, undefined],
    ['an empty environment value: none', {}, { CURSOR_TRANSCRIPT_PATH: '' }, undefined],
  ])('%s', (_name, input, env, want) => expect(cursorTranscriptPath(input, env)).toBe(want));
});

describe('configFile', () => {
  it('is .cursor/hookshim.json in the project', () => expect(configFile('/repo')).toBe('/repo/.cursor/hookshim.json'));
});

describe('readRegularFile: a regular file as UTF-8; never blocks', () => {
  it('reads a regular file', () => {
    const f = path.join(tmp, 'a.json');
    fs.writeFileSync(f, '{"é":1}');
    expect(readRegularFile(f)).toBe('{"é":1}');
  });

  it('a missing file throws ENOENT', () => {
    expect(() => readRegularFile(path.join(tmp, 'none.json'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it('a directory throws EISDIR', () => {
    const d = path.join(tmp, 'dir.json');
    fs.mkdirSync(d);
    expect(() => readRegularFile(d)).toThrow(expect.objectContaining({ code: 'EISDIR', message: `EISDIR: ${d} is a directory` }));
  });

  it('a FIFO with no writer is refused at once, never waited on', () => {
    const f = path.join(tmp, 'fifo.json');
    execFileSync('mkfifo', [f]);
    expect(() => readRegularFile(f)).toThrow(expect.objectContaining({ code: 'ENOTREG', message: `not a regular file: ${f} (a FIFO or device is never read)` }));
  });

  it('a device is refused', () => {
    expect(() => readRegularFile('/dev/null')).toThrow(expect.objectContaining({ code: 'ENOTREG' }));
  });
});

describe('readProblem: a catalog read problem in words', () => {
  it.each([
    ['missing', Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' }), 'no catalog at /r/hooks/hooks.json'],
    ['a directory', Object.assign(new Error('EISDIR: x is a directory'), { code: 'EISDIR' }), 'cannot read /r/hooks/hooks.json: EISDIR: x is a directory'],
    ['no code', new Error('boom'), 'cannot read /r/hooks/hooks.json: boom'],
  ])('%s', (_name, err, want) => expect(readProblem('/r/hooks/hooks.json', err)).toBe(want));
});
