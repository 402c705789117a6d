// src/project/manifest.ts: a plugin manifest's hooks add catalogs (docs/claude-hooks.md §9, Other hook sources).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../catalog/load.ts';
import { sourceOf } from '../../../catalog/sources.ts';
import { sourceText, withManifests } from '../../../src/project/manifest.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const plugin = (manifest: unknown, files: Record<string, string> = {}) => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-manifest-')));
  dirs.push(dir);
  for (const [rel, text] of Object.entries({ ...files, '.claude-plugin/plugin.json': JSON.stringify(manifest) })) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
};
const HOOKS = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }] };

describe('withManifests', () => {
  it('no manifest hooks: the sources as they are', () => {
    const dir = plugin({ name: 'p' }, { 'hooks/hooks.json': '{"hooks":{}}' });
    expect(withManifests([sourceOf('hooks/hooks.json', dir)]).map((s) => s.shown)).toEqual(['hooks/hooks.json']);
  });
  // docs/claude-hooks.md §8 (plugin-deny): Claude Code names a plugin row's plugin in its exit-2 message.
  it("a manifest's name names the plugin of every catalog it adds; no name, no plugin name", () => {
    const named = plugin({ name: ' guardrails ', hooks: './a.json' }, { 'hooks/hooks.json': '{}', 'a.json': '{}' });
    expect(withManifests([sourceOf('hooks/hooks.json', named)]).map((s) => s.plugin)).toEqual([
      'guardrails',
      'guardrails',
    ]);
    const bare = plugin({ version: '1' }, { 'hooks/hooks.json': '{}' });
    expect(withManifests([sourceOf('hooks/hooks.json', bare)])[0]).not.toHaveProperty('plugin');
  });
  it('a path and a list of paths, relative to the plugin; hooks/hooks.json named again is read once', () => {
    const dir = plugin(
      { hooks: ['./a.json', './hooks/hooks.json'] },
      { 'hooks/hooks.json': '{"hooks":{}}', 'a.json': '{}' },
    );
    expect(withManifests([sourceOf('hooks/hooks.json', dir)]).map((s) => [s.shown, s.kind, s.root])).toEqual([
      ['hooks/hooks.json', 'plugin', dir],
      ['a.json', 'plugin', dir],
    ]);
  });
  it('inline hooks, in either shape, without a hooks/hooks.json', () => {
    for (const hooks of [HOOKS, { hooks: HOOKS }]) {
      const dir = plugin({ hooks });
      const [s] = withManifests([sourceOf('hooks/hooks.json', dir)]);
      expect(s).toMatchObject({ inline: true, shown: '.claude-plugin/plugin.json hooks' });
      const parsed = parseCatalog(sourceText(s as never), 'x');
      expect(parsed.ok && parsed.catalog.rows.map((r) => r.command)).toEqual(['x']);
    }
  });
});
