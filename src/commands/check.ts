// `hookshim check [DIR]`: everything that can be wrong with a repo's binding, found without running anything.
// Each problem is a Finding with a stable code; `error` fails CI, `warning` only with --strict, `info` is context.
import fs from 'node:fs';
import path from 'node:path';
import { compileRegex, MATCHED_BY, missedBy, type MatchedEvent } from '../../adapters/cursorMatcher.ts';
import { HANDLED_EVENTS, type HandledEvent } from '../../adapters/events.ts';
import { isRecord } from '../../adapters/json.ts';
import { rowPlace, type Catalog } from '../../catalog/types.ts';
import { CONFIG_FILE, ConfigSchema, parseConfig, type HookshimConfig } from '../project/config.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import { keepsTranscripts } from '../hook/jobs.ts';
import {
  boundBundles,
  bundleVersion,
  cannotRun,
  detectMode,
  HOOKS_JSON,
  isOurs,
  PACKAGED,
  planBinding,
  readHooksFile,
  runsOn,
  VENDORED,
  type HooksFile,
  type InitPlan,
  type Mode,
  type PlanOptions,
} from '../project/binding.ts';
import { safeHome } from '../state/fsx.ts';
import { catalogFindings, loadCatalogs, type LoadedCatalogs } from './catalogs.ts';
import { checkConventions, checkRows, REBIND } from './checkRows.ts';
import { doubleBinding, nativeDuplicates } from './doubleBinding.ts';
import { resultGateOf } from '../hook/select.ts';
import { defaultBundle } from './init.ts';
import type { Finding } from './io.ts';

export { onPath } from './checkRows.ts';

export interface CheckOptions {
  dir: string;
  env: NodeJS.ProcessEnv;
  /** The bundle a vendored copy must equal; defaults to the one beside this CLI. */
  bundle?: string;
  /** Expected mode; defaults to what .cursor/hooks.json uses, else vendored. */
  mode?: Mode;
  /** Also read per-machine Claude settings for double binding (doctor). */
  machine?: boolean;
  home?: string;
  /** Check these catalogs instead of the recorded list (init --dry-run: the list it would record). */
  catalogs?: readonly string[];
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
  plan: InitPlan | undefined;
  findings: Finding[];
  /** No catalog could be read: nothing else was checked. */
  fatal: boolean;
}

/** Run every check on the repo at `dir`. */
export function runChecks(opts: CheckOptions): CheckResult {
  const dir = path.resolve(opts.dir);
  const home = opts.home ?? (opts.env.HOME || safeHome());
  const findings: Finding[] = [];
  const hooks = readHooksFile(dir);
  const existing = hooks.kind === 'ok' ? hooks.hooks : {};
  const mode = opts.mode ?? detectMode(existing) ?? 'vendored';
  const { config, findings: configFindings } = checkConfig(dir);
  const catalogs = loadCatalogs(dir, opts.catalogs ?? config.catalogs);
  const base = { dir, catalogs, config, hooks, mode };
  findings.push(...catalogFindings(catalogs, dir, opts.env), ...configFindings);
  if (!catalogs.loads.some((l) => l.ok)) return { ...base, catalog: undefined, plan: undefined, findings, fatal: true };
  const catalog = catalogs.catalog;
  // Matchers only when every listed catalog loaded and none is one person's (docs/events.md, "Which calls start hookshim").
  const narrow =
    catalogs.sources.every((s) => s.kind !== 'personal') &&
    catalogs.loads.length === catalogs.sources.length &&
    catalogs.loads.every((l) => l.ok);
  const plan = planBinding(catalog, mode, bindingOptions(config, narrow));
  findings.push(...checkBinding(hooks, plan, catalog));
  findings.push(...checkBundle(dir, mode, opts.bundle ?? defaultBundle(), existing));
  findings.push(...checkRows(catalog, { dir, home, env: opts.env, hooks, plan }));
  findings.push(...checkConventions(catalog, config, { dir, home }));
  findings.push(...checkResultGated(catalog, config));
  const sources = catalogs.loads.filter((l) => l.ok).map((l) => l.source);
  findings.push(
    ...doubleBinding(catalog.rows, sources, dir, home, {
      machine: opts.machine ?? false,
      severity: opts.machine ? 'error' : 'warning',
    }),
  );
  findings.push(...nativeDuplicates(catalog.rows, hooks, dir, home));
  return { ...base, catalog, plan, findings, fatal: false };
}

