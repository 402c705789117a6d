// Loading the catalog and hookshim's config. The management commands hand in the parsers; the hook path reads a
// well-formed catalog without zod and imports the full parsers only when a file needs them.
import fs from 'node:fs';
import path from 'node:path';
import { readCatalogFast } from '../../catalog/fast.ts';
import type { parseCatalog } from '../../catalog/load.ts';
import { rowSourceOf, type CatalogSource } from '../../catalog/sources.ts';
import type { Catalog, CatalogRow } from '../../catalog/types.ts';
import { areaPath, type StateDir } from '../state/dir.ts';
import { readText, writeFileAtomic } from '../state/fsx.ts';
import type { HookshimConfig, parseConfig } from './config.ts';
import { readConfigFast } from './configFast.ts';
import type { ConfigLoad, KeptVersions } from './configGuard.ts';
import { sourceText } from './manifest.ts';
import { configFile, readProblem, readRegularFile } from './paths.ts';
import { isoTime } from '../../adapters/isoTime.ts';

type ParseCatalog = typeof parseCatalog;
type ParseConfig = typeof parseConfig;

/** A catalog and where it came from; its rows carry their source (catalog/sources.ts). */
export type CatalogLoad =
  | { ok: true; catalog: Catalog; file: string; source: CatalogSource }
  | { ok: false; error: string; file: string; source: CatalogSource };

/** Read and parse one catalog with `parse` (catalog/load.ts parseCatalog); never throws. */
export function loadCatalogWith(source: CatalogSource, parse: ParseCatalog): CatalogLoad {
  const file = source.file;
  let text: string;
  try {
    text = sourceText(source);
  } catch (err) {
    return { ok: false, file, source, error: readProblem(file, err) };
  }
  return stamped(source, parse(text, file, { settings: source.kind !== 'plugin' }));
}

/**
 * The catalog for one event. Read every time (nothing in the state dir stands in for it); the common well-formed
 * catalog without zod (catalog/fast.ts), anything else with the full parser. A catalog that parses is kept as its
 * last good version; one that stops parsing (or disappears) runs that version, loudly, until it is fixed.
 * `broken` says the file exists but cannot be used (a permission event then denies rather than allows).
 */
export async function loadCatalogGuarded(
  source: CatalogSource,
  state: StateDir | null,
  warn: (msg: string) => void,
): Promise<CatalogLoad & { broken?: boolean }> {
  const file = source.file;
  let text: string | undefined;
  let loaded: CatalogLoad;
  try {
    text = sourceText(source);
    loaded = await parseEither(source, text);
  } catch (err) {
    loaded = { ok: false, file, source, error: readProblem(file, err) };
  }
  if (loaded.ok) {
    if (state && text !== undefined) await keepGood(state, file, text);
    return loaded;
  }
  const good = state ? await lastGood(state, source) : undefined;
  if (good) {
    const n = good.catalog.catalog.rows.length;
    warn(
      `${loaded.error.split('\n')[0]}; running its last good version (saved ${good.savedAt}, ${n} ` +
        `row${n === 1 ? '' : 's'}) until it is fixed`,
    );
    return good.catalog;
  }
  return text === undefined && loaded.error.startsWith('no catalog at') ? loaded : { ...loaded, broken: true };
}

/** Every catalog of the project for one event, rows in catalog order; what could not be loaded, said once. */
export interface CatalogSet {
  rows: CatalogRow[];
  loaded: (CatalogLoad & { ok: true })[];
  /** A catalog that exists but cannot be used, with no good version: permission events deny. */
  broken?: CatalogLoad & { ok: false };
  /** Catalogs that do not exist (a personal one that is absent is not listed: it is one person's file). */
  missing: (CatalogLoad & { ok: false })[];
}

/** Load each catalog as loadCatalogGuarded does; a missing personal catalog is skipped without a word. */
export async function loadCatalogSet(
  sources: readonly CatalogSource[],
  state: StateDir | null,
  warn: (msg: string) => void,
): Promise<CatalogSet> {
  const set: CatalogSet = { rows: [], loaded: [], missing: [] };
  for (const source of sources) {
    const one = await loadCatalogGuarded(source, state, warn);
    if (one.ok) {
      set.loaded.push(one);
      set.rows.push(...one.catalog.rows);
    } else if (one.broken) set.broken ??= one;
    else if (source.kind !== 'personal') set.missing.push(one);
  }
  return set;
}

/** Parse catalog text: the zod-free reader first, the full parser (loaded only now) for anything it leaves. */
async function parseEither(source: CatalogSource, text: string): Promise<CatalogLoad> {
  const fast = readCatalogFast(text);
  if (fast) return stamped(source, { ok: true, catalog: fast });
  return stamped(
    source,
    (await import('../../catalog/load.ts')).parseCatalog(text, source.file, { settings: source.kind !== 'plugin' }),
  );
}

/** A parse result as a load, its rows marked with their catalog. */
function stamped(source: CatalogSource, parsed: ReturnType<ParseCatalog>): CatalogLoad {
  if (!parsed.ok) return { ok: false, error: parsed.error, file: source.file, source };
  const rs = rowSourceOf(source);
  for (const row of parsed.catalog.rows) row.source = rs;
  return { ok: true, catalog: parsed.catalog, file: source.file, source };
}

/** Record names of a catalog's good versions: `<digest of its path>-<digest of its text>.json`. */
async function goodName(file: string, text?: string): Promise<string> {
  // node:crypto is loaded only here, when a record is written or read: ~2 ms an event that matches nothing does not pay.
  const { createHash } = await import('node:crypto');
  const of = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);
  return text === undefined ? `${of(file)}-` : `${of(file)}-${of(text)}.json`;
}

