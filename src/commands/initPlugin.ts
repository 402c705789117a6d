// `hookshim init --plugin [DIR]` and `hookshim check --plugin`: a Claude plugin repository made a Cursor plugin too
// (docs/plugins.md). Per plugin folder: `.cursor-plugin/plugin.json` (name, version, description from the Claude
// manifest; `hooks` naming the Cursor hooks file; `minClientVersions`), `.cursor-plugin/hooks.json` (entries running
// the vendored bundle from the plugin folder) and the bundle; `.cursor-plugin/marketplace.json` beside a Claude
// marketplace. Foreign keys and entries are kept and the files are written only when they change, so a rerun is a no-op.
import fs from 'node:fs';
import path from 'node:path';
import { parseCatalog } from '../../catalog/load.ts';
import { sourceOf } from '../../catalog/sources.ts';
import { isRecord } from '../../catalog/types.ts';
import { mergeHooksJson, type BindingPlan } from '../project/binding.ts';
import { planBinding } from '../project/bindingPlan.ts';
import { loadCatalogWith } from '../project/load.ts';
import {
  CLAUDE_MANIFEST,
  CURSOR_MARKETPLACE,
  findPlugins,
  PLUGIN_BUNDLE,
  PLUGIN_HOOKS,
  PLUGIN_MANIFEST,
  pluginCommand,
  readJson,
  type PluginPlace,
} from '../project/plugin.ts';
import { safeHome } from '../state/fsx.ts';
import { checkRows } from './checkRows.ts';
import { bindingOptions, defaultBundle } from './plan.ts';
import type { Finding } from './findings.ts';
import { fileChange, renderFileChanges, type FileChange } from './fileChanges.ts';
import { CommandError } from './io.ts';

export interface PluginInitOptions {
  dir: string;
  /** The bundle to vendor; defaults to the one beside this CLI. */
  bundle?: string;
  /** Compute and report, write nothing (check --plugin). */
  dryRun?: boolean;
}

export interface BoundPlugin {
  /** The plugin folder, relative to DIR ('.' for the root). */
  folder: string;
  name: string;
  rows: number;
  events: string[];
  minCursor: string;
  never: BindingPlan['never'];
}

export interface PluginReport {
  dir: string;
  plugins: BoundPlugin[];
  /** Files written (or that would be), relative to DIR. */
  changed: string[];
  /** Every file init --plugin manages, new / changed / unchanged, with a diff of what changes (shown by --dry-run). */
  files: FileChange[];
  notes: string[];
  warnings: string[];
  /** What `hookshim check` finds in each plugin's rows (a missing script, a bad matcher, …), `where` under its folder. */
  findings: Finding[];
}

/**
 * The oldest Cursor each feature the binding relies on needs; minClientVersions is the newest that applies
 * (docs/plugins.md §1).
 */
export const CURSOR_NEEDS: readonly { version: string; why: string; events?: readonly string[] }[] = [
  { version: '2.5.0', why: 'plugins that ship hooks' },
  { version: '3.9.8', why: 'postToolUse additional_context reaches the model', events: ['postToolUse'] },
];

/** Bind every plugin of the repository at `dir` as a Cursor plugin. */
export function initPlugin(opts: PluginInitOptions): PluginReport {
  const dir = path.resolve(opts.dir);
  const found = findPlugins(dir);
  if (found.plugins.length === 0)
    throw new CommandError(
      `no Claude plugin in ${dir}: --plugin binds a plugin repository (a ${CLAUDE_MANIFEST} beside ` +
        `hooks/hooks.json, or a .claude-plugin/marketplace.json listing plugin folders)`,
    );
  const report: PluginReport = { dir, plugins: [], changed: [], files: [], notes: [], warnings: [], findings: [] };
  const bundle = opts.bundle ?? defaultBundle();
  if (!fs.existsSync(bundle))
    throw new CommandError(
      `the hookshim bundle is missing at ${bundle}; run \`npm run build\` (or reinstall hookshim)`,
    );
  const write = (file: string, data: string | Buffer, mode?: number) => {
    const change = fileChange(path.relative(dir, file).split(path.sep).join('/'), file, data);
    report.files.push(change);
    if (change.status === 'unchanged') return;
    report.changed.push(change.file);
    if (opts.dryRun) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    if (mode !== undefined) fs.chmodSync(file, mode);
  };
  // Every plugin is planned before anything is written: a refusal (a conflicting manifest) writes nothing.
  const planned = found.plugins.map((place) => ({ place, bound: bindOne(place, dir, report) }));
  for (const { place, bound } of planned) {
    if (!bound) continue;
    write(path.join(place.root, PLUGIN_HOOKS), bound.hooks);
    write(path.join(place.root, PLUGIN_MANIFEST), bound.manifest);
    write(path.join(place.root, PLUGIN_BUNDLE), fs.readFileSync(bundle), 0o755);
  }
  if (found.marketplace) write(path.join(dir, CURSOR_MARKETPLACE), marketplaceText(dir, found.marketplace, report));
  return report;
}