/** .cursor/hookshim.json: valid, and no keys the schema does not know (they would be ignored silently). */
function checkConfig(dir: string): { config: HookshimConfig; findings: Finding[] } {
  const file = path.join(dir, CONFIG_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { config: {}, findings: [] };
  }
  const parsed = parseConfig(text);
  if (parsed.error)
    return {
      config: {},
      findings: [
        {
          code: 'config-invalid',
          severity: 'error',
          where: CONFIG_FILE,
          message: `${parsed.error}; the hook path ignores the whole file and uses defaults`,
          fix: 'fix it against catalog/schema/hookshim-config.schema.json',
        },
      ],
    };
  const findings: Finding[] = [];
  const raw = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
  const checkShape = (ConfigSchema.shape.check as unknown as { def: { innerType: { shape: object } } }).def.innerType
    .shape;
  const unknown = (obj: unknown, known: object, prefix: string) => {
    if (typeof obj !== 'object' || obj === null) return;
    for (const k of Object.keys(obj))
      if (!(k in known))
        findings.push({
          code: 'config-unknown-key',
          severity: 'warning',
          where: CONFIG_FILE,
          message: `unknown key "${prefix}${k}" is ignored (known: ${Object.keys(known).join(', ')})`,
        });
  };
  unknown(raw, ConfigSchema.shape, '');
  unknown(raw.check, checkShape, 'check.');
  return { config: parsed.config, findings };
}

/**
 * What init plans with besides the catalog, from `.cursor/hookshim.json` (raw or parsed: a value of the wrong type is
 * check's to report, and is left out here): loopLimit, promptContext, and whether transcripts are kept.
 */
export function bindingOptions(
  cfg: { loopLimit?: unknown; transcripts?: unknown; promptContext?: unknown },
  narrow: boolean,
): PlanOptions {
  const ll = cfg.loopLimit;
  return {
    narrow,
    ...(ll === null || (typeof ll === 'number' && Number.isInteger(ll) && ll >= 0) ? { loopLimit: ll } : {}),
    keepsTranscripts: keepsTranscripts(typeof cfg.transcripts === 'boolean' ? cfg.transcripts : undefined),
    ...(typeof cfg.promptContext === 'string' ? { promptContext: cfg.promptContext } : {}),
  };
}

