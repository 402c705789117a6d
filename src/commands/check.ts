// `hookshim check [DIR]`: everything that can be wrong with a repo's binding, found without running anything.
// Each problem is a Finding with a stable code; `error` fails CI, `warning` only with --strict, `info` is context.
import fs from 'node:fs';
import path from 'node:path';
import { HANDLED_EVENTS, type HandledEvent } from '../../adapters/events.ts';
import { CURSOR_TO_CLAUDE } from '../../adapters/tools.ts';
import { MATCHERLESS_EVENTS, rowTimeoutS, TOOL_EVENTS } from '../../catalog/events.ts';
import { compileIfRule } from '../../catalog/ifRule.ts';
import { compileMatcher } from '../../catalog/matcher.ts';
import type { Catalog, CatalogRow } from '../../catalog/types.ts';
import { slackFor } from '../project/budget.ts';
import { CONFIG_FILE, ConfigSchema, parseConfig, type HookshimConfig } from '../project/config.ts';
import { catalogFile } from '../project/paths.ts';
import { parseCatalog } from '../../catalog/load.ts';
import { bundleVersion, cannotRun, detectMode, HOOKS_JSON, isOurs, PACKAGED, planBinding, readHooksFile, runsOn, VENDORED, type HooksFile, type InitPlan, type Mode } from '../project/binding.ts';
import { loadCatalogWith } from '../project/load.ts';
import { safeHome } from '../state/fsx.ts';
import { doubleBinding } from './doubleBinding.ts';
import { defaultBundle } from './init.ts';
import type { Finding } from './io.ts';
import { CLAUDE_HANDLER_FIELDS } from '../../catalog/schema.ts';
import { BUILTINS, scriptOf, type ScriptRef } from '../../catalog/script.ts';

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
}

export interface CheckResult {
  dir: string;
  catalogFile: string;
  catalog: Catalog | undefined;
  config: HookshimConfig;
  hooks: HooksFile;
  mode: Mode;
  plan: InitPlan | undefined;
  findings: Finding[];
  /** The catalog could not be read: nothing else was checked. */
  fatal: boolean;
}

/** How to run a non-executable script instead, by extension. */
const INTERPRETER_BY_EXT: Record<string, string> = { '.sh': 'sh', '.mjs': 'node', '.js': 'node', '.cjs': 'node', '.py': 'python3', '.rb': 'ruby' };

const REBIND = 'run `hookshim init` and commit .cursor/hooks.json';

/** Every Claude tool name a Cursor tool can reach (plus the raw Cursor names, which are always tried too). */
const REACHABLE_TOOLS: ReadonlySet<string> = new Set([...Object.keys(CURSOR_TO_CLAUDE), ...Object.values(CURSOR_TO_CLAUDE).flatMap((v) => (v ?? []) as readonly string[])]);

/** Run every check on the repo at `dir`. */
export function runChecks(opts: CheckOptions): CheckResult {
  const dir = path.resolve(opts.dir);
  const home = opts.home ?? (opts.env.HOME || safeHome());
  const file = catalogFile(opts.env, dir);
  const shownCatalog = path.relative(dir, file) || file;
  const findings: Finding[] = [];
  const hooks = readHooksFile(dir);
  const existing = hooks.kind === 'ok' ? hooks.hooks : {};
  const mode = opts.mode ?? detectMode(existing) ?? 'vendored';
  const base = { dir, catalogFile: file, hooks, mode };

  const loaded = loadCatalogWith(file, parseCatalog);
  const { config, findings: configFindings } = checkConfig(dir);
  findings.push(...configFindings);
  if (!loaded.ok) {
    const missing = !fs.existsSync(file);
    findings.unshift({
      code: missing ? 'catalog-missing' : 'catalog-invalid',
      severity: 'error',
      where: shownCatalog,
      message: loaded.error,
      fix: missing ? 'create hooks/hooks.json (Claude\'s plugin form: {"hooks": {"PreToolUse": [...]}}) or set HOOKSHIM_CATALOG' : 'fix the file: Claude Code rejects it too',
    });
    return { ...base, catalog: undefined, config, plan: undefined, findings, fatal: true };
  }
  const catalog = loaded.catalog;
  for (const w of catalog.warnings) findings.push({ code: 'catalog-warning', severity: 'warning', where: shownCatalog, message: w.startsWith(file) ? w.slice(file.length).trim() : w });
  const plan = planBinding(catalog, mode, 'loopLimit' in config ? { loopLimit: config.loopLimit ?? null } : {});
  const pluginRoot = loaded.root;

  findings.push(...checkBinding(hooks, plan, catalog));
  findings.push(...checkBundle(dir, mode, opts.bundle ?? defaultBundle()));
  findings.push(...checkRows(catalog, { dir, pluginRoot, home, env: opts.env, shownCatalog, hooks, plan }));
  findings.push(...checkConventions(catalog, config, { dir, pluginRoot, home, shownCatalog }));
  findings.push(...doubleBinding(catalog.rows, shownCatalog, pluginRoot, dir, home, { machine: opts.machine ?? false, severity: opts.machine ? 'error' : 'warning' }));
  return { ...base, catalog, config, plan, findings, fatal: false };
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
  if (parsed.error) return { config: {}, findings: [{ code: 'config-invalid', severity: 'error', where: CONFIG_FILE, message: `${parsed.error}; the hook path ignores the whole file and uses defaults`, fix: 'fix it against catalog/schema/hookshim-config.schema.json' }] };
  const findings: Finding[] = [];
  const raw = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
  const checkShape = (ConfigSchema.shape.check as unknown as { def: { innerType: { shape: object } } }).def.innerType.shape;
  const unknown = (obj: unknown, known: object, prefix: string) => {
    if (typeof obj !== 'object' || obj === null) return;
    for (const k of Object.keys(obj)) if (!(k in known)) findings.push({ code: 'config-unknown-key', severity: 'warning', where: CONFIG_FILE, message: `unknown key "${prefix}${k}" is ignored (known: ${Object.keys(known).join(', ')})` });
  };
  unknown(raw, ConfigSchema.shape, '');
  unknown(raw.check, checkShape, 'check.');
  return { config: parsed.config, findings };
}

