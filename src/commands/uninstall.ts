// `hookshim uninstall [DIR]` (alias `init --remove`): take out exactly what `init` added, and nothing of anyone else's.
// Project form: hookshim's entries of .cursor/hooks.json (the file goes when nothing else is left in it), the vendored
// bundle or package launcher, the nested forwarder, an older .mjs bundle, and the `catalogs` key init records in
// .cursor/hookshim.json (the file goes when no other key is left). `--plugin`: per plugin, what `init --plugin` wrote in
// .cursor-plugin/, and its entries of .cursor-plugin/marketplace.json. The catalogs (hooks/hooks.json,
// .claude/settings*.json) are never touched: init never writes them. Every file kept is said, with why.
import fs from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../catalog/types.ts';
import {
  bundleVersion,
  HOOKS_JSON,
  mergeHooksJson,
  OLD_VENDORED,
  ourEntries,
  readHooksFile,
  VENDORED,
} from '../project/binding.ts';
import { isLauncher, NESTED_FORWARDER } from '../project/launcher.ts';
import {
  CLAUDE_MANIFEST,
  CURSOR_MARKETPLACE,
  findPlugins,
  PLUGIN_BUNDLE,
  PLUGIN_HOOKS,
  PLUGIN_MANIFEST,
  readJson,
} from '../project/plugin.ts';
import { findRoot, readConfigDoc } from './initFiles.ts';
import { CommandError, EXIT, type Paint } from './io.ts';

export interface UninstallOptions {
  dir: string;
  /** Take out what `init --plugin` wrote instead of the project binding. */
  plugin?: boolean;
  /** Take out the binding of DIR itself, as `init --here` bound it. */
  here?: boolean;
  /** Report what would change; write nothing. */
  dryRun?: boolean;
}

export interface UninstallReport {
  /** The folder uninstalled from: the repository root (the plugin repository with --plugin). */
  dir: string;
  /** Files (and emptied folders, ending in `/`) deleted, or that would be; relative to `dir`. */
  removed: string[];
  /** Files rewritten with hookshim's part taken out, or that would be, with what was taken out. */
  changed: { file: string; took: string }[];
  /** Files left in place that init could have written, with why. */
  kept: { file: string; why: string }[];
  /** The hookshim entries taken out, per hooks file: `.cursor/hooks.json preToolUse`. */
  entries: string[];
}

/** What uninstall does to the files, decided before anything is written. */
interface Edits {
  report: UninstallReport;
  writes: Map<string, string | null>;
}

/** Run uninstall: decide every removal first (a file it cannot read stops it before any change), then apply them. */
export function uninstall(opts: UninstallOptions): UninstallReport {
  const start = path.resolve(opts.dir);
  if (!fs.existsSync(start) || !fs.statSync(start).isDirectory())
    throw new CommandError(`${start} is not a directory`, EXIT.usage);
  const dir = opts.plugin ? start : findRoot(start, opts.here ?? false).root;
  const edits: Edits = { report: { dir, removed: [], changed: [], kept: [], entries: [] }, writes: new Map() };
  if (opts.plugin) planPlugins(dir, edits);
  else planProject(dir, edits);
  const folders = opts.plugin
    ? [
        ...new Set(findPlugins(dir).plugins.map((p) => path.join(p.root, '.cursor-plugin'))),
        path.join(dir, '.cursor-plugin'),
      ]
    : ['.cursor/.cursor/hooks', '.cursor/.cursor', '.cursor/hooks', '.cursor'].map((f) => path.join(dir, f));
  if (!opts.dryRun) apply(edits);
  pruneFolders(dir, folders, edits, opts.dryRun ?? false);
  return edits.report;
}

/** The project binding: .cursor/hooks.json's entries of ours, the bundle files, the recorded catalogs list. */
function planProject(dir: string, e: Edits): void {
  const hooks = readHooksFile(dir);
  if (hooks.kind === 'invalid')
    throw new CommandError(
      `${hooks.file}: ${hooks.error}. Fix it first: hookshim does not rewrite a file it cannot read.`,
    );
  if (hooks.kind === 'ok') takeOurEntries(dir, HOOKS_JSON, hooks.doc, e);
  for (const rel of [VENDORED, OLD_VENDORED])
    removeIf(dir, rel, (f) => bundleVersion(f) !== undefined || isLauncher(f), e);
  removeIf(dir, NESTED_FORWARDER, isLauncher, e);
  const config = readConfigDoc(dir);
  if (!config.doc) return;
  const rel = path.relative(dir, config.file).split(path.sep).join('/');
  const { catalogs: _catalogs, ...rest } = config.doc;
  const left = Object.keys(rest).filter((k) => k !== '$schema');
  if (left.length === 0) remove(dir, rel, e);
  else {
    if ('catalogs' in config.doc) rewrite(dir, rel, rest, 'the catalogs list init records', e);
    e.report.kept.push({
      file: rel,
      why: `it holds settings of yours (${left.join(', ')}); delete it if you no longer need them`,
    });
  }
}