/** .cursor/hooks.json holds exactly the entries init would write for these catalogs. */
function checkBinding(hooks: HooksFile, plan: InitPlan, catalog: Catalog): Finding[] {
  if (hooks.kind === 'absent') {
    return plan.events.length === 0
      ? []
      : [
          {
            code: 'binding-missing',
            severity: 'error',
            where: HOOKS_JSON,
            message: `does not exist, so Cursor runs none of the catalog (it needs ${plan.events.join(', ')})`,
            fix: REBIND,
          },
        ];
  }
  if (hooks.kind === 'invalid')
    return [
      {
        code: 'binding-invalid',
        severity: 'error',
        where: HOOKS_JSON,
        message: `${hooks.error}; Cursor cannot load it`,
        fix: `fix it, then ${REBIND}`,
      },
    ];
  const out: Finding[] = [];
  if (hooks.doc.version !== 1)
    out.push({
      code: 'binding-version',
      severity: 'warning',
      where: HOOKS_JSON,
      message: `"version" is ${JSON.stringify(hooks.doc.version)}; Cursor's schema is version 1`,
    });
  out.push(...invalidMatchers(hooks.hooks));
  for (const ev of plan.events) {
    const mine = (hooks.hooks[ev] ?? []).filter(isOurs) as Record<string, unknown>[];
    const want = plan.entries[ev] as object;
    const rows = catalog.rows.filter((r) => runsOn(r.event, ev) && !cannotRun(r)).map(rowPlace);
    const stale = mine.length === 1 ? skipsNeeded(ev, mine[0], plan) : undefined;
    if (mine.length === 0) {
      out.push({
        code: 'binding-missing-event',
        severity: 'error',
        where: `${HOOKS_JSON} ${ev}`,
        message: `not bound, but the catalog needs it${rows.length ? ` (${rows.slice(0, 3).join(', ')}${rows.length > 3 ? ', …' : ''})` : ' (to record tool results and carry context)'}`,
        fix: REBIND,
      });
    } else if (mine.length > 1) {
      out.push({
        code: 'binding-duplicate',
        severity: 'error',
        where: `${HOOKS_JSON} ${ev}`,
        message: `${mine.length} hookshim entries: Cursor starts hookshim ${mine.length} times per event`,
        fix: REBIND,
      });
    } else if (isOlderCommand(String(mine[0]?.command), ev)) {
      out.push({
        code: 'binding-older-command',
        severity: 'error',
        where: `${HOOKS_JSON} ${ev}`,
        message: `bound with the older command ${JSON.stringify(mine[0]?.command)}: it starts only from the project root (a host that runs hooks from .cursor/ cannot start it, docs/hosts.md) and leaves failClosed to the host`,
        fix: REBIND,
      });
    } else if (stale) {
      out.push(stale);
    } else if (!sameJson(mine[0], want)) {
      out.push({
        code: 'binding-differs',
        severity: 'error',
        where: `${HOOKS_JSON} ${ev}`,
        message: `the entry is ${JSON.stringify(mine[0])}; init writes ${JSON.stringify(want)}${differences(mine[0] as Record<string, unknown>, want as Record<string, unknown>)}`,
        fix: REBIND,
      });
    }
  }
  for (const [ev, list] of Object.entries(hooks.hooks)) {
    if (plan.events.includes(ev as HandledEvent) || !list.some(isOurs)) continue;
    const why = (HANDLED_EVENTS as readonly string[]).includes(ev)
      ? 'no catalog row needs it any more'
      : 'hookshim does not handle this event';
    out.push({
      code: 'binding-stale',
      severity: 'error',
      where: `${HOOKS_JSON} ${ev}`,
      message: `bound to hookshim, but ${why}: every event starts a process for nothing`,
      fix: REBIND,
    });
  }
  return out;
}

/** Any entry (hookshim's or not) whose matcher Cursor cannot compile: Cursor then rejects the whole file (docs/cursor-hooks.md §11). */
function invalidMatchers(hooks: Record<string, unknown[]>): Finding[] {
  const out: Finding[] = [];
  for (const [ev, list] of Object.entries(hooks)) {
    list.forEach((e, i) => {
      const m = isRecord(e) ? e.matcher : undefined;
      if (m === undefined || (typeof m === 'string' && compileRegex(m) !== undefined)) return;
      out.push({
        code: 'binding-matcher-invalid',
        severity: 'error',
        where: `${HOOKS_JSON} ${ev}[${i}]`,
        message: `matcher ${JSON.stringify(m)} is not a JavaScript regular expression: Cursor rejects the whole file, so no hook in it runs (hookshim's guards included)`,
        fix: 'fix or remove the matcher (a JavaScript regex, tested against the tool type), then run `hookshim check` again',
      });
    });
  }
  return out;
}

/** Our entry's matcher skips a tool (or subagent type) the catalog's rows now need: their guards never start there. */
function skipsNeeded(
  ev: HandledEvent,
  entry: Record<string, unknown> | undefined,
  plan: InitPlan,
): Finding | undefined {
  if (
    !entry ||
    !Object.hasOwn(MATCHED_BY, ev) ||
    typeof entry.matcher !== 'string' ||
    compileRegex(entry.matcher) === undefined
  )
    return undefined;
  const missed = missedBy(MATCHED_BY[ev as MatchedEvent], entry.matcher, plan.entries[ev]?.matcher);
  if (missed.length === 0) return undefined;
  return {
    code: 'binding-matcher-stale',
    severity: 'error',
    where: `${HOOKS_JSON} ${ev}`,
    message: `its matcher ${JSON.stringify(entry.matcher)} skips ${missed.join(', ')}, which catalog rows now match: Cursor starts no hookshim for ${missed.length === 1 ? 'that call' : 'those calls'}, so their guards never run`,
    fix: REBIND,
  };
}

