// The hook path: one Cursor event in, exactly one Cursor answer out, in the phases of docs/design.md §1:
// 1 read stdin → 2 sentinel → 3 translate → 4 select rows → 5 run under one deadline → 6 fold → 7 emit.
import { isHandledEvent, UNBOUND_CURSOR_EVENTS, type HandledEvent } from '../../adapters/events.ts';
import { ADAPTERS } from '../../adapters/index.ts';
import type { SharedFiring } from '../../adapters/firing.ts';
import { str, toolUseId, type Json } from '../../adapters/json.ts';
import { EMPTY_STATE, type Plan } from '../../adapters/types.ts';
import { cursorTranscriptPath } from '../project/paths.ts';
import { EventWork, finishLean } from './finish.ts';
import { guard, type Guard } from './guard.ts';
import { attachTranscripts, RowPrep, toJob } from './jobs.ts';
import { startAll } from './runner.ts';
import { ranKey, resultGated, select, type Chosen } from './select.ts';
import { readPayload, setUp, type HookIO, type Setup } from './setup.ts';

export type { HookIO } from './setup.ts';

type StateModule = typeof import('../state/index.ts');
type Tick = ReturnType<StateModule['claimTick']>;
type Followed = Awaited<ReturnType<Extract<Tick, { role: 'follower' }>['wait']>>;

/** This process's IO. process.stdin is a getter that builds a stream: it is touched only when the fast read of fd 0 is not enough. */
export function hookIO(): HookIO {
  return {
    env: process.env,
    cwd: process.cwd(),
    get stdin() {
      return process.stdin;
    },
    stdinFd: 0,
    startedAt: Math.round(performance.timeOrigin),
  };
}

/** Run one Cursor event end to end; always answers, always resolves to exit code 0. */
export async function runHook(eventArg: string | undefined, io: HookIO): Promise<number> {
  const name = eventArg ?? '';
  const g = guard(name, io.env, isHandledEvent(name) ? ADAPTERS[name].empty : {});
  try {
    return await runEvent(name, io, g);
  } catch (err) {
    return g.crash(err);
  }
}

async function runEvent(name: string, io: HookIO, g: Guard): Promise<number> {
  if (io.env.HOOKSHIM === '0') return g.answer(g.failOpen, 'off');
  if (!isHandledEvent(name)) {
    const why = Object.hasOwn(UNBOUND_CURSOR_EVENTS, name) ? `hookshim does not handle "${name}": ${UNBOUND_CURSOR_EVENTS[name as keyof typeof UNBOUND_CURSOR_EVENTS]}` : `unknown event "${name}"; expected one of ${Object.keys(ADAPTERS).join(', ')}`;
    g.log.warn(`${why}; answering {}`);
    return g.answer({}, 'unhandled');
  }
  // 1. Read and validate stdin; resolve the project, binding, budget, catalog and config.
  const payload = await readPayload(name, io, g.log);
  if ('problem' in payload) return g.failOpenWith(payload.problem);
  g.input = payload.input;
  const setup = await setUp(name, payload.input, io, g.log, { envBinding: { dir: payload.envDir, binding: payload.envBinding } });
  if ('problem' in setup) return g.failOpenWith(setup.problem);
  Object.assign(g.record, { conversation: setup.sessionId, toolUseId: str(setup.input.tool_use_id), tool: str(setup.input.tool_name) });

  // 3–4 without state: an event that drains nothing and matches no row answers at once (duplicates compute the same).
  const lean = Object.keys(setup.adapter.needs.claims).length === 0 ? planAndSelect(setup, g) : undefined;
  if (lean && lean.chosen.length === 0) return finishLean(setup, g);

  const st = await import('../state/index.ts');
  if (setup.state) st.maybeCollect(setup.state);
  // 2. Several processes for one event, or two events for one action: only the first runs the catalog.
  const dedup = setup.adapter.needs.dedup;
  const shared = dedup.shared?.(setup.input, setup.dir);
  // An event that announces a shared action keys itself on its own firing; one that reports it next, on the action.
  const follows = shared && !dedup.announces ? shared : undefined;
  const extra = dedup.transcriptSize ? st.sizeOf(cursorTranscriptPath(setup.input, setup.env)) : '';
  const tick = st.claimTick(setup.state, st.tickOf(name, setup.input, dedup, extra, follows), { staleAfterMs: (setup.binding.timeoutS + 10) * 1000 });
  if (tick.role === 'follower') return follow(tick, setup, g, st, follows && { ...follows, chosen: lean?.chosen });
  if (tick.role === 'solo') g.log.debug(`no dedup for this event: ${tick.why}`);
  const announced = shared && dedup.announces ? st.announce(setup.state, st.tickOf(name, setup.input, dedup, '', shared)) : undefined;
  return work(setup, g, st, tick, lean?.chosen, shared && { knows: shared.knows, ...(announced ? { announced } : {}) });
}

/**
 * A duplicate process, or the second event of a shared action: wait for the leader's answer and replay it (permission
 * events) or answer {}. A second event that knows more than its leader (beforeMCPExecution names the server
 * preToolUse guessed) runs the rows the leader could not know to run, unless the leader already blocked.
 */
async function follow(tick: Extract<Tick, { role: 'follower' }>, setup: Setup, g: Guard, st: StateModule, shared?: SharedFiring & { chosen?: Chosen[] | undefined }): Promise<number> {
  g.failOpen = {};
  const res = await tick.wait(setup.budget.deadline);
  const missed = shared ? missedRows(res, shared, setup, g) : [];
  if (shared && missed.length > 0) return runMissed(setup, g, st, shared, missed);
  const answer = st.followerAnswer(setup.adapter.needs.dedup.replay, res.answer, setup.adapter.needs.permissions);
  g.log.debug(`duplicate ${setup.event} process: ${res.why}`);
  if (!res.answer) g.log.warn(`duplicate ${setup.event} process: ${res.why}; answering ${JSON.stringify(answer)}`);
  return g.answer(answer, 'follower');
}