/** Take hookshim's entries out of a hooks file; the file goes when nothing else was in it. */
function takeOurEntries(dir: string, rel: string, doc: Record<string, unknown>, e: Edits): boolean {
  const hooks = isRecord(doc.hooks) ? (doc.hooks as Record<string, unknown[]>) : {};
  const ours = ourEntries(Object.fromEntries(Object.entries(hooks).filter(([, l]) => Array.isArray(l))));
  if (ours.length === 0) return fs.existsSync(path.join(dir, rel));
  e.report.entries.push(...ours.map((o) => `${rel} ${o.event}`));
  const left = mergeHooksJson(doc, { events: [], entries: {} });
  const empty =
    Object.keys(left).every((k) => k === 'version' || k === 'hooks') && Object.keys(left.hooks ?? {}).length === 0;
  if (empty) remove(dir, rel, e);
  else rewrite(dir, rel, left, `hookshim's entries (${ours.map((o) => o.event).join(', ')})`, e);
  return !empty;
}

/** A Claude plugin repository bound by `init --plugin`: each plugin's Cursor files, then the Cursor marketplace. */
function planPlugins(dir: string, e: Edits): void {
  const found = findPlugins(dir);
  if (found.plugins.length === 0)
    throw new CommandError(
      `no Claude plugin in ${dir}: --plugin takes out what \`hookshim init --plugin\` wrote there`,
      EXIT.usage,
    );
  const names: string[] = [];
  for (const place of found.plugins) {
    const folder = path.relative(dir, place.root).split(path.sep).join('/');
    const at = (rel: string) => (folder ? `${folder}/${rel}` : rel);
    const hooksFile = path.join(place.root, PLUGIN_HOOKS);
    const doc = readJson(hooksFile);
    if (fs.existsSync(hooksFile) && !doc)
      throw new CommandError(
        `${hooksFile}: not a JSON object. Fix it first: hookshim does not rewrite a file it cannot read.`,
      );
    const hooksKept = doc ? takeOurEntries(dir, at(PLUGIN_HOOKS), doc, e) : false;
    removeIf(dir, at(PLUGIN_BUNDLE), (f) => bundleVersion(f) !== undefined, e);
    planManifest(dir, at(PLUGIN_MANIFEST), hooksKept, e);
    const claude = readJson(path.join(place.root, CLAUDE_MANIFEST));
    names.push(typeof claude?.name === 'string' ? claude.name : path.basename(place.root));
  }
  if (found.marketplace) planMarketplace(dir, names, e);
}

/** The keys `init --plugin` writes in a plugin's .cursor-plugin/plugin.json (src/commands/initPlugin.ts manifestText). */
const MANIFEST_KEYS = ['name', 'version', 'description', 'hooks', 'minClientVersions'];

/** The Cursor manifest: deleted when it holds only what init writes; else its `hooks` pointer goes with the hooks file. */
function planManifest(dir: string, rel: string, hooksKept: boolean, e: Edits): void {
  const file = path.join(dir, rel);
  if (!fs.existsSync(file)) return;
  const doc = readJson(file);
  if (!doc) {
    e.report.kept.push({ file: rel, why: 'it is not a JSON object, so not what init writes' });
    return;
  }
  const mins = isRecord(doc.minClientVersions) ? Object.keys(doc.minClientVersions) : [];
  const own = Object.keys(doc).filter(
    (k) => !MANIFEST_KEYS.includes(k) || (k === 'minClientVersions' && mins.some((m) => m !== 'cursor')),
  );
  if (own.length === 0 && !hooksKept) return remove(dir, rel, e);
  if (!hooksKept && doc.hooks === `./${PLUGIN_HOOKS}`) {
    const { hooks: _hooks, ...rest } = doc;
    rewrite(dir, rel, rest, `"hooks": "./${PLUGIN_HOOKS}"`, e);
  }
  e.report.kept.push({
    file: rel,
    why: hooksKept
      ? `${PLUGIN_HOOKS} still holds entries of yours`
      : `it holds keys init does not write (${own.join(', ')})`,
  });
}

