// The hook path: one Cursor event in, exactly one Cursor answer out, in the phases of docs/design.md §1:
// locate (project, binding, budget) → 1 read stdin → set up (catalog, config) → 3 translate + 4 select (first, and
// alone, when the event claims no state: no row selected answers at once) → 2 sentinel → 3–4 with the claimed state →
// 5 run under one deadline → 6 fold → 7 emit.
import path from 'node:path';
import { isHandledEvent, UNBOUND_CURSOR_EVENTS, type HandledEvent } from '../../adapters/eventMap.ts';
import { ADAPTERS } from '../../adapters/events/index.ts';
import { str, toolUseId, type Json } from '../../adapters/json.ts';
import { writtenFiles } from '../../adapters/toolEvent.ts';
import { EMPTY_STATE, type EventPlan, type LateFacts, type StateIn } from '../../adapters/types.ts';
import type { Waited } from '../state/sentinel.ts';
import { cursorTranscriptPath } from '../project/paths.ts';
import { finishLean } from './finish.ts';
import { installLifeline, type Lifeline } from './lifeline.ts';
import type { EventWork, JobContext } from './matched.ts';
import { mark, startSpans } from './spans.ts';
import { resultGated, select, type Chosen } from './select.ts';
import { locate, readPayload, setUp, type HookIO, type Setup, type SetUpProblem } from './setup.ts';

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
export async function runHook(eventArg: string | undefined, io: HookIO): Promise<number> {
  const name = eventArg ?? '';
  const lifeline = installLifeline(name, io.env, isHandledEvent(name) ? ADAPTERS[name].empty : {});
  startSpans(lifeline.log.debugOn);
  mark('hook modules evaluated');
  try {
    return await runEvent(name, io, lifeline);
  } catch (err) {
    return lifeline.crash(err);
  }
}

