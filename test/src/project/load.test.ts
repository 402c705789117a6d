// src/project/load.ts: loading the catalog (parser handed in, parse cache keyed on the file's stat) and the config.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../catalog/load.ts';
import { sourceOf } from '../../../catalog/sources.ts';
import { parseConfig } from '../../../src/project/config.ts';
import { loadCatalogGuarded, loadCatalogWith, loadConfigGuarded, loadConfigWith } from '../../../src/project/load.ts';
import type { StateDir } from '../../../src/state/dir.ts';

const ROW = { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' };
const catalogText = (rows: unknown[] = [ROW]) =>
  JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: rows }] } });

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

const src = () => sourceOf('hooks/hooks.json', path.join(tmp, 'repo'));
const write = (text: string) => fs.writeFileSync(file, text);

describe('loadCatalogWith: read and parse; never throws', () => {
  it('ok: the catalog, its file, and its root (${CLAUDE_PLUGIN_ROOT})', () => {
    write(catalogText());
    expect(loadCatalogWith(src(), parseCatalog)).toEqual({
      ok: true,
      file,
      source: src(),
      catalog: {
        rows: [
          {
            event: 'PreToolUse',
            locator: 'PreToolUse[0].hooks[0]',
            matcher: 'Bash',
            ...ROW,
            source: { catalog: 'hooks/hooks.json', kind: 'plugin', root: path.join(tmp, 'repo') },
          },
        ],
        warnings: [],
      },
    });
  });

  it('missing: "no catalog at …"', () => {
    expect(loadCatalogWith(src(), parseCatalog)).toEqual({
      ok: false,
      file,
      source: src(),
      error: `no catalog at ${file}`,
    });
  });

  it('a directory: "cannot read …"', () => {
    fs.mkdirSync(file);
    expect(loadCatalogWith(src(), parseCatalog)).toEqual({
      ok: false,
      file,
      source: src(),
      error: `cannot read ${file}: EISDIR: ${file} is a directory`,
    });
  });

  it("invalid JSON: the parser's error, with line and column", () => {
    write('{\n  "hooks": {,}\n}');
    const r = loadCatalogWith(src(), parseCatalog);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.split('\n')[0]).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON at line 2, column 13: `),
    );
  });

  it('hands the parser the text and the file', () => {
    write('TEXT');
    const seen: [string, string][] = [];
    const r = loadCatalogWith(src(), (text, f) => (seen.push([text, f]), { ok: false, error: 'nope' }));
    expect([seen, r]).toEqual([[['TEXT', file]], { ok: false, file, source: src(), error: 'nope' }]);
  });
});

describe('loadCatalogGuarded: read every event; a catalog that stops parsing runs its last good version (docs/security.md, guarantees 4 and 5)', () => {
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(m);
  const kept = () =>
    fs.existsSync(path.join(state.root, 'catalog'))
      ? fs.readdirSync(path.join(state.root, 'catalog')).filter((f) => f.endsWith('.json'))
      : [];
  const stamps = () =>
    fs.existsSync(path.join(state.root, 'catalog'))
      ? fs.readdirSync(path.join(state.root, 'catalog')).filter((f) => f.endsWith('.stamp'))
      : [];
  beforeEach(() => {
    warnings.length = 0;
  });

  it('without a state dir: parsed, nothing kept', async () => {
    write(catalogText());
    expect(await loadCatalogGuarded(src(), null, warn)).toEqual(loadCatalogWith(src(), parseCatalog));
    expect(kept()).toEqual([]);
  });

  it('missing, nothing known: the read problem, not broken, nothing kept', async () => {
    expect(await loadCatalogGuarded(src(), state, warn)).toEqual({
      ok: false,
      file,
      source: src(),
      error: `no catalog at ${file}`,
    });
    expect(kept()).toEqual([]);
  });

  it('a good catalog is kept as its text, private to the user', async () => {
    write(catalogText());
    expect((await loadCatalogGuarded(src(), state, warn)).ok).toBe(true);
    expect(kept()).toEqual([expect.stringMatching(/^[0-9a-f]{24}-[0-9a-f]{24}\.json$/)]);
    const record = path.join(state.root, 'catalog', kept()[0] as string);
    expect(JSON.parse(fs.readFileSync(record, 'utf8'))).toEqual({
      file,
      text: catalogText(),
      savedAt: expect.any(String),
    });
    expect(fs.statSync(record).mode & 0o777).toBe(0o600);
  });

  it('the stamp beside the records: the next event with the same text rewrites nothing', async () => {
    write(catalogText());
    await loadCatalogGuarded(src(), state, warn);
    const [stamp] = stamps();
    expect(stamp).toMatch(/^[0-9a-f]{8}\.stamp$/);
    const stampFile = path.join(state.root, 'catalog', stamp as string);
    expect(fs.readFileSync(stampFile, 'utf8')).toMatch(new RegExp(`^[0-9a-f]{8} ${kept()[0]}$`));
    const record = path.join(state.root, 'catalog', kept()[0] as string);
    const before = [fs.statSync(record).mtimeMs, fs.statSync(stampFile).mtimeMs];
    await loadCatalogGuarded(src(), state, warn);
    expect([fs.statSync(record).mtimeMs, fs.statSync(stampFile).mtimeMs]).toEqual(before);
  });

  it('a new text: a record of its own, and the stamp names it', async () => {
    write(catalogText());
    await loadCatalogGuarded(src(), state, warn);
    write(catalogText().replace('"Bash"', '"Bash|Write"'));
    await loadCatalogGuarded(src(), state, warn);
    expect(kept()).toHaveLength(2);
    const [stamp] = stamps();
    expect(kept()).toContain(fs.readFileSync(path.join(state.root, 'catalog', stamp as string), 'utf8').split(' ')[1]);
  });

  it.each([
    // The right digest of the text, but a name outside the records (an existing, fresh file: the catalog itself).
    [
      'names a file outside the records',
      (real: string) => `${real.split(' ')[0]} ${path.relative(path.join(state.root, 'catalog'), file)}`,
    ],
    ['is not ours', () => 'junk'],
  ])('a stamp that %s only costs the full check: the text is still kept', async (_name, forged) => {
    write(catalogText());
    await loadCatalogGuarded(src(), state, warn);
    const [stamp] = stamps();
    const [record] = kept();
    const stampFile = path.join(state.root, 'catalog', stamp as string);
    fs.rmSync(path.join(state.root, 'catalog', record as string));
    fs.writeFileSync(stampFile, forged(fs.readFileSync(stampFile, 'utf8')));
    await loadCatalogGuarded(src(), state, warn);
    expect(kept()).toEqual([record]);
  });

  it('what is kept never stands in for a catalog that parses', async () => {
    write(catalogText());
    await loadCatalogGuarded(src(), state, warn);
    for (const f of kept())
      fs.writeFileSync(
        path.join(state.root, 'catalog', f),
        JSON.stringify({ file, text: '{"hooks":{}}', savedAt: 'forged' }),
      );
    const r = await loadCatalogGuarded(src(), state, warn);
    expect(r.ok && r.catalog.rows.length).toBe(1);
  });

  it.each([
    ['not JSON', () => write('{'), /not valid JSON at line 1, column 2/],
    ['missing', () => fs.rmSync(file), /no catalog at/],
  ])('%s after a good version: that version runs, and the warning says so', async (_name, breakIt, why) => {
    write(catalogText());
    await loadCatalogGuarded(src(), state, warn);
    breakIt();
    const r = await loadCatalogGuarded(src(), state, warn);
    expect(r.ok && r.catalog.rows.length).toBe(1);
    expect(warnings).toEqual([expect.stringMatching(why)]);
    expect(warnings[0]).toMatch(/; running its last good version \(saved \S+, 1 row\) until it is fixed$/);
  });

  it('a kept record whose name does not match its text is not a good version', async () => {
    write(catalogText());
    await loadCatalogGuarded(src(), state, warn);
    const record = path.join(state.root, 'catalog', kept()[0] as string);
    fs.writeFileSync(record, JSON.stringify({ file, text: '{"hooks":{}}', savedAt: 'forged' }));
    write('{');
    expect(await loadCatalogGuarded(src(), state, warn)).toMatchObject({ ok: false, broken: true });
  });

  it('broken with nothing known: not ok, broken, the error with line and column', async () => {
    write('{');
    expect(await loadCatalogGuarded(src(), state, warn)).toMatchObject({
      ok: false,
      broken: true,
      file,
      source: src(),
      error: expect.stringMatching(/not valid JSON at line 1, column 2/),
    });
  });

  it('a directory at the catalog path: broken, the read problem', async () => {
    fs.mkdirSync(file);
    expect(await loadCatalogGuarded(src(), state, warn)).toEqual({
      ok: false,
      broken: true,
      file,
      source: src(),
      error: `cannot read ${file}: EISDIR: ${file} is a directory`,
    });
  });
});

describe('.cursor/hookshim.json: optional; a broken one never drops a catalog (docs/security.md guarantee 4)', () => {
  const dir = () => path.join(tmp, 'repo');
  const configPath = () => path.join(dir(), '.cursor', 'hookshim.json');
  const writeConfig = (text: string) => (
    fs.mkdirSync(path.dirname(configPath()), { recursive: true }),
    fs.writeFileSync(configPath(), text)
  );
  const GOOD = '{\n  "catalogs": ["guards/hooks.json"],\n  "transcripts": false\n}\n';
  const guarded = async (st: StateDir | null = state) => {
    const warned: string[] = [];
    return { ...(await loadConfigGuarded(dir(), st, (m) => warned.push(m))), warned };
  };

  it('absent: {} without a word, and the parser is never called', async () => {
    const warned: string[] = [];
    const never = () => {
      throw new Error('parsed');
    };
    expect(loadConfigWith(dir(), never, (m) => warned.push(m))).toEqual({});
    expect(await guarded()).toEqual({ config: {}, warned: [] });
    expect(warned).toEqual([]);
  });

  it('valid: the config, kept as its last good version', async () => {
    writeConfig(GOOD);
    expect(await guarded()).toEqual({ config: { catalogs: ['guards/hooks.json'], transcripts: false }, warned: [] });
    expect(loadConfigWith(dir(), parseConfig, () => {})).toEqual({
      catalogs: ['guards/hooks.json'],
      transcripts: false,
    });
  });

  // The red-team cases of docs/security.md guarantee 4, with the line each names.
  const BROKEN: [string, string, RegExp][] = [
    ['a trailing comma', '{\n  "catalogs": ["guards/hooks.json",],\n}\n', /^not JSON \(at line 2, column \d+: /],
    ['a wrong type', '{\n  "transcripts": false,\n  "catalogs": "guards/hooks.json"\n}\n', /^at line 3: .*catalogs/],
    ['an unknown key', '{\n  "catalog": ["guards/hooks.json"]\n}\n', /^at line 2: unknown key "catalog" \(known: /],
    [
      'an unknown key under check',
      '{"catalogs": ["guards/hooks.json"], "check": {"test": true}}',
      /unknown key "check\.test"/,
    ],
    ['an empty file', '', /^not JSON \(at line 1, column 1: /],
  ];

  it.each(BROKEN)('%s, with a good version kept: that version runs, loudly', async (_name, text, problem) => {
    writeConfig(GOOD);
    await guarded();
    writeConfig(text);
    const r = await guarded();
    expect(r.config).toEqual({ catalogs: ['guards/hooks.json'], transcripts: false });
    expect(r.broken).toBeUndefined();
    expect(r.warned).toEqual([
      expect.stringMatching(
        new RegExp(`^${configPath()}: .*; running its last good version \\(saved \\S+\\) until it is fixed$`),
      ),
    ]);
    expect(r.warned[0]?.slice(configPath().length + 2)).toMatch(problem);
  });

  it.each(BROKEN)(
    '%s, with none: broken, naming the line; the catalogs it still names are kept',
    async (name, text, problem) => {
      writeConfig(text);
      const r = await guarded();
      expect(r.broken).toEqual({
        file: configPath(),
        problem: expect.stringMatching(problem),
        warning: expect.stringMatching(/; no good version of it is known: running the catalogs /),
      });
      expect(r.config).toEqual(name === 'an empty file' ? {} : { catalogs: ['guards/hooks.json'] });
      expect(r.warned).toEqual([]);
    },
  );

  it('a directory in its place: broken ("cannot read it"), and a good version runs when one is kept', async () => {
    fs.mkdirSync(configPath(), { recursive: true });
    expect(await guarded()).toEqual({
      config: {},
      broken: {
        file: configPath(),
        problem: `cannot read it: EISDIR: ${configPath()} is a directory`,
        warning: expect.stringMatching(/running the catalogs found by default/),
      },
      warned: [],
    });
    fs.rmdirSync(configPath());
    writeConfig(GOOD);
    await guarded();
    fs.rmSync(configPath());
    fs.mkdirSync(configPath());
    expect((await guarded()).config).toEqual({ catalogs: ['guards/hooks.json'], transcripts: false });
  });

  it('without a state dir: broken, salvaged', async () => {
    writeConfig('{"catalogs": ["a/hooks.json", "b",]}');
    expect((await guarded(null)).config).toEqual({ catalogs: ['a/hooks.json', 'b'] });
  });

  it('explain reads it with the full parser and says what the hook path does', () => {
    writeConfig('{"promptContext":"later"}');
    const warned: string[] = [];
    expect(loadConfigWith(dir(), parseConfig, (m) => warned.push(m))).toEqual({});
    expect(warned).toEqual([
      expect.stringMatching(
        /^\S+\/\.cursor\/hookshim\.json: at line 1: .*promptContext.*; the hook path runs its last good version, if any$/,
      ),
    ]);
  });
});
