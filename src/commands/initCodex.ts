// `hookshim init --host codex`: bind the repository's Claude catalogs for OpenAI Codex in .codex/hooks.json (merging:
// groups of anyone else's stay), vendor the bundle beside it, and say what Codex must trust before any of it runs
// (docs/codex-hooks.md §1). `checkCodex` tells whether that binding is what init writes.
import fs from 'node:fs';
import path from 'node:path';
import { CODEX_BUNDLE, planCodex, type CodexGroup } from '../../adapters/hosts/codex/binding.ts';
import { CODEX } from '../../adapters/hosts/codex/index.ts';
import { isRecord } from '../../catalog/types.ts';
import { isOurCommand } from '../project/binding.ts';
import { planBinding } from '../project/bindingPlan.ts';
import { planCatalogList } from '../project/catalogList.ts';
import { NODE_FLAGS } from '../project/nodeFlags.ts';
import { loadListedCatalogs } from './catalogs.ts';
import type { Finding } from './findings.ts';
import { findRoot, readConfigDoc, recordCatalogs, type ConfigDoc } from './initFiles.ts';
import { CommandError, EXIT } from './io.ts';
import { bindingOptions, defaultBundle } from './plan.ts';

/** The Codex binding file, relative to the project root. */
export const CODEX_HOOKS = CODEX.binding.file;

export interface CodexInit {
  root: string;
  written: string[];
  unchanged: string[];
  groups: Record<string, CodexGroup>;
  warnings: string[];
}

/** Where the catalogs are recorded for Codex: .cursor/hookshim.json when it exists, else Codex's own file. */
function configDocFor(root: string): ConfigDoc {
  const shared = readConfigDoc(root);
  if (shared.doc !== undefined) return shared;
  const file = path.join(root, CODEX.configFile as string);
  const doc = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
  const listed = doc?.catalogs;
  return { file, doc, catalogs: Array.isArray(listed) ? (listed as string[]) : undefined };
}

/** A group of .codex/hooks.json that is hookshim's: every handler runs hookshim. */
function ours(group: unknown): boolean {
  if (!isRecord(group) || !Array.isArray(group.hooks) || group.hooks.length === 0) return false;
  return group.hooks.every((h) => isRecord(h) && typeof h.command === 'string' && isOurCommand(h.command));
}

/** The new text of .codex/hooks.json: hookshim's groups replaced by `groups`, everything else as it was. */
function mergedHooks(root: string, groups: Record<string, CodexGroup>): string {
  const file = path.join(root, CODEX_HOOKS);
  let doc: Record<string, unknown> = {};
  if (fs.existsSync(file)) {
    try {
      doc = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch (err) {
      throw new CommandError(`${file}: not valid JSON (${(err as Error).message}); fix it, then run init again`);
    }
  }
  const hooks: Record<string, unknown[]> = {};
  const old = isRecord(doc.hooks) ? doc.hooks : {};
  for (const [event, list] of Object.entries(old))
    if (Array.isArray(list)) {
      const kept = list.filter((g) => !ours(g));
      if (kept.length > 0) hooks[event] = kept;
    }
  for (const [event, group] of Object.entries(groups)) hooks[event] = [...(hooks[event] ?? []), group];
  return `${JSON.stringify({ ...doc, hooks }, null, 2)}\n`;
}

/** What init writes for Codex in `root`: the binding's text and the config's, from the recorded (or found) catalogs. */
export function codexBinding(root: string): {
  text: string;
  config: { file: string; text: string | undefined };
  groups: Record<string, CodexGroup>;
} {
  const config = configDocFor(root);
  const list = planCatalogList(root, config.catalogs).list;
  const loaded = loadListedCatalogs(root, list);
  if (loaded.catalog.rows.length === 0)
    throw new CommandError(
      `no catalog rows to bind in ${root} (looked in ${list.join(', ') || 'hooks/hooks.json'})`,
      EXIT.cannot,
    );
  const plan = planBinding(loaded.catalog, 'vendored', bindingOptions(config.doc ?? {}, true));
  const timeoutFor = (shared: string) =>
    (plan.entries as Record<string, { timeout: number } | undefined>)[shared]?.timeout;
  const groups = planCodex(loaded.catalog.rows, NODE_FLAGS, timeoutFor) as Record<string, CodexGroup>;
  const configText = recordCatalogs(config, list);
  const file = path.relative(root, config.file).split(path.sep).join('/');
  return { text: mergedHooks(root, groups), config: { file, text: configText }, groups };
}

/** What Codex needs before the binding runs (docs/codex-hooks.md §1): both trust gates, and that edits re-gate it. */
const TRUST_WARNINGS = [
  'Codex runs .codex/hooks.json only in a trusted project (`codex exec --trust`, or trust the folder when Codex asks) ' +
    'and each handler only once trusted (review them with /hooks in Codex): an untrusted one is skipped without a word',
  'editing a handler of .codex/hooks.json (its command or timeout) makes it untrusted again on every machine until ' +
    're-trusted; a re-run of init that changes nothing keeps the trust',
];

/** Bind `dir`'s repository for Codex. */
export function initCodex(opts: { dir: string; dryRun?: boolean; bundle?: string }): CodexInit {
  const root = findRoot(opts.dir, false).root;
  const { text, config, groups } = codexBinding(root);
  const report: CodexInit = { root, written: [], unchanged: [], groups, warnings: [...TRUST_WARNINGS] };
  const files: [string, Buffer][] = [
    [CODEX_HOOKS, Buffer.from(text)],
    [CODEX_BUNDLE, fs.readFileSync(opts.bundle ?? defaultBundle())],
  ];
  if (config.text !== undefined) files.push([config.file, Buffer.from(config.text)]);
  for (const [rel, body] of files) {
    const file = path.join(root, rel);
    const same = fs.existsSync(file) && fs.readFileSync(file).equals(body);
    (same ? report.unchanged : report.written).push(rel);
    if (same || opts.dryRun) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body, rel === CODEX_BUNDLE ? { mode: 0o755 } : {});
  }
  return report;
}

/** check's findings for a Codex binding, when the repository has one: in sync with the catalog, bundle current. */
export function checkCodex(root: string, bundle = defaultBundle()): Finding[] {
  const file = path.join(root, CODEX_HOOKS);
  if (!fs.existsSync(file)) return [];
  const fix = 'run `hookshim init --host codex`, commit .codex/, and trust the changed handlers in Codex (/hooks)';
  let want: string;
  try {
    want = codexBinding(root).text;
  } catch (err) {
    return [
      { code: 'codex-binding-stale', severity: 'error', where: CODEX_HOOKS, message: (err as Error).message, fix },
    ];
  }
  const out: Finding[] = [];
  if (fs.readFileSync(file, 'utf8') !== want)
    out.push({
      code: 'codex-binding-stale',
      severity: 'error',
      where: CODEX_HOOKS,
      message: 'is not what `hookshim init --host codex` writes for the catalog now: guards may not start under Codex',
      fix,
    });
  const vendored = path.join(root, CODEX_BUNDLE);
  if (!fs.existsSync(vendored) || !fs.readFileSync(vendored).equals(fs.readFileSync(bundle)))
    out.push({
      code: 'codex-bundle-stale',
      severity: 'error',
      where: CODEX_BUNDLE,
      message: fs.existsSync(vendored)
        ? 'differs from the bundle this hookshim ships'
        : 'is missing: every Codex hook command fails, and Codex lets every call run (a failed hook does not block)',
      fix,
    });
  return out;
}
