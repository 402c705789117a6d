// src/project/load.ts: loading the catalog (parser handed in, parse cache keyed on the file's stat) and the config.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../catalog/load.ts';
import type { Catalog } from '../../../catalog/types.ts';
import { parseConfig } from '../../../src/project/config.ts';
import { loadCatalogCached, loadCatalogWith, loadConfigLazy, loadConfigWith } from '../../../src/project/load.ts';
import type { StateDir } from '../../../src/state/dir.ts';

const ROW = { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' };
const catalogText = (rows: unknown[] = [ROW]) => JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: rows }] } });

let tmp: string;
let file: string;
let state: StateDir;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-load-')));
  file = path.join(tmp, 'repo', 'hooks', 'hooks.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  state = { root: path.join(tmp, 'state') };
  fs.mkdirSync(state.root, { mode: 0o700 });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const write = (text: string) => fs.writeFileSync(file, text);
const cacheFiles = () => (fs.existsSync(path.join(state.root, 'catalog')) ? fs.readdirSync(path.join(state.root, 'catalog')) : []);
const cacheDoc = () => JSON.parse(fs.readFileSync(path.join(state.root, 'catalog', cacheFiles()[0] as string), 'utf8')) as { stamp: string; catalog: Catalog };

describe('loadCatalogWith: read and parse; never throws', () => {
  it('ok: the catalog, its file, and its root (${CLAUDE_PLUGIN_ROOT})', () => {
    write(catalogText());
    expect(loadCatalogWith(file, parseCatalog)).toEqual({
      ok: true,
      file,
      root: path.join(tmp, 'repo'),
      catalog: { rows: [{ event: 'PreToolUse', locator: 'PreToolUse[0].hooks[0]', matcher: 'Bash', ...ROW }], warnings: [] },
    });
  });

  it('missing: "no catalog at …"', () => {
    expect(loadCatalogWith(file, parseCatalog)).toEqual({ ok: false, file, error: `no catalog at ${file}` });
  });

  it('a directory: "cannot read …"', () => {
    fs.mkdirSync(file);
    expect(loadCatalogWith(file, parseCatalog)).toEqual({ ok: false, file, error: `cannot read ${file}: EISDIR: ${file} is a directory` });
  });

  it('invalid JSON: the parser\'s error, with line and column', () => {
    write('{\n  "hooks": {,}\n}');
    const r = loadCatalogWith(file, parseCatalog);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.split('\n')[0]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON at line 2, column 13: `));
  });

  it('hands the parser the text and the file', () => {
    write('TEXT');
    const seen: [string, string][] = [];
    const r = loadCatalogWith(file, (text, f) => (seen.push([text, f]), { ok: false, error: 'nope' }));
    expect([seen, r]).toEqual([[['TEXT', file]], { ok: false, file, error: 'nope' }]);
  });
});

describe('loadCatalogCached: parsed once per change of the file (device, inode, size, mtime)', () => {
  it('without a state dir: parsed, nothing cached', async () => {
    write(catalogText());
    const r = await loadCatalogCached(file, null);
    expect(r).toEqual(loadCatalogWith(file, parseCatalog));
    expect(cacheFiles()).toEqual([]);
  });

  it('missing: the read problem, nothing cached', async () => {
    expect(await loadCatalogCached(file, state)).toEqual({ ok: false, file, error: `no catalog at ${file}` });
    expect(cacheFiles()).toEqual([]);
  });

  it('a miss parses and writes one cache entry, stamped with the file\'s stat, private to the user', async () => {
    write(catalogText());
    const r = await loadCatalogCached(file, state);
    const st = fs.statSync(file);
    expect(r.ok && r.catalog.rows.length).toBe(1);
    expect(cacheFiles()).toEqual([expect.stringMatching(/^[0-9a-f]{8}\.json$/)]);
    expect(cacheDoc()).toEqual({ stamp: `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${file}`, catalog: r.ok ? r.catalog : undefined });
    expect(fs.statSync(path.join(state.root, 'catalog', cacheFiles()[0] as string)).mode & 0o777).toBe(0o600);
  });

  it('a hit answers from the cache entry, not the file', async () => {
    write(catalogText());
    await loadCatalogCached(file, state);
    const entry = path.join(state.root, 'catalog', cacheFiles()[0] as string);
    const doc = cacheDoc();
    const marked: Catalog = { rows: [], warnings: ['from the cache'] };
    fs.writeFileSync(entry, JSON.stringify({ stamp: doc.stamp, catalog: marked }));
    expect(await loadCatalogCached(file, state)).toEqual({ ok: true, file, root: path.join(tmp, 'repo'), catalog: marked });
  });

  it.each([
    ['the content (and size) changes', () => write(catalogText([ROW, { ...ROW, command: 'true' }]))],
    ['only the mtime changes', () => fs.utimesSync(file, new Date(2001, 0, 1), new Date(2001, 0, 1))],
    ['the file is replaced by a copy (a new inode)', () => (fs.renameSync(file, `${file}.old`), fs.copyFileSync(`${file}.old`, file))],
  ])('a miss when %s', async (_name, change) => {
    write(catalogText());
    await loadCatalogCached(file, state);
    const entry = path.join(state.root, 'catalog', cacheFiles()[0] as string);
    fs.writeFileSync(entry, JSON.stringify({ stamp: cacheDoc().stamp, catalog: { rows: [], warnings: ['stale'] } }));
    change();
    const r = await loadCatalogCached(file, state);
    expect(r).toEqual(loadCatalogWith(file, parseCatalog));
    expect(cacheDoc().catalog).toEqual(r.ok ? r.catalog : undefined);
  });

  it.each([
    ['not JSON', (_stamp: string) => 'garbage'],
    ['the right stamp, no rows', (stamp: string) => JSON.stringify({ stamp, catalog: {} })],
  ])('a damaged cache entry (%s) is rebuilt', async (_name, damage) => {
    write(catalogText());
    await loadCatalogCached(file, state);
    const entry = path.join(state.root, 'catalog', cacheFiles()[0] as string);
    const good = fs.readFileSync(entry, 'utf8');
    fs.writeFileSync(entry, damage(cacheDoc().stamp));
    expect((await loadCatalogCached(file, state)).ok).toBe(true);
    expect(fs.readFileSync(entry, 'utf8')).toBe(good);
  });

  it('a catalog that fails to parse is not cached, and fails every time', async () => {
    write('{');
    const first = await loadCatalogCached(file, state);
    expect(first.ok).toBe(false);
    expect(cacheFiles()).toEqual([]);
    expect(await loadCatalogCached(file, state)).toEqual(first);
  });

  it('a directory at the catalog path: the read problem, nothing cached', async () => {
    fs.mkdirSync(file);
    expect(await loadCatalogCached(file, state)).toEqual({ ok: false, file, error: `cannot read ${file}: EISDIR: ${file} is a directory` });
    expect(cacheFiles()).toEqual([]);
  });
});

describe('loadConfigWith / loadConfigLazy: .cursor/hookshim.json, optional; problems reported, defaults used', () => {
  const dir = () => path.join(tmp, 'repo');
  const configPath = () => path.join(dir(), '.cursor', 'hookshim.json');
  const writeConfig = (text: string) => (fs.mkdirSync(path.dirname(configPath()), { recursive: true }), fs.writeFileSync(configPath(), text));

  it('absent: {} without a word, and the parser is never called', () => {
    const warned: string[] = [];
    expect(loadConfigWith(dir(), () => { throw new Error('parsed'); }, (m) => warned.push(m))).toEqual({});
    expect(warned).toEqual([]);
  });

  it.each([
    ['valid', '{"promptContext":"beforeSubmitPrompt","resultGated":["g.sh"]}', { promptContext: 'beforeSubmitPrompt', resultGated: ['g.sh'] }, []],
    ['not JSON', '{', {}, [/^\S+\/\.cursor\/hookshim\.json: not JSON \(.+\); using defaults$/]],
    ['a wrong value', '{"promptContext":"later"}', {}, [/^\S+\/\.cursor\/hookshim\.json: .*promptContext.*; using defaults$/]],
  ])('%s', async (_name, text, config, warnings) => {
    writeConfig(text);
    for (const load of [(w: (m: string) => void) => Promise.resolve(loadConfigWith(dir(), parseConfig, w)), (w: (m: string) => void) => loadConfigLazy(dir(), w)]) {
      const warned: string[] = [];
      expect(await load((m) => warned.push(m))).toEqual(config);
      expect(warned).toEqual(warnings.map((w) => expect.stringMatching(w)));
    }
  });

  it('a directory at the config path: "cannot read", defaults', () => {
    fs.mkdirSync(configPath(), { recursive: true });
    const warned: string[] = [];
    expect(loadConfigWith(dir(), parseConfig, (m) => warned.push(m))).toEqual({});
    expect(warned).toEqual([`cannot read ${configPath()}: EISDIR: ${configPath()} is a directory; using defaults`]);
  });

  it('loadConfigLazy, absent: {}', async () => {
    const warned: string[] = [];
    expect(await loadConfigLazy(dir(), (m) => warned.push(m))).toEqual({});
    expect(warned).toEqual([]);
  });
});