/** .cursor-plugin/marketplace.json: the entries of the plugins uninstalled go; the file when nothing else is left. */
function planMarketplace(dir: string, names: readonly string[], e: Edits): void {
  const file = path.join(dir, CURSOR_MARKETPLACE);
  if (!fs.existsSync(file)) return;
  const doc = readJson(file);
  if (!doc)
    throw new CommandError(
      `${file}: not a JSON object. Fix it first: hookshim does not rewrite a file it cannot read.`,
    );
  const listed = Array.isArray(doc.plugins) ? (doc.plugins as unknown[]) : [];
  const left = listed.filter((p) => !(isRecord(p) && typeof p.name === 'string' && names.includes(p.name)));
  const own = Object.keys(doc).filter((k) => !['name', 'owner', 'metadata', 'plugins'].includes(k));
  if (left.length === 0 && own.length === 0) return remove(dir, CURSOR_MARKETPLACE, e);
  if (left.length !== listed.length)
    rewrite(dir, CURSOR_MARKETPLACE, { ...doc, plugins: left }, 'the bound plugins', e);
  e.report.kept.push({ file: CURSOR_MARKETPLACE, why: 'it lists plugins or keys init did not write' });
}

/** Remove `rel` when it exists and `ours` says init wrote it; else say it was kept. */
function removeIf(dir: string, rel: string, ours: (file: string) => boolean, e: Edits): void {
  const file = path.join(dir, rel);
  if (!fs.existsSync(file)) return;
  if (ours(file)) remove(dir, rel, e);
  else e.report.kept.push({ file: rel, why: 'it is not a file hookshim writes (no hookshim banner): left in place' });
}

function remove(dir: string, rel: string, e: Edits): void {
  e.writes.set(path.join(dir, rel), null);
  e.report.removed.push(rel);
}

function rewrite(dir: string, rel: string, doc: Record<string, unknown>, took: string, e: Edits): void {
  e.writes.set(path.join(dir, rel), `${JSON.stringify(doc, null, 2)}\n`);
  e.report.changed.push({ file: rel, took });
}

/** Write and delete what was decided; a failure names the file (exit 3). */
function apply(e: Edits): void {
  for (const [file, text] of e.writes) {
    try {
      if (text === null) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, text);
    } catch (err) {
      throw new CommandError(`cannot ${text === null ? 'remove' : 'write'} ${file}: ${(err as Error).message}`);
    }
  }
}

/** Folders init created that are empty once its files are gone (deepest first): removed, and said. */
function pruneFolders(dir: string, folders: readonly string[], e: Edits, dryRun: boolean): void {
  const gone = new Set([...e.writes].filter(([, t]) => t === null).map(([f]) => f));
  for (const folder of folders) {
    let names: string[];
    try {
      names = fs.readdirSync(folder);
    } catch {
      continue;
    }
    if (!names.every((n) => gone.has(path.join(folder, n)))) continue;
    if (!dryRun) fs.rmSync(folder, { recursive: true, force: true });
    gone.add(folder);
    e.report.removed.push(`${path.relative(dir, folder).split(path.sep).join('/')}/`);
  }
}

/** The report in words: each file removed or changed, each kept with why; `nothing to remove` when hookshim was not bound. */
export function renderUninstall(r: UninstallReport, p: Paint, dryRun: boolean): string {
  const lines = [`${p.bold('hookshim uninstall')}  ${r.dir}${dryRun ? p.dim(' (dry run: nothing written)') : ''}`];
  for (const f of r.removed) lines.push(`  ${p.red(dryRun ? 'would remove' : 'removed')}  ${f}`);
  for (const c of r.changed)
    lines.push(`  ${p.yellow(dryRun ? 'would change' : 'changed')}  ${c.file}: took out ${c.took}`);
  for (const k of r.kept) lines.push(`  ${p.dim('kept')}     ${k.file}: ${k.why}`);
  if (r.removed.length === 0 && r.changed.length === 0) lines.push('  nothing to remove: hookshim is not bound here');
  else if (!dryRun)
    lines.push(
      '',
      'Commit the removal (git add -A, then git commit): Cloud agents booting the branch then run none of it.',
    );
  return `${lines.join('\n')}\n`;
}
