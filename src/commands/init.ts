// `hookshim init [DIR]`: bind a repository's Claude catalogs in .cursor/hooks.json, record them in .cursor/hookshim.json
// and vendor the bundle; then check what it bound, as `hookshim check` would.
// Owns only its own entries (recognised by the marker "hookshim" in the command, lefthook install_ai style);
// keeps every foreign entry and unknown key, writes 2-space JSON with a trailing newline, so a rerun is a no-op.
import fs from 'node:fs';
import path from 'node:path';
import type { HandledEvent } from '../../adapters/eventMap.ts';
import { describeSource } from '../../catalog/sources.ts';
import type { CatalogKind } from '../../catalog/types.ts';
import {
  bundleVersion,
  HOOKS_JSON,
  hooksFileOf,
  isOurs,
  mergeHooksJson,
  OLD_VENDORED,
  readHooksFile,
  VENDORED,
  type BindingPlan,
  type Mode,
} from '../project/binding.ts';
import { planBinding } from '../project/bindingPlan.ts';
import { planCatalogList, resolveCatalogEntry } from '../project/catalogList.ts';
import { loadListedCatalogs, type LoadedCatalogs } from './catalogs.ts';
import { runChecks, type CheckOptions } from './check.ts';
import { bindingOptions, defaultBundle } from './plan.ts';
import { fileChange, type FileChange } from './fileChanges.ts';
import { findRoot, readConfigDoc, recordCatalogs, type ConfigDoc } from './initFiles.ts';
import type { Finding } from './findings.ts';
import { CommandError, EXIT } from './io.ts';
import { detectModeIn } from '../project/launcher.ts';
import { launcherFiles, placeLaunchers } from './launcher.ts';

export interface InitOptions {
  dir: string;
  /** "vendored": copy the bundle into .cursor/hooks/; "package": run it from node_modules. Default: what is bound now, else vendored. */
  mode?: Mode;
  /** The bundle to copy; defaults to the one beside this CLI. */
  bundle?: string;
  env?: NodeJS.ProcessEnv;
  /** Compute and report, write nothing. */
  dryRun?: boolean;
  /** More catalogs (a plugin folder, a hooks.json or a Claude settings file), relative to `cwd`. */
  catalogs?: readonly string[];
  /** What `catalogs` are relative to; default `dir`. */
  cwd?: string;
  /** Bind `dir` itself, even inside a larger repository (a package opened alone in Cursor). */
  here?: boolean;
}

export interface InitCatalog {
  /** As recorded in .cursor/hookshim.json. */
  entry: string;
  shown: string;
  kind: CatalogKind;
  /** How its rows run, in words. */
  how: string;
  /** null: absent here (a personal catalog) or unreadable (see findings). */
  rows: number | null;
}

export interface InitReport {
  /** The project root bound: where Cursor loads .cursor/hooks.json. */
  dir: string;
  /** The folder init was run on, when that is not the root. */
  from?: string;
  catalogs: InitCatalog[];
  rows: number;
  plan: BindingPlan;
  hooksJson: string;
  /** Files written (or that would be, with dryRun). */
  changed: string[];
  /** Files removed (or that would be): an older bundle the binding no longer runs. */
  deleted: string[];
  /** Every file init manages, new / changed / unchanged / removed, with a diff of what changes (shown by --dry-run). */
  files: FileChange[];
  /** Events whose hookshim entry was added, changed or removed. */
  added: string[];
  updated: string[];
  removed: string[];
  /** Foreign entries kept, per event. */
  foreign: Record<string, number>;
  /** What init decided for you, in words (the root, the catalogs list). */
  notes: string[];
  warnings: string[];
  /** Every problem `hookshim check` finds in what was bound (with dryRun: in what would be). */
  findings: Finding[];
}

