// `hookshim init [DIR]`: bind a repo's Claude catalog in .cursor/hooks.json and vendor the bundle.
// Owns only its own entries (recognised by the marker "hookshim" in the command, lefthook install_ai style);
// keeps every foreign entry and unknown key, writes 2-space JSON with a trailing newline, so a rerun is a no-op.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLAUDE_EVENT_CARRIERS, cursorEventsFor, noAnalogReason, RUNS, type Carrier, type HandledEvent } from '../../adapters/events.ts';
import type { Catalog, CatalogRow } from '../../catalog/types.ts';
import { slackFor } from '../project/budget.ts';
import { catalogFile } from '../project/paths.ts';
import { loadCatalog } from './load.ts';
import { detectMode, HOOKS_JSON, isObject, isOurs, PACKAGED, readHooksFile, VENDORED, type Mode } from '../project/binding.ts';
import { CommandError, EXIT } from './io.ts';

export { PACKAGED, VENDORED } from '../project/binding.ts';

/** Wrapper timeouts hookshim binds by default, seconds; raised when a catalog row needs more. */
export const DEFAULT_TIMEOUTS: Record<HandledEvent, number> = {
  preToolUse: 30,
  postToolUse: 30,
  postToolUseFailure: 30,
  stop: 60,
  subagentStart: 15,
  subagentStop: 60,
  beforeSubmitPrompt: 30,
  sessionStart: 30,
  sessionEnd: 15,
  preCompact: 15,
};
/** Cursor's loop_limit default for stop and subagentStop (cursor-hooks.md §1). */
export const LOOP_LIMIT = 5;
/** Longest wrapper timeout init will bind, seconds. */
export const MAX_TIMEOUT = 600;

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

export interface Entry {
  command: string;
  timeout: number;
  loop_limit?: number;
}

export interface InitPlan {
  mode: Mode;
  events: HandledEvent[];
  entries: Partial<Record<HandledEvent, Entry>>;
  /** Catalog rows that can never run under Cursor, with the reason. */
  never: { locator: string; reason: string }[];
  /** Claude events the catalog uses that Cursor carries only on some surfaces. */
  limits: { event: string; note: string }[];
}

/** Decide entries from a catalog: exactly the Cursor events its Claude events need, with timeouts that fit. */
export function planBinding(catalog: Catalog, mode: Mode): InitPlan {
  const never: InitPlan['never'] = [];
  const used = new Set<string>();
  for (const row of catalog.rows) {
    const why = cannotRun(row);
    if (why) never.push({ locator: row.locator, reason: why });
    else used.add(row.event);
  }
  const events = cursorEventsFor(used);
  const entries: InitPlan['entries'] = {};
  const prefix = mode === 'package' ? PACKAGED : VENDORED;
  for (const ev of events) {
    let timeout = DEFAULT_TIMEOUTS[ev];
    const need = Math.max(0, ...catalog.rows.filter((r) => !r.async && runsOn(r.event, ev) && !cannotRun(r)).map((r) => r.timeout ?? 0));
    // A row's own timeout must fit inside the wrapper timeout minus hookshim's slack.
    while (timeout < MAX_TIMEOUT && timeout * 1000 - slackFor(timeout) < need * 1000) timeout = Math.min(MAX_TIMEOUT, timeout + 5);
    const entry: Entry = { command: `node ${prefix} ${ev}`, timeout };
    if (ev === 'stop' || ev === 'subagentStop') entry.loop_limit = LOOP_LIMIT;
    entries[ev] = entry;
  }
  const limits: InitPlan['limits'] = [];
  for (const ev of used) {
    const c = (CLAUDE_EVENT_CARRIERS as Record<string, Carrier | object>)[ev] as Carrier;
    const notes: string[] = [];
    if (partial(c.desktop)) notes.push(`desktop/CLI: ${c.desktop}`);
    if (partial(c.cloud)) notes.push(`Cloud agents: ${c.cloud}`);
    if (notes.length) limits.push({ event: ev, note: notes.join('; ') });
  }
  return { mode, events, entries, never, limits };
}

/** A carrier availability that is not a plain yes ("no …", "yes (not on the CLI)", "block: yes; context: only …"). */
function partial(availability: string): boolean {
  return !availability.startsWith('yes') || /\bnot on\b|\bonly\b/.test(availability);
}

/** Why a row can never run under Cursor, or undefined. */
export function cannotRun(row: CatalogRow): string | undefined {
  const why = noAnalogReason(row.event);
  if (why) return `${row.event} has no Cursor analog: ${why}`;
  if (!(row.event in CLAUDE_EVENT_CARRIERS)) return `unknown Claude event ${row.event}`;
  if (row.type !== 'command') return `type "${row.type}": only command handlers run under hookshim`;
  if (row.command === undefined) return 'a command handler without "command"';
  return undefined;
}

/** True when Cursor event `cursorEvent` runs rows of `claudeEvent` (adapters/events.ts RUNS). */
export function runsOn(claudeEvent: string, cursorEvent: HandledEvent): boolean {
  return (RUNS[cursorEvent] as readonly string[]).includes(claudeEvent);
}

/**
 * Merge our entries into an existing .cursor/hooks.json document; foreign entries and keys stay as they are.
 * Our entry keeps the place of the one it replaces; stale ones (events the catalog no longer needs) go.
 * @example mergeHooksJson({ hooks: { stop: [{ command: 'say done' }] } }, plan) // say done stays first
 */
export function mergeHooksJson(existing: unknown, plan: Pick<InitPlan, 'events' | 'entries'>): Record<string, unknown> {
  const doc: Record<string, unknown> = isObject(existing) ? { ...existing } : {};
  const hooks: Record<string, unknown> = isObject(doc.hooks) ? doc.hooks : {};
  const out: Record<string, unknown> = {};
  for (const ev of new Set<string>([...Object.keys(hooks), ...plan.events])) {
    const was = hooks[ev];
    if (was !== undefined && !Array.isArray(was)) {
      out[ev] = was;
      continue;
    }
    const list = (was as unknown[] | undefined) ?? [];
    const mine = plan.entries[ev as HandledEvent];
    const kept = list.filter((e) => !isOurs(e));
    const firstOurs = list.findIndex(isOurs);
    // Where our old entry sat among the foreign ones (end of list for a new event).
    const at = firstOurs === -1 ? kept.length : list.slice(0, firstOurs).filter((e) => !isOurs(e)).length;
    if (mine) kept.splice(at, 0, { ...mine });
    // An event that only ever held our entries disappears with them; one the user left empty stays.
    if (kept.length === 0 && list.length > 0) continue;
    out[ev] = kept;
  }
  // Keys keep their order; a missing version goes first, a missing hooks last.
  const result: Record<string, unknown> = 'version' in doc ? {} : { version: 1 };
  for (const [k, v] of Object.entries(doc)) result[k] = k === 'hooks' ? out : v;
  if (!('hooks' in result)) result.hooks = out;
  return result;
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
  const loaded = loadCatalog(file);
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
  const plan = planBinding(loaded.catalog, mode);
  const warnings = [...loaded.catalog.warnings];
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
