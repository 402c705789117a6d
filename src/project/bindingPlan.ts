// Planning hookshim's entries of .cursor/hooks.json from a catalog: the Cursor events its Claude events need, their
// matchers and timeouts. The commands' only (the hook path reads entries with ./binding.ts and never plans them).
import {
  cursorMatcher,
  MATCHED_BY,
  matcherForRows,
  needsAny,
  postToolNeeds,
  type MatchedEvent,
} from '../../adapters/cursorMatcher.ts';
import { HANDLED_EVENTS, isPermissionEvent, RUNS, type HandledEvent } from '../../adapters/eventMap.ts';
import {
  CLAUDE_EVENT_CARRIERS,
  cursorEventsFor,
  rowCannotRun,
  type Carrier,
} from '../../adapters/hosts/cursor/carriers.ts';
import { looksLikeMs } from '../../catalog/events.ts';
import { rowPlace, type Catalog, type CatalogRow } from '../../catalog/types.ts';
import {
  boundCommand,
  CURSOR_MATCHERS,
  DEFAULT_TIMEOUTS,
  LOOP_LIMIT,
  LOOPING,
  MAX_TIMEOUT,
  runsOn,
  type BindingPlan,
  type BindingPlanOptions,
  type Entry,
  type Mode,
} from './binding.ts';
import { slackFor, WINDOWS_LAUNCH_MS } from './budget.ts';

/** Decide entries from a catalog: exactly the Cursor events its Claude events need, with timeouts that fit. */
export function planBinding(catalog: Catalog, mode: Mode, opts: BindingPlanOptions = {}): BindingPlan {
  const never: BindingPlan['never'] = [];
  const used = new Set<string>();
  for (const row of catalog.rows) {
    const why = rowCannotRun(row);
    if (why) never.push({ locator: rowPlace(row), reason: why });
    else used.add(row.event);
  }
  const runnable = catalog.rows.filter((r) => !rowCannotRun(r));
  const narrow = opts.narrow ?? true;
  const post = postToolNeeds(runnable, {
    keepsTranscripts: opts.keepsTranscripts ?? false,
    promptContext: opts.promptContext,
  });
  const listed = new Set(cursorEventsFor(used, runnable));
  // Post-tool events are bound only for what uses them (their rows, stashed warnings, carried context, results).
  if (narrow)
    for (const ev of ['postToolUse', 'postToolUseFailure'] as const)
      if (needsAny(post[ev])) listed.add(ev);
      else listed.delete(ev);
  const events = HANDLED_EVENTS.filter((e) => listed.has(e));
  const entries: BindingPlan['entries'] = {};
  for (const ev of events) {
    let timeout = DEFAULT_TIMEOUTS[ev];
    // A timeout that looks like milliseconds does not raise the wrapper to its 600 s cap: check reports it instead.
    const need = Math.max(
      0,
      ...catalog.rows
        .filter((r) => !r.async && runsOn(r.event, ev) && !rowCannotRun(r) && !looksLikeMs(r.timeout))
        .map((r) => r.timeout ?? 0),
    );
    // A row's own timeout must fit inside the wrapper timeout minus hookshim's slack and a Windows launch (budget.ts).
    while (timeout < MAX_TIMEOUT && timeout * 1000 - slackFor(timeout) - WINDOWS_LAUNCH_MS < need * 1000)
      timeout = Math.min(MAX_TIMEOUT, timeout + 5);
    const matcher = narrow ? matcherFor(ev, runnable, post) : CURSOR_MATCHERS[ev];
    const entry: Entry = {
      command: opts.command ? opts.command(ev) : boundCommand(mode, ev),
      ...(matcher ? { matcher } : {}),
      timeout,
      failClosed: isPermissionEvent(ev),
    };
    if (LOOPING.includes(ev)) entry.loop_limit = opts.loopLimit === undefined ? LOOP_LIMIT : opts.loopLimit;
    entries[ev] = entry;
  }
  const limits: BindingPlan['limits'] = [];
  for (const ev of used) {
    const c = (CLAUDE_EVENT_CARRIERS as Record<string, Carrier | object>)[ev] as Carrier;
    const notes: string[] = [];
    if (partial(c.desktop)) notes.push(`desktop/CLI: ${c.desktop}`);
    if (partial(c.cloud)) notes.push(`Cloud agents: ${c.cloud}`);
    if (notes.length) limits.push({ event: ev, note: notes.join('; ') });
  }
  return { mode, events, entries, never, limits };
}

/**
 * The Cursor matcher of an entry: fixed for beforeReadFile; on the tool and subagent events, built from the rows the
 * event serves so a call no row needs starts nothing (adapters/cursorMatcher.ts); none where Cursor has no matcher.
 */
function matcherFor(
  ev: HandledEvent,
  rows: readonly CatalogRow[],
  post: ReturnType<typeof postToolNeeds>,
): string | undefined {
  if (ev === 'postToolUse' || ev === 'postToolUseFailure') return cursorMatcher('tool', post[ev]);
  if (!Object.hasOwn(MATCHED_BY, ev)) return CURSOR_MATCHERS[ev];
  return matcherForRows(MATCHED_BY[ev as MatchedEvent], rows, RUNS[ev]);
}

/** A carrier availability that is not a plain yes ("no …", "yes (not on the CLI)", "block: yes; context: only …"). */
function partial(availability: string): boolean {
  return !availability.startsWith('yes') || /\bnot on\b|\bonly\b/.test(availability);
}