/** The rows this event selects that the leader of a shared action did not run as it would, knowing less; none once it blocked. */
function missedRows(res: Followed, shared: SharedFiring & { chosen?: Chosen[] | undefined }, setup: Setup, g: Guard): Chosen[] {
  if (!res.answer || !res.ran || res.knows === undefined || shared.knows <= res.knows || res.answer.permission !== 'allow') return [];
  const ran = new Set(res.ran);
  return (shared.chosen ?? planAndSelect(setup, g).chosen).filter((c) => !ran.has(ranKey(c)));
}

/** Run the rows the leader missed, under a key of this event's own, so its duplicates do not run them again. */
async function runMissed(setup: Setup, g: Guard, st: StateModule, shared: SharedFiring, rows: Chosen[]): Promise<number> {
  g.log.warn(`${setup.event} knows more of this action than the event that ran its guards first: running ${rows.map((c) => `${c.row.locator} as ${c.matched ?? 'its tool'}`).join(', ')}, which that event did not run so`);
  g.failOpen = setup.adapter.empty;
  const mine = { parts: [...shared.parts, `knows:${shared.knows}`], knows: shared.knows };
  const tick = st.claimTick(setup.state, st.tickOf(setup.event, setup.input, setup.adapter.needs.dedup, '', mine), { staleAfterMs: (setup.binding.timeoutS + 10) * 1000 });
  if (tick.role === 'follower') return follow(tick, setup, g, st);
  return work(setup, g, st, tick, rows);
}

/** What the run of a shared action records for the event that reports it next: what it knew, and its own announcement. */
type SharedRun = NonNullable<ConstructorParameters<typeof EventWork>[7]>;

/** The leader's (or solo) run: claim records, record results, select, rewrite transcripts, run, finish. */
async function work(setup: Setup, g: Guard, st: StateModule, tick: Tick, chosen: Chosen[] | undefined, shared?: SharedRun): Promise<number> {
  const { needs } = setup.adapter;
  const claimed = st.claim(setup.state, setup.sessionId, needs.claims, toolUseId(setup.input));
  const envFile = needs.envFile ? st.makeEnvFile(setup.state, setup.sessionId) : undefined;
  const w = new EventWork(setup, g, st, tick, claimed, new RowPrep(setup.catalog.root, setup.dir), envFile, shared);
  g.arm(setup.budget.deadline, `deadline reached ${setup.budget.slackMs}ms before Cursor's ${setup.binding.timeoutS}s timeout; unfinished scripts count as timed out`, (why) => {
    // Selected guards that never got to start count as unfinished too: a preToolUse still fails closed.
    w.finish(w.snapshot(), why);
    w.batch?.killAll();
  });
  try {
    if (needs.recordsResult && setup.state) recordResult(setup, st, g);
    w.selected = chosen ?? planAndSelect(setup, g, claimed.state).chosen;
    const jobs = await prepareJobs(setup, g, st, w);
    if (jobs.length === 0) {
      w.finish([], 'done');
      return 0;
    }
    w.batch = await startAll(jobs);
    w.finish(await w.batch.done, 'done');
    return 0;
  } catch (err) {
    if (tick.role === 'leader') tick.abandon();
    if (shared?.announced?.role === 'leader') shared.announced.abandon();
    claimed.restore();
    throw err;
  } finally {
    g.disarm();
  }
}

/** Phases 3 and 4: the adapter's plan for this event, and the catalog rows it selects. */
export function planAndSelect(setup: Setup, g: Pick<Guard, 'log'>, state = EMPTY_STATE): { plan: Plan; chosen: Chosen[] } {
  const plan = setup.adapter.plan(setup.ctx, state);
  for (const n of plan.notes) g.log.warn(n);
  return { plan, chosen: select(plan, setup.catalog.rows, setup.dir, g.log) };
}

/** Phase 5, preparation: transcripts for the selected rows, result gating, one job per row. */
async function prepareJobs(setup: Setup, g: Guard, st: StateModule, w: EventWork) {
  if (w.selected.length === 0) return [];
  const tx = await attachTranscripts(setup, st.claudeTranscript, setup.state, g.log);
  const gated = resultGated(w.selected, setup.config, tx.resultsAvailable, g.log);
  const pluginData = st.pluginDataDir(setup.state, setup.catalog.root);
  if (!pluginData) g.log.warn('no CLAUDE_PLUGIN_DATA for the scripts: the state directory cannot hold their data folder');
  return gated.map((c) => toJob(c, { prep: w.prep, env: setup.env, deadline: setup.budget.deadline, ...(w.envFile ? { envFile: w.envFile } : {}), ...(pluginData ? { pluginData } : {}) }));
}

/**
 * A tool result for the transcript rewrite to pair with its tool_use (docs/transcripts.md). One that builds on earlier
 * results (TodoWrite's whole list) is also what PostToolUse scripts get as tool_response, so both agree.
 */
function recordResult(setup: Setup, st: StateModule, g: Guard): void {
  try {
    const rec = st.recordToolResult(setup.state as NonNullable<Setup['state']>, setup.sessionId, setup.input as Json, setup.dir);
    if (rec.kept !== undefined) setup.ctx.recordedResponse = { claudeName: rec.claudeName, response: rec.response };
  } catch (err) {
    g.log.warn(`could not record the tool result: ${(err as Error).message}`);
  }
}
