// What answers Cursor when the normal path cannot: hookshim's own crash, Cursor cancelling (a signal), the deadline
// before Cursor's timeout. The only process.exit on the hook path: every answer still goes out through emit(),
// exactly once, and leaves a trace record.
import type { Json } from '../../adapters/json.ts';
import { emit, emitted, setRender, setUnwritable } from './emit.ts';
import { host, isPermission } from './host.ts';
import { inspectorTampering } from './inspector.ts';
import { createLog, type Log } from './log.ts';
import { mark, spansLine } from './spans.ts';
import { trace, type TraceRecord } from './trace.ts';
import { isoTime } from '../../adapters/isoTime.ts';

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
  /** Set once guards run: SIGKILLs their process groups when hookshim exits on a crash (they would outlive it). */
  killGuards: (() => void) | undefined;
  /** hookshim itself failed: a permission event denies, any other answers `failOpen` (docs/design.md §6), then exit. */
  crash(err: unknown): never;
}

/**
 * What hookshim's own failure answers for `event` (its crash, a fold that threw, Cursor's signal before any guard ran):
 * a permission event denies, since the agent may have caused the failure and nothing may turn a deny into an allow
 * (docs/security.md guarantee 7); any other event gets `failOpen`. `what` says what failed, to the user and the agent.
 */
export function ownFailure(event: string, failOpen: Json, what: string): { answer: Json; how: string; role: Role } {
  if (!isPermission(event))
    return { answer: failOpen, how: `answering ${JSON.stringify(failOpen)} (fail open)`, role: 'fail-open' };
  const text =
    `hookshim ${what}; this ${event} is denied (fail closed): ` +
    `no guard's answer can be given (details in ${host().name}'s Hooks output).`;
  const answer = { permission: 'deny', user_message: text, agent_message: text };
  return { answer, how: 'denying (fail closed)', role: 'fail-closed' };
}

type Role = NonNullable<TraceRecord['role']>;

/** An answer of a process whose inspector was opened (./inspector.ts): a permission event's becomes a deny; else undefined. */
export function distrusted(event: string, answer: Json, log: Log): { answer: Json; role: Role } | undefined {
  const why = inspectorTampering();
  if (!why) return undefined;
  const denied = ownFailure(event, answer, why);
  log.warn(`${why}; ${denied.role === 'fail-closed' ? denied.how : 'the answer stands'}`);
  return denied.role === 'fail-closed' ? denied : undefined;
}

/** Answer `event` for hookshim's own failure `what` (said to the user and the agent); stderr adds `detail`. */
function answerOwnFailure(lifeline: Lifeline, event: string, what: string, said: string, detail = ''): void {
  // After the answer went out there is nothing to answer: say so (the event's trace record, if written, stands).
  if (emitted()) return void lifeline.log.warn(`${said} after the answer went out${detail && `: ${detail}`}`);
  const { answer, how, role } = ownFailure(event, lifeline.failOpen, what);
  lifeline.log.warn(`${said}; ${how}${detail && `: ${detail}`}`);
  lifeline.answer(answer, role);
}

/** Install the crash and signal handlers for event `name`. */
export function installLifeline(name: string, env: NodeJS.ProcessEnv, failOpen: Json): Lifeline {
  const log = createLog(env);
  const h = host();
  setRender((a) => h.render(a, (m) => log.warn(m), name));
  setUnwritable(() => ownFailure(name, failOpen, 'could not write its answer').answer);
  const record: TraceRecord = {
    at: isoTime(Date.now()),
    event: name,
    host: h.id,
    rows: [],
    decision: undefined,
    errors: [],
  };
  let finishing: ((why: string) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const lifeline: Lifeline = {
    log,
    record,
    input: {},
    failOpen,
    answer(given, givenRole) {
      const denied = givenRole === 'fail-closed' ? undefined : distrusted(name, given, log);
      const answer = denied?.answer ?? given;
      const role = denied?.role ?? givenRole;
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
    killGuards: undefined,
    crash(err) {
      try {
        lifeline.killGuards?.();
      } catch {
        /* the crash itself is what gets answered */
      }
      const stack = (err as Error)?.stack ?? String(err);
      answerOwnFailure(lifeline, name, `hit an internal error (${errorLine(err)})`, 'internal error', stack);
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
      const what = emitted() ? `received ${sig}` : `received ${sig} before any guard ran`;
      answerOwnFailure(lifeline, name, what, what);
      process.exit(0);
    });
  }
  return lifeline;
}

/** The first line of an error's message, at most 200 characters, for the answer (the stack goes to stderr). */
export function errorLine(err: unknown): string {
  return String(err).split('\n')[0]!.slice(0, 200);
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

/**
 * The entry points' end: exit with the hook's code; a rejection that escaped every handler (a failure before the
 * lifeline existed) still answers Cursor for `event`, as hookshim's own failure does.
 */
export function exitAfter(run: Promise<number>, event: string): void {
  run.then(
    (code) => process.exit(code),
    (err: unknown) => {
      const { answer, how } = ownFailure(event, {}, `hit an internal error (${errorLine(err)})`);
      try {
        process.stderr.write(`hookshim: internal error, ${how}: ${(err as Error)?.stack ?? String(err)}\n`);
      } catch {
        /* stderr closed */
      }
      emit(answer);
      process.exit(0);
    },
  );
}
