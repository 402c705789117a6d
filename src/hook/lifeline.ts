// What answers Cursor when the normal path cannot: hookshim's own crash, Cursor cancelling (a signal), the deadline
// before Cursor's timeout. The only process.exit on the hook path: every answer still goes out through emit(),
// exactly once, and leaves a trace record.
import type { Json } from '../../adapters/json.ts';
import { emit } from './emit.ts';
import { createLog, type Log } from './log.ts';
import { mark, spansLine } from './spans.ts';
import { trace, type TraceRecord } from './trace.ts';

/** The process-level lifeline of one event: what answers Cursor when the normal path cannot. */
export interface Lifeline {
  readonly log: Log;
  /** The trace record of this event, filled in as the phases learn things. */
  readonly record: TraceRecord;
  /** The payload, once read (trace records carry it only when asked for). */
  input: Json;
  /** The answer when hookshim cannot do better: the event's empty answer; {} for a duplicate process (never competing). */
  failOpen: Json;
  /** Answer without a catalog run (duplicate, fail open, shim off, unhandled event) and leave a trace record. */
  answer(answer: Json, role: NonNullable<TraceRecord['role']>): number;
  /** Log why, then answer `failOpen`. */
  failOpenWith(why: string): number;
  /** Until `disarm`, a signal or the deadline runs `finishNow(why)` and exits: guards that started are answered for. */
  arm(deadline: number, deadlineWhy: string, finishNow: (why: string) => void): void;
  disarm(): void;
  /** hookshim itself failed: fail open with a clear message (docs/design.md §6), then exit. */
  crash(err: unknown): never;
}

/** Install the crash and signal handlers for event `name`. */
export function installLifeline(name: string, env: NodeJS.ProcessEnv, failOpen: Json): Lifeline {
  const log = createLog(env);
  const record: TraceRecord = { at: new Date().toISOString(), event: name, rows: [], decision: undefined, errors: [] };
  let finishing: ((why: string) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const lifeline: Lifeline = {
    log,
    record,
    input: {},
    failOpen,
    answer(answer, role) {
      emit(answer);
      mark('answered');
      trace(env, { ...record, role, decision: answer, errors: [...log.lines] }, lifeline.input, (m) => log.warn(m));
      debugSpans(log);
      return 0;
    },
    failOpenWith(why) {
      log.warn(`${why}; answering ${JSON.stringify(lifeline.failOpen)} (fail open)`);
      return lifeline.answer(lifeline.failOpen, 'fail-open');
    },
    arm(deadline, deadlineWhy, finishNow) {
      finishing = finishNow;
      timer = setTimeout(() => finishAndExit(finishNow, deadlineWhy), Math.max(0, deadline - Date.now()));
      timer.unref();
    },
    disarm() {
      finishing = undefined;
      clearTimeout(timer);
    },
    crash(err) {
      log.warn(
        `internal error, answering ${JSON.stringify(lifeline.failOpen)} (fail open): ${(err as Error)?.stack ?? String(err)}`,
      );
      lifeline.answer(lifeline.failOpen, 'fail-open');
      process.exit(0);
    },
  };
  process.on('uncaughtException', (err) => lifeline.crash(err));
  process.on('unhandledRejection', (err) => lifeline.crash(err));
  // Cursor cancelling (SIGTERM/SIGINT/SIGHUP): answer at once. Before any guard started there is nothing to fold.
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.once(sig, () => {
      if (finishing)
        finishAndExit(
          finishing,
          `received ${sig}; answered with what had finished, unfinished guards count as timed out`,
        );
      log.warn(`received ${sig} before any guard ran; answering ${JSON.stringify(lifeline.failOpen)}`);
      lifeline.answer(lifeline.failOpen, 'fail-open');
      process.exit(0);
    });
  }
  return lifeline;
}

function finishAndExit(finishNow: (why: string) => void, why: string): never {
  finishNow(why);
  process.exit(0);
}

/** HOOKSHIM_DEBUG: where this event's time went, once its answer and trace record are out. */
export function debugSpans(log: Log): void {
  const line = spansLine();
  if (line) log.debug(line);
}

/** The entry points' end: exit with the hook's code; a rejection that escaped every handler still answers Cursor. */
export function exitAfter(run: Promise<number>): void {
  run.then(
    (code) => process.exit(code),
    (err: unknown) => {
      // runHook answers for its own failures; this is the last resort (e.g. a failure before its lifeline existed).
      try {
        process.stderr.write(
          `hookshim: internal error, answering {} (fail open): ${(err as Error)?.stack ?? String(err)}\n`,
        );
      } catch {
        /* stderr closed */
      }
      emit({});
      process.exit(0);
    },
  );
}
