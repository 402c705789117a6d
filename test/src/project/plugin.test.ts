// A plugin binding's paths (src/project/plugin.ts): the shell-neutral command, the plugin folder of a bundle, the
// workspace of a plugin hook, and the plugins of a repository (both shapes).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPlugins, pluginCommand, pluginProject, pluginRootOf } from '../../../src/project/plugin.ts';

describe('pluginCommand (PowerShell runs it on Windows: docs/hosts.md)', () => {
  it("has none of $ ` & | ; < > ( ) % ! ' and no leading quoted word", () => {
    const c = pluginCommand('preToolUse');
    expect(c).toBe('node --inspect-publish-uid stderr ./.cursor-plugin/hookshim.cjs preToolUse');
    expect(c).not.toMatch(/[$`&|;<>()%!']|^\s*"/);
  });
});

describe('pluginRootOf', () => {
  it('the folder above .cursor-plugin/', () => expect(pluginRootOf('/x/p/.cursor-plugin/hookshim.cjs')).toBe('/x/p'));
  it("a project binding's bundle is none", () =>
    expect(pluginRootOf('/x/p/.cursor/hooks/hookshim.cjs')).toBeUndefined());
  it('no bundle: none', () => expect(pluginRootOf(undefined)).toBeUndefined());
});

describe('pluginProject (never a payload field: docs/security.md guarantee 3)', () => {
  it('CURSOR_PROJECT_DIR first', () =>
    expect(pluginProject({ CURSOR_PROJECT_DIR: '/ws' }, '/plug', '/plug').dir).toBe('/ws'));
  it('else the working directory outside the plugin', () =>
    expect(pluginProject({}, '/ws', '/plug')).toEqual({ dir: '/ws', how: 'the working directory' }));
  it('run from the plugin folder with no CURSOR_PROJECT_DIR: the workspace is unknown', () =>
    expect(pluginProject({}, '/plug', '/plug').unknown).toBe(true));
});

describe('findPlugins', () => {
  const repo = () => fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-plugins-'));
  const put = (f: string, t: string) => {
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, t);
  };
  it('one plugin at the root', () => {
    const d = repo();
    put(path.join(d, '.claude-plugin/plugin.json'), '{"name":"a"}');
    expect(findPlugins(d).plugins).toEqual([{ root: d }]);
  });
  it("a marketplace's local sources; git sources and folders outside the repository are skipped", () => {
    const d = repo();
    const plugins = [
      { source: './plugins/a' },
      { source: { source: 'github', repo: 'o/r' } },
      { source: '../elsewhere' },
    ];
    put(path.join(d, '.claude-plugin/marketplace.json'), JSON.stringify({ name: 'm', plugins }));
    expect(findPlugins(d).plugins).toEqual([{ root: path.join(d, 'plugins/a'), source: './plugins/a' }]);
  });
  it('neither: none', () => expect(findPlugins(repo()).plugins).toEqual([]));
});