/** How long a kept version counts as fresh (it is refreshed then, so collection never takes the catalog's last one). */
const FRESH_MS = 24 * 3600 * 1000;

/**
 * Keep this text as the catalog's last good version (written once per version, refreshed daily so it is not collected).
 * A stamp beside the records (`<FNV of the path>.stamp`: the text's FNV and its record's name) lets the common event,
 * whose version is kept already, check that without SHA-256. A stamp that does not match only costs the full check:
 * it never stands in for the record itself.
 */
async function keepGood(state: StateDir, file: string, text: string): Promise<void> {
  const stamp = areaPath(state, 'catalog', `${fnv(file)}.stamp`);
  if (!stamp) return;
  try {
    const [textFnv, name] = (readText(stamp) ?? '').split(' ');
    const named = name !== undefined && /^[0-9a-f]{24}-[0-9a-f]{24}\.json$/.test(name);
    const known =
      textFnv === fnv(text) && named
        ? fs.lstatSync(path.join(path.dirname(stamp), name), { throwIfNoEntry: false })
        : undefined;
    if (known?.isFile() && Date.now() - known.mtimeMs < FRESH_MS) return;
    const record = path.join(path.dirname(stamp), await goodName(file, text));
    const stat = fs.lstatSync(record, { throwIfNoEntry: false });
    if (!stat?.isFile() || Date.now() - stat.mtimeMs >= FRESH_MS)
      writeFileAtomic(record, JSON.stringify({ file, text, savedAt: isoTime(Date.now()) }));
    writeFileAtomic(stamp, `${fnv(text)} ${path.basename(record)}`);
  } catch {
    /* a lost record only costs the fallback */
  }
}

/** FNV-1a (32 bits) of a string's UTF-16 code units, as hex: a cheap "same as last time?", never a name that must be unique. */
export function fnv(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The newest good version kept for this catalog, parsed again from its text (the record's own rows are never trusted). */
async function lastGood(
  state: StateDir,
  source: CatalogSource,
): Promise<{ catalog: CatalogLoad & { ok: true }; savedAt: string } | undefined> {
  const good = await lastGoodText(state, source.file, async (text) => {
    const parsed = await parseEither(source, text);
    return parsed.ok ? parsed : undefined;
  });
  return good && { catalog: good.value, savedAt: good.savedAt };
}

/** The newest text kept for `file` by keepGood that `accept` still takes (the text is parsed again, never trusted). */
async function lastGoodText<T>(
  state: StateDir,
  file: string,
  accept: (text: string) => Promise<T | undefined>,
): Promise<{ value: T; savedAt: string } | undefined> {
  const probe = areaPath(state, 'catalog', 'x');
  if (!probe) return undefined;
  const dir = path.dirname(probe);
  const prefix = await goodName(file);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.json'));
  } catch {
    return undefined;
  }
  const byAge = names
    .map((n) => ({ n, t: fs.lstatSync(path.join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.t - a.t);
  for (const { n } of byAge) {
    const rec = parseRecord(readText(path.join(dir, n)));
    if (!rec || rec.file !== file || (await goodName(file, rec.text)) !== n) continue;
    const value = await accept(rec.text);
    if (value !== undefined) return { value, savedAt: rec.savedAt };
  }
  return undefined;
}

function parseRecord(text: string | null): { file: string; text: string; savedAt: string } | undefined {
  try {
    const r = JSON.parse(text ?? 'null') as Record<string, unknown> | null;
    return r && typeof r.file === 'string' && typeof r.text === 'string' && typeof r.savedAt === 'string'
      ? { file: r.file, text: r.text, savedAt: r.savedAt }
      : undefined;
  } catch {
    return undefined;
  }
}

/** hookshim's own config, .cursor/hookshim.json (optional), parsed with `parse` only when present; problems are said. */
export function loadConfigWith(dir: string, parse: ParseConfig, warn: (msg: string) => void): HookshimConfig {
  const text = readConfigText(dir, (file, err) => warn(`cannot read ${file}: ${err.message}`));
  if (text === undefined) return {};
  const parsed = parse(text);
  if (parsed.error) warn(`${configFile(dir)}: ${parsed.error}; the hook path runs its last good version, if any`);
  return parsed.config;
}

/**
 * The config for the hook path, failing toward enforcing as a catalog does (docs/security.md guarantee 4): a
 * well-formed one (read without zod, configFast.ts) is kept as its last good version; anything else goes to
 * configGuard.ts, imported only then.
 */
export async function loadConfigGuarded(
  dir: string,
  state: StateDir | null,
  warn: (msg: string) => void,
  file = configFile(dir),
): Promise<ConfigLoad> {
  let text: string | undefined;
  let unreadable: Error | undefined;
  try {
    text = readRegularFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { config: {} };
    unreadable = err as Error;
  }
  const fast = text === undefined ? undefined : readConfigFast(text);
  if (fast && text !== undefined) {
    if (state) await keepGood(state, file, text);
    return { config: fast };
  }
  const kept: KeptVersions | undefined = state
    ? {
        keep: (t) => keepGood(state, file, t),
        last: (accept) => lastGoodText(state, file, accept),
      }
    : undefined;
  return (await import('./configGuard.ts')).guardConfig(file, text ?? (unreadable as Error), kept, warn);
}

/**
 * The one reader of .cursor/hookshim.json's text (never blocking on a FIFO), for every command and the hook path:
 * undefined when absent, or when unreadable after `unreadable` was told (it may throw instead).
 */
export function readConfigText(dir: string, unreadable: (file: string, err: Error) => void): string | undefined {
  const file = configFile(dir);
  try {
    return readRegularFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') unreadable(file, err as Error);
    return undefined;
  }
}
