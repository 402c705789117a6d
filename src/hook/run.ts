// The hook path: one Cursor event in, exactly one Cursor answer out, in the phases of docs/design.md §1:
// locate (project, binding, budget) → 1 read stdin → set up (catalog, config) → 3 translate + 4 select (first, and
// alone, when the event claims no state: no row selected answers at once) → 2 sentinel → 3–4 with the claimed state →
// 5 run under one deadline → 6 fold → 7 emit. Every answer without a run of rows (off, unhandled, fail open, fail
// closed, a broken catalog, a duplicate, a fixed fold) is a Shortcut, answered in one place (./shortcut.ts).
import path from 'node:path';
import { str, toolUseId, type Json } from '../../adapters/json.ts';
import { editedFiles, type Tool } from '../../adapters/toolEvent.ts';
import { EMPTY_STATE, type EventPlan, type LateFacts, type StateIn } from '../../adapters/types.ts';
import type { Waited } from '../state/sentinel.ts';
import { adapterOf, chooseHost, host, isHostEvent, isPermission } from './host.ts';
import { installLifeline, type Lifeline } from './lifeline.ts';
import { withLoopCount } from './loopCount.ts';
import type { EventWork } from './matched.ts';
import { answerShortcut, type Shortcut } from './shortcut.ts';
import { mark, startSpans } from './spans.ts';
import { resultGated, select, type Chosen } from './select.ts';
import { locate, readPayload, setUp, type HookIO, type Setup } from './setup.ts';

export type { HookIO } from './setup.ts';

type StateModule = typeof import('../state/index.ts');
type MatchedModule = typeof import('./matched.ts');
type Tick = ReturnType<StateModule['claimTick']>;

/** This process's IO. process.stdin is a getter that builds a stream: it is touched only when the fast read of fd 0 is not enough. */
export function hookIO(): HookIO {
  return {
    env: process.env,
    cwd: process.cwd(),
    get stdin() {
      return process.stdin;
    },
    stdinFd: 0,
    // process.uptime(), not performance.timeOrigin: the first touch of `performance` loads perf_hooks (~1.3 ms).
    startedAt: Math.round(Date.now() - process.uptime() * 1000),
    ...(bundleArg() ? { bundle: bundleArg() } : {}),
  };
}

/** The bundle this process was started as (`node .cursor/hooks/hookshim.cjs <event>`), if it is one. */
function bundleArg(): string | undefined {
  const file = process.argv[1];
  return file && /(^|[\\/])hookshim\.[cm]js$/.test(file) ? path.resolve(file) : undefined;
}

/** Run one Cursor event end to end; always answers, always resolves to exit code 0. */
export async function runHook(eventArg: string | undefined, io: HookIO, hostId?: string): Promise<number> {
  const name = eventArg ?? '';
  const known = await chooseHost(hostId);
  const lifeline = installLifeline(name, io.env, isHostEvent(name) ? adapterOf(name).empty : {});
  startSpans(lifeline.log.debugOn);
  mark('hook modules evaluated');
  try {
    if (!known) return answerShortcut({ kind: 'unknown-host', host: hostId ?? '' }, lifeline);
    return await runEvent(name, io, lifeline);
  } catch (err) {
    return lifeline.crash(err);
  }
}

/** The event to its answer: a shortcut (answered in one place, ./shortcut.ts) or the catalog's rows run and folded. */
async function runEvent(name: string, io: HookIO, lifeline: Lifeline): Promise<number> {
  const outcome = await decide(name, io, lifeline);
  return typeof outcome === 'number' ? outcome : answerShortcut(outcome, lifeline);
}

