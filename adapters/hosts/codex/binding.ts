// What `hookshim init --host codex` writes into .codex/hooks.json (Claude's format, docs/codex-hooks.md §2): one
// matcher group per Codex event the catalog's rows need, whose one handler runs the bundle. Pure: rows in, groups out.
import { compileMatcher } from '../../../catalog/matcher.ts';
import { rowCannotRun } from '../cursor/carriers.ts';
import { CODEX, CODEX_EVENTS, type CodexEvent } from './index.ts';

/** The bundle `init --host codex` vendors, relative to the project root. */
export const CODEX_BUNDLE = '.codex/hooks/hookshim.cjs';

/** One matcher group of .codex/hooks.json, as hookshim writes it. */
export interface CodexGroup {
  matcher?: string;
  hooks: { type: 'command'; command: string; timeout: number }[];
}

/** A row as the planner needs it. */
interface PlanRow {
  event: string;
  matcher?: string;
  type: string;
  command?: string;
}

/**
 * The command of one event, run through Codex's shell from the session's folder (§2). Codex runs a PreToolUse call
 * whose hook exits 1, as `node` does on a missing or damaged bundle (measured, docs/codex-hooks.md §4); exit 2 blocks
 * it with stderr as the reason, so a permission event's command turns any failure of `node` into 2. hookshim itself
 * answers with JSON and exits 0. Codex runs it with `$SHELL -lc`, or `%COMSPEC% /C` on Windows (§2): `||` and
 * `exit 2` mean the same in both.
 */
export function codexCommand(event: string, nodeFlags: string): string {
  const run = `node ${nodeFlags} ${CODEX_BUNDLE} --host codex ${event}`;
  return (CODEX.permissionEvents as readonly string[]).includes(event) ? `${run} || exit 2` : run;
}

/**
 * The groups for these rows: an event is bound when a runnable row of a Claude event it runs exists (PostToolUse also
 * for PreToolUse rows, whose warnings it delivers). A tool event's
 * matcher is the union of its rows' own.
 */
export function planCodex(
  rows: readonly PlanRow[],
  nodeFlags: string,
  timeoutFor: (shared: string) => number | undefined,
): Partial<Record<CodexEvent, CodexGroup>> {
  const live = rows.filter(
    (r) => rowCannotRun({ event: r.event, type: r.type, command: r.command ?? '' }) === undefined,
  );
  const out: Partial<Record<CodexEvent, CodexGroup>> = {};
  for (const event of Object.keys(CODEX_EVENTS) as CodexEvent[]) {
    const claude: readonly string[] = CODEX.runs[event];
    const own = live.filter((r) => claude.includes(r.event));
    const seen = event === 'PostToolUse' ? [...own, ...live.filter((r) => r.event === 'PreToolUse')] : own;
    if (seen.length === 0) continue;
    const matcher =
      event === 'PreToolUse' || event === 'PostToolUse' ? unionMatcher(seen.map((r) => r.matcher)) : undefined;
    const timeout = timeoutFor(CODEX_EVENTS[event]) ?? 30;
    out[event] = {
      ...(matcher ? { matcher } : {}),
      hooks: [{ type: 'command', command: codexCommand(event, nodeFlags), timeout }],
    };
  }
  return out;
}

/**
 * The union of the rows' own matchers when each is a plain list of names (Codex reads them as Claude does, Edit and
 * Write standing for apply_patch, §2); none when any row matches more (Codex's regular expressions have no lookahead
 * to name what to skip, so a pattern's tools are not listed and everything starts hookshim).
 */
function unionMatcher(matchers: readonly (string | undefined)[]): string | undefined {
  const names = new Set<string>();
  for (const m of matchers) {
    if (compileMatcher(m).kind !== 'exact' || m === undefined) return undefined;
    for (const n of m.split(/[|,]/)) if (n.trim()) names.add(n.trim());
  }
  return [...names].sort().join('|');
}
