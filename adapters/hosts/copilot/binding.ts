// What `hookshim init --host copilot` writes into .github/hooks/hookshim.json (docs/copilot-hooks.md §2): one entry per
// Copilot event the catalog's rows need, a bash and a powershell command, a matcher that starts nothing for a tool no
// row can see, and a timeout the hook path answers before. Pure: rows in, entries out.
import { compileMatcher } from '../../../catalog/matcher.ts';
import { rowCannotRun } from '../cursor/carriers.ts';
import { possibleCandidates } from '../../toolEvent.ts';
import { COPILOT } from './index.ts';
import { COPILOT_EVENTS, type CopilotEvent } from './index.ts';
import { COPILOT_QUIET_TOOLS, COPILOT_TOOLS } from './tools.ts';

/** The bundle `init --host copilot` vendors, relative to the project root. */
export const COPILOT_BUNDLE = '.github/hooks/hookshim.cjs';

/** One entry of .github/hooks/hookshim.json. */
export interface CopilotEntry {
  type: 'command';
  bash: string;
  powershell: string;
  timeoutSec: number;
  matcher?: string;
}

/** A row as the planner needs it. */
interface PlanRow {
  event: string;
  matcher?: string;
  type: string;
  command?: string;
  timeout?: number;
}

const TOOL_EVENTS: readonly CopilotEvent[] = ['preToolUse', 'postToolUse', 'postToolUseFailure'];

/** The command of one event: the same words under bash and PowerShell, run from the repository root (§2). */
export function copilotCommand(event: string, nodeFlags: string): string {
  return `node ${nodeFlags} ${COPILOT_BUNDLE} --host copilot ${event}`;
}

/**
 * The entries for these rows: an event is bound when a runnable row of a Claude event it runs exists (postToolUse
 * also for PreToolUse rows, whose warnings it delivers); `timeoutFor` gives the wrapper timeout of its shared event.
 */
export function planCopilot(
  rows: readonly PlanRow[],
  nodeFlags: string,
  timeoutFor: (shared: string) => number | undefined,
): Partial<Record<CopilotEvent, CopilotEntry>> {
  const live = rows.filter(
    (r) => rowCannotRun({ event: r.event, type: r.type, command: r.command ?? '' }) === undefined,
  );
  const out: Partial<Record<CopilotEvent, CopilotEntry>> = {};
  for (const event of Object.keys(COPILOT_EVENTS) as CopilotEvent[]) {
    const claude: readonly string[] = COPILOT.runs[event];
    const own = live.filter((r) => claude.includes(r.event));
    const seen = event === 'postToolUse' ? [...own, ...live.filter((r) => r.event === 'PreToolUse')] : own;
    if (seen.length === 0) continue;
    const matcher = TOOL_EVENTS.includes(event) ? toolMatcher(seen.map((r) => r.matcher)) : undefined;
    out[event] = {
      type: 'command',
      bash: copilotCommand(event, nodeFlags),
      powershell: copilotCommand(event, nodeFlags),
      timeoutSec: timeoutFor(COPILOT_EVENTS[event]) ?? COPILOT.binding.defaultTimeoutS,
      ...(matcher !== undefined ? { matcher } : {}),
    };
  }
  return out;
}

/**
 * A Copilot matcher (a regular expression on the whole tool name, §2) that skips the known tools no row can see and
 * the quiet ones: written as what it skips, so a tool Copilot adds later still starts hookshim. None when nothing is
 * skipped.
 */
export function toolMatcher(matchers: readonly (string | undefined)[]): string | undefined {
  const compiled = matchers.map((m) => compileMatcher(m));
  if (compiled.some((m) => m.kind === 'all')) return undefined;
  const sees = (tool: string) => {
    const names = [...possibleCandidates(COPILOT_TOOLS[tool]?.as ?? tool), tool];
    return compiled.some((m) => m.kind !== 'invalid' && names.some((n) => m.test(n)));
  };
  const skipped = [
    ...Object.keys(COPILOT_TOOLS).filter((t) => !sees(t)),
    ...COPILOT_QUIET_TOOLS.filter((t) => !sees(t)),
  ];
  return skipped.length === 0 ? undefined : `(?!(?:${skipped.join('|')})$).*`;
}