/** Every phase up to the answer: a shortcut, or (rows selected) the exit code of the work that answered. */
async function decide(name: string, io: HookIO, lifeline: Lifeline): Promise<Shortcut | number> {
  if (io.env.HOOKSHIM === '0') return { kind: 'off' };
  if (!isHostEvent(name)) return { kind: 'unhandled', event: name };
  // 1. Locate the event (project, binding, budget: once, never from the payload), then read and validate stdin.
  const at = locate(name, io);
  const payload = await readPayload(io, at, lifeline.log);
  // A permission event whose payload cannot be read is denied: nothing can be cleared that nobody could read
  // (docs/fail-matrix.md; Cursor on Windows may mangle stdin, docs/cursor-hooks.md §13).
  if ('problem' in payload) {
    if (!isPermission(name)) return { kind: 'fail-open', why: payload.problem };
    return {
      kind: 'fail-closed',
      why: payload.problem,
      text: payload.tooLarge
        ? `hookshim: this ${name} payload is larger than hookshim reads, so no guard can see it; denied.`
        : `hookshim: this ${name} payload cannot be read (${payload.problem}), so no guard can judge it; denied.`,
    };
  }
  lifeline.input = payload.input;
  // The payload in the shared vocabulary the adapters read (the host's canonical table: docs/design.md §10).
  const warn = (m: string) => lifeline.log.warn(m);
  const input = withLoopCount(host(), name, host().canonical(name, payload.input, warn), io.env, warn);
  mark('payload read');
  const setup = await setUp(name, input, io, lifeline.log, at);
  if ('problem' in setup)
    return setup.broken && isPermission(name)
      ? { kind: 'broken-catalog', event: name, input, problem: setup }
      : { kind: 'fail-open', why: setup.problem };
  mark('set up');
  Object.assign(lifeline.record, {
    conversation: setup.sessionId,
    toolUseId: str(setup.input.tool_use_id),
    tool: str(setup.input.tool_name),
  });

  // 3–4 without state: an event that drains nothing and matches no row answers at once (duplicates compute the same).
  const lean = Object.keys(setup.adapter.needs.claims).length === 0 ? planAndSelect(setup, lifeline) : undefined;
  if (lean && lean.chosen.length === 0) return { kind: 'folded', setup, plan: lean.plan };
  mark('selected');

  const stateHalf = await import('../state/index.ts');
  mark('state half loaded');
  if (setup.state) stateHalf.maybeCollect(setup.state);
  // 2. Several processes for one event: only the first runs the catalog.
  const dedup = setup.adapter.needs.dedup;
  // A host's own log may grow between two processes of one event (Copilot writes it behind its hooks): not a key there.
  const sized = dedup.transcriptSize && !host().logLags;
  const extra = sized ? stateHalf.sizeOf(host().transcriptPathOf(setup.input, setup.env)) : '';
  const id = stateHalf.tickOf(name, setup.input, dedup, extra, `${setup.dir}\u0000${setup.scope}`);
  let tick = stateHalf.claimTick(setup.state, id, { staleAfterMs: setup.budget.staleAfterMs });
  mark('sentinel');
  if (tick.role === 'follower') {
    // A key the agent can predict (no tool_use_id names the call) may hold a record it planted (guarantee 6).
    const guessable = isPermission(name) && !(id.unique && toolUseId(setup.input) !== undefined);
    // There the wait goes on into half the slack, so a leader that answers at its own deadline is still seen.
    const res = await tick.wait(setup.budget.deadline + (guessable ? setup.budget.slackMs / 2 : 0));
    const why = trustless(res, guessable);
    if (!why) return follow(res, setup, stateHalf, guessable);
    if (res.run) lifeline.log.warn(`duplicate ${setup.event} process: ${why}; running the catalog itself`);
    else lifeline.log.debug(`duplicate ${setup.event} process: ${why}; running the catalog itself`);
    tick = { role: 'solo', why };
  }
  if (tick.role === 'solo' && tick.warn) lifeline.log.warn(tick.why);
  else if (tick.role === 'solo') lifeline.log.debug(`no dedup for this event: ${tick.why}`);
  return work(setup, lifeline, stateHalf, tick, lean);
}

