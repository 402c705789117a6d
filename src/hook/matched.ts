// The matched path, behind one lazy import (an event that runs no row never compiles it): the jobs, the runner, and
// EventWork, phases 6 and 7 of such an event: fold the scripts' verdicts into one Cursor answer, keep what must outlive
// the event, write the answer, and leave a trace record. One place decides the answer, whether the scripts finished,
// the deadline passed, or Cursor sent a signal.
import type { ClaudeEvent } from '../../adapters/eventMap.ts';
import { str, toolUseId } from '../../adapters/json.ts';
import { asyncMessages } from '../../adapters/asyncContext.ts';
import { describeVerdict, interpret } from '../../adapters/outcome.ts';
import { foldPromptRun, hasPromptRows } from '../../adapters/promptRun.ts';
import type { EventPlan, Folded, RunResult, StateIn, Verdict } from '../../adapters/types.ts';
import type { claimPromptRun as claimRun } from '../state/promptRun.ts';
import type { asyncOutput, claim, Claimed } from '../state/mailbox.ts';
import type { Tick } from '../state/sentinel.ts';
import { emit, emitted } from './emit.ts';
import { foldSafely, record } from './finish.ts';
import type { Lifeline } from './lifeline.ts';
import { notStarted, type RowPrep } from './jobs.ts';
import { unfinished, type Batch } from './runner.ts';
import type { Chosen } from './select.ts';
import { mailboxKey, type Setup } from './setup.ts';
import { mark } from './spans.ts';
import type { TraceRecord } from './trace.ts';
import { host } from './host.ts';

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
export { withPromptRun } from '../../adapters/promptRun.ts';

/** The state half's functions the claims need (src/state/index.ts, loaded lazily by the driver). */
interface ClaimOps {
  claim: typeof claim;
  claimPromptRun: typeof claimRun;
  asyncOutput: typeof asyncOutput;
}

/**
 * Claim what this event drains (its adapter's needs): the mailbox's records, with finished async rows' output for a
 * catalog that has async rows, and the run of the generation's UserPromptSubmit rows where that applies.
 */
export function claimFor(setup: Setup, stateHalf: ClaimOps, lifeline: Pick<Lifeline, 'log'>): Claimed {
  const { needs } = setup.adapter;
  const asyncRows = setup.catalog.rows.some((r) => r.async === true) ? asyncMessages : undefined;
  const claimed = stateHalf.claim(setup.state, mailboxKey(setup), needs.claims, toolUseId(setup.input), asyncRows);
  for (const n of claimed.notes) lifeline.log.warn(n);
  if (needs.promptRun) claimPromptRun(setup, stateHalf, claimed.state);
  return claimed;
}

/** Where this event's async rows keep their output (src/state/asyncContext.ts); a row whose cannot be kept is named. */
export function asyncOutputFor(setup: Setup, stateHalf: ClaimOps, lifeline: Pick<Lifeline, 'log'>) {
  return (label: string, event: ClaudeEvent): string | undefined => {
    const base = stateHalf.asyncOutput(setup.state, mailboxKey(setup), label, event);
    if (!base)
      lifeline.log.warn(`async row ${label}: its context cannot be kept (no usable state directory), so it is lost`);
    return base;
  };
}

/**
 * UserPromptSubmit where beforeSubmitPrompt never fires (docs/events.md "Cloud agents"), for a catalog with such rows:
 * beforeSubmitPrompt records its run; a tool event may claim its generation's run (the prompt from the transcript).
 */
function claimPromptRun(setup: Setup, stateHalf: Pick<ClaimOps, 'claimPromptRun'>, state: StateIn): void {
  const how = setup.adapter.needs.promptRun;
  if (!how || !hasPromptRows(setup.catalog.rows)) return;
  // The CLI sends generation_id = conversation_id (docs/cursor-hooks.md §3): its generations are one.
  const generation = str(setup.input.generation_id) ?? setup.sessionId;
  // A host's own log (host().transcript) is not Cursor's transcript: the prompt is not read from it.
  const transcript =
    how === 'fallback' && !host().transcript ? host().transcriptPathOf(setup.input, setup.env) : undefined;
  const run = stateHalf.claimPromptRun(
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
    // UserPromptSubmit rows run at this tool event say their piece through the prompt's pending context.
    const prompt = foldPromptRun(verdicts, {
      ...this.claimed.state,
      ...(this.envFile ? { envFile: ops.readEnvFile(this.envFile) } : {}),
      ...(this.edits ? { rewritten: this.edits.changed() } : {}),
    });
    const folded = foldSafely(setup, prompt.verdicts, prompt.state, this.plan, lifeline);
    // Stashes are written before the answer goes out: the tool (and its postToolUse) can only follow the answer.
    const kept = ops.applyEffects(setup.state, mailboxKey(setup), folded.effects);
    emit(folded.answer);
    mark('answered');
    this.claimed.release();
    if (this.tick.role === 'leader') this.tick.finish(folded.answer);
    for (const n of [...prompt.notes, ...folded.notes, ...kept]) lifeline.log.warn(n);
    if (why !== 'done') lifeline.log.warn(why);
    if (this.envFile) ops.removeFile(this.envFile);
    record(lifeline, setup, folded, traceRows(results, verdicts));
  }
}

/** The trace record's rows: each run with what it decided. */
function traceRows(results: RunResult[], verdicts: Verdict[]): TraceRecord['rows'] {
  return results.map((r, i) => ({
    ...(r.catalog !== undefined ? { catalog: r.catalog } : {}),
    row: r.locator,
    label: r.label,
    event: r.claudeEvent,
    ms: r.durationMs,
    exit: r.exitCode,
    timedOut: r.timedOut,
    verdict: verdicts[i] ? describeVerdict(verdicts[i], 'short') : 'none',
  }));
}