/** .cursor/hooks.json holds exactly the entries init would write for this catalog. */
function checkBinding(hooks: HooksFile, plan: InitPlan, catalog: Catalog): Finding[] {
  if (hooks.kind === 'absent') {
    return plan.events.length === 0
      ? []
      : [{ code: 'binding-missing', severity: 'error', where: HOOKS_JSON, message: `does not exist, so Cursor runs none of the catalog (it needs ${plan.events.join(', ')})`, fix: REBIND }];
  }
  if (hooks.kind === 'invalid') return [{ code: 'binding-invalid', severity: 'error', where: HOOKS_JSON, message: `${hooks.error}; Cursor cannot load it`, fix: `fix it, then ${REBIND}` }];
  const out: Finding[] = [];
  if (hooks.doc.version !== 1) out.push({ code: 'binding-version', severity: 'warning', where: HOOKS_JSON, message: `"version" is ${JSON.stringify(hooks.doc.version)}; Cursor's schema is version 1` });
  for (const ev of plan.events) {
    const mine = (hooks.hooks[ev] ?? []).filter(isOurs) as Record<string, unknown>[];
    const want = plan.entries[ev] as object;
    const rows = catalog.rows.filter((r) => runsOn(r.event, ev) && !cannotRun(r)).map((r) => r.locator);
    if (mine.length === 0) {
      out.push({ code: 'binding-missing-event', severity: 'error', where: `${HOOKS_JSON} ${ev}`, message: `not bound, but the catalog needs it${rows.length ? ` (${rows.slice(0, 3).join(', ')}${rows.length > 3 ? ', …' : ''})` : ' (to record tool results and carry context)'}`, fix: REBIND });
    } else if (mine.length > 1) {
      out.push({ code: 'binding-duplicate', severity: 'error', where: `${HOOKS_JSON} ${ev}`, message: `${mine.length} hookshim entries: Cursor starts hookshim ${mine.length} times per event`, fix: REBIND });
    } else if (!sameJson(mine[0], want)) {
      out.push({ code: 'binding-differs', severity: 'error', where: `${HOOKS_JSON} ${ev}`, message: `the entry is ${JSON.stringify(mine[0])}; init writes ${JSON.stringify(want)}${differences(mine[0] as Record<string, unknown>, want as Record<string, unknown>)}`, fix: REBIND });
    }
  }
  for (const [ev, list] of Object.entries(hooks.hooks)) {
    if (plan.events.includes(ev as HandledEvent) || !list.some(isOurs)) continue;
    const why = (HANDLED_EVENTS as readonly string[]).includes(ev) ? 'no catalog row needs it any more' : 'hookshim does not handle this event';
    out.push({ code: 'binding-stale', severity: 'error', where: `${HOOKS_JSON} ${ev}`, message: `bound to hookshim, but ${why}: every event starts a process for nothing`, fix: REBIND });
  }
  return out;
}

