// `hookshim init [DIR]`: bind a repo's Claude catalog into .cursor/hooks.json and vendor the bundle.
// Owns only its own entries (recognised by the marker "hookshim" in the command); keeps everything else.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLAUDE_EVENT_CARRIERS, cursorEventsFor, noAnalogReason, type HandledEvent } from '../../adapters/events.ts';
import type { Catalog } from '../../catalog/types.ts';
import { slackFor } from '../budget.ts';
import { catalogFile, isOurCommand, loadCatalog } from '../project.ts';

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
const MAX_TIMEOUT = 600;

/** Where the vendored bundle goes, relative to the repo root. */
export const VENDORED = '.cursor/hooks/hookshim.mjs';
/** Command prefix of the installed-package mode. */
export const PACKAGED = 'node_modules/hookshim/dist/hookshim.mjs';

export interface InitOptions {
  dir: string;
  /** "vendored": copy the bundle into .cursor/hooks/ (default); "package": run it from node_modules. */
  mode: 'vendored' | 'package';
  /** The bundle to copy; defaults to the one beside this CLI. */
  bundle?: string;
  env?: NodeJS.ProcessEnv;
}

export interface Entry {
  command: string;
  timeout: number;
  loop_limit?: number;
}

export interface InitPlan {
  events: HandledEvent[];
  entries: Partial<Record<HandledEvent, Entry>>;
  /** Catalog rows that can never run under Cursor, with the reason. */
  never: { locator: string; reason: string }[];
}

/** Decide entries from a catalog: exactly the Cursor events its Claude events need, with timeouts that fit. */
export function planBinding(catalog: Catalog, mode: InitOptions['mode']): InitPlan {
  const never: InitPlan['never'] = [];
  const used = new Set<string>();
  for (const row of catalog.rows) {
    const why = noAnalogReason(row.event);
    if (why) never.push({ locator: row.locator, reason: `${row.event} has no Cursor analog: ${why}` });
    else if (!(row.event in CLAUDE_EVENT_CARRIERS)) never.push({ locator: row.locator, reason: `unknown Claude event ${row.event}` });
    else if (row.type !== 'command') never.push({ locator: row.locator, reason: `type "${row.type}": only command handlers run under hookshim` });
    else used.add(row.event);
  }
  const events = cursorEventsFor(used);
  const entries: InitPlan['entries'] = {};
  const prefix = mode === 'package' ? PACKAGED : VENDORED;
  for (const ev of events) {
    let timeout = DEFAULT_TIMEOUTS[ev];
    for (const row of catalog.rows) {
      if (row.timeout === undefined || !runsOn(row.event, ev)) continue;
      // A row's own timeout must fit inside the wrapper timeout minus hookshim's slack.
      while (timeout < MAX_TIMEOUT && timeout * 1000 - slackFor(timeout) < row.timeout * 1000) timeout = Math.min(MAX_TIMEOUT, timeout + 5);
    }
    const entry: Entry = { command: `node ${prefix} ${ev}`, timeout };
    if (ev === 'stop' || ev === 'subagentStop') entry.loop_limit = LOOP_LIMIT;
    entries[ev] = entry;
  }
  return { events, entries, never };
}

function runsOn(claudeEvent: string, cursorEvent: HandledEvent): boolean {
  const c = (CLAUDE_EVENT_CARRIERS as Record<string, { bind?: readonly string[] }>)[claudeEvent];
  return c?.bind?.[0] === cursorEvent || (claudeEvent === 'UserPromptSubmit' && (cursorEvent === 'sessionStart' || cursorEvent === 'beforeSubmitPrompt'));
}

/** True for an entry hookshim owns. */
export function isOurs(entry: unknown): boolean {
  const cmd = (entry as { command?: unknown } | null)?.command;
  return typeof cmd === 'string' && isOurCommand(cmd);
}

