// Where a repository's catalogs live and how each runs (catalog/sources.ts; docs/claude-hooks.md §1.1, §1.5).
import { describe, expect, it } from 'vitest';
import {
  hooksDisabledBy,
  httpSettings,
  placeholderVars,
  rowSourceOf,
  sourceOf,
  type LoadedSource,
} from '../../catalog/sources.ts';

const DIR = '/repo';

describe('sourceOf: what an entry of .cursor/hookshim.json catalogs names', () => {
  it.each([
    [
      'the repository as a plugin',
      'hooks/hooks.json',
      { file: '/repo/hooks/hooks.json', kind: 'plugin', root: '/repo', shown: 'hooks/hooks.json' },
    ],
    [
      'a vendored plugin folder',
      'plugins/hookify',
      {
        file: '/repo/plugins/hookify/hooks/hooks.json',
        kind: 'plugin',
        root: '/repo/plugins/hookify',
        shown: 'plugins/hookify/hooks/hooks.json',
      },
    ],
    [
      "a vendored plugin's hooks.json",
      'plugins/x/hooks/hooks.json',
      {
        file: '/repo/plugins/x/hooks/hooks.json',
        kind: 'plugin',
        root: '/repo/plugins/x',
        shown: 'plugins/x/hooks/hooks.json',
      },
    ],
    [
      'the project settings',
      '.claude/settings.json',
      { file: '/repo/.claude/settings.json', kind: 'settings', shown: '.claude/settings.json' },
    ],
    [
      'the personal settings',
      '.claude/settings.local.json',
      { file: '/repo/.claude/settings.local.json', kind: 'personal', shown: '.claude/settings.local.json' },
    ],
    [
      'a settings file elsewhere',
      'config/settings.team.json',
      { file: '/repo/config/settings.team.json', kind: 'settings', shown: 'config/settings.team.json' },
    ],
    ['any .json in a .claude folder', 'tools/.claude/hooks-only.json', { kind: 'settings' }],
    [
      'a file outside the repository is shown absolute',
      '/elsewhere/hooks/hooks.json',
      { root: '/elsewhere', shown: '/elsewhere/hooks/hooks.json' },
    ],
  ])('%s: %s', (_name, entry, want) => {
    const s = sourceOf(entry, DIR);
    expect(s).toMatchObject({ entry, ...want });
    if (s.kind !== 'plugin') expect(s.root).toBeUndefined();
  });
});

describe('placeholderVars: the placeholders of a row as Claude Code fills them', () => {
  it('a plugin row: its own plugin folder', () => {
    expect(placeholderVars({ source: rowSourceOf(sourceOf('plugins/hookify', DIR)) }, DIR)).toEqual({
      pluginRoot: '/repo/plugins/hookify',
      projectDir: DIR,
    });
  });
  it('a settings row: no ${CLAUDE_PLUGIN_ROOT}', () => {
    expect(placeholderVars({ source: rowSourceOf(sourceOf('.claude/settings.json', DIR)) }, DIR)).toEqual({
      projectDir: DIR,
    });
  });
  it('a row loaded without a catalog: the project root', () => {
    expect(placeholderVars({}, DIR)).toEqual({ pluginRoot: DIR, projectDir: DIR });
  });
});

// docs/claude-hooks.md §9, Off switches: the personal file's value beats the project's.
describe('hooksDisabledBy / httpSettings: the switches of the settings files that apply', () => {
  const l = (
    kind: 'plugin' | 'settings' | 'personal',
    settings?: LoadedSource['catalog']['settings'],
  ): LoadedSource => ({
    catalog: { rows: [], warnings: [], ...(settings ? { settings } : {}) },
    source: { kind, shown: kind },
  });
  it.each<[string, LoadedSource[], string | undefined]>([
    ['none', [l('plugin'), l('settings')], undefined],
    ['project true', [l('plugin'), l('settings', { disableAllHooks: true })], 'settings'],
    ['personal true', [l('settings'), l('personal', { disableAllHooks: true })], 'personal'],
    [
      'personal false beats project true',
      [l('settings', { disableAllHooks: true }), l('personal', { disableAllHooks: false })],
      undefined,
    ],
  ])('%s', (_n, loaded, by) => expect(hooksDisabledBy(loaded)?.source.kind).toBe(by));
  it('http lists add up over the files; a file without them restricts nothing', () => {
    expect(
      httpSettings([
        l('settings', { allowedHttpHookUrls: ['a'] }),
        l('personal', { allowedHttpHookUrls: ['b'], httpHookAllowedEnvVars: [] }),
      ]),
    ).toEqual({ allowedHttpHookUrls: ['a', 'b'], httpHookAllowedEnvVars: [] });
    expect(httpSettings([l('settings')])).toEqual({});
  });
});