/** The vendored bundle equals the one this CLI ships; in package mode, the package is installed. */
function checkBundle(dir: string, mode: Mode, shipped: string): Finding[] {
  if (mode === 'package') {
    return fs.existsSync(path.join(dir, PACKAGED))
      ? []
      : [{ code: 'package-missing', severity: 'error', where: PACKAGED, message: 'missing: the bound command cannot start, and Cursor lets every action through', fix: 'add hookshim to devDependencies and run npm install (Cloud agents: install dependencies in the environment setup)' }];
  }
  const dest = path.join(dir, VENDORED);
  if (!fs.existsSync(dest)) return [{ code: 'bundle-missing', severity: 'error', where: VENDORED, message: 'missing: the bound command cannot start, and Cursor lets every action through', fix: 'run `hookshim init` and commit .cursor/hooks/hookshim.cjs' }];
  if (!fs.existsSync(shipped)) return [{ code: 'bundle-unverifiable', severity: 'warning', where: VENDORED, message: `cannot tell whether it is stale: this CLI ships no bundle at ${shipped}`, fix: 'run `npm run build` (in a hookshim checkout) or use an installed hookshim' }];
  if (fs.readFileSync(dest).equals(fs.readFileSync(shipped))) return [];
  const have = bundleVersion(dest) ?? 'unknown version';
  const want = bundleVersion(shipped) ?? 'unknown version';
  return [{ code: 'bundle-stale', severity: 'error', where: VENDORED, message: `stale: it is hookshim ${have}, this CLI ships ${want}${have === want ? ' (same version, different build)' : ''}`, fix: 'run `hookshim init` and commit .cursor/hooks/hookshim.cjs' }];
}

interface RowContext {
  dir: string;
  pluginRoot: string;
  home: string | undefined;
  env: NodeJS.ProcessEnv;
  shownCatalog: string;
  hooks: HooksFile;
  plan: InitPlan;
}

/** Per row: matcher, `if`, the script it runs, and whether its timeout fits the wrapper's budget. */
function checkRows(catalog: Catalog, c: RowContext): Finding[] {
  const out: Finding[] = [];
  for (const row of catalog.rows) {
    const where = `${c.shownCatalog} ${row.locator}`;
    const never = cannotRun(row);
    if (never) out.push({ code: 'never-runs', severity: 'info', where, message: `never runs under Cursor: ${never}` });
    if (row.matcher !== undefined && !MATCHERLESS_EVENTS.has(row.event)) {
      const m = compileMatcher(row.matcher);
      if (m.kind === 'invalid') out.push({ code: 'matcher-invalid', severity: 'error', where, message: `matcher ${JSON.stringify(row.matcher)} is not a valid regular expression (${m.error}): the row never runs, in Claude Code either`, fix: 'fix the pattern; tool names are matched case-sensitively, e.g. "Write|Edit" or "mcp__github__.*"' });
      else if (m.kind === 'exact' && TOOL_EVENTS.has(row.event) && !never) {
        const names = row.matcher.split(/[|,]/).map((n) => n.trim()).filter(Boolean);
        if (names.length && names.every((n) => !REACHABLE_TOOLS.has(n) && !n.startsWith('mcp__'))) {
          out.push({ code: 'matcher-unreachable', severity: 'warning', where, message: `matcher ${JSON.stringify(row.matcher)} names no tool Cursor calls (its tools reach ${[...new Set(Object.values(CURSOR_TO_CLAUDE).flatMap((v) => (v ?? []) as readonly string[]))].join(', ')} and mcp__<server>__<tool>): it never fires under Cursor` });
        }
      }
    } else if (row.matcher !== undefined && row.matcher !== '' && row.matcher !== '*') {
      out.push({ code: 'matcher-ignored', severity: 'info', where, message: `${row.event} ignores matchers: the row runs on every ${row.event}` });
    }
    if (row.if !== undefined) {
      if (!TOOL_EVENTS.has(row.event)) out.push({ code: 'if-never-runs', severity: 'error', where, message: `"if" is only evaluated on tool events; on ${row.event} a handler with "if" never runs (Claude Code ≥ 2.1.85 behaves the same)`, fix: 'drop "if", or move the handler to a tool event' });
      else {
        const rule = compileIfRule(row.if);
        if (!rule.ok) out.push({ code: 'if-invalid', severity: 'error', where, message: `"if" cannot be evaluated: ${rule.reason}; hookshim skips the row rather than run it unfiltered`, fix: 'use a rule hookshim evaluates: Tool, Bash(cmd prefix *), Read/Write/Edit(path glob), WebFetch(domain:…), Agent(type)' });
      }
    }
    if (row.type === 'command' && row.extra?.length) out.push(...checkFields(row.extra, where));
    if (row.type === 'command' && row.command !== undefined) out.push(...checkScript(row, scriptOf(row, { pluginRoot: c.pluginRoot, projectDir: c.dir }, c.home), where, !never, c));
    if (!never && row.type === 'command') out.push(...checkTimeout(row, where, c));
  }
  return out;
}

