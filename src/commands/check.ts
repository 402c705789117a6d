// `hookshim check [DIR]`: everything that can be wrong with a repo's binding, found without running anything.
// Each problem is a Finding with a stable code; `error` fails CI, `warning` only with --strict, `info` is context.
import fs from 'node:fs';
import path from 'node:path';
import type { Catalog } from '../../catalog/types.ts';
import { CONFIG_FILE, parseConfig, salvageCatalogs, type HookshimConfig } from '../project/config.ts';
import {
  boundBundles,
  bundleVersion,
  PACKAGED,
  readHooksFile,
  VENDORED,
  type HooksFile,
  type BindingPlan,
  type Mode,
} from '../project/binding.ts';
import { planBinding } from '../project/bindingPlan.ts';
import { safeHome } from '../state/fsx.ts';
import { readConfigText } from '../project/load.ts';
import { handlerFindings } from './checkHandlers.ts';
import { catalogFindings, loadListedCatalogs, type LoadedCatalogs } from './catalogs.ts';
import { checkConventions, checkRows } from './checkRows.ts';
import { acknowledge, doubleBinding, otherLoaders } from './doubleBinding.ts';
import { nativeDuplicates } from './nativeDuplicates.ts';
import { resultGateOf } from '../hook/select.ts';
import { cannotStart, checkBinding } from './checkBinding.ts';
import { ignoredBinding, ignoredFixes } from './gitIgnored.ts';
import { boundEventCounts, hostCatalogs, withHostFindings } from './hosts.ts';
import { bindingOptions, defaultBundle } from './plan.ts';
import type { Finding, FindingCode } from './findings.ts';
import { EXIT, tally } from './io.ts';
import { detectModeIn } from '../project/launcher.ts';
import { checkLaunchers } from './launcher.ts';
import { THIS_HOST, type Host } from '../hook/platform.ts';
import { windowsFindings } from './windows.ts';

export { onPath } from '../hook/onPath.ts';

export interface CheckOptions {
  dir: string;
  env: NodeJS.ProcessEnv;
  /** The bundle a vendored copy must equal; defaults to the one beside this CLI. */
  bundle?: string;
  /** Expected mode; defaults to what .cursor/hooks.json uses, else vendored. */
  mode?: Mode;
  /** Also read per-machine Claude settings for double binding (doctor). */
  machine?: boolean;
  /** The machine's platform and file probe (src/hook/platform.ts); tests fake Windows with it. */
  host?: Host;
  home?: string;
  /** Check these catalogs instead of the recorded list (init --dry-run: the list it would record). */
  catalogs?: readonly string[];
  /** What init has read and planned already (`.cursor/hooks.json` as bound, the catalogs, the plan): not read again. */
  known?: { hooks: HooksFile; catalogs: LoadedCatalogs; plan: BindingPlan };
}

export interface CheckResult {
  dir: string;
  /** The catalogs Cursor runs here (`.cursor/hookshim.json` catalogs), each loaded. */
  catalogs: LoadedCatalogs;
  /** All rows of the catalogs that loaded; undefined when none did. */
  catalog: Catalog | undefined;
  config: HookshimConfig;
  hooks: HooksFile;
  mode: Mode;
  plan: BindingPlan | undefined;
  findings: Finding[];
  /** No catalog could be read: nothing else was checked. */
  fatal: boolean;
  /** Each bound host (Cursor when none is) and how many of its events start hookshim (Cursor's: as planned). */
  hosts?: { host: string; name: string; events: number }[];
}

