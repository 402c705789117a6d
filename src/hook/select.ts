// Phase 4: which catalog rows run for the adapter's plan (event, matcher, `if`, dedup by command: catalog/select.ts),
// with every skipped row reported.
import type { Invocation, Plan } from '../../adapters/types.ts';
import { GATING_EVENTS } from '../../catalog/events.ts';
import { explainRows, selectRows } from '../../catalog/select.ts';
import { rowPlace, type CatalogRow } from '../../catalog/types.ts';
import type { HookshimConfig } from '../project/config.ts';
import { safeHome } from '../state/fsx.ts';
import type { Log } from './log.ts';

/** A row chosen for one invocation, and the subject value (tool-name candidate) it matched through. */
export interface Chosen {
  inv: Invocation;
  row: CatalogRow;
  matched: string | undefined;
}

/** Select catalog rows for every invocation of a plan, reporting every skipped row. */
export function select(plan: Plan, rows: readonly CatalogRow[], dir: string, log: Log): Chosen[] {
  const out: Chosen[] = [];
  const homeDir = safeHome();
  for (const inv of plan.invocations) {
    const subject = { ...inv.subject, ...(homeDir ? { homeDir } : {}) };
    const { selected, skipped } = selectRows(rows, inv.claudeEvent, subject);
    for (const s of skipped) log.warn(`skipped ${rowPlace(s.row)}: ${s.reason}`);
    for (const s of selected) out.push({ inv, row: s.row, matched: s.matchedValue });
    log.debug(
      `${inv.claudeEvent}: matcher values ${JSON.stringify(inv.subject.values)} → ${selected.length} row(s) in ${dir}`,
    );
    // HOOKSHIM_DEBUG=1: say why each row of this event did not run (a second pass, so only when someone reads it).
    if (log.debugOn)
      for (const e of explainRows(rows, inv.claudeEvent, subject))
        if (e.status === 'unmatched') log.debug(`not run: ${rowPlace(e.row)}: ${e.reason}`);
  }
  return out;
}

/**
 * Drop rows marked as needing tool results when none have been recorded (.cursor/hookshim.json resultGated). A
 * PreToolUse row is never dropped: gating it would let every tool call through until the first result.
 */
export function resultGated(chosen: readonly Chosen[], config: HookshimConfig, available: boolean, log: Log): Chosen[] {
  const marks = config.resultGated ?? [];
  if (marks.length === 0 || available) return [...chosen];
  return chosen.filter((c) => {
    const hit = resultGateOf(c.row, marks);
    if (!hit) return true;
    if (GATING_EVENTS.has(c.row.event)) {
      log.warn(
        `${rowPlace(c.row)} is marked result-gated ("${hit}"), but a PreToolUse guard always runs (gating it would allow every tool call until the first result)`,
      );
      return true;
    }
    log.warn(
      `skipped ${rowPlace(c.row)}: marked result-gated ("${hit}") and no tool results are recorded for this conversation yet`,
    );
    return false;
  });
}

/** The resultGated entry that selects a row (its locator, with or without its catalog, or a substring of its command), if any. */
export function resultGateOf(row: CatalogRow, marks: readonly string[]): string | undefined {
  return marks.find((m) => row.locator === m || rowPlace(row) === m || (row.command ?? '').includes(m));
}
