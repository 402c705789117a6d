// src/project/paths.ts: where the project is, where its catalog, config and transcript live, and reading a config
// file without ever blocking on a FIFO.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CURSOR } from '../../../adapters/hosts/cursor/index.ts';
import {
  bundleProject,
  catalogSources,
  configFile,
  payloadRoots,
  PROJECT_POLICIES,
  resolveProject,
  readProblem,
  readRegularFile,
} from '../../../src/project/paths.ts';

const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-paths-')));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('resolveProject, the hook path (the default): where Cursor ran the command, never a payload field (docs/security.md, guarantee 3)', () => {
  const bound = path.join(tmp, 'bound');
  fs.mkdirSync(path.join(bound, '.cursor', 'hooks'), { recursive: true });
  fs.writeFileSync(path.join(bound, '.cursor', 'hooks.json'), '{}');
  it.each([
    [
      'CURSOR_PROJECT_DIR wins',
      { CURSOR_PROJECT_DIR: '/env/p' },
      bound,
      undefined,
      { dir: '/env/p', how: 'CURSOR_PROJECT_DIR' },
    ],
    [
      'CURSOR_PROJECT_DIR is normalised',
      { CURSOR_PROJECT_DIR: '/env/p/../q/' },
      '/cwd',
      undefined,
      { dir: '/env/q', how: 'CURSOR_PROJECT_DIR' },
    ],
    [
      'an empty CURSOR_PROJECT_DIR is not set',
      { CURSOR_PROJECT_DIR: '' },
      bound,
      undefined,
      { dir: bound, how: 'the working directory' },
    ],
    [
      'a working directory holding .cursor/hooks.json (Cursor runs project hooks from the root)',
      {},
      bound,
      '/elsewhere/.cursor/hooks/hookshim.cjs',
      { dir: bound, how: 'the working directory' },
    ],
    [
      "the vendored bundle's project (a host that runs hooks from .cursor/)",
      {},
      path.join(bound, '.cursor'),
      path.join(bound, '.cursor', 'hooks', 'hookshim.cjs'),
      { dir: bound, how: `the bundle's own location (${path.join(bound, '.cursor', 'hooks', 'hookshim.cjs')})` },
    ],
    [
      'no binding, no bundle: the working directory',
      {},
      '/cwd',
      undefined,
      { dir: '/cwd', how: 'the working directory' },
    ],
  ])('%s', (_name, env, cwd, bundle, want) => expect(resolveProject({ env, cwd, bundle })).toEqual(want));
  it('a payload naming another root changes nothing', () =>
    expect(resolveProject({ env: {}, cwd: '/cwd', payload: { workspace_roots: [bound] } })).toEqual({
      dir: '/cwd',
      how: 'the working directory',
    }));
});

describe("resolveProject, each command's named policy", () => {
  const payload = { workspace_roots: [tmp] };
  it.each([
    ['explain: CURSOR_PROJECT_DIR before the payload', 'explain', { CURSOR_PROJECT_DIR: '/env/p' }, payload, '/env/p'],
    ["explain: the payload's root", 'explain', {}, payload, tmp],
    ['explain: no root, the current directory', 'explain', {}, {}, '/cwd'],
    ["replay: the payload's root that exists here", 'replay', { CURSOR_PROJECT_DIR: '/env/p' }, payload, tmp],
    [
      'replay: a root that does not exist here is not taken',
      'replay',
      {},
      { workspace_roots: ['/no/such/root'] },
      '/cwd',
    ],
    ['check: CURSOR_PROJECT_DIR', 'check', { CURSOR_PROJECT_DIR: '/env/p' }, payload, '/env/p'],
    ['check: never the payload', 'check', {}, payload, '/cwd'],
  ] as const)('%s', (_name, policy, env, p, want) =>
    expect(resolveProject({ env, cwd: '/cwd', payload: p }, PROJECT_POLICIES[policy]).dir).toBe(want),
  );
  it.each(['check', 'explain', 'replay', 'init'] as const)(
    '%s from a subfolder of a repository: its root, and how it was found (one rule for every command)',
    (policy) => {
      const repo = path.join(tmp, `repo-${policy}`);
      fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
      fs.mkdirSync(path.join(repo, 'src', 'deep'), { recursive: true });
      const from = PROJECT_POLICIES[policy].cwdHow;
      expect(resolveProject({ env: {}, cwd: path.join(repo, 'src', 'deep') }, PROJECT_POLICIES[policy])).toEqual({
        dir: repo,
        how: `the repository ${from} is in`,
      });
      expect(resolveProject({ env: {}, cwd: repo }, PROJECT_POLICIES[policy])).toEqual({ dir: repo, how: from });
    },
  );
  it('a given directory decides under every policy', () =>
    expect(
      resolveProject(
        { env: { CURSOR_PROJECT_DIR: '/env/p' }, cwd: '/cwd' },
        { ...PROJECT_POLICIES.explain, given: { dir: '/d', how: '--dir' } },
      ),
    ).toEqual({ dir: '/d', how: '--dir' }));
});

describe('bundleProject: the project a hookshim bundle belongs to', () => {
  it.each([
    ['/r/.cursor/hooks/hookshim.cjs', '/r'],
    ['/r/.cursor/hooks/hookshim.mjs', '/r'],
    ['/r/node_modules/hookshim/dist/hookshim.cjs', '/r'],
    ['/r/dist/hookshim.cjs', undefined],
    ['/r/.cursor/hooks/other.cjs', undefined],
    [undefined, undefined],
  ])('%s → %s', (bundle, want) => expect(bundleProject(bundle)).toBe(want));
});

