// The list of catalogs `hookshim init` records in .cursor/hookshim.json (`catalogs`), and `check` expects: what is
// recorded, then what init discovers (docs/claude-hooks.md §1.1), then what it is told, each catalog once.
import fs from 'node:fs';
import path from 'node:path';
import { parseJsonText } from '../../catalog/json.ts';
import { DISCOVERED_CATALOGS, sourceOf, type CatalogSource } from '../../catalog/sources.ts';
import { isRecord } from '../../catalog/types.ts';
import { manifestHooks } from './manifest.ts';

export interface CatalogList {
  /** The entries to record, relative to the project root with forward slashes. */
  list: string[];
  /** What changed against the recorded list, and why, in words. */
  notes: string[];
}

/** What `entry` names, checked on disk: a usable entry (relative, normalised) or why not. */
export function resolveCatalogEntry(given: string, dir: string, cwd: string): { entry: string } | { problem: string } {
  let abs = path.resolve(cwd, given);
  const rel = path.relative(dir, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel))
    return {
      problem: `${given} is outside the repository (${dir}); the catalogs list is committed, so every catalog must live in the repository`,
    };
  let stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat) return { problem: `${given} does not exist` };
  // A plugin's hooks/ folder names the catalog inside it.
  if (stat.isDirectory() && path.basename(abs) === 'hooks' && fs.existsSync(path.join(abs, 'hooks.json'))) {
    abs = path.join(abs, 'hooks.json');
    stat = fs.statSync(abs);
  }
  const entry = path.relative(dir, abs).split(path.sep).join('/') || '.';
  if (stat.isDirectory() && !fs.existsSync(sourceOf(entry, dir).file))
    return {
      problem: `${given} is a folder without hooks/hooks.json: name a plugin folder, a hooks.json or a Claude settings file`,
    };
  if (!stat.isDirectory() && !abs.endsWith('.json'))
    return { problem: `${given} is not a .json file: name a plugin folder, a hooks.json or a Claude settings file` };
  return { entry };
}

/** The catalogs init finds by itself: the repository as a plugin, and the settings files that hold hooks. */
export function discoverCatalogs(dir: string): { found: string[]; notes: string[] } {
  const found: string[] = [];
  const notes: string[] = [];
  for (const entry of DISCOVERED_CATALOGS) {
    const source = sourceOf(entry, dir);
    // The repository is a plugin when its manifest has hooks, even without hooks/hooks.json (src/project/manifest.ts).
    const manifest = source.kind === 'plugin' && source.root !== undefined && manifestHooks(source.root) !== undefined;
    if (!fs.existsSync(source.file) && !manifest) continue;
    if (source.kind !== 'plugin' && !holdsHooks(source)) {
      notes.push(`${source.shown} holds no "hooks": nothing to run from it`);
      continue;
    }
    found.push(entry);
  }
  return { found, notes };
}

/** Settings keys beside `hooks` that bear on the hooks (docs/claude-hooks.md §9): a file with one is read too. */
const HOOK_SWITCHES = ['disableAllHooks', 'allowedHttpHookUrls', 'httpHookAllowedEnvVars'];

/** Does a settings file hold hooks, or a switch that bears on them? An unreadable one counts (it is reported where it is loaded). */
function holdsHooks(source: CatalogSource): boolean {
  try {
    const json = parseJsonText(fs.readFileSync(source.file, 'utf8'));
    if (!json.ok || !isRecord(json.value)) return true;
    const doc = json.value;
    return doc.hooks !== undefined || HOOK_SWITCHES.some((k) => doc[k] !== undefined);
  } catch {
    return true;
  }
}

/**
 * The list to record: the recorded entries (one that no longer exists is dropped, except a personal one, which
 * lives on some machines only), then the discovered ones, then `extra`; the same catalog file only once.
 */
export function planCatalogList(
  dir: string,
  recorded: readonly string[] | undefined,
  extra: readonly string[] = [],
): CatalogList {
  const list: string[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  const add = (entry: string, why?: string) => {
    const s = sourceOf(entry, dir);
    if (seen.has(s.file)) return;
    seen.add(s.file);
    list.push(entry);
    if (why) notes.push(`${s.shown}: ${why}`);
  };
  for (const entry of recorded ?? []) {
    const s = sourceOf(entry, dir);
    if (s.kind !== 'personal' && !fs.existsSync(s.file))
      notes.push(`${s.shown} no longer exists: dropped from the catalogs`);
    else add(entry);
  }
  const discovered = discoverCatalogs(dir);
  notes.push(...discovered.notes);
  for (const entry of discovered.found) add(entry, recorded === undefined ? undefined : 'found, added to the catalogs');
  for (const entry of extra) add(entry, 'added to the catalogs');
  return { list, notes };
}

/** Two lists name the same catalogs (order aside). */
export function sameCatalogs(a: readonly string[], b: readonly string[], dir: string): boolean {
  const files = (l: readonly string[]) => [...new Set(l.map((e) => sourceOf(e, dir).file))].sort().join('\n');
  return files(a) === files(b);
}