/** Run every check on the repo at `dir`. */
export function runChecks(opts: CheckOptions): CheckResult {
  const dir = path.resolve(opts.dir);
  const home = opts.home ?? (opts.env.HOME || safeHome());
  const findings: Finding[] = [];
  const hooks = opts.known?.hooks ?? readHooksFile(dir);
  const existing = hooks.kind === 'ok' ? hooks.hooks : {};
  const mode = opts.mode ?? detectModeIn(dir, existing) ?? 'vendored';
  const { config, findings: configFindings } = checkConfig(dir);
  const listed = opts.catalogs ?? config.catalogs ?? hostCatalogs(dir);
  const catalogs = opts.known?.catalogs ?? loadListedCatalogs(dir, listed);
  const base = { dir, catalogs, config, hooks, mode };
  findings.push(...catalogFindings(catalogs, dir, opts.env), ...configFindings);
  findings.push(...handlerFindings(catalogs, dir, config));
  if (!catalogs.loads.some((l) => l.ok)) return { ...base, catalog: undefined, plan: undefined, findings, fatal: true };
  const catalog = catalogs.catalog;
  // On Windows, a machine without Git Bash is said first (docs/hosts.md, "Windows").
  findings.unshift(...windowsFindings(catalog.rows, opts.env, opts.host ?? THIS_HOST));
  // Matchers only when every listed catalog loaded and none is one person's (docs/events.md, "Which calls start hookshim").
  const narrow =
    catalogs.sources.every((s) => s.kind !== 'personal') &&
    catalogs.loads.length === catalogs.sources.length &&
    catalogs.loads.every((l) => l.ok);
  const plan = opts.known?.plan ?? planBinding(catalog, mode, bindingOptions(config, narrow));
  // A binding git ignores is in no commit: every "run init and commit" below says how to commit it (binding-ignored).
  const ignored = ignoredBinding(dir, mode);
  findings.push(
    ...ignored.findings,
    ...ignoredFixes(
      [
        ...checkBinding(hooks, plan, catalog),
        ...checkBundle(dir, mode, opts.bundle ?? defaultBundle(), hooks),
        ...checkLaunchers(dir, mode, hooks),
      ],
      ignored.files,
    ),
  );
  findings.push(
    ...checkRows(catalog, { dir, home, env: opts.env, hooks, plan, ...(opts.host ? { host: opts.host } : {}) }),
  );
  findings.push(...checkConventions(catalog, config, { dir, home }));
  findings.push(...checkResultGated(catalog, config));
  const sources = catalogs.loads.filter((l) => l.ok).map((l) => l.source);
  const doubled = doubleBinding(catalog.rows, sources, dir, home, {
    machine: opts.machine ?? false,
    severity: opts.machine ? 'error' : 'warning',
  });
  findings.push(
    ...acknowledge([...doubled, ...otherLoaders(sources, catalog.rows, dir)], config.check?.knownDoubleBinding),
  );
  findings.push(...nativeDuplicates(catalog.rows, hooks, dir, home, sources));
  const all = withHostFindings(dir, findings, { rows: catalog.rows, sources, home });
  return { ...base, catalog, plan, findings: all, fatal: false, hosts: boundEventCounts(dir, plan.events.length) };
}

/**
 * Findings that leave nothing sound to check against, or a binding that cannot start: check and doctor exit 3 on them,
 * as `--help` and docs/tooling.md ("Exit codes") say.
 */
export const CANNOT_PROCEED: ReadonlySet<FindingCode> = new Set([
  'binding-invalid',
  'config-invalid',
  'bundle-missing',
]);

/** The exit code of check and doctor: 3 when they cannot proceed, 1 on an error (or a warning with strict), else 0. */
export function checkExit(result: Pick<CheckResult, 'fatal'>, findings: readonly Finding[], strict: boolean): number {
  if (result.fatal || findings.some((f) => CANNOT_PROCEED.has(f.code))) return EXIT.cannot;
  const t = tally(findings);
  return t.errors > 0 || (strict && t.warnings > 0) ? EXIT.problems : EXIT.ok;
}

/** .cursor/hookshim.json: valid, with no key the schema does not know (a typo such as "catalog" would drop catalogs). */
function checkConfig(dir: string): { config: HookshimConfig; findings: Finding[] } {
  let unreadable: string | undefined;
  const text = readConfigText(dir, (_file, err) => (unreadable = `cannot read it: ${err.message}`));
  const parsed = text === undefined ? undefined : parseConfig(text);
  const error = unreadable ?? parsed?.error;
  if (error === undefined) return { config: parsed?.config ?? {}, findings: [] };
  const salvaged = text === undefined ? undefined : salvageCatalogs(text);
  return {
    // What the hook path runs when no good version is kept (src/project/configGuard.ts).
    config: salvaged ? { catalogs: salvaged } : {},
    findings: [
      {
        code: 'config-invalid',
        severity: 'error',
        where: CONFIG_FILE,
        message:
          `${error}; the hook path runs its last good version, and with none denies every tool call ` +
          '(it still runs the catalogs the file names on the other events)',
        fix:
          `fix ${CONFIG_FILE}${parsed?.line !== undefined ? ` at line ${parsed.line}` : ''} (its keys: ` +
          `docs/configuration.md of hookshim), or remove it and run \`hookshim init\` to record the catalogs again`,
      },
    ],
  };
}