describe("payloadRoots: the payload's workspace roots as paths (docs/cursor-hooks.md §3)", () => {
  it.each([
    ['roots, normalised', { workspace_roots: ['/root/p/', '/root/other'] }, ['/root/p', '/root/other']],
    ['empty and non-string roots are skipped', { workspace_roots: ['', 7, '/root/p'] }, ['/root/p']],
    ['not an array', { workspace_roots: '/root/p' }, []],
    ['none', {}, []],
    [
      'a URI-style Windows root drops its leading slash',
      { workspace_roots: ['/C:/Users/dev/p'] },
      [path.resolve('C:/Users/dev/p')],
    ],
    ['"/C/Users" is a POSIX path, kept', { workspace_roots: ['/C/Users'] }, ['/C/Users']],
  ])('%s', (_name, input, want) => expect(payloadRoots(input)).toEqual(want));
});

describe('catalogSources: HOOKSHIM_CATALOG, else the listed catalogs, else <project>/hooks/hooks.json', () => {
  const files = (env: NodeJS.ProcessEnv, listed?: string[]) =>
    catalogSources(env, '/repo', listed).map((s) => [s.file, s.kind, s.root]);
  it.each([
    ['the default', {}, undefined, [['/repo/hooks/hooks.json', 'plugin', '/repo']]],
    [
      'listed',
      {},
      ['hooks/hooks.json', '.claude/settings.json'],
      [
        ['/repo/hooks/hooks.json', 'plugin', '/repo'],
        ['/repo/.claude/settings.json', 'settings', undefined],
      ],
    ],
    [
      'HOOKSHIM_CATALOG relative: against the project, over the list',
      { HOOKSHIM_CATALOG: '.claude/settings.json' },
      ['hooks/hooks.json'],
      [['/repo/.claude/settings.json', 'settings', undefined]],
    ],
    [
      'HOOKSHIM_CATALOG with ..: its plugin root is the folder above hooks/',
      { HOOKSHIM_CATALOG: '../plugin/hooks/hooks.json' },
      undefined,
      [['/plugin/hooks/hooks.json', 'plugin', '/plugin']],
    ],
    [
      'HOOKSHIM_CATALOG absolute: as it is',
      { HOOKSHIM_CATALOG: '/opt/p/hooks/hooks.json' },
      undefined,
      [['/opt/p/hooks/hooks.json', 'plugin', '/opt/p']],
    ],
    [
      'HOOKSHIM_CATALOG empty: the default',
      { HOOKSHIM_CATALOG: '' },
      undefined,
      [['/repo/hooks/hooks.json', 'plugin', '/repo']],
    ],
  ])('%s', (_name, env, listed, want) => expect(files(env, listed)).toEqual(want));
});

describe('cursorTranscriptPath: transcript_path, else CURSOR_TRANSCRIPT_PATH (docs/cursor-hooks.md §2)', () => {
  it.each([
    ["the payload's path", { transcript_path: '/t/a.jsonl' }, { CURSOR_TRANSCRIPT_PATH: '/t/env.jsonl' }, '/t/a.jsonl'],
    [
      "null in the payload: the environment's",
      { transcript_path: null },
      { CURSOR_TRANSCRIPT_PATH: '/t/env.jsonl' },
      '/t/env.jsonl',
    ],
    [
      '"" in the payload: the environment\'s',
      { transcript_path: '' },
      { CURSOR_TRANSCRIPT_PATH: '/t/env.jsonl' },
      '/t/env.jsonl',
    ],
    ['neither', { transcript_path: null }, {}, undefined],
    ['an empty environment value: none', {}, { CURSOR_TRANSCRIPT_PATH: '' }, undefined],
  ])('%s', (_name, input, env, want) => expect(CURSOR.transcriptPathOf(input, env)).toBe(want));
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
    expect(() => readRegularFile(d)).toThrow(
      expect.objectContaining({ code: 'EISDIR', message: `EISDIR: ${d} is a directory` }),
    );
  });

  it('a FIFO with no writer is refused at once, never waited on', () => {
    const f = path.join(tmp, 'fifo.json');
    execFileSync('mkfifo', [f]);
    expect(() => readRegularFile(f)).toThrow(
      expect.objectContaining({
        code: 'ENOTREG',
        message: `not a regular file: ${f} (a FIFO or device is never read)`,
      }),
    );
  });

  it('a device is refused', () => {
    expect(() => readRegularFile('/dev/null')).toThrow(expect.objectContaining({ code: 'ENOTREG' }));
  });
});

describe('readProblem: a catalog read problem in words', () => {
  it.each([
    [
      'missing',
      Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' }),
      'no catalog at /r/hooks/hooks.json',
    ],
    [
      'a directory',
      Object.assign(new Error('EISDIR: x is a directory'), { code: 'EISDIR' }),
      'cannot read /r/hooks/hooks.json: EISDIR: x is a directory',
    ],
    ['no code', new Error('boom'), 'cannot read /r/hooks/hooks.json: boom'],
  ])('%s', (_name, err, want) => expect(readProblem('/r/hooks/hooks.json', err)).toBe(want));
});
