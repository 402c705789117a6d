// The catalogs of a repository as the management commands see them: the list `.cursor/hookshim.json` records (what
// Cursor runs), each catalog loaded with the full parser, and what is wrong with the list itself.
import fs from 'node:fs';
import { parseCatalog } from '../../catalog/load.ts';
import { DEFAULT_CATALOGS, describeSource, sourceOf, type CatalogSource } from '../../catalog/sources.ts';
import type { Catalog, CatalogRow } from '../../catalog/types.ts';
import { rowCannotRun } from '../../adapters/hosts/cursor/carriers.ts';
import { planCatalogList, sameCatalogs } from '../project/catalogList.ts';
import { CONFIG_FILE } from '../project/config.ts';
import { loadCatalogWith, type CatalogLoad } from '../project/load.ts';
import { withManifests } from '../project/manifest.ts';
import type { Finding } from './findings.ts';

/** Every catalog Cursor runs here, loaded. */
export interface LoadedCatalogs {
  /** The recorded list, or undefined (the hook path then runs DEFAULT_CATALOGS). */
  recorded: readonly string[] | undefined;
  sources: CatalogSource[];
  /** One per source; a personal catalog absent here is left out. */
  loads: CatalogLoad[];
  /** All rows of the catalogs that loaded, each with its `source`, and their warnings. */
  catalog: Catalog;
}

/** Load the catalogs `.cursor/hookshim.json` lists (HOOKSHIM_CATALOG is one machine's override: see catalogFindings). */
export function loadListedCatalogs(dir: string, recorded: readonly string[] | undefined): LoadedCatalogs {
  return { recorded, ...loadCatalogsOf((recorded ?? DEFAULT_CATALOGS).map((e) => sourceOf(e, dir))) };
}

/**
 * The commands' one catalog-set loader: every catalog of `sources` and those their plugin manifests add, with the full
 * parser; an absent personal catalog is left out (the rule of the hook path's loadCatalogSet, src/project/load.ts).
 */
export function loadCatalogsOf(listed: readonly CatalogSource[]): Omit<LoadedCatalogs, 'recorded'> {
  const sources = withManifests(listed);
  const loads = sources
    .map((s) => loadCatalogWith(s, parseCatalog))
    .filter((l) => l.ok || l.source.kind !== 'personal' || fs.existsSync(l.file));
  const rows: CatalogRow[] = [];
  const warnings: string[] = [];
  for (const l of loads) {
    if (!l.ok) continue;
    rows.push(...l.catalog.rows);
    warnings.push(...l.catalog.warnings);
  }
  return { sources, loads, catalog: { rows, warnings } };
}

/** Problems with the catalogs themselves: missing or unreadable, their load warnings, the list, the override. */
export function catalogFindings(c: LoadedCatalogs, dir: string, env: NodeJS.ProcessEnv): Finding[] {
  const out: Finding[] = [];
  for (const l of c.loads) {
    const where = l.source.shown;
    if (!l.ok) {
      const missing = !fs.existsSync(l.file);
      out.push({
        code: missing ? 'catalog-missing' : 'catalog-invalid',
        severity: 'error',
        where,
        message: l.error,
        fix: missing
          ? `create it, or run \`hookshim init\` (it finds hooks/hooks.json and .claude/settings.json; name ` +
            `others with --catalog <plugin folder | hooks.json | settings file>)`
          : 'fix the file: Claude Code rejects it too',
      });
      continue;
    }
    for (const w of l.catalog.warnings)
      out.push({
        code: 'catalog-warning',
        severity: 'warning',
        where,
        message: w.startsWith(l.file) ? w.slice(l.file.length).trim() : w,
      });
    const rows = l.catalog.rows;
    if (rows.length > 0 && rows.every((r) => rowCannotRun(r))) {
      out.push({
        code: 'catalog-never-runs',
        severity: 'warning',
        where,
        message:
          `none of its ${rows.length} row${rows.length === 1 ? '' : 's'} can run under Cursor ` +
          `(${[...new Set(rows.map((r) => r.event))].join(', ')}): nothing of it is enforced`,
        fix: 'hookshim check -v lists why each row never runs (docs/events.md)',
      });
    }
  }
  const want = planCatalogList(dir, c.recorded);
  if (!sameCatalogs(want.list, c.recorded ?? DEFAULT_CATALOGS, dir) && want.list.length > 0) {
    const have = c.recorded
      ? `${CONFIG_FILE} lists ${show(c.recorded)}`
      : `${CONFIG_FILE} lists no catalogs, so hookshim runs ${show(DEFAULT_CATALOGS)}`;
    out.push({
      code: 'catalogs-differ',
      severity: 'error',
      where: CONFIG_FILE,
      message: `${have}; init would record ${show(want.list)}${want.notes.length ? ` (${want.notes.join('; ')})` : ''}`,
      fix: 'run `hookshim init` and commit .cursor/',
    });
  }
  if (env.HOOKSHIM_CATALOG) {
    out.push({
      code: 'catalog-override',
      severity: 'warning',
      where: 'HOOKSHIM_CATALOG',
      message:
        `set to ${env.HOOKSHIM_CATALOG}: on this machine the hook path runs only that catalog; Cursor ` +
        `elsewhere (and CI) runs ${show(c.recorded ?? DEFAULT_CATALOGS)}, which is what is checked here`,
      fix: `to run it everywhere, record it: hookshim init --catalog ${env.HOOKSHIM_CATALOG}; otherwise unset HOOKSHIM_CATALOG`,
    });
  }
  return out;
}

/** One line per catalog for people: "hooks/hooks.json (plugin: ${CLAUDE_PLUGIN_ROOT} = the project root): 6 rows". */
export function describeCatalogs(
  c: LoadedCatalogs,
  dir: string,
): { shown: string; kind: CatalogSource['kind']; how: string; rows: number | null; error?: string }[] {
  return c.loads.map((l) => ({
    shown: l.source.shown,
    kind: l.source.kind,
    how: describeSource(l.source, dir),
    rows: l.ok ? l.catalog.rows.length : null,
    ...(l.ok ? {} : { error: l.error.split('\n')[0] as string }),
  }));
}

function show(list: readonly string[]): string {
  return list.length ? list.map((e) => JSON.stringify(e)).join(', ') : 'nothing';
}
