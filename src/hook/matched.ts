// The matched path, behind one lazy import (an event that runs no row never compiles it): the jobs, the runner, and
// EventWork, phases 6 and 7 of such an event: fold the scripts' verdicts into one Cursor answer, keep what must outlive
// the event, write the answer, and leave a trace record. One place decides the answer, whether the scripts finished,
// the deadline passed, or Cursor sent a signal.
import { str } from '../../adapters/json.ts';
import { interpret } from '../../adapters/outcome.ts';
import { foldPromptRun, hasPromptRows } from '../../adapters/promptRun.ts';
import type { Folded, RunResult, StateIn } from '../../adapters/types.ts';
import { cursorTranscriptPath } from '../project/paths.ts';
import type { claimPromptRun as claimRun } from '../state/promptRun.ts';
import type { Claimed } from '../state/mailbox.ts';
import type { Tick } from '../state/sentinel.ts';
import { emit, emitted } from './emit.ts';
import { foldSafely, record } from './finish.ts';
import type { Guard } from './guard.ts';
import { notStarted, type RowPrep } from './jobs.ts';
import { unfinished, type Batch } from './runner.ts';
import type { Chosen } from './select.ts';
import { mailboxKey, type Setup } from './setup.ts';
import { mark } from './spans.ts';

export {
  attachTranscripts,
  hostEnv,
  jobOf,
  keepsTranscripts,
  RowPrep,
  startJobs,
  toJob,
  type JobContext,
} from './jobs.ts';
export { startAll } from './runner.ts';
export { withPromptRun } from '../../adapters/promptRun.ts';

/**
 * UserPromptSubmit where beforeSubmitPrompt never fires (docs/events.md "Cloud agents"), for a catalog with such rows:
 * beforeSubmitPrompt records its run; a tool event may claim its generation's run (the prompt from the transcript).
 */
export function claimPromptRun(setup: Setup, st: { claimPromptRun: typeof claimRun }, state: StateIn): void {
  const how = setup.adapter.needs.promptRun;
  if (!how || !hasPromptRows(setup.catalog.rows)) return;
  // The CLI sends generation_id = conversation_id (docs/cursor-hooks.md §3): its generations are one.
  const generation = str(setup.input.generation_id) ?? setup.sessionId;
  const transcript = how === 'fallback' ? cursorTranscriptPath(setup.input, setup.env) : undefined;
  const run = st.claimPromptRun(
    setup.state,
    setup.sessionId,
    [setup.dir, setup.plugin ?? '', generation],
    how,
    transcript,
  );
  if (run) state.promptRun = run;
}

/** The stateful half's functions finish needs (src/state/index.ts, loaded lazily by the driver). */
export interface StateOps {
  applyEffects(st: Setup['state'], session: string, effects: Folded['effects']): string[];
  readEnvFile(file: string): string;
  removeFile(file: string): void;
}

/** One event's work once it got past the sentinel: what was claimed, what runs, and how to answer at any moment. */
export class EventWork {
  /** Selected rows that have not started yet (they count as timed out if the deadline comes first). */
  selected: readonly Chosen[] = [];
  batch: Batch | undefined;

  constructor(
    readonly setup: Setup,
    readonly g: Guard,
    readonly ops: StateOps,
    readonly tick: Tick,
    readonly claimed: Claimed,
    readonly prep: RowPrep,
    readonly envFile: string | undefined,
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
    const { setup, g, ops } = this;
    const verdicts = results.map(interpret);
    // UserPromptSubmit rows run at this tool event say their piece through the prompt's pending context.
    const prompt = foldPromptRun(verdicts, {
      ...this.claimed.state,
      ...(this.envFile ? { envFile: ops.readEnvFile(this.envFile) } : {}),
    });
    const folded = foldSafely(setup, prompt.verdicts, prompt.state, g);
    // Stashes are written before the answer goes out: the tool (and its postToolUse) can only follow the answer.
    const kept = ops.applyEffects(setup.state, mailboxKey(setup), folded.effects);
    emit(folded.answer);
    mark('answered');
    this.claimed.release();
    if (this.tick.role === 'leader') this.tick.finish(folded.answer);
    for (const n of [...prompt.notes, ...folded.notes, ...kept]) g.log.warn(n);
    if (why !== 'done') g.log.warn(why);
    if (this.envFile) ops.removeFile(this.envFile);
    record(g, setup, folded, results, verdicts);
  }
}