/** Handler fields hookshim does not act on: Claude's own that have no effect here (info), and fields nobody defines (warning: a misspelt field does nothing). */
function checkFields(extra: readonly string[], where: string): Finding[] {
  const list = (keys: string[]) => keys.map((k) => `"${k}"`).join(', ');
  const claude = extra.filter((k) => CLAUDE_HANDLER_FIELDS.has(k));
  const unknown = extra.filter((k) => !CLAUDE_HANDLER_FIELDS.has(k));
  const out: Finding[] = [];
  if (unknown.length) out.push({ code: 'field-unknown', severity: 'warning', where, message: `${list(unknown)}: not a handler field Claude Code defines, and hookshim ignores ${unknown.length > 1 ? 'them' : 'it'} (a misspelt field does nothing)`, fix: 'fix the spelling (docs/claude-hooks.md §1.2 lists the fields), or remove it' });
  if (claude.length) out.push({ code: 'field-ignored', severity: 'info', where, message: `${list(claude)}: Claude Code's, but hookshim does not act on ${claude.length > 1 ? 'them' : 'it'} under Cursor` });
  return out;
}

function checkScript(row: CatalogRow, ref: ScriptRef, where: string, runs: boolean, c: RowContext): Finding[] {
  if (ref.kind === 'opaque') return [{ code: 'script-unchecked', severity: 'info', where, message: `cannot check what ${JSON.stringify(row.command)} runs: ${ref.why}` }];
  if (ref.kind === 'command') {
    if (!runs || BUILTINS.has(ref.name) || onPath(ref.name, c.env)) return [];
    return [{ code: 'command-not-found', severity: 'warning', where, message: `"${ref.name}" is not on PATH here; where Cursor runs the hook (a Cloud agent, a teammate's machine) it must be`, fix: `install ${ref.name} in the agent's environment, or run a script from the repo instead` }];
  }
  const shown = path.relative(c.dir, ref.path).startsWith('..') ? ref.path : path.relative(c.dir, ref.path);
  // preToolUse and stop-like events fail closed on a script that cannot run; context-only paths drop it (docs/design.md §6).
  const closed = row.event === 'PreToolUse' || row.event === 'Stop' || row.event === 'SubagentStop';
  let st: fs.Stats;
  try {
    st = fs.statSync(ref.path);
  } catch {
    return [{ code: 'script-missing', severity: 'error', where, message: `runs ${shown}, which does not exist: ${closed ? 'every event it matches fails closed (a deny or follow-up naming it)' : 'it fails every time it runs'}`, fix: `add ${shown}, or fix the path in the catalog` }];
  }
  if (!st.isFile()) return [{ code: 'script-missing', severity: 'error', where, message: `runs ${shown}, which is not a file` }];
  if (ref.direct) {
    try {
      fs.accessSync(ref.path, fs.constants.X_OK);
    } catch {
      const via = INTERPRETER_BY_EXT[path.extname(ref.path)];
      return [{ code: 'script-not-executable', severity: 'error', where, message: `runs ${shown} directly, but it is not executable: the shell exits 126 and ${closed ? 'hookshim fails closed (a deny or follow-up naming it)' : 'the row fails every time (logged, dropped)'}`, fix: `chmod +x ${shown} && git update-index --chmod=+x ${shown}${via ? `, or run it as "${via} ${shown}"` : ''}` }];
    }
  }
  return [];
}

