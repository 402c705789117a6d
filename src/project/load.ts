// Loading the catalog and hookshim's config. The parsers are handed in: the hook path imports them lazily (zod only
// when a file has to be parsed), the management commands statically. A catalog is parsed once per change (keyed by
// device, inode, size and mtime), not on every Cursor event.
import fs from 'node:fs';
import type { parseCatalog } from '../../catalog/load.ts';
import type { Catalog } from '../../catalog/types.ts';
import { areaPath, type StateDir } from '../state/dir.ts';
import { readText, writeFileAtomic } from '../state/fsx.ts';
import type { HookshimConfig, parseConfig } from './config.ts';
import { catalogRoot, configFile, readProblem, readRegularFile } from './paths.ts';

type ParseCatalog = typeof parseCatalog;
type ParseConfig = typeof parseConfig;

/** Bumped when catalog rows gain a field (onFailure): cached parses of older rows are not reused. */
const ROW_MODEL = 2;

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

/** The catalog, from the parse cache in the state dir when the file has not changed since it was parsed. */
export async function loadCatalogCached(file: string, state: StateDir | null): Promise<CatalogLoad> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    return { ok: false, file, error: readProblem(file, err) };
  }
  const cache = state && stat.isFile() ? areaPath(state, 'catalog', `${fnv(file)}.json`) : null;
  // The row model's version joins the stamp: a newer hookshim re-parses rather than trust an older parse (fields it added).
  const stamp = `${ROW_MODEL}:${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${file}`;
  if (cache) {
    try {
      const doc = JSON.parse(readText(cache) ?? 'null') as { stamp?: string; catalog?: Catalog } | null;
      if (doc?.stamp === stamp && Array.isArray(doc.catalog?.rows)) return { ok: true, catalog: doc.catalog, file, root: catalogRoot(file) };
    } catch {
      /* a damaged cache entry is simply rebuilt */
    }
  }
  const loaded = loadCatalogWith(file, (await import('../../catalog/load.ts')).parseCatalog);
  if (loaded.ok && cache) {
    try {
      writeFileAtomic(cache, JSON.stringify({ stamp, catalog: loaded.catalog }));
    } catch {
      /* the next event parses again */
    }
  }
  return loaded;
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

/** 32-bit FNV-1a of a string as 8 hex digits: a file-name key, not a security boundary (the state dir is private). */
function fnv(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