/**
 * Why a follower must run the catalog itself rather than replay: the record cannot be trusted (gone, foreign, its
 * leader dead), or it allows a tool call no tool_use_id names. The agent writes its own tool calls, so any other key
 * of a tool call is predictable and an allow there could be planted; only a deny is replayed from it (docs/security.md, guarantee 6).
 */
function trustless(res: Waited, guessable: boolean): string | undefined {
  if (res.run) return res.why;
  if (!guessable || !res.answer || res.answer.permission === 'deny') return undefined;
  return `an allow for a tool call no tool_use_id names is never replayed (${res.why})`;
}

/**
 * A duplicate process: replay the leader's answer (permission events) or answer {} (the leader delivers, once). Under
 * a guessable key a permission event whose leader gave no answer in time is denied: the "leader" may be a pending
 * record the agent planted with a live pid (its own, or another user's), and the {} that stays out of a real leader's
 * way allows when there is none (docs/security.md, guarantee 6). A real leader with the same timeout has answered by
 * then: the wait ran half its slack past the deadline.
 */
function follow(res: Waited, setup: Setup, stateHalf: StateModule, guessable: boolean): Shortcut {
  if (!res.answer && guessable)
    return {
      kind: 'fail-closed',
      why: `duplicate ${setup.event} process: ${res.why}`,
      text:
        `hookshim: the hookshim process that claimed this ${setup.event} gave no answer before the deadline, ` +
        `so it is denied (fail closed).`,
    };
  const { dedup, replayableAnswers } = setup.adapter.needs;
  const answer = stateHalf.followerAnswer(dedup.replay, res.answer, replayableAnswers);
  // Said as done: a permission event replays the decision; any other answers {}, its follow-up or context sent once.
  const how = !res.answer
    ? ''
    : dedup.replay === 'decision'
      ? '; replaying its decision'
      : `; answering {}: that process delivers this ${setup.event}'s answer, once (docs/design.md §7)`;
  return { kind: 'follower', event: setup.event, answer, why: res.why + how, said: !res.answer };
}

/** The leader's (or solo) run: claim records, plan and select, record results, rewrite transcripts, run, finish. */
async function work(
  setup: Setup,
  lifeline: Lifeline,
  stateHalf: StateModule,
  tick: Tick,
  lean: Picked | undefined,
): Promise<number> {
  const mp = await import('./matched.ts');
  mark('matched path loaded');
  const { needs } = setup.adapter;
  const claimed = mp.claimFor(setup, stateHalf, lifeline);
  try {
    // Planned once (the lean path planned already): the plan goes on to the fold, with the tool view it computed.
    const { plan, chosen } = lean ?? planAndSelect(setup, lifeline, claimed.state, mp.withPromptRun);
    const envFile = needs.envFile ? stateHalf.makeEnvFile(setup.state, setup.sessionId) : undefined;
    const w = new mp.EventWork(setup, lifeline, stateHalf, tick, claimed, new mp.RowPrep(setup.dir), envFile, plan);
    w.selected = chosen;
    lifeline.arm(
      setup.budget.deadline,
      `deadline reached ${setup.budget.slackMs}ms before ${host().name}'s ${setup.binding.timeoutS}s timeout; ` +
        `unfinished scripts count as timed out`,
      (why) => {
        // Selected guards that never got to start count as unfinished too: a preToolUse still fails closed.
        w.finish(w.snapshot(), why);
        w.batch?.killAll();
      },
    );
    // Tool results and transcript copies are kept unless the config opts out (docs/security.md "What hookshim keeps").
    const keep = mp.keepsTranscripts(setup.config.transcripts);
    const recorded =
      needs.recordsResult && setup.state && keep ? await recordResult(setup, stateHalf, lifeline) : undefined;
    mark('claimed');
    const jobs = await prepareJobs(setup, lifeline, stateHalf, mp, w, keep, recorded);
    mark('jobs prepared');
    if (jobs.length === 0) {
      w.finish([], 'done');
      return 0;
    }
    // A tool event's plan carries its tool view (adapters/toolEvent.ts ToolPlan): the files it wrote are looked at now.
    if (needs.watchesEdits && 'tool' in plan) w.edits = mp.watchFiles(editedFiles(plan.tool as Tool, setup.dir));
    w.batch = await mp.startJobs(jobs);
    lifeline.killGuards = () => w.batch?.killAll();
    mark('scripts started');
    const results = await w.batch.done;
    mark('scripts done');
    w.finish(results, 'done');
    return 0;
  } catch (err) {
    if (tick.role === 'leader') tick.abandon();
    claimed.restore();
    throw err;
  } finally {
    lifeline.disarm();
  }
}