/** Run init: write .cursor/hooks.json, .cursor/hookshim.json and the vendored bundle only when they change; then check. */
export function init(opts: InitOptions): InitReport {
  const start = path.resolve(opts.dir);
  if (!fs.existsSync(start) || !fs.statSync(start).isDirectory())
    throw new CommandError(`${start} is not a directory`, EXIT.usage);
  const where = findRoot(start, opts.here ?? false);
  const dir = where.root;
  const env = opts.env ?? {};
  const current = readHooksFile(dir);
  if (current.kind === 'invalid')
    throw new CommandError(
      `${current.file}: ${current.error}. Fix or remove it, then run init again: hookshim does not overwrite a file it cannot read.`,
    );
  const config = readConfigDoc(dir);
  const extra = [...where.catalogs, ...extraCatalogs(opts, dir, where.notes)];
  const { list, notes } = planCatalogList(dir, config.catalogs, extra);
  const loaded = loadAll(list, dir, start);
  const rows = loaded.catalog.rows;
  const existingHooks = current.kind === 'ok' ? current.hooks : {};
  const mode: Mode = opts.mode ?? detectModeIn(dir, existingHooks) ?? 'vendored';
  const catalogs = initCatalogs(loaded, dir);
  const narrow = catalogs.every((c) => c.rows !== null && c.kind !== 'personal');
  const plan = planBinding({ rows, warnings: [] }, mode, bindingOptions(config.doc ?? {}, narrow));
  const mergedDoc = mergeHooksJson(current.kind === 'ok' ? current.doc : undefined, plan);
  const merged = `${JSON.stringify(mergedDoc, null, 2)}\n`;
  const report: InitReport = {
    dir,
    ...(start !== dir ? { from: start } : {}),
    catalogs,
    rows: rows.length,
    plan,
    hooksJson: merged,
    changed: [],
    deleted: [],
    files: [],
    ...entryChanges(existingHooks, plan),
    notes: [
      ...where.notes,
      ...notes,
      ...(narrow
        ? []
        : [
            'no Cursor matchers written: a catalog did not load, or a personal one is listed, so what its ' +
              'rows need is not the same on every machine; every tool call starts hookshim',
          ]),
    ],
    warnings: [...where.warnings],
    findings: [],
  };
  const write = writer(opts.dryRun ?? false);
  const bundle = opts.bundle ?? defaultBundle();
  const recorded = recordCatalogs(config, list);
  report.files = plannedFiles(dir, mode, merged, bundle, config, recorded);
  if (current.kind !== 'ok' || current.text !== merged) {
    write(path.join(dir, HOOKS_JSON), merged);
    report.changed.push(HOOKS_JSON);
  }
  placeBundle(dir, mode, bundle, write, report);
  if (recorded !== undefined) {
    write(config.file, recorded);
    report.changed.push(path.relative(dir, config.file).split(path.sep).join('/'));
  }
  removeOldBundle(dir, merged, opts.dryRun ?? false, report);
  report.files.push(...report.deleted.map((file): FileChange => ({ file, status: 'removed' })));
  const bound = opts.dryRun ? current : hooksFileOf(current.file, merged);
  report.findings = checkBound(dir, env, opts, mode, list, { hooks: bound, catalogs: loaded, plan });
  return report;
}

/** The catalogs named on the command line, and HOOKSHIM_CATALOG (recorded, so the binding never depends on it). */
function extraCatalogs(opts: InitOptions, dir: string, notes: string[]): string[] {
  const out: string[] = [];
  for (const given of opts.catalogs ?? []) {
    const r = resolveCatalogEntry(given, dir, opts.cwd ?? dir);
    if ('problem' in r) throw new CommandError(`--catalog ${r.problem}`, EXIT.usage);
    out.push(r.entry);
  }
  const override = opts.env?.HOOKSHIM_CATALOG;
  if (override) {
    const r = resolveCatalogEntry(override, dir, dir);
    if ('problem' in r) throw new CommandError(`HOOKSHIM_CATALOG: ${r.problem}`, EXIT.usage);
    out.push(r.entry);
    notes.push(
      `HOOKSHIM_CATALOG=${override} is one machine's override of the hook path; init recorded ${r.entry} in ` +
        `.cursor/hookshim.json instead, so the committed binding runs it without the variable (next time: ` +
        `--catalog ${r.entry})`,
    );
  }
  return out;
}

/** Load every catalog of the list (the loader check uses); none usable is the one case init cannot go on. */
function loadAll(list: readonly string[], dir: string, start: string): LoadedCatalogs {
  const loaded = loadListedCatalogs(dir, list);
  if (loaded.loads.some((l) => l.ok)) return loaded;
  const problems = loaded.loads.map((l) => (l.ok ? '' : l.error)).filter(Boolean);
  if (problems.length > 0) throw new CommandError(`${problems.join('\n')}\nFix the catalog, then run init again.`);
  const sub = start !== dir ? ` (or in ${path.relative(dir, start)})` : '';
  throw new CommandError(
    `no catalog at ${path.join(dir, 'hooks', 'hooks.json')}. hookshim binds a Claude catalog: create ` +
      `hooks/hooks.json first (Claude's plugin form: {"hooks": {"PreToolUse": [...]}}), or put hooks in ` +
      `.claude/settings.json, or name yours: hookshim init --catalog <plugin folder | hooks.json | settings ` +
      `file>. Nothing found in ${dir}${sub}: looked for hooks/hooks.json, .claude/settings.json, ` +
      `.claude/settings.local.json.`,
  );
}

/** The report's line per catalog of the list: a personal catalog absent here has no rows (null), like an unreadable one. */
function initCatalogs(loaded: LoadedCatalogs, dir: string): InitCatalog[] {
  return loaded.sources.map((source, i) => {
    const l = loaded.loads.find((x) => x.source === source);
    return {
      entry: loaded.recorded?.[i] ?? source.shown,
      shown: source.shown,
      kind: source.kind,
      how: describeSource(source, dir),
      rows: l?.ok ? l.catalog.rows.length : null,
    };
  });
}

