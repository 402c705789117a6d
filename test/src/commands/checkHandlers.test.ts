// src/commands/checkHandlers.ts: what Claude runs that hookshim cannot, or runs differently (docs/claude-hooks.md §9).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogRow } from '../../../catalog/types.ts';
import type { LoadedCatalogs } from '../../../src/commands/catalogs.ts';
import { declaresHooks, handlerFindings } from '../../../src/commands/checkHandlers.ts';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-handlers-')));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const row = (over: Partial<CatalogRow>): CatalogRow => ({
  event: 'PreToolUse',
  locator: 'L',
  type: 'command',
  command: 'x',
  ...over,
});
const loaded = (rows: CatalogRow[], extra: object = {}, kind = 'plugin'): LoadedCatalogs => {
  const source = { entry: 'e', file: `${dir}/f`, kind, root: dir, shown: 'f' } as never;
  const catalog = { rows, warnings: [], ...extra };
  return { recorded: undefined, sources: [source], loads: [{ ok: true, catalog, file: `${dir}/f`, source }], catalog };
};
const codes = (c: LoadedCatalogs, config = {}) => handlerFindings(c, dir, config).map((f) => [f.code, f.severity]);

describe('handlerFindings', () => {
  it.each<[string, CatalogRow, string[][]]>([
    ['a prompt row on PreToolUse: error', row({ type: 'prompt' }), [['handler-unsupported', 'error']]],
    ['an agent row on Stop: error', row({ type: 'agent', event: 'Stop' }), [['handler-unsupported', 'error']]],
    [
      'an mcp_tool row on PostToolUse: warning',
      row({ type: 'mcp_tool', event: 'PostToolUse' }),
      [['handler-unsupported', 'warning']],
    ],
    ['onFailure on Stop: info', row({ event: 'Stop', onFailure: 'block' }), [['onfailure-ignored', 'info']]],
    ['a command row: nothing', row({}), []],
  ])('%s', (_n, r, want) => expect(codes(loaded([r]))).toEqual(want));
  it('modules: an error', () =>
    expect(codes(loaded([], { modules: ['./m.ts'] }))).toEqual([['modules-unsupported', 'error']]));
  it('disableAllHooks: a warning from the project, an error from the personal file', () => {
    expect(codes(loaded([], { settings: { disableAllHooks: true } }, 'settings'))).toEqual([
      ['hooks-disabled', 'warning'],
    ]);
    expect(codes(loaded([], { settings: { disableAllHooks: true } }, 'personal'))).toEqual([
      ['hooks-disabled', 'error'],
    ]);
  });
  it('an http url the settings refuse: a warning', () => {
    const c = loaded(
      [row({ type: 'http', command: undefined, url: 'http://a/x' })],
      { settings: { allowedHttpHookUrls: [] } },
      'settings',
    );
    expect(codes(c)).toEqual([['http-url-refused', 'warning']]);
  });
  it('frontmatter hooks of a skill and an agent: warnings', () => {
    fs.mkdirSync(path.join(dir, 'skills', 's'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'agents'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'skills', 's', 'SKILL.md'), '---\nname: s\nhooks:\n  Stop: []\n---\n');
    fs.writeFileSync(path.join(dir, 'agents', 'a.md'), '---\nname: a\n---\nhooks: in the body does not count\n');
    expect(codes(loaded([]))).toEqual([['frontmatter-hooks', 'warning']]);
    expect(declaresHooks(path.join(dir, 'agents', 'a.md'))).toBe(false);
  });
});