/** One plugin's Cursor hooks file and manifest, or undefined when it has no hooks to bind (said in the report). */
function bindOne(
  place: PluginPlace,
  dir: string,
  report: PluginReport,
): { hooks: string; manifest: string } | undefined {
  const folder = path.relative(dir, place.root).split(path.sep).join('/') || '.';
  const claude = readJson(path.join(place.root, CLAUDE_MANIFEST));
  if (claude && claude.hooks !== undefined)
    report.warnings.push(
      `${folder}/${CLAUDE_MANIFEST} declares "hooks" of its own: only ${folder}/hooks/hooks.json is bound; move those rows there`,
    );
  const source = sourceOf(place.root, place.root);
  if (!fs.existsSync(source.file)) {
    report.notes.push(`${folder}: no hooks/hooks.json, nothing to bind`);
    return undefined;
  }
  const loaded = loadCatalogWith(source, parseCatalog);
  if (!loaded.ok) throw new CommandError(`${loaded.error}\nFix the catalog, then run init --plugin again.`);
  const rows = loaded.catalog.rows;
  const plan = planBinding(loaded.catalog, 'vendored', {
    ...bindingOptions({}, true),
    command: pluginCommand,
  });
  const hooksFile = path.join(place.root, PLUGIN_HOOKS);
  const existing = readJson(hooksFile);
  if (fs.existsSync(hooksFile) && !existing)
    throw new CommandError(`${hooksFile}: not a JSON object; fix or remove it: hookshim does not overwrite it`);
  const hooks = `${JSON.stringify(mergeHooksJson(existing, plan), null, 2)}\n`;
  const name = typeof claude?.name === 'string' ? claude.name : path.basename(place.root);
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(name))
    report.warnings.push(`${folder}: "${name}" is not a Cursor plugin name (lowercase letters, digits, "-" and ".")`);
  const rowContext = {
    dir: place.root,
    workspaceUnknown: true,
    home: safeHome(),
    // This machine's PATH: a row's program (`uv`, `node`) is looked for as check looks for it (command-not-found).
    env: process.env,
    hooks: { kind: 'absent' as const, file: hooksFile },
    plan,
  };
  for (const f of checkRows(loaded.catalog, rowContext))
    report.findings.push({ ...f, where: folder === '.' ? f.where : `${folder}/${f.where}` });
  const minCursor = minCursorFor(plan.events);
  const manifest = manifestText(place.root, claude, name, minCursor, (w) => report.warnings.push(`${folder}: ${w}`));
  report.plugins.push({ folder, name, rows: rows.length, events: plan.events, minCursor, never: plan.never });
  return { hooks, manifest };
}

/** The newest version CURSOR_NEEDS asks for these events. */
export function minCursorFor(events: readonly string[]): string {
  const needed = CURSOR_NEEDS.filter((n) => !n.events || n.events.some((e) => events.includes(e)));
  return needed.map((n) => n.version).reduce((a, b) => (newer(b, a) ? b : a), '0.0.0');
}

/** True when version `a` is newer than `b` (dotted numbers). */
function newer(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++)
    if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) > (pb[i] ?? 0);
  return false;
}

/**
 * The Cursor manifest, merged into one a person wrote: every key of it kept in place; name, version and description
 * filled from the Claude manifest only where absent (a different value is kept and said); `hooks` naming the Cursor
 * hooks file (an explicit path: Cursor would otherwise discover the Claude `hooks/hooks.json` itself, docs/plugins.md
 * §1), kept when it already names that file, else a refusal naming the conflict; minClientVersions.cursor at least
 * what the binding needs.
 */