/** Which of hookshim's entries init adds, changes and removes; foreign entries kept per event. */
function entryChanges(
  existing: Record<string, unknown[]>,
  plan: BindingPlan,
): Pick<InitReport, 'added' | 'updated' | 'removed' | 'foreign'> {
  const before = new Map<string, string>();
  for (const [ev, list] of Object.entries(existing))
    for (const e of list) if (isOurs(e)) before.set(ev, JSON.stringify(e));
  const foreign: Record<string, number> = {};
  for (const [ev, list] of Object.entries(existing)) {
    const n = list.filter((e) => !isOurs(e)).length;
    if (n) foreign[ev] = n;
  }
  return {
    added: plan.events.filter((ev) => !before.has(ev)),
    updated: plan.events.filter((ev) => before.has(ev) && before.get(ev) !== JSON.stringify(plan.entries[ev])),
    removed: [...before.keys()].filter((ev) => !plan.events.includes(ev as HandledEvent)),
    foreign,
  };
}

/** Every file init manages, as this run would leave it, against what is there now (before anything is written). */
function plannedFiles(
  dir: string,
  mode: Mode,
  hooksJson: string,
  bundle: string,
  config: ConfigDoc,
  recorded: string | undefined,
): FileChange[] {
  const at = (rel: string) => path.join(dir, rel);
  const out = [fileChange(HOOKS_JSON, at(HOOKS_JSON), hooksJson)];
  if (mode === 'vendored' && fs.existsSync(bundle))
    out.push(fileChange(VENDORED, at(VENDORED), fs.readFileSync(bundle)));
  for (const [rel, text] of launcherFiles(mode)) out.push(fileChange(rel, at(rel), text));
  const configRel = path.relative(dir, config.file).split(path.sep).join('/');
  if (recorded !== undefined) out.push(fileChange(configRel, config.file, recorded));
  else if (config.doc !== undefined) out.push({ file: configRel, status: 'unchanged' });
  return out;
}

type Write = (target: string, data: string | Buffer, mode?: number) => void;

function writer(dryRun: boolean): Write {
  return (target, data, mode) => {
    if (dryRun) return;
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, data);
      if (mode !== undefined) fs.chmodSync(target, mode);
    } catch (err) {
      throw new CommandError(`cannot write ${target}: ${(err as Error).message}`);
    }
  };
}

/** Vendor the bundle (vendored mode), and write the launchers of the bound command (src/commands/launcher.ts). */
function placeBundle(dir: string, mode: Mode, bundle: string, write: Write, report: InitReport): void {
  if (mode === 'package') {
    report.changed.push(...placeLaunchers(dir, mode, write));
    return;
  }
  if (!fs.existsSync(bundle))
    throw new CommandError(
      `the hookshim bundle is missing at ${bundle}; run \`npm run build\` (or reinstall hookshim) first`,
    );
  const dest = path.join(dir, VENDORED);
  const data = fs.readFileSync(bundle);
  if (!fs.existsSync(dest) || !fs.readFileSync(dest).equals(data)) {
    write(dest, data, 0o755);
    report.changed.push(VENDORED);
  }
  report.changed.push(...placeLaunchers(dir, mode, write));
}

/** The older vendored bundle (an ES module), once nothing runs it: removed when it is hookshim's, named otherwise. */
function removeOldBundle(dir: string, hooksJson: string, dryRun: boolean, report: InitReport): void {
  const old = path.join(dir, OLD_VENDORED);
  if (!fs.existsSync(old) || hooksJson.includes(OLD_VENDORED)) return;
  if (bundleVersion(old) === undefined) {
    report.warnings.push(
      `${OLD_VENDORED} is where older versions vendored hookshim, but it does not look like a hookshim ` +
        `bundle: left in place (nothing runs it now)`,
    );
    return;
  }
  if (!dryRun) fs.rmSync(old, { force: true });
  report.deleted.push(OLD_VENDORED);
}

/** What check finds in what was bound; with dryRun, in what would be (so the binding and bundle are not compared). */
function checkBound(
  dir: string,
  env: NodeJS.ProcessEnv,
  opts: InitOptions,
  mode: Mode,
  list: readonly string[],
  known: CheckOptions['known'],
): Finding[] {
  const result = runChecks({
    dir,
    env,
    mode,
    known,
    ...(opts.bundle ? { bundle: opts.bundle } : {}),
    ...(opts.dryRun ? { catalogs: list } : {}),
  });
  // What a dry run has not written yet is not compared; whether git would ignore it is said all the same.
  const written = /^(binding-(?!ignored$)|bundle-|launcher-|package-missing$|catalogs-differ$)/;
  return result.findings.filter((f) => !(opts.dryRun && written.test(f.code)));
}
