// Phase 4: which catalog rows run for the adapter's plan (event, matcher, `if`, dedup by command: catalog/select.ts),
// with every skipped row reported.
import type { Invocation, EventPlan } from '../../adapters/types.ts';
import { GATING_EVENTS, PERMISSION_EVENTS } from '../../catalog/events.ts';
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
  /** The deny this row answers without running: it cannot run, and it guards a tool call (fail safe). */
  refuse?: string;
}

/** What selection reads besides the plan, the rows and the project: the mods, the config's policy. */
export interface SelectExtra {
  /** One row per `modules` entry of a plugin catalog (type "mod"): hookshim cannot run JS/TS hooks modules. */
  modules?: readonly CatalogRow[];
  /** `.cursor/hookshim.json` `unsupported`: "skip" lets a call through that only an unrunnable row guards. */
  unsupported?: 'deny' | 'skip';
}

/** The fix named with every row hookshim cannot run (docs/configuration.md, `unsupported`). */
const UNRUNNABLE_FIX =
  'make it a "command" or "http" hook, or set "unsupported": "skip" in .cursor/hookshim.json to let such calls through';

/** Select catalog rows for every invocation of a plan, reporting every skipped row. */
export function select(
  plan: EventPlan,
  rows: readonly CatalogRow[],
  dir: string,
  log: Log,
  input: SelectExtra = {},
): Chosen[] {
  const out: Chosen[] = [];
  const homeDir = safeHome();
  for (const inv of plan.invocations) {
    const subject = { ...inv.subject, ...(homeDir ? { homeDir } : {}) };
    const { selected, skipped, failSafe, unrunnable } = selectRows(rows, inv.claudeEvent, subject);
    for (const s of skipped) log.warn(`skipped ${rowPlace(s.row)}: ${s.reason}`);
    for (const s of selected) {
      if (s.note) log.warn(`${rowPlace(s.row)}: ${s.note}`);
      out.push({ inv, row: s.row, matched: s.matchedValue });
    }
    // An uncompilable matcher on a permission event denies what it might have matched, as Claude ≥ 2.1.288 does.
    for (const s of failSafe) {
      const refuse =
        `hookshim: ${rowPlace(s.row)} cannot be matched against this call (${s.reason}), so it ` +
        `is denied, as Claude Code denies it. Fix the matcher.`;
      log.warn(`${rowPlace(s.row)}: ${s.reason}; denying the call (fail safe)`);
      out.push({ inv, row: s.row, matched: undefined, refuse });
    }
    const cannot = [
      ...unrunnable,
      ...(input.modules ?? []).map((row) => ({
        row,
        reason: `hooks module ${JSON.stringify(row.module)} runs only inside Claude Code`,
      })),
    ];
    for (const s of cannot) {
      const chosen = unrunnableRow(inv, s.row, s.reason, input.unsupported, log);
      if (chosen) out.push(chosen);
    }
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
 * A matched row hookshim cannot run (prompt, agent, mcp_tool, a mod): named on stderr on every event that would run
 * it; on a permission event it denies, unless the config says "skip" (docs/fail-matrix.md).
 */
function unrunnableRow(
  inv: Invocation,
  row: CatalogRow,
  reason: string,
  policy: SelectExtra['unsupported'],
  log: Log,
): Chosen | undefined {
  const place = rowPlace(row);
  if (!PERMISSION_EVENTS.has(inv.claudeEvent)) {
    log.warn(`not run: ${place}: ${reason}, and hookshim cannot run it under Cursor (${inv.claudeEvent})`);
    return undefined;
  }
  if (policy === 'skip') {
    log.warn(`not run: ${place}: ${reason}; the call goes on without it (.cursor/hookshim.json "unsupported": "skip")`);
    return undefined;
  }
  log.warn(`${place}: ${reason}, and hookshim cannot run it under Cursor: denying the call (fail safe)`);
  const refuse =
    `hookshim: ${place} guards this call, but ${reason} and hookshim cannot run it under Cursor, ` +
    `so the call is denied. Fix: ${UNRUNNABLE_FIX}.`;
  return { inv, row, matched: undefined, refuse };
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
        `${rowPlace(c.row)} is marked result-gated ("${hit}"), but a PreToolUse guard always runs (gating it ` +
          `would allow every tool call until the first result)`,
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
