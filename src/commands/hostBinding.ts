// What the bindings of the hosts beyond Cursor share (./initCopilot.ts, ./initCodex.ts): where their catalogs are
// recorded, the catalogs' rows and wrapper timeouts, writing their files, and check's findings on them.
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogKind, CatalogRow } from '../../catalog/types.ts';
import { planBinding } from '../project/bindingPlan.ts';
import { planCatalogList } from '../project/catalogList.ts';
import { loadListedCatalogs } from './catalogs.ts';
import type { Finding, FindingCode } from './findings.ts';
import { readConfigDoc, recordCatalogs, type ConfigDoc } from './initFiles.ts';
import { CommandError, EXIT } from './io.ts';
import { bindingOptions, defaultBundle } from './plan.ts';

/** The catalogs of a host's binding, what they hold, and the config text that records them (undefined: unchanged). */
export interface HostCatalogs {
  rows: readonly CatalogRow[];
  kinds: CatalogKind[];
  /** The wrapper timeout Cursor's plan gives a shared event (the host's entry answers within it). */
  timeoutFor(shared: string): number | undefined;
  config: { file: string; text: string | undefined };
}

/** Where the catalogs are recorded for a host: .cursor/hookshim.json when it exists (one list per repository), else `own`. */
function configDoc(root: string, own: string): ConfigDoc {
  const shared = readConfigDoc(root);
  if (shared.doc !== undefined) return shared;
  const file = path.join(root, own);
  const doc = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
  const listed = doc?.catalogs;
  return { file, doc, catalogs: Array.isArray(listed) ? (listed as string[]) : undefined };
}

/** The recorded (or found) catalogs plus `extra` (init's --catalog), loaded; no row at all stops init. */
export function hostCatalogs(root: string, ownConfig: string, extra: readonly string[] = []): HostCatalogs {
  const config = configDoc(root, ownConfig);
  const list = planCatalogList(root, config.catalogs, extra).list;
  const loaded = loadListedCatalogs(root, list);
  if (loaded.catalog.rows.length === 0)
    throw new CommandError(
      `no catalog rows to bind in ${root} (looked in ${list.join(', ') || 'hooks/hooks.json'})`,
      EXIT.cannot,
    );
  const plan = planBinding(loaded.catalog, 'vendored', bindingOptions(config.doc ?? {}, true));
  const entries = plan.entries as Record<string, { timeout: number } | undefined>;
  return {
    rows: loaded.catalog.rows,
    kinds: loaded.sources.map((s) => s.kind),
    timeoutFor: (shared) => entries[shared]?.timeout,
    config: { file: path.relative(root, config.file).split(path.sep).join('/'), text: recordCatalogs(config, list) },
  };
}

/** Write each file whose bytes changed (none with `dryRun`); the bundle executable. Returns what changed and not. */
export function writeHostFiles(
  root: string,
  files: readonly [string, Buffer][],
  opts: { dryRun?: boolean; bundle: string },
): { written: string[]; unchanged: string[] } {
  const out = { written: [] as string[], unchanged: [] as string[] };
  for (const [rel, body] of files) {
    const file = path.join(root, rel);
    const same = fs.existsSync(file) && fs.readFileSync(file).equals(body);
    (same ? out.unchanged : out.written).push(rel);
    if (same || opts.dryRun) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body, rel === opts.bundle ? { mode: 0o755 } : {});
  }
  return out;
}

/** A host binding's files as check sees them: the binding what init writes now, the bundle this hookshim's. */
export function staleHostFindings(
  root: string,
  host: {
    name: string;
    hooks: string;
    bundle: string;
    codes: [FindingCode, FindingCode];
    fix: string;
    missing: string;
  },
  want: () => string,
  bundle = defaultBundle(),
): Finding[] {
  if (!fs.existsSync(path.join(root, host.hooks))) return [];
  const [stale, bundleStale] = host.codes;
  let text: string;
  try {
    text = want();
  } catch (err) {
    return [
      { code: stale, severity: 'error', where: host.hooks, message: (err as Error).message, fix: host.fix },
    ] as Finding[];
  }
  const out: Finding[] = [];
  if (fs.readFileSync(path.join(root, host.hooks), 'utf8') !== text)
    out.push({
      code: stale,
      severity: 'error',
      where: host.hooks,
      message: `is not what \`hookshim init --host ${host.name}\` writes for the catalog now: guards may not start`,
      fix: host.fix,
    } as Finding);
  const vendored = path.join(root, host.bundle);
  if (!fs.existsSync(vendored) || !fs.readFileSync(vendored).equals(fs.readFileSync(bundle)))
    out.push({
      code: bundleStale,
      severity: 'error',
      where: host.bundle,
      message: fs.existsSync(vendored) ? 'differs from the bundle this hookshim ships' : host.missing,
      fix: host.fix,
    } as Finding);
  return out;
}