async function runEvent(name: string, io: HookIO, lifeline: Lifeline): Promise<number> {
  if (io.env.HOOKSHIM === '0') {
    lifeline.log.warn(
      `HOOKSHIM=0: the shim is switched off, no guard runs; answering ${JSON.stringify(lifeline.failOpen)}`,
    );
    return lifeline.answer(lifeline.failOpen, 'off');
  }
  if (!isHandledEvent(name)) {
    const why = Object.hasOwn(UNBOUND_CURSOR_EVENTS, name)
      ? `hookshim does not handle "${name}": ${UNBOUND_CURSOR_EVENTS[name as keyof typeof UNBOUND_CURSOR_EVENTS]}`
      : `unknown event "${name}"; expected one of ${Object.keys(ADAPTERS).join(', ')}`;
    lifeline.log.warn(`${why}; answering {}`);
    return lifeline.answer({}, 'unhandled');
  }
  // 1. Locate the event (project, binding, budget: once, never from the payload), then read and validate stdin.
  const at = locate(name, io);
  const payload = await readPayload(io, at, lifeline.log);
  // A permission event whose payload cannot be read is denied: nothing can be cleared that nobody could read
  // (docs/fail-matrix.md; Cursor on Windows may mangle stdin, docs/cursor-hooks.md §13).
  if ('problem' in payload) {
    if (!ADAPTERS[name].needs.isPermissionEvent) return lifeline.failOpenWith(payload.problem);
    return denyUnguarded(
      lifeline,
      payload.problem,
      payload.tooLarge
        ? `hookshim: this ${name} payload is larger than hookshim reads, so no guard can see it; denied.`
        : `hookshim: this ${name} payload cannot be read (${payload.problem}), so no guard can judge it; denied.`,
    );
  }
  lifeline.input = payload.input;
  mark('payload read');
  const setup = await setUp(name, payload.input, io, lifeline.log, at);
  if ('problem' in setup)
    return setup.broken && ADAPTERS[name].needs.isPermissionEvent
      ? brokenCatalog(name, payload.input, setup, lifeline)
      : lifeline.failOpenWith(setup.problem);
  mark('set up');
  Object.assign(lifeline.record, {
    conversation: setup.sessionId,
    toolUseId: str(setup.input.tool_use_id),
    tool: str(setup.input.tool_name),
  });

  // 3–4 without state: an event that drains nothing and matches no row answers at once (duplicates compute the same).
  const lean = Object.keys(setup.adapter.needs.claims).length === 0 ? planAndSelect(setup, lifeline) : undefined;
  if (lean && lean.chosen.length === 0) return finishLean(setup, lean.plan, lifeline);
  mark('selected');

  const stateHalf = await import('../state/index.ts');
  mark('state half loaded');
  if (setup.state) stateHalf.maybeCollect(setup.state);
  // 2. Several processes for one event: only the first runs the catalog.
  const dedup = setup.adapter.needs.dedup;
  const extra = dedup.transcriptSize ? stateHalf.sizeOf(cursorTranscriptPath(setup.input, setup.env)) : '';
  const id = stateHalf.tickOf(name, setup.input, dedup, extra, `${setup.dir}\u0000${setup.scope}`);
  let tick = stateHalf.claimTick(setup.state, id, { staleAfterMs: setup.budget.staleAfterMs });
  mark('sentinel');
  if (tick.role === 'follower') {
    const res = await tick.wait(setup.budget.deadline);
    const why = trustless(res, id.unique, setup);
    if (!why) return follow(res, setup, lifeline, stateHalf);
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
function trustless(res: Waited, unique: boolean, setup: Setup): string | undefined {
  if (res.run) return res.why;
  if (!setup.adapter.needs.isPermissionEvent || !res.answer || res.answer.permission === 'deny') return undefined;
  if (unique && toolUseId(setup.input) !== undefined) return undefined;
  return `an allow for a tool call no tool_use_id names is never replayed (${res.why})`;
}

/** A duplicate process: replay the leader's answer (permission events) or answer {} (the leader delivers, once). */
function follow(res: Waited, setup: Setup, lifeline: Lifeline, stateHalf: StateModule): number {
  lifeline.failOpen = {};
  const answer = stateHalf.followerAnswer(
    setup.adapter.needs.dedup.replay,
    res.answer,
    setup.adapter.needs.replayableAnswers,
  );
  lifeline.log.debug(`duplicate ${setup.event} process: ${res.why}`);
  if (!res.answer)
    lifeline.log.warn(`duplicate ${setup.event} process: ${res.why}; answering ${JSON.stringify(answer)}`);
  return lifeline.answer(answer, 'follower');
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
      `deadline reached ${setup.budget.slackMs}ms before Cursor's ${setup.binding.timeoutS}s timeout; unfinished scripts count as timed out`,
      (why) => {
        // Selected guards that never got to start count as unfinished too: a preToolUse still fails closed.
        w.finish(w.snapshot(), why);
        w.batch?.killAll();
      },
    );
    // Tool results and transcript copies are kept unless the config opts out (docs/security.md "What hookshim keeps").
    const keep = mp.keepsTranscripts(setup.config.transcripts);
    const recorded = needs.recordsResult && setup.state && keep ? recordResult(setup, stateHalf, lifeline) : undefined;
    mark('claimed');
    const jobs = await prepareJobs(setup, lifeline, stateHalf, mp, w, keep, recorded);
    mark('jobs prepared');
    if (jobs.length === 0) {
      w.finish([], 'done');
      return 0;
    }
    w.batch = await mp.startJobs(jobs);
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

/**
 * A permission event whose catalog exists but cannot be read, with no good version known: deny (fail toward
 * enforcing), naming the file and where it broke, except a write to that very file, so the catalog can be repaired.
 */
function brokenCatalog(event: HandledEvent, input: Json, p: SetUpProblem, lifeline: Lifeline): number {
  const file = p.broken as string;
  const shown = p.dir ? path.relative(p.dir, file) : file;
  const why = p.problem.split('\n')[0] ?? p.problem;
  const targets = writtenFiles({
    event,
    input,
    projectDir: p.dir ?? '',
    sessionId: '',
    loopLimit: null,
  });
  if (targets.length > 0 && targets.every((t) => path.resolve(t) === file)) {
    lifeline.log.warn(
      `${why}; allowing this write of ${shown} itself, so it can be repaired (every other tool call is denied until it parses)`,
    );
    return lifeline.answer({ permission: 'allow' }, 'fail-open');
  }
  const text = `hookshim: ${shown} is not a readable Claude hook catalog (${why.replace(`${file}: `, '')}), so no guard can be evaluated and this tool call is denied. Fix ${shown}: a Write or Edit of ${shown} itself is allowed.`;
  return denyUnguarded(lifeline, `${why}; no good version of it is known`, text);
}

/** A permission event no guard could look at: deny (fail toward enforcing), saying why on stderr and to the agent. */
function denyUnguarded(lifeline: Lifeline, why: string, text: string): number {
  lifeline.log.warn(`${why}: denying (fail closed)`);
  return lifeline.answer({ permission: 'deny', user_message: text, agent_message: text }, 'fail-closed');
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
  const tx = await mp.attachTranscripts(setup, stateHalf.claudeTranscript, setup.state, lifeline.log, keep);
  const gated = resultGated(w.selected, setup.config, tx.resultsAvailable, lifeline.log);
  // Per event, not per row: each catalog's data folder, the environment scripts inherit, each payload's JSON.
  const dataDirs = new Map<string, string | undefined>();
  const pluginData = (root: string) => {
    if (dataDirs.has(root)) return dataDirs.get(root);
    const dir = stateHalf.pluginDataDir(setup.state, root);
    if (!dir)
      lifeline.log.warn(
        `no CLAUDE_PLUGIN_DATA for the scripts of ${root}: the state directory cannot hold their data folder`,
      );
    dataDirs.set(root, dir);
    return dir;
  };
  const jc: JobContext = {
    prep: w.prep,
    late: recorded ? { ...tx.late, recordedResponse: recorded } : tx.late,
    env: setup.env,
    scriptBaseEnv: mp.scriptBaseEnv(setup.env),
    stdin: new Map(),
    deadline: setup.budget.deadline,
    ...(w.envFile ? { envFile: w.envFile } : {}),
    pluginData,
    http: setup.catalog.http,
    asyncOutput: mp.asyncOutputFor(setup, stateHalf, lifeline),
  };
  return gated.map((c) => mp.jobOf(c, jc));
}

/**
 * A tool result for the transcript rewrite to pair with its tool_use (docs/transcripts.md). One that builds on earlier
 * results (TodoWrite's whole list) is also what PostToolUse scripts get as tool_response, so both agree.
 */
function recordResult(
  setup: Setup,
  stateHalf: StateModule,
  lifeline: Lifeline,
): LateFacts['recordedResponse'] | undefined {
  try {
    const rec = stateHalf.recordToolResult(
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
