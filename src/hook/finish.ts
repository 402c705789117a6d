// Phases 6 and 7 of an event that runs no row (its fixed answer, and its trace record), and what every answer shares:
// the fold (a fold that throws: ./lifeline.ts ownFailure), the trace record. An event that runs rows answers through
// EventWork (./matched.ts), which describes its rows' verdicts for the record (adapters/outcome.ts stays off the hot
// path).
import type { EventPlan, Folded, StateIn, Verdict } from '../../adapters/types.ts';
import { emit } from './emit.ts';
import { debugSpans, distrusted, errorLine, ownFailure, type Lifeline } from './lifeline.ts';
import type { Setup } from './setup.ts';
import { mark } from './spans.ts';
import { trace, type TraceRecord } from './trace.ts';

/** An event that drains no state and runs no row: its fixed answer, without touching the state dir. */
export function finishLean(setup: Setup, plan: EventPlan, lifeline: Lifeline): number {
  const folded = foldSafely(setup, [], { stashed: [], carried: [], pendingPrompt: [] }, plan, lifeline);
  emit(folded.answer);
  mark('answered');
  for (const n of folded.notes) lifeline.log.warn(n);
  record(lifeline, setup, folded, []);
  return 0;
}

/**
 * The adapter's fold of the plan it made; a fold that throws is hookshim's own failure (./lifeline.ts ownFailure), and
 * so is an inspector found open (./lifeline.ts distrusted).
 */
export function foldSafely(
  setup: Setup,
  verdicts: Verdict[],
  state: StateIn,
  plan: EventPlan,
  lifeline: Lifeline,
): Folded {
  try {
    const folded = setup.adapter.fold(setup.ctx, verdicts, state, plan);
    const denied = distrusted(setup.event, folded.answer, lifeline.log);
    if (!denied) return folded;
    lifeline.record.role = denied.role;
    return { answer: denied.answer, effects: [], notes: folded.notes };
  } catch (err) {
    const message = err instanceof Error ? err.message : err;
    const what = `could not fold its guards' answers (${errorLine(message)})`;
    const { answer, how, role } = ownFailure(setup.event, setup.adapter.empty, what);
    lifeline.record.role = role;
    lifeline.log.warn(`fold failed: ${String(message)}; ${how}`);
    return { answer, effects: [], notes: [] };
  }
}

/** The trace record of an answered event: its rows with what each decided. */
export function record(lifeline: Lifeline, setup: Setup, folded: Folded, rows: TraceRecord['rows']): void {
  lifeline.record.decision = folded.answer;
  lifeline.record.rows = rows;
  lifeline.record.errors = [...lifeline.log.lines];
  trace(setup.env, lifeline.record, setup.input, (m) => lifeline.log.warn(m));
  debugSpans(lifeline.log);
}
