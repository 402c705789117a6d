// `hookshim init --host copilot`: bind the repository's Claude catalogs for GitHub Copilot in
// .github/hooks/hookshim.json (hookshim's own file, docs/copilot-hooks.md §2) and vendor the bundle beside it. A
// repository bound only for Copilot gets no .cursor/. `checkCopilot` tells whether that binding is what init writes.
import fs from 'node:fs';
import path from 'node:path';
import { COPILOT_BUNDLE, planCopilot, type CopilotEntry } from '../../adapters/hosts/copilot/binding.ts';
import { COPILOT } from '../../adapters/hosts/copilot/index.ts';
import { planBinding } from '../project/bindingPlan.ts';
import { NODE_FLAGS } from '../project/nodeFlags.ts';
import { planCatalogList } from '../project/catalogList.ts';
import { loadListedCatalogs } from './catalogs.ts';
import type { Finding } from './findings.ts';
import { findRoot, readConfigDoc, recordCatalogs, type ConfigDoc } from './initFiles.ts';
import { CommandError, EXIT } from './io.ts';
import { bindingOptions, defaultBundle } from './plan.ts';

/** The Copilot binding file, relative to the project root. */
export const COPILOT_HOOKS = COPILOT.binding.file;

export interface CopilotInit {
  root: string;
  /** Files written (or, with dryRun, that would be), relative to the root. */
  written: string[];
  unchanged: string[];
  entries: Record<string, CopilotEntry>;
  warnings: string[];
}

/** Where the catalogs are recorded for Copilot: .cursor/hookshim.json when it exists, else Copilot's own file. */
function configDocFor(root: string): ConfigDoc {
  const shared = readConfigDoc(root);
  if (shared.doc !== undefined) return shared;
  const file = path.join(root, COPILOT.configFile as string);
  const doc = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
  const listed = doc?.catalogs;
  return { file, doc, catalogs: Array.isArray(listed) ? (listed as string[]) : undefined };
}

/**
 * What init writes for Copilot in `root`: the binding's text and the config's, from the recorded (or found) catalogs
 * and `extra` (init's --catalog).
 */
export function copilotBinding(
  root: string,
  extra: readonly string[] = [],
): {
  text: string;
  config: { file: string; text: string | undefined };
  entries: Record<string, CopilotEntry>;
  warnings: string[];
} {
  const config = configDocFor(root);
  const list = planCatalogList(root, config.catalogs, extra).list;
  const loaded = loadListedCatalogs(root, list);
  if (loaded.catalog.rows.length === 0)
    throw new CommandError(
      `no catalog rows to bind in ${root} (looked in ${list.join(', ') || 'hooks/hooks.json'})`,
      EXIT.cannot,
    );
  const plan = planBinding(loaded.catalog, 'vendored', bindingOptions(config.doc ?? {}, true));
  const timeoutFor = (shared: string) =>
    (plan.entries as Record<string, { timeout: number } | undefined>)[shared]?.timeout;
  const entries = planCopilot(loaded.catalog.rows, NODE_FLAGS, timeoutFor) as Record<string, CopilotEntry>;
  const hooks = Object.fromEntries(Object.entries(entries).map(([ev, e]) => [ev, [e]]));
  const text = `${JSON.stringify({ version: 1, hooks }, null, 2)}\n`;
  const configText = recordCatalogs(config, list);
  return {
    text,
    config: { file: path.relative(root, config.file).split(path.sep).join('/'), text: configText },
    entries,
    warnings: copilotWarnings(loaded.sources.map((s) => s.kind)),
  };
}

/** What a maintainer must know about Copilot and these catalogs (docs/copilot-hooks.md §1, §6). */
function copilotWarnings(kinds: readonly string[]): string[] {
  const out = [
    'Copilot CLI runs repository hooks in -p mode only in a trusted folder or with ' +
      'GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true (docs/copilot-hooks.md §1)',
  ];
  if (kinds.includes('settings') || kinds.includes('personal'))
    out.push(
      'Copilot also runs .claude/settings.json hooks itself, with its own input keys and without a transcript ' +
        '(docs/copilot-hooks.md §6): those rows run twice per event, once through hookshim (first, as Claude Code ' +
        'runs them) and once natively (a guard reading file_path sees none; one that exits 1 denies the call). No ' +
        'repository setting turns off only the native run; a script can skip it: `[ -n "$COPILOT_CLI" ] && ' +
        '[ -z "$COPILOT_HOOK_DIR" ] && exit 0` (docs/usage.md "Copilot")',
    );
  return out;
}

/** Bind `dir`'s repository for Copilot. */
export function initCopilot(opts: {
  dir: string;
  dryRun?: boolean;
  bundle?: string;
  catalogs?: readonly string[];
}): CopilotInit {
  const root = findRoot(opts.dir, false).root;
  const { text, config, entries, warnings } = copilotBinding(root, opts.catalogs);
  const bundle = fs.readFileSync(opts.bundle ?? defaultBundle());
  const report: CopilotInit = { root, written: [], unchanged: [], entries, warnings };
  const files: [string, Buffer][] = [
    [COPILOT_HOOKS, Buffer.from(text)],
    [COPILOT_BUNDLE, bundle],
  ];
  if (config.text !== undefined) files.push([config.file, Buffer.from(config.text)]);
  for (const [rel, body] of files) {
    const file = path.join(root, rel);
    const same = fs.existsSync(file) && fs.readFileSync(file).equals(body);
    (same ? report.unchanged : report.written).push(rel);
    if (same || opts.dryRun) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body, rel === COPILOT_BUNDLE ? { mode: 0o755 } : {});
  }
  return report;
}

/** check's findings for a Copilot binding, when the repository has one: in sync with the catalog, bundle current. */
export function checkCopilot(root: string, bundle = defaultBundle()): Finding[] {
  const file = path.join(root, COPILOT_HOOKS);
  if (!fs.existsSync(file)) return [];
  const out: Finding[] = [];
  let want: string | undefined;
  try {
    want = copilotBinding(root).text;
  } catch (err) {
    return [
      {
        code: 'copilot-binding-stale',
        severity: 'error',
        where: COPILOT_HOOKS,
        message: (err as Error).message,
        fix: 'fix the catalog, then run `hookshim init --host copilot`',
      },
    ];
  }
  if (fs.readFileSync(file, 'utf8') !== want)
    out.push({
      code: 'copilot-binding-stale',
      severity: 'error',
      where: COPILOT_HOOKS,
      message:
        'is not what `hookshim init --host copilot` writes for the catalog now: guards may not start under Copilot',
      fix: 'run `hookshim init --host copilot` and commit .github/hooks/',
    });
  const vendored = path.join(root, COPILOT_BUNDLE);
  if (!fs.existsSync(vendored) || !fs.readFileSync(vendored).equals(fs.readFileSync(bundle)))
    out.push({
      code: 'copilot-bundle-stale',
      severity: 'error',
      where: COPILOT_BUNDLE,
      message: fs.existsSync(vendored)
        ? 'differs from the bundle this hookshim ships'
        : 'is missing: every Copilot hook command fails, and Copilot denies every tool call (a hook error denies)',
      fix: 'run `hookshim init --host copilot` and commit .github/hooks/',
    });
  return out;
}
