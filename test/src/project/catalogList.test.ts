// The catalogs list init records and check expects (src/project/catalogList.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  discoverCatalogs,
  planCatalogList,
  resolveCatalogEntry,
  sameCatalogs,
} from '../../../src/project/catalogList.ts';

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});
function repo(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-list-')));
  made.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}
const HOOKS = '{"hooks":{}}';

describe('discoverCatalogs', () => {
  it('finds hooks/hooks.json and the settings files that hold hooks; says which hold none', () => {
    const dir = repo({
      'hooks/hooks.json': HOOKS,
      '.claude/settings.json': '{"permissions":{}}',
      '.claude/settings.local.json': HOOKS,
    });
    expect(discoverCatalogs(dir)).toEqual({
      found: ['hooks/hooks.json', '.claude/settings.local.json'],
      notes: ['.claude/settings.json holds no "hooks": nothing to run from it'],
    });
  });
  it('an unreadable settings file counts (it is reported where it is loaded)', () => {
    expect(discoverCatalogs(repo({ '.claude/settings.json': '{' })).found).toEqual(['.claude/settings.json']);
  });
});

describe('planCatalogList', () => {
  it('first init: what it finds, then what it is told', () => {
    const dir = repo({ '.claude/settings.json': HOOKS, 'plugins/hookify/hooks/hooks.json': HOOKS });
    expect(planCatalogList(dir, undefined, ['plugins/hookify'])).toEqual({
      list: ['.claude/settings.json', 'plugins/hookify'],
      notes: ['plugins/hookify/hooks/hooks.json: added to the catalogs'],
    });
  });
  it('a rerun keeps the recorded order, adds what is new, drops what is gone, keeps a personal file absent here', () => {
    const dir = repo({ 'hooks/hooks.json': HOOKS, '.claude/settings.json': HOOKS });
    const { list, notes } = planCatalogList(dir, ['plugins/gone', '.claude/settings.local.json', 'hooks/hooks.json']);
    expect(list).toEqual(['.claude/settings.local.json', 'hooks/hooks.json', '.claude/settings.json']);
    expect(notes).toEqual([
      'plugins/gone/hooks/hooks.json no longer exists: dropped from the catalogs',
      '.claude/settings.json: found, added to the catalogs',
    ]);
  });
  it('the same catalog named twice (a folder and its hooks.json) is listed once', () => {
    const dir = repo({ 'plugins/x/hooks/hooks.json': HOOKS });
    expect(planCatalogList(dir, ['plugins/x'], ['plugins/x/hooks/hooks.json']).list).toEqual(['plugins/x']);
    expect(sameCatalogs(['plugins/x'], ['plugins/x/hooks/hooks.json'], dir)).toBe(true);
  });
});

describe('resolveCatalogEntry: what --catalog may name', () => {
  const dir = repo({
    'plugins/x/hooks/hooks.json': HOOKS,
    'plugins/empty/README.md': '',
    '.claude/settings.json': HOOKS,
    'notes.txt': '',
  });
  it.each([
    ['a plugin folder', 'plugins/x', { entry: 'plugins/x' }],
    ["a plugin's hooks/ folder", 'plugins/x/hooks', { entry: 'plugins/x/hooks/hooks.json' }],
    ['a settings file', '.claude/settings.json', { entry: '.claude/settings.json' }],
    [
      'a path outside the repository',
      '../elsewhere',
      { problem: expect.stringMatching(/is outside the repository .*every catalog must live in the repository$/) },
    ],
    ['nothing there', 'plugins/nope', { problem: 'plugins/nope does not exist' }],
    [
      'a folder without a catalog',
      'plugins/empty',
      { problem: expect.stringMatching(/^plugins\/empty is a folder without hooks\/hooks\.json/) },
    ],
    ['not a .json file', 'notes.txt', { problem: expect.stringMatching(/^notes\.txt is not a \.json file/) }],
  ])('%s', (_name, given, want) => {
    expect(resolveCatalogEntry(given, dir, dir)).toEqual(want);
  });
});
