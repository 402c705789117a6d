// `hookshim init [DIR]`: bind a repo's Claude catalog in .cursor/hooks.json and vendor the bundle.
// Owns only its own entries (recognised by the marker "hookshim" in the command, lefthook install_ai style);
// keeps every foreign entry and unknown key, writes 2-space JSON with a trailing newline, so a rerun is a no-op.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HandledEvent } from '../../adapters/events.ts';
import { parseCatalog } from '../../catalog/load.ts';
import { detectMode, HOOKS_JSON, isOurs, mergeHooksJson, PACKAGED, planBinding, readHooksFile, VENDORED, type InitPlan, type Mode } from '../project/binding.ts';
import { parseConfig } from '../project/config.ts';
import { loadCatalogWith, loadConfigWith } from '../project/load.ts';
import { catalogFile } from '../project/paths.ts';
import { CommandError, EXIT } from './io.ts';

export interface InitOptions {
  dir: string;
  /** "vendored": copy the bundle into .cursor/hooks/; "package": run it from node_modules. Default: what is bound now, else vendored. */
  mode?: Mode;
  /** The bundle to copy; defaults to the one beside this CLI. */
  bundle?: string;
  env?: NodeJS.ProcessEnv;
  /** Compute and report, write nothing. */
  dryRun?: boolean;
}

/** Locate the bundle shipped beside this CLI (dist/hookshim.cjs). */
export function defaultBundle(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'hookshim.cjs'), path.join(here, '..', '..', 'dist', 'hookshim.cjs')];
  return candidates.find((c) => fs.existsSync(c)) ?? (candidates[0] as string);
}

export interface InitReport {
  dir: string;
  catalog: string;
  rows: number;
  plan: InitPlan;
  hooksJson: string;
  /** Files written (or that would be, with dryRun). */
  changed: string[];
  /** Events whose hookshim entry was added, changed or removed. */
  added: string[];
  updated: string[];
  removed: string[];
  /** Foreign entries kept, per event. */
  foreign: Record<string, number>;
  warnings: string[];
}

/** Run init: write .cursor/hooks.json and the vendored bundle only when they change. */
export function init(opts: InitOptions): InitReport {
  const dir = path.resolve(opts.dir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new CommandError(`${dir} is not a directory`, EXIT.usage);
  const file = catalogFile(opts.env ?? {}, dir);
  const loaded = loadCatalogWith(file, parseCatalog);
  if (!loaded.ok) {
    throw new CommandError(
      fs.existsSync(file)
        ? `${loaded.error}\nFix the catalog, then run init again.`
        : `${loaded.error}. hookshim binds a Claude catalog: create hooks/hooks.json first (Claude's plugin form: {"hooks": {"PreToolUse": [...]}}), or point HOOKSHIM_CATALOG at yours.`,
    );
  }
  const current = readHooksFile(dir);
  if (current.kind === 'invalid') {
    throw new CommandError(`${current.file}: ${current.error}. Fix or remove it, then run init again: hookshim does not overwrite a file it cannot read.`);
  }
  const existingHooks = current.kind === 'ok' ? current.hooks : {};
  const mode: Mode = opts.mode ?? detectMode(existingHooks) ?? 'vendored';
  const warnings = [...loaded.catalog.warnings];
  const config = loadConfigWith(dir, parseConfig, (m) => warnings.push(m));
  const plan = planBinding(loaded.catalog, mode, 'loopLimit' in config ? { loopLimit: config.loopLimit ?? null } : {});
  const mergedDoc = mergeHooksJson(current.kind === 'ok' ? current.doc : undefined, plan);
  const merged = `${JSON.stringify(mergedDoc, null, 2)}\n`;

  const before = new Map<string, string>();
  for (const [ev, list] of Object.entries(existingHooks)) for (const e of list) if (isOurs(e)) before.set(ev, JSON.stringify(e));
  const added = plan.events.filter((ev) => !before.has(ev));
  const updated = plan.events.filter((ev) => before.has(ev) && before.get(ev) !== JSON.stringify(plan.entries[ev]));
  const removed = [...before.keys()].filter((ev) => !plan.events.includes(ev as HandledEvent));
  const foreign: Record<string, number> = {};
  for (const [ev, list] of Object.entries(existingHooks)) {
    const n = list.filter((e) => !isOurs(e)).length;
    if (n) foreign[ev] = n;
  }

  const changed: string[] = [];
  const hooksJson = path.join(dir, HOOKS_JSON);
  const write = (target: string, data: string | Buffer, mode?: number) => {
    if (opts.dryRun) return;
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, data);
      if (mode !== undefined) fs.chmodSync(target, mode);
    } catch (err) {
      throw new CommandError(`cannot write ${target}: ${(err as Error).message}`);
    }
  };
  if (current.kind !== 'ok' || fs.readFileSync(hooksJson, 'utf8') !== merged) {
    write(hooksJson, merged);
    changed.push(HOOKS_JSON);
  }
  if (mode === 'vendored') {
    const bundle = opts.bundle ?? defaultBundle();
    if (!fs.existsSync(bundle)) throw new CommandError(`the hookshim bundle is missing at ${bundle}; run \`npm run build\` (or reinstall hookshim) first`);
    const dest = path.join(dir, VENDORED);
    const data = fs.readFileSync(bundle);
    if (!fs.existsSync(dest) || !fs.readFileSync(dest).equals(data)) {
      write(dest, data, 0o755);
      changed.push(VENDORED);
    }
  } else {
    if (!fs.existsSync(path.join(dir, PACKAGED))) {
      warnings.push(`${PACKAGED} does not exist yet: add hookshim to devDependencies and install it, or Cursor's hook command will fail (and Cursor lets the action through)`);
    }
    if (fs.existsSync(path.join(dir, VENDORED))) warnings.push(`${VENDORED} is no longer used in package mode; delete it`);
  }
  return { dir, catalog: path.relative(dir, file) || file, rows: loaded.catalog.rows.length, plan, hooksJson: merged, changed, added, updated, removed, foreign, warnings };
}