function manifestText(
  root: string,
  claude: Record<string, unknown> | undefined,
  name: string,
  minCursor: string,
  warn: (w: string) => void,
): string {
  const file = path.join(root, PLUGIN_MANIFEST);
  const existing = readJson(file);
  if (fs.existsSync(file) && !existing)
    throw new CommandError(`${file}: not a JSON object; fix or remove it: hookshim does not overwrite it`);
  const doc: Record<string, unknown> = { ...(existing ?? {}) };
  const wanted: Record<string, unknown> = { name, version: claude?.version, description: claude?.description };
  for (const [k, v] of Object.entries(wanted)) {
    if (typeof v !== 'string') continue;
    if (doc[k] === undefined) doc[k] = v;
    else if (doc[k] !== v)
      warn(
        `${PLUGIN_MANIFEST} keeps its own "${k}" ${JSON.stringify(doc[k])}; ${CLAUDE_MANIFEST} says ` +
          `${JSON.stringify(v)} (edit either so they agree)`,
      );
  }
  doc.hooks = hooksPointer(file, root, doc.hooks);
  const mins = isRecord(doc.minClientVersions) ? { ...doc.minClientVersions } : {};
  const had = typeof mins.cursor === 'string' ? mins.cursor : undefined;
  mins.cursor = had !== undefined && !newer(minCursor, had) ? had : minCursor;
  doc.minClientVersions = mins;
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The manifest's `hooks`: kept when it names the file init --plugin writes, set when absent, else a refusal. */
function hooksPointer(file: string, root: string, had: unknown): unknown {
  const ours = `./${PLUGIN_HOOKS}`;
  if (had === undefined) return ours;
  if (typeof had === 'string' && path.resolve(root, had) === path.join(root, PLUGIN_HOOKS)) return had;
  throw new CommandError(
    `${file}: "hooks" is ${JSON.stringify(had)}, but init --plugin binds the catalog in ${ours}, and Cursor loads ` +
      `one hooks source per plugin. Move your own entries into ${ours} (init --plugin keeps entries it does not ` +
      `own), set "hooks" to "${ours}" (or remove it), then run init --plugin again. Nothing was written.`,
  );
}

/**
 * `.cursor-plugin/marketplace.json` from the Claude marketplace: its name, owner and metadata, one entry per bound
 * plugin (name, source without "./", description, minClientVersions); other keys and entries of an existing one kept.
 */
function marketplaceText(dir: string, claude: Record<string, unknown>, report: PluginReport): string {
  const file = path.join(dir, CURSOR_MARKETPLACE);
  const existing = readJson(file) ?? {};
  const doc: Record<string, unknown> = { ...existing };
  for (const k of ['name', 'owner', 'metadata'] as const) if (claude[k] !== undefined) doc[k] = claude[k];
  const ours = new Map<string, Record<string, unknown>>();
  for (const p of report.plugins) {
    const listed = (claude.plugins as unknown[]).find(
      (e) => isRecord(e) && typeof e.source === 'string' && path.resolve(dir, e.source) === path.resolve(dir, p.folder),
    ) as Record<string, unknown> | undefined;
    const entry: Record<string, unknown> = { name: p.name, source: p.folder };
    const description = listed?.description;
    if (typeof description === 'string') entry.description = description;
    entry.minClientVersions = { cursor: p.minCursor };
    ours.set(p.name, entry);
  }
  // An entry of ours keeps its place; a new one goes last.
  const before = Array.isArray(existing.plugins) ? (existing.plugins as unknown[]) : [];
  const plugins = before.map((e) => {
    const mine = isRecord(e) && typeof e.name === 'string' ? ours.get(e.name) : undefined;
    if (mine) ours.delete(mine.name as string);
    return mine ?? e;
  });
  doc.plugins = [...plugins, ...ours.values()];
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** `check --plugin`: each file init --plugin would change is a finding (the binding drifted from the catalog). */
export function checkPlugin(opts: PluginInitOptions): { report: PluginReport; findings: Finding[] } {
  const report = initPlugin({ ...opts, dryRun: true });
  const findings: Finding[] = report.findings.filter((f) => f.severity !== 'info');
  findings.push(
    ...report.changed.map((file) => ({
      code: file.endsWith('hookshim.cjs') ? ('plugin-bundle-stale' as const) : ('plugin-binding-stale' as const),
      severity: 'error' as const,
      where: file,
      message: `${file} is not what \`hookshim init --plugin\` writes for the plugin's catalog and this hookshim`,
      fix: 'run `hookshim init --plugin` and commit the result',
    })),
  );
  for (const w of report.warnings)
    findings.push({ code: 'plugin-note', severity: 'warning', where: report.dir, message: w });
  return { report, findings };
}

/** init --plugin's report in words: each plugin, the files written, notes and warnings. */
export function renderPlugin(report: PluginReport, opts: { check?: Finding[]; dryRun?: boolean }): string {
  const lines: string[] = [];
  for (const p of report.plugins) {
    lines.push(
      `plugin ${p.name} (${p.folder}): ${p.rows} row${p.rows === 1 ? '' : 's'} on ` +
        `${p.events.join(', ') || 'no Cursor event'}; Cursor ${p.minCursor}+`,
    );
    for (const n of p.never) lines.push(`  never runs under Cursor: ${n.locator}: ${n.reason}`);
  }
  if (opts.check) {
    for (const f of opts.check)
      lines.push(`${f.severity} ${f.code}: ${f.where}: ${f.message}${f.fix ? ` (fix: ${f.fix})` : ''}`);
    if (opts.check.length === 0) lines.push('the Cursor plugin files are what init --plugin writes');
  } else if (opts.dryRun) lines.push('would change (nothing is written):', ...renderFileChanges(report.files));
  else if (report.changed.length === 0) lines.push('nothing to change');
  else lines.push(`wrote: ${report.changed.join(', ')}`);
  if (!opts.check)
    for (const f of report.findings.filter((x) => x.severity !== 'info'))
      lines.push(`${f.severity} ${f.code}: ${f.where}: ${f.message}${f.fix ? ` (fix: ${f.fix})` : ''}`);
  for (const n of report.notes) lines.push(`note: ${n}`);
  for (const w of report.warnings) lines.push(`warning: ${w}`);
  return `${lines.join('\n')}\n`;
}