/** A row's own timeout must fit the wrapper timeout of every bound Cursor event that runs it, minus hookshim's slack. */
function checkTimeout(row: CatalogRow, where: string, c: RowContext): Finding[] {
  if (row.async) return [];
  const out: Finding[] = [];
  for (const ev of c.plan.events.filter((e) => runsOn(row.event, e))) {
    const bound = c.hooks.kind === 'ok' ? (c.hooks.hooks[ev] ?? []).find(isOurs) as { timeout?: unknown } | undefined : undefined;
    const wrapper = typeof bound?.timeout === 'number' && bound.timeout > 0 ? bound.timeout : (c.plan.entries[ev]?.timeout ?? 0);
    const from = typeof bound?.timeout === 'number' ? `${ev} is bound with timeout ${wrapper}s` : `init binds ${ev} with timeout ${wrapper}s`;
    const budget = (wrapper * 1000 - slackFor(wrapper)) / 1000;
    if (row.timeout !== undefined && row.timeout > budget) {
      out.push({
        code: 'timeout-too-long',
        severity: 'error',
        where,
        message: `timeout ${row.timeout}s cannot fit: ${from} and hookshim answers ${slackFor(wrapper) / 1000}s before Cursor's kill, so the script is cut at ${budget}s and ${ev === 'preToolUse' || ev === 'stop' ? 'fails closed' : 'its answer is lost'}`,
        fix: wrapper >= 600 ? `lower the row's timeout to ${budget}s or less (init binds at most 600s)` : REBIND,
      });
    } else if (row.timeout === undefined) {
      const claude = rowTimeoutS({ event: row.event });
      if (claude > budget) out.push({ code: 'timeout-default', severity: 'info', where, message: `no timeout: Claude Code allows ${claude}s; on ${ev} it gets at most ${budget}s (${from})` });
    }
  }
  return out;
}

/** This repo's convention, when .cursor/hookshim.json enables it: every guard has a README row and a test. */
function checkConventions(catalog: Catalog, config: HookshimConfig, c: { dir: string; pluginRoot: string; home: string | undefined; shownCatalog: string }): Finding[] {
  const want = config.check ?? {};
  if (!want.readmeRows && !want.tests) return [];
  const scripts = new Map<string, string>();
  for (const row of catalog.rows) {
    if (row.type !== 'command' || row.command === undefined) continue;
    const ref = scriptOf(row, { pluginRoot: c.pluginRoot, projectDir: c.dir }, c.home);
    if (ref.kind !== 'file') continue;
    const rel = path.relative(c.dir, ref.path);
    if (rel.startsWith('..') || path.isAbsolute(rel) || rel.split(path.sep)[0] === 'node_modules') continue;
    if (!scripts.has(rel)) scripts.set(rel, row.locator);
  }
  const out: Finding[] = [];
  if (want.readmeRows) {
    const readme = want.readme ?? 'README.md';
    let lines: string[] | undefined;
    try {
      lines = fs.readFileSync(path.join(c.dir, readme), 'utf8').split('\n').filter((l) => l.trimStart().startsWith('|'));
    } catch {
      out.push({ code: 'readme-missing', severity: 'error', where: readme, message: `does not exist, so no guard has its README row (.cursor/hookshim.json check.readmeRows)`, fix: `add ${readme} with a guard table: | script | event | what it guards |` });
    }
    if (lines) {
      for (const [rel, locator] of scripts) {
        const name = path.basename(rel);
        if (!lines.some((l) => l.includes(name))) out.push({ code: 'guard-readme-row-missing', severity: 'error', where: `${c.shownCatalog} ${locator}`, message: `${rel} has no row in ${readme}'s guard table (no table line names ${name})`, fix: `add a row: | \`${name}\` | ${catalog.rows.find((r) => r.locator === locator)?.event ?? ''} | what it guards |` });
      }
    }
  }
  if (want.tests) {
    const testDir = want.testDir ?? 'test/hooks';
    for (const [rel, locator] of scripts) {
      const name = path.basename(rel);
      const stem = name.replace(/\.[^.]+$/, '');
      const found = [name, stem].some((b) => ['ts', 'mts', 'js', 'mjs'].some((ext) => fs.existsSync(path.join(c.dir, testDir, `${b}.test.${ext}`))));
      if (!found) out.push({ code: 'guard-test-missing', severity: 'error', where: `${c.shownCatalog} ${locator}`, message: `${rel} has no test: expected ${path.join(testDir, `${name}.test.ts`)}`, fix: `add ${path.join(testDir, `${name}.test.ts`)}` });
    }
  }
  return out;
}

/** JSON equality that ignores key order. */
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** " (timeout 30 → 45; failClosed true → none)". */
function differences(have: Record<string, unknown>, want: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(have), ...Object.keys(want)])].filter((k) => canonical(have[k]) !== canonical(want[k]));
  const show = (v: unknown) => (v === undefined ? 'none' : JSON.stringify(v));
  return keys.length ? ` (${keys.map((k) => `${k} ${show(have[k])} → ${show(want[k])}`).join('; ')})` : '';
}


/** Where a bare command resolves on PATH, if anywhere. */
export function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const d of (env.PATH ?? '').split(path.delimiter)) {
    if (!d) continue;
    const p = path.join(d, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      if (fs.statSync(p).isFile()) return p;
    } catch {
      /* not here */
    }
  }
  return undefined;
}
