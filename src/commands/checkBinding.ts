// `hookshim check`, the binding half: `.cursor/hooks.json` holds exactly the entries init would write, and nothing
// in it makes Cursor reject the file or skip a call a guard needs.
import { rowCannotRun } from '../../adapters/hosts/cursor/carriers.ts';
import { compileRegex, MATCHED_BY, missedBy, type MatchedEvent } from '../../adapters/cursorMatcher.ts';
import { HANDLED_EVENTS, type HandledEvent } from '../../adapters/eventMap.ts';
import { canonical, isRecord, sameJson } from '../../adapters/json.ts';
import { rowPlace, type Catalog } from '../../catalog/types.ts';
import { HOOKS_JSON, isOurs, ourEntries, runsOn, type HooksFile, type BindingPlan } from '../project/binding.ts';
import { REBIND } from './checkRows.ts';
import { olderCommandWhy } from '../project/launcher.ts';
import type { Finding } from './findings.ts';

/** .cursor/hooks.json holds exactly the entries init would write for these catalogs. */
export function checkBinding(hooks: HooksFile, plan: BindingPlan, catalog: Catalog): Finding[] {
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
    const wrong = checkEntry(ev, hooks.hooks, plan, catalog);
    if (wrong) out.push(wrong);
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
/** Our one entry for `ev` as init would write it; else the one finding that says how it is not. */
function checkEntry(
  ev: HandledEvent,
  hooks: Record<string, unknown[]>,
  plan: BindingPlan,
  catalog: Catalog,
): Finding | undefined {
  const mine = (hooks[ev] ?? []).filter(isOurs) as Record<string, unknown>[];
  const want = plan.entries[ev] as object;
  const rows = catalog.rows.filter((r) => runsOn(r.event, ev) && !rowCannotRun(r)).map(rowPlace);
  const stale = mine.length === 1 ? skipsNeeded(ev, mine[0], plan) : undefined;
  if (mine.length === 0) {
    return {
      code: 'binding-missing-event',
      severity: 'error',
      where: `${HOOKS_JSON} ${ev}`,
      message: `not bound, but the catalog needs it${
        rows.length
          ? ` (${rows.slice(0, 3).join(', ')}${rows.length > 3 ? ', …' : ''})`
          : ' (to record tool results and carry context)'
      }`,
      fix: REBIND,
    };
  } else if (mine.length > 1) {
    return {
      code: 'binding-duplicate',
      severity: 'error',
      where: `${HOOKS_JSON} ${ev}`,
      message: `${mine.length} hookshim entries: Cursor starts hookshim ${mine.length} times per event`,
      fix: REBIND,
    };
  } else if (olderCommandWhy(String(mine[0]?.command), ev)) {
    return {
      code: 'binding-older-command',
      severity: 'error',
      where: `${HOOKS_JSON} ${ev}`,
      message: `bound with the older command ${JSON.stringify(mine[0]?.command)}: ${olderCommandWhy(String(mine[0]?.command), ev)}`,
      fix: REBIND,
    };
  } else if (stale) {
    return stale;
  } else if (!sameJson(mine[0], want)) {
    return {
      code: 'binding-differs',
      severity: 'error',
      where: `${HOOKS_JSON} ${ev}`,
      message:
        `the entry is ${JSON.stringify(mine[0])}; init writes ` +
        `${JSON.stringify(want)}${differences(mine[0] as Record<string, unknown>, want as Record<string, unknown>)}`,
      fix: REBIND,
    };
  }
  return undefined;
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
        message:
          `matcher ${JSON.stringify(m)} is not a JavaScript regular expression: Cursor rejects the ` +
          `whole file, so no hook in it runs (hookshim's guards included)`,
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
  plan: BindingPlan,
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
    message:
      `its matcher ${JSON.stringify(entry.matcher)} skips ${missed.join(', ')}, which catalog rows now ` +
      `match: Cursor starts no hookshim for ${missed.length === 1 ? 'that call' : 'those calls'}, so their ` +
      `guards never run`,
    fix: REBIND,
  };
}

/** " (timeout 30 → 45; failClosed true → none)". */
function differences(have: Record<string, unknown>, want: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(have), ...Object.keys(want)])].filter(
    (k) => canonical(have[k]) !== canonical(want[k]),
  );
  const show = (v: unknown) => (v === undefined ? 'none' : JSON.stringify(v));
  return keys.length ? ` (${keys.map((k) => `${k} ${show(have[k])} → ${show(want[k])}`).join('; ')})` : '';
}

/**
 * What a bound command that cannot start means, from the entries as bound (docs/hosts.md, "An explicit failClosed"):
 * Cursor denies every call of an event whose entry sets failClosed, and lets the others go ahead with no guard.
 */
export function cannotStart(hooks: HooksFile): string {
  const ours = hooks.kind === 'ok' ? ourEntries(hooks.hooks) : [];
  const closed = ours.filter((e) => e.entry.failClosed === true).map((e) => e.event);
  const open = ours.filter((e) => e.entry.failClosed !== true).map((e) => e.event);
  const said: string[] = [];
  if (closed.length > 0)
    said.push(`Cursor denies every call on ${closed.join(', ')} (failClosed), so the agent can do next to nothing`);
  if (open.length > 0)
    said.push(`${open.join(', ')} run${open.length === 1 ? 's' : ''} no guard (the action goes ahead)`);
  return `missing: the bound command cannot start${said.length > 0 ? `: ${said.join('; ')}` : ''}`;
}
