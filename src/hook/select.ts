// Phase 4: which catalog rows run for the adapter's plan (event, matcher, `if`, dedup by command: catalog/select.ts),
// with every skipped row reported.
import type { Invocation, Plan } from '../../adapters/types.ts';
import { explainRows, selectRows } from '../../catalog/select.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import type { HookshimConfig } from '../project/config.ts';
import { safeHome } from '../state/fsx.ts';
import type { Log } from './log.ts';

/** A row chosen for one invocation, and the subject value (tool-name candidate) it matched through. */
export interface Chosen {
  inv: Invocation;
  row: CatalogRow;
  matched: string | undefined;
}

/** What names one row's run for one action: the row, its command and the tool name it was given (a shared action's leader records them). */
export function ranKey(c: Chosen): string {
  return [c.row.locator, c.row.command ?? '', c.matched ?? ''].join('\u0000');
}

/** Select catalog rows for every invocation of a plan, reporting every skipped row. */
export function select(plan: Plan, rows: readonly CatalogRow[], dir: string, log: Log): Chosen[] {
  const out: Chosen[] = [];
  const homeDir = safeHome();
  for (const inv of plan.invocations) {
    const subject = { ...inv.subject, ...(homeDir ? { homeDir } : {}) };
    const { selected, skipped } = selectRows(rows, inv.claudeEvent, subject);
    for (const s of skipped) log.warn(`skipped ${s.row.locator}: ${s.reason}`);
    for (const s of selected) out.push({ inv, row: s.row, matched: s.matchedValue });
    log.debug(`${inv.claudeEvent}: matcher values ${JSON.stringify(inv.subject.values)} → ${selected.length} row(s) in ${dir}`);
    // HOOKSHIM_DEBUG=1: say why each row of this event did not run (a second pass, so only when someone reads it).
    if (log.debugOn) for (const e of explainRows(rows, inv.claudeEvent, subject)) if (e.status === 'unmatched') log.debug(`not run: ${e.row.locator}: ${e.reason}`);
  }
  return out;
}

/** Drop rows marked as needing tool results when none have been recorded (.cursor/hookshim.json resultGated). */
export function resultGated(chosen: readonly Chosen[], config: HookshimConfig, available: boolean, log: Log): Chosen[] {
  const marks = config.resultGated ?? [];
  if (marks.length === 0 || available) return [...chosen];
  return chosen.filter((c) => {
    const hit = marks.find((m) => c.row.locator === m || (c.row.command ?? '').includes(m));
    if (hit) log.warn(`skipped ${c.row.locator}: marked result-gated ("${hit}") and no tool results are recorded for this conversation yet`);
    return !hit;
  });
}