/** The command init wrote before it found the bundle from .cursor/ too: `node .cursor/hooks/hookshim.[cm]js <event>`, or the package's. */
function isOlderCommand(command: string, event: string): boolean {
  return new RegExp(
    `^node (\\.cursor/hooks/hookshim\\.[cm]js|node_modules/hookshim/dist/hookshim\\.cjs) ${event}$`,
  ).test(command.trim());
}

/** The vendored bundle equals the one this CLI ships; in package mode, the package is installed. */
function checkBundle(dir: string, mode: Mode, shipped: string, hooks: Record<string, unknown[]>): Finding[] {
  if (mode === 'package') {
    return fs.existsSync(path.join(dir, PACKAGED))
      ? []
      : [
          {
            code: 'package-missing',
            severity: 'error',
            where: PACKAGED,
            message: 'missing: the bound command cannot start, and Cursor lets every action through',
            fix: 'add hookshim to devDependencies and run npm install (Cloud agents: install dependencies in the environment setup)',
          },
        ];
  }
  const older = olderBundles(dir, hooks);
  if (older.length > 0 && !boundBundles(hooks).includes(VENDORED)) return older;
  const dest = path.join(dir, VENDORED);
  if (!fs.existsSync(dest))
    return [
      ...older,
      {
        code: 'bundle-missing',
        severity: 'error',
        where: VENDORED,
        message: 'missing: the bound command cannot start, and Cursor lets every action through',
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
function olderBundles(dir: string, hooks: Record<string, unknown[]>): Finding[] {
  return boundBundles(hooks)
    .filter((b) => b !== VENDORED && b !== PACKAGED)
    .map((b): Finding => {
      const file = path.join(dir, b);
      if (!fs.existsSync(file))
        return {
          code: 'bundle-missing',
          severity: 'error',
          where: b,
          message: 'missing: the bound command cannot start, and Cursor lets every action through',
          fix: `run \`hookshim init\` and commit .cursor/ (it binds ${VENDORED})`,
        };
      const v = bundleVersion(file);
      return {
        code: 'bundle-old',
        severity: 'error',
        where: b,
        message: `the binding runs this older bundle${v ? ` (hookshim ${v})` : ''}: it still runs, but it is not the bundle this CLI ships (${VENDORED})`,
        fix: `run \`hookshim init\`: it binds ${VENDORED} and removes ${b}; commit .cursor/`,
      };
    });
}

/** JSON equality that ignores key order. */
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** " (timeout 30 → 45; failClosed true → none)". */
function differences(have: Record<string, unknown>, want: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(have), ...Object.keys(want)])].filter(
    (k) => canonical(have[k]) !== canonical(want[k]),
  );
  const show = (v: unknown) => (v === undefined ? 'none' : JSON.stringify(v));
  return keys.length ? ` (${keys.map((k) => `${k} ${show(have[k])} → ${show(want[k])}`).join('; ')})` : '';
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
        message: `selects PreToolUse guards (${pre.map((r) => r.locator).join(', ')}): gating them would allow every tool call until the first tool result, so the hook path runs them anyway`,
        fix: 'name only the Stop-like rows that cannot work without tool results',
      });
    else if (rows.length > RESULT_GATED_MAX_ROWS)
      out.push({
        code: 'result-gated-broad',
        severity: 'error',
        where,
        message: `selects ${rows.length} rows (${rows.map((r) => r.locator).join(', ')}); every one of them is skipped until the first tool result`,
        fix: 'name each row that needs tool results by its locator',
      });
  }
  return out;
}