/** An event's plan and the catalog rows it selects. */
export interface Picked {
  plan: EventPlan;
  chosen: Chosen[];
}

/** Phases 3 and 4: the adapter's plan for this event (with what the claimed state adds), and the rows it selects. */
export function planAndSelect(
  setup: Setup,
  lifeline: Pick<Lifeline, 'log'>,
  state = EMPTY_STATE,
  add: (ctx: Setup['ctx'], state: StateIn, plan: EventPlan) => EventPlan = (_c, _s, p) => p,
): Picked {
  const plan = add(setup.ctx, state, setup.adapter.plan(setup.ctx, state));
  for (const n of plan.notes) lifeline.log.warn(n);
  // A test's setup may lack the config and the modules: the defaults apply.
  const unsupported = setup.config?.unsupported;
  const extra = { modules: setup.catalog.modules, ...(unsupported ? { unsupported } : {}) };
  return { plan, chosen: select(plan, setup.catalog.rows, setup.dir, lifeline.log, extra) };
}

/** Phase 5, preparation: transcripts for the selected rows, result gating, one job per row. */
async function prepareJobs(
  setup: Setup,
  lifeline: Lifeline,
  stateHalf: StateModule,
  mp: MatchedModule,
  w: EventWork,
  keep: boolean,
  recorded: LateFacts['recordedResponse'],
) {
  if (w.selected.length === 0) return [];
  const tx = await mp.attachTranscripts(setup, stateHalf.transcriptFor, setup.state, lifeline.log, keep);
  const gated = resultGated(w.selected, setup.config, tx.resultsAvailable, lifeline.log);
  const jc = mp.jobContextFor(setup, {
    prep: w.prep,
    late: {
      ...tx.late,
      ...(recorded ? { recordedResponse: recorded } : {}),
      // postToolUse's tool_response builder comes with the matched path, out of the hot chunks (LateFacts.responseOf).
      ...(setup.adapter.needs.recordsResult ? { responseOf: mp.toClaudeToolResponse } : {}),
    },
    envFile: w.envFile,
    dataDir: (root) => stateHalf.pluginDataDir(setup.state, root),
    log: lifeline.log,
    asyncOutput: mp.asyncOutputFor(setup, stateHalf, lifeline),
  });
  return gated.map((c) => mp.jobOf(c, jc));
}

/**
 * A tool result for the transcript rewrite to pair with its tool_use (docs/transcripts.md). One that builds on earlier
 * results (TodoWrite's whole list) is also what PostToolUse scripts get as tool_response, so both agree.
 */
async function recordResult(
  setup: Setup,
  stateHalf: StateModule,
  lifeline: Lifeline,
): Promise<LateFacts['recordedResponse'] | undefined> {
  try {
    const rec = (await stateHalf.toolResults()).recordToolResult(
      setup.state as NonNullable<Setup['state']>,
      setup.sessionId,
      setup.input as Json,
      setup.dir,
    );
    return rec.kept !== undefined ? { claudeName: rec.claudeName, response: rec.response } : undefined;
  } catch (err) {
    lifeline.log.warn(`could not record the tool result: ${(err as Error).message}`);
    return undefined;
  }
}
