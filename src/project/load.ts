// Loading the catalog and hookshim's config. The management commands hand in the parsers; the hook path reads a
// well-formed catalog without zod and imports the full parsers only when a file needs them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readCatalogFast } from '../../catalog/fast.ts';
import type { parseCatalog } from '../../catalog/load.ts';
import type { Catalog } from '../../catalog/types.ts';
import { areaPath, type StateDir } from '../state/dir.ts';
import { readText, writeFileAtomic } from '../state/fsx.ts';
import type { HookshimConfig, parseConfig } from './config.ts';
import { catalogRoot, configFile, readProblem, readRegularFile } from './paths.ts';

type ParseCatalog = typeof parseCatalog;
type ParseConfig = typeof parseConfig;

/** A catalog and where it came from: `root` is `${CLAUDE_PLUGIN_ROOT}` for its rows. */
export type CatalogLoad = { ok: true; catalog: Catalog; file: string; root: string } | { ok: false; error: string; file: string };

/** Read and parse the catalog with `parse` (catalog/load.ts parseCatalog); never throws. */
export function loadCatalogWith(file: string, parse: ParseCatalog): CatalogLoad {
  let text: string;
  try {
    text = readRegularFile(file);
  } catch (err) {
    return { ok: false, file, error: readProblem(file, err) };
  }
  const parsed = parse(text, file);
  return parsed.ok ? { ok: true, catalog: parsed.catalog, file, root: catalogRoot(file) } : { ok: false, error: parsed.error, file };
}

/**
 * The catalog for one event. Read every time (nothing in the state dir stands in for it); the common well-formed
 * catalog without zod (catalog/fast.ts), anything else with the full parser. A catalog that parses is kept as its
 * last good version; one that stops parsing (or disappears) runs that version, loudly, until it is fixed.
 * `broken` says the file exists but cannot be used (a permission event then denies rather than allows).
 */
export async function loadCatalogGuarded(file: string, state: StateDir | null, warn: (msg: string) => void): Promise<CatalogLoad & { broken?: boolean }> {
  let text: string | undefined;
  let loaded: CatalogLoad;
  try {
    text = readRegularFile(file);
    loaded = await parseEither(file, text);
  } catch (err) {
    loaded = { ok: false, file, error: readProblem(file, err) };
  }
  if (loaded.ok) {
    if (state && text !== undefined) keepGood(state, file, text);
    return loaded;
  }
  const good = state ? await lastGood(state, file) : undefined;
  if (good) {
    const n = good.catalog.catalog.rows.length;
    warn(`${loaded.error.split('\n')[0]}; running its last good version (saved ${good.savedAt}, ${n} row${n === 1 ? '' : 's'}) until it is fixed`);
    return good.catalog;
  }
  return text === undefined && loaded.error.startsWith('no catalog at') ? loaded : { ...loaded, broken: true };
}

/** Parse catalog text: the zod-free reader first, the full parser (loaded only now) for anything it leaves. */
async function parseEither(file: string, text: string): Promise<CatalogLoad> {
  const fast = readCatalogFast(text);
  if (fast) return { ok: true, catalog: fast, file, root: catalogRoot(file) };
  const parsed = (await import('../../catalog/load.ts')).parseCatalog(text, file);
  return parsed.ok ? { ok: true, catalog: parsed.catalog, file, root: catalogRoot(file) } : { ok: false, error: parsed.error, file };
}

/** Record names of a catalog's good versions: `<digest of its path>-<digest of its text>.json`. */
function goodName(file: string, text?: string): string {
  const of = (s: string) => crypto.createHash('sha256').update(s).digest('hex').slice(0, 24);
  return text === undefined ? `${of(file)}-` : `${of(file)}-${of(text)}.json`;
}

/** Keep this text as the catalog's last good version (written once per version, refreshed daily so it is not collected). */
function keepGood(state: StateDir, file: string, text: string): void {
  const record = areaPath(state, 'catalog', goodName(file, text));
  if (!record) return;
  try {
    const st = fs.lstatSync(record, { throwIfNoEntry: false });
    if (st?.isFile() && Date.now() - st.mtimeMs < 24 * 3600 * 1000) return;
    writeFileAtomic(record, JSON.stringify({ file, text, savedAt: new Date().toISOString() }));
  } catch {
    /* a lost record only costs the fallback */
  }
}

/** The newest good version kept for this catalog, parsed again from its text (the record's own rows are never trusted). */
async function lastGood(state: StateDir, file: string): Promise<{ catalog: CatalogLoad & { ok: true }; savedAt: string } | undefined> {
  const probe = areaPath(state, 'catalog', 'x');
  if (!probe) return undefined;
  const dir = path.dirname(probe);
  const prefix = goodName(file);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.json'));
  } catch {
    return undefined;
  }
  const byAge = names.map((n) => ({ n, t: fs.lstatSync(path.join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 })).sort((a, b) => b.t - a.t);
  for (const { n } of byAge) {
    const rec = parseRecord(readText(path.join(dir, n)));
    if (!rec || rec.file !== file || goodName(file, rec.text) !== n) continue;
    const parsed = await parseEither(file, rec.text);
    if (parsed.ok) return { catalog: parsed, savedAt: rec.savedAt };
  }
  return undefined;
}

function parseRecord(text: string | null): { file: string; text: string; savedAt: string } | undefined {
  try {
    const r = JSON.parse(text ?? 'null') as Record<string, unknown> | null;
    return r && typeof r.file === 'string' && typeof r.text === 'string' && typeof r.savedAt === 'string' ? { file: r.file, text: r.text, savedAt: r.savedAt } : undefined;
  } catch {
    return undefined;
  }
}

/** hookshim's own config, .cursor/hookshim.json (optional), parsed with `parse` only when present; problems are reported, defaults used. */
export function loadConfigWith(dir: string, parse: ParseConfig, warn: (msg: string) => void): HookshimConfig {
  const text = readConfigText(dir, warn);
  if (text === undefined) return {};
  const parsed = parse(text);
  if (parsed.error) warn(`${configFile(dir)}: ${parsed.error}; using defaults`);
  return parsed.config;
}

/** The same, importing the parser only when the file exists (the hook path). */
export async function loadConfigLazy(dir: string, warn: (msg: string) => void): Promise<HookshimConfig> {
  if (!fs.existsSync(configFile(dir))) return {};
  return loadConfigWith(dir, (await import('./config.ts')).parseConfig, warn);
}

/** The config text, or undefined when absent or unreadable (reported). */
function readConfigText(dir: string, warn: (msg: string) => void): string | undefined {
  const file = configFile(dir);
  try {
    return readRegularFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') warn(`cannot read ${file}: ${(err as Error).message}; using defaults`);
    return undefined;
  }
}
