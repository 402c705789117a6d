// Phases 6 and 7 of an event that runs no row (its fixed answer, and its trace record), and what every answer shares:
// the fold that fails open, the trace record. An event that runs rows answers through EventWork (./matched.ts).
import { describeVerdict } from '../../adapters/outcome.ts';
import type { EventPlan, Folded, RunResult, StateIn, Verdict } from '../../adapters/types.ts';
import { emit } from './emit.ts';
import { debugSpans, type Lifeline } from './lifeline.ts';
import type { Setup } from './setup.ts';
import { mark } from './spans.ts';
import { trace } from './trace.ts';

/** An event that drains no state and runs no row: its fixed answer, without touching the state dir. */
export function finishLean(setup: Setup, plan: EventPlan, lifeline: Lifeline): number {
  const folded = foldSafely(setup, [], { stashed: [], carried: [], pendingPrompt: [] }, plan, lifeline);
  emit(folded.answer);
  mark('answered');
  for (const n of folded.notes) lifeline.log.warn(n);
  record(lifeline, setup, folded, [], []);
  return 0;
}

/** The adapter's fold of the plan it made; hookshim's own fold failure fails open. */
export function foldSafely(
  setup: Setup,
  verdicts: Verdict[],
  state: StateIn,
  plan: EventPlan,
  lifeline: Lifeline,
): Folded {
  try {
    return setup.adapter.fold(setup.ctx, verdicts, state, plan);
  } catch (err) {
    lifeline.log.warn(
      `fold failed: ${(err as Error).message}; answering ${JSON.stringify(setup.adapter.empty)} (fail open)`,
    );
    return { answer: setup.adapter.empty, effects: [], notes: [] };
  }
}

/** The trace record of an answered event: its rows with what each decided. */
export function record(
  lifeline: Lifeline,
  setup: Setup,
  folded: Folded,
  results: RunResult[],
  verdicts: Verdict[],
): void {
  lifeline.record.decision = folded.answer;
  lifeline.record.rows = results.map((r, i) => ({
    ...(r.catalog !== undefined ? { catalog: r.catalog } : {}),
    row: r.locator,
    label: r.label,
    event: r.claudeEvent,
    ms: r.durationMs,
    exit: r.exitCode,
    timedOut: r.timedOut,
    verdict: verdicts[i] ? describeVerdict(verdicts[i], 'short') : 'none',
  }));
  lifeline.record.errors = [...lifeline.log.lines];
  trace(setup.env, lifeline.record, setup.input, (m) => lifeline.log.warn(m));
  debugSpans(lifeline.log);
}