/** Merge our entries into an existing .cursor/hooks.json document; foreign entries and keys stay as they are. */
export function mergeHooksJson(existing: unknown, plan: InitPlan): Record<string, unknown> {
  const doc: Record<string, unknown> = isObject(existing) ? { ...existing } : {};
  if (doc.version === undefined) doc.version = 1;
  const hooks: Record<string, unknown> = isObject(doc.hooks) ? { ...doc.hooks } : {};
  const events = new Set<string>([...Object.keys(hooks), ...plan.events]);
  const out: Record<string, unknown> = {};
  for (const ev of events) {
    const list = Array.isArray(hooks[ev]) ? (hooks[ev] as unknown[]) : hooks[ev] === undefined ? [] : null;
    if (list === null) {
      out[ev] = hooks[ev];
      continue;
    }
    const mine = plan.entries[ev as HandledEvent];
    const at = list.findIndex(isOurs);
    const kept = list.filter((e) => !isOurs(e));
    if (mine) kept.splice(at === -1 ? kept.length : Math.min(at, kept.length), 0, mine);
    if (kept.length > 0 || hooks[ev] !== undefined) out[ev] = kept;
    if (kept.length === 0 && hooks[ev] !== undefined && list.every(isOurs)) delete out[ev];
  }
  doc.hooks = out;
  return { version: doc.version, ...doc };
}

/** Locate the bundle shipped beside this CLI (dist/hookshim.mjs). */
export function defaultBundle(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'hookshim.mjs'), path.join(here, '..', '..', 'dist', 'hookshim.mjs')];
  return candidates.find((c) => fs.existsSync(c)) ?? (candidates[0] as string);
}

export interface InitReport {
  plan: InitPlan;
  hooksJson: string;
  changed: string[];
  warnings: string[];
}

/** Run init: write .cursor/hooks.json and the vendored bundle only when they change. */
export function init(opts: InitOptions): InitReport {
  const dir = path.resolve(opts.dir);
  const file = catalogFile(opts.env ?? {}, dir);
  const loaded = loadCatalog(file);
  if (!loaded.ok) throw new InitError(`${loaded.error}. hookshim binds a Claude catalog: create hooks/hooks.json first (Claude's plugin form: {"hooks": {"PreToolUse": [...]}}).`);
  const plan = planBinding(loaded.catalog, opts.mode);
  const changed: string[] = [];
  const hooksJson = path.join(dir, '.cursor', 'hooks.json');
  let existing: unknown;
  if (fs.existsSync(hooksJson)) {
    try {
      existing = JSON.parse(fs.readFileSync(hooksJson, 'utf8').replace(/^\uFEFF/, ''));
    } catch (err) {
      throw new InitError(`${hooksJson} is not valid JSON (${(err as Error).message}); fix or remove it, then run init again — hookshim will not overwrite a file it cannot read.`);
    }
  }
  const merged = `${JSON.stringify(mergeHooksJson(existing, plan), null, 2)}\n`;
  fs.mkdirSync(path.dirname(hooksJson), { recursive: true });
  if (!fs.existsSync(hooksJson) || fs.readFileSync(hooksJson, 'utf8') !== merged) {
    fs.writeFileSync(hooksJson, merged);
    changed.push(path.relative(dir, hooksJson));
  }
  if (opts.mode === 'vendored') {
    const bundle = opts.bundle ?? defaultBundle();
    if (!fs.existsSync(bundle)) throw new InitError(`bundle not found at ${bundle}; run \`npm run build\` first`);
    const dest = path.join(dir, VENDORED);
    const data = fs.readFileSync(bundle);
    if (!fs.existsSync(dest) || !fs.readFileSync(dest).equals(data)) {
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.writeFileSync(dest, data, { mode: 0o755 });
      changed.push(VENDORED);
    }
  }
  return { plan, hooksJson: merged, changed, warnings: loaded.catalog.warnings };
}

export class InitError extends Error {}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
