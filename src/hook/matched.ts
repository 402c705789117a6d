// The matched path, behind one lazy import (an event that runs no row never compiles it): the jobs, the runner, and
// EventWork, phases 6 and 7 of such an event: fold the scripts' verdicts into one Cursor answer, keep what must outlive
// the event, write the answer, and leave a trace record. One place decides the answer, whether the scripts finished,
// the deadline passed, or Cursor sent a signal.
import { interpret } from '../../adapters/outcome.ts';
import type { EventPlan, Folded, RunResult, StateIn } from '../../adapters/types.ts';
import type { Claimed } from '../state/mailbox.ts';
import type { Tick } from '../state/sentinel.ts';
import { emit, emitted } from './emit.ts';
import { foldSafely, record } from './finish.ts';
import type { Lifeline } from './lifeline.ts';
import { notStarted, type RowPrep } from './jobs.ts';
import { unfinished, type Batch } from './runner.ts';
import type { Chosen } from './select.ts';
import { mailboxKey, type Setup } from './setup.ts';
import { mark } from './spans.ts';

export {
  attachTranscripts,
  scriptBaseEnv,
  jobContextFor,
  jobOf,
  keepsTranscripts,
  RowPrep,
  startJobs,
  toJob,
  type JobContext,
} from './jobs.ts';
export { watchFiles } from './edits.ts';
export { startAll } from './runner.ts';
// postToolUse's tool_response builder, out of the chunks every event compiles (LateFacts.responseOf).
export { toClaudeToolResponse } from '../../adapters/toolResponse.ts';

/** The stateful half's functions finish needs (src/state/index.ts, loaded lazily by the driver). */
export interface StateOps {
  applyEffects(stateDir: Setup['state'], session: string, effects: Folded['effects']): string[];
  readEnvFile(file: string): string;
  removeFile(file: string): void;
}

/** One event's work once it got past the sentinel: what was claimed, what runs, and how to answer at any moment. */
export class EventWork {
  /** Selected rows that have not started yet (they count as timed out if the deadline comes first). */
  selected: readonly Chosen[] = [];
  batch: Batch | undefined;
  /** The files the tool call wrote, looked at before its rows started (needs.watchesEdits). */
  edits: { changed(): string[] } | undefined;

  constructor(
    readonly setup: Setup,
    readonly lifeline: Lifeline,
    readonly ops: StateOps,
    readonly tick: Tick,
    readonly claimed: Claimed,
    readonly prep: RowPrep,
    readonly envFile: string | undefined,
    /** The plan the rows were selected from: the fold follows it (a tool event's carries its tool view). */
    readonly plan: EventPlan,
  ) {}

  /** A result for every selected script now: unfinished and not-started ones as timed out. */
  snapshot(): RunResult[] {
    if (this.batch) return this.batch.snapshot();
    const elapsed = Date.now() - this.setup.startedAt;
    return this.selected.filter((c) => !c.row.async).map((c) => unfinished(notStarted(c, this.prep), elapsed));
  }

  /** Fold, keep, answer, trace (once; later calls do nothing). */
  finish(results: RunResult[], why: string): void {
    if (emitted()) return;
    const { setup, lifeline, ops } = this;
    const verdicts = results.map(interpret);
    const state: StateIn = {
      ...this.claimed.state,
      ...(this.envFile ? { envFile: ops.readEnvFile(this.envFile) } : {}),
      ...(this.edits ? { rewritten: this.edits.changed() } : {}),
    };
    const folded = foldSafely(setup, verdicts, state, this.plan, lifeline);
    // Stashes are written before the answer goes out: the tool (and its postToolUse) can only follow the answer.
    const kept = ops.applyEffects(setup.state, mailboxKey(setup), folded.effects);
    emit(folded.answer);
    mark('answered');
    this.claimed.release();
    if (this.tick.role === 'leader') this.tick.finish(folded.answer);
    for (const n of [...folded.notes, ...kept]) lifeline.log.warn(n);
    if (why !== 'done') lifeline.log.warn(why);
    if (this.envFile) ops.removeFile(this.envFile);
    record(lifeline, setup, folded, results, verdicts);
  }
}