/** The vendored bundle equals the one this CLI ships (package mode: src/commands/launcher.ts checks the package). */
function checkBundle(dir: string, mode: Mode, shipped: string, bound: HooksFile): Finding[] {
  if (mode === 'package') return [];
  const hooks = bound.kind === 'ok' ? bound.hooks : {};
  const older = olderBundles(dir, bound);
  if (older.length > 0 && !boundBundles(hooks).includes(VENDORED)) return older;
  const dest = path.join(dir, VENDORED);
  if (!fs.existsSync(dest))
    return [
      ...older,
      {
        code: 'bundle-missing',
        severity: 'error',
        where: VENDORED,
        message: cannotStart(bound),
        fix: 'run `hookshim init` and commit .cursor/hooks/hookshim.cjs',
      },
    ];
  if (!fs.existsSync(shipped))
    return [
      ...older,
      {
        code: 'bundle-unverifiable',
        severity: 'warning',
        where: VENDORED,
        message: `cannot tell whether it is stale: this CLI ships no bundle at ${shipped}`,
        fix: 'run `npm run build` (in a hookshim checkout) or use an installed hookshim',
      },
    ];
  if (fs.readFileSync(dest).equals(fs.readFileSync(shipped))) return older;
  const have = bundleVersion(dest) ?? 'unknown version';
  const want = bundleVersion(shipped) ?? 'unknown version';
  return [
    ...older,
    {
      code: 'bundle-stale',
      severity: 'error',
      where: VENDORED,
      message: `stale: it is hookshim ${have}, this CLI ships ${want}${have === want ? ' (same version, different build)' : ''}`,
      fix: 'run `hookshim init` and commit .cursor/hooks/hookshim.cjs',
    },
  ];
}

/** Bound bundles other than the one init vendors today (an older `.mjs`): running, or missing. */
function olderBundles(dir: string, bound: HooksFile): Finding[] {
  return boundBundles(bound.kind === 'ok' ? bound.hooks : {})
    .filter((b) => b !== VENDORED && b !== PACKAGED)
    .map((b): Finding => {
      const file = path.join(dir, b);
      if (!fs.existsSync(file))
        return {
          code: 'bundle-missing',
          severity: 'error',
          where: b,
          message: cannotStart(bound),
          fix: `run \`hookshim init\` and commit .cursor/ (it binds ${VENDORED})`,
        };
      const v = bundleVersion(file);
      return {
        code: 'bundle-old',
        severity: 'error',
        where: b,
        message:
          `the binding runs this older bundle${v ? ` (hookshim ${v})` : ''}: it still runs, but it is ` +
          `not the bundle this CLI ships (${VENDORED})`,
        fix: `run \`hookshim init\`: it binds ${VENDORED} and removes ${b}; commit .cursor/`,
      };
    });
}

/** Most rows a resultGated entry may select: it is meant for the odd guard that cannot work without tool results. */
const RESULT_GATED_MAX_ROWS = 3;

/** resultGated entries skip rows until the conversation has tool results: never a PreToolUse guard, never many rows. */
function checkResultGated(catalog: Catalog, config: HookshimConfig): Finding[] {
  const out: Finding[] = [];
  for (const mark of config.resultGated ?? []) {
    const rows = catalog.rows.filter((r) => resultGateOf(r, [mark]));
    const where = `${CONFIG_FILE} resultGated "${mark}"`;
    const pre = rows.filter((r) => r.event === 'PreToolUse');
    if (rows.length === 0)
      out.push({
        code: 'result-gated-unused',
        severity: 'warning',
        where,
        message: 'selects no catalog row',
        fix: 'remove the entry, or name a row by its locator',
      });
    else if (pre.length > 0)
      out.push({
        code: 'result-gated-guard',
        severity: 'error',
        where,
        message:
          `selects PreToolUse guards (${pre.map((r) => r.locator).join(', ')}): gating them would ` +
          `allow every tool call until the first tool result, so the hook path runs them anyway`,
        fix: 'name only the Stop-like rows that cannot work without tool results',
      });
    else if (rows.length > RESULT_GATED_MAX_ROWS)
      out.push({
        code: 'result-gated-broad',
        severity: 'error',
        where,
        message:
          `selects ${rows.length} rows (${rows.map((r) => r.locator).join(', ')}); every one of them ` +
          `is skipped until the first tool result`,
        fix: 'name each row that needs tool results by its locator',
      });
  }
  return out;
}
