// The hook path: one Cursor event in, exactly one Cursor answer out (DESIGN §1).
// read stdin → sentinel → translate → select rows → run in parallel under one deadline → fold → emit.
import path from 'node:path';
import { ADAPTERS } from '../../adapters/index.ts';
import { isHandledEvent, UNBOUND_CURSOR_EVENTS, type HandledEvent } from '../../adapters/events.ts';
import { interpret } from '../../adapters/outcome.ts';
import { mcpServersOf } from '../../catalog/mcp.ts';
import { EMPTY_STATE, type EventContext, type Folded, type Json, type Plan, type RunResult, type StateIn, type Verdict } from '../../adapters/types.ts';
import { prepareCommand } from '../../catalog/command.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import { budgetFor } from '../project/budget.ts';
import { emit, emitted } from './emit.ts';
import { createLog } from './log.ts';
import { CLAUDE_DEFAULT_TIMEOUT_S, deliverPromptNow, resultGated, select, toJob, type Chosen } from './select.ts';
import { loadCatalogCached, loadConfigLazy } from '../project/load.ts';
import { catalogFile, projectDir, readBinding } from '../project/paths.ts';
import { openState } from '../state/dir.ts';
import type { Claims } from '../state/mailbox.ts';
import { startAll, unfinished, type Batch, type Job } from './runner.ts';
import { readAvailable, readStdin } from './stdin.ts';
import { trace, type TraceRecord } from './trace.ts';
import { str } from '../../adapters/payload.ts';

export interface HookIO {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The payload stream (a getter in the entry points: process.stdin is created only when the fast read needs it). */
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** stdin's file descriptor, for readAvailable's fast path. */
  stdinFd?: number;
  /** Epoch ms when this process started (Cursor's timeout counts from the spawn). */
  startedAt: number;
}

/** This process's IO. process.stdin is a getter that builds a stream: it is touched only when the fast read of fd 0 is not enough. */
export function processIO(): HookIO {
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

/** What each event drains from the state dir before folding. */
function claimsFor(event: HandledEvent, input: Json): Claims {
  const id = typeof input.tool_use_id === 'string' ? input.tool_use_id : undefined;
  switch (event) {
    case 'postToolUse':
      return { stash: id, pending: true, carried: true };
    case 'postToolUseFailure':
      return { stash: id };
    case 'beforeSubmitPrompt':
      return { covered: true };
    case 'sessionStart':
      return { pending: true };
    default:
      return {};
  }
}

/** Run one Cursor event end to end; always answers, always resolves to exit code 0. */
export async function runHook(eventArg: string | undefined, io: HookIO): Promise<number> {
  const log = createLog(io.env);
  const name = eventArg ?? '';
  const fallback: Json = isHandledEvent(name) ? ADAPTERS[name].empty : {};
  const t: TraceRecord = { at: new Date().toISOString(), event: name, rows: [], decision: undefined, errors: [] };
  let finishing: ((why: string) => void) | undefined;
  // The answer when hookshim cannot do better: the event's empty answer; a duplicate process's {} (never competing).
  let failOpen: Json = fallback;

  let input: Json = {};
  // Answer without a catalog run (duplicate, fail open, shim off, unhandled event) and still leave a trace record.
  const answerOnly = (answer: Json, role: NonNullable<TraceRecord['role']>): void => {
    emit(answer);
    trace(io.env, { ...t, role, decision: answer, errors: [...log.lines] }, input);
  };
  const crash = (err: unknown) => {
    // hookshim itself fails open (DESIGN §6): a valid empty answer plus a clear message.
    log.warn(`internal error, answering ${JSON.stringify(failOpen)} (fail open): ${(err as Error)?.stack ?? String(err)}`);
    answerOnly(failOpen, 'fail-open');
    process.exit(0);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  // Cursor cancelling (SIGTERM/SIGINT/SIGHUP): answer at once. Before any guard started there is nothing to fold.
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.once(sig, () => {
      if (finishing) return finishing(`received ${sig}; answered with what had finished, unfinished guards count as timed out`);
      log.warn(`received ${sig} before any guard ran; answering ${JSON.stringify(failOpen)}`);
      answerOnly(failOpen, 'fail-open');
      process.exit(0);
    });
  }

  if (io.env.HOOKSHIM === '0') {
    answerOnly(fallback, 'off');
    return 0;
  }
  if (!isHandledEvent(name)) {
    const why = Object.hasOwn(UNBOUND_CURSOR_EVENTS, name) ? `hookshim does not handle "${name}": ${UNBOUND_CURSOR_EVENTS[name as keyof typeof UNBOUND_CURSOR_EVENTS]}` : `unknown event "${name}"; expected one of ${Object.keys(ADAPTERS).join(', ')}`;
    log.warn(`${why}; answering {}`);
    answerOnly({}, 'unhandled');
    return 0;
  }
  const event: HandledEvent = name;
  const adapter = ADAPTERS[event];

  // The stdin read is bounded by the binding's deadline too (project dir from the environment until the payload is known).
  const envDir = projectDir(io.env, {}, io.cwd);
  const envBinding = readBinding(envDir, event);
  const stdinBudget = budgetFor(envBinding.timeoutS, io.startedAt);
  const fast = io.stdinFd !== undefined ? readAvailable(io.stdinFd) : undefined;
  const stdin = fast?.payload ?? (await readStdin(io.stdin, stdinBudget.deadline - Date.now(), fast?.prefix));
  input = stdin.input;
  if (stdin.problem && Object.keys(input).length === 0) {
    // No payload at all: there is no event to guard, and hookshim fails open (DESIGN §6).
    log.warn(`${stdin.problem}; answering ${JSON.stringify(fallback)} (fail open)`);
    answerOnly(fallback, 'fail-open');
    return 0;
  }
  if (stdin.problem) log.warn(`${stdin.problem}; continuing with what arrived`);
  const dir = projectDir(io.env, input, io.cwd);
  const binding = dir === envDir ? envBinding : readBinding(dir, event);
  const budget = budgetFor(binding.timeoutS, io.startedAt);
  log.debug(`${event}: project ${dir}; Cursor timeout ${binding.timeoutS}s (${binding.source}); deadline in ${budget.deadline - Date.now()}ms`);

  const sessionId = str(input.conversation_id) ?? str(input.session_id) ?? 'unknown-session';
  t.conversation = sessionId;
  t.toolUseId = str(input.tool_use_id);
  t.tool = str(input.tool_name);

  const state = openState(io.env, (m) => log.warn(m));
  const catalog = await loadCatalogCached(catalogFile(io.env, dir), state);
  if (!catalog.ok) {
    log.warn(`${catalog.error}; answering ${JSON.stringify(fallback)} (fail open)`);
    answerOnly(fallback, 'fail-open');
    return 0;
  }
  for (const w of catalog.catalog.warnings) log.warn(`${path.relative(dir, catalog.file)}: ${w}`);
  const config = await loadConfigLazy(dir, (m) => log.warn(m));

  const ctx: EventContext = { event, input, projectDir: dir, sessionId, transcriptPath: '', loopLimit: binding.loopLimit, hostEnv: io.env, mcpServers: mcpServersOf(catalog.catalog.rows) };
  // An event that drains no state plans without it, once: nothing matched → a fixed answer (duplicates compute the
  // same), no state work; something matched → the same plan and selection serve the run below.
  const claims = claimsFor(event, input);
  let early: { plan: Plan; selected: Chosen[] } | undefined;
  if (Object.keys(claims).length === 0) {
    const plan = adapter.plan(ctx, EMPTY_STATE);
    for (const n of plan.notes) log.warn(n);
    early = { plan, selected: select(plan.invocations, catalog.catalog.rows, dir, log) };
    if (early.selected.length === 0) {
      const folded = adapter.fold(ctx, [], EMPTY_STATE);
      emit(folded.answer);
      for (const n of folded.notes) log.warn(n);
      t.decision = folded.answer;
      t.errors = [...log.lines];
      trace(io.env, t, input);
      return 0;
    }
  }

  const { applyEffects, claim, claimTick, claudeTranscript, followerAnswer, makeEnvFile, maybeCollect, readEnvFile, recordToolResult, removeFile, tickExtra, tickOf } = await import('../state/index.ts');
  if (state) maybeCollect(state);

  // Several processes for one event: only the first runs the catalog.
  const tick = claimTick(state, tickOf(event, input, tickExtra(event, input)), (binding.timeoutS + 10) * 1000);
  if (tick.role === 'follower') {
    failOpen = {};
    const res = await tick.wait(budget.deadline);
    const answer = followerAnswer(event, res.answer);
    log.debug(`duplicate ${event} process: ${res.why}`);
    if (!res.answer) log.warn(`duplicate ${event} process: ${res.why}; answering ${JSON.stringify(answer)}`);
    answerOnly(answer, 'follower');
    return 0;
  }
  if (tick.role === 'solo') log.debug(`no dedup for this event: ${tick.why}`);

  const claimed = claim(state, sessionId, claims);
  const envFile = event === 'sessionStart' ? makeEnvFile(state, sessionId) : undefined;
  let batch: Batch | undefined;
  let jobs: Job[] = [];
  let notStarted: Parameters<typeof unfinished>[0][] = [];

  // One place decides the answer, whether the scripts finished, the deadline passed, or Cursor sent SIGTERM.
  const finish = (results: RunResult[], why: string): void => {
    if (emitted()) return;
    const verdicts = results.map(interpret);
    const stateIn: StateIn = { ...claimed.state, ...(envFile ? { envFile: readEnvFile(envFile) } : {}) };
    let folded: Folded;
    try {
      folded = adapter.fold(ctx, verdicts, stateIn);
    } catch (err) {
      log.warn(`fold failed: ${(err as Error).message}; answering ${JSON.stringify(fallback)} (fail open)`);
      folded = { answer: fallback, effects: [], notes: [] };
    }
    if (config.promptContext === 'beforeSubmitPrompt' && event === 'beforeSubmitPrompt') deliverPromptNow(folded);
    // Stashes are written before the answer goes out: the tool (and its postToolUse) can only follow the answer.
    const kept = applyEffects(state, sessionId, folded.effects);
    emit(folded.answer);
    claimed.release();
    if (tick.role === 'leader') tick.finish(folded.answer);
    for (const n of [...folded.notes, ...kept]) log.warn(n);
    if (why !== 'done') log.warn(why);
    if (envFile) removeFile(envFile);
    t.decision = folded.answer;
    t.rows = results.map((r, i) => ({ row: r.locator, label: r.label, event: r.claudeEvent, ms: r.durationMs, exit: r.exitCode, timedOut: r.timedOut, verdict: verdictOf(verdicts[i]) }));
    t.errors = [...log.lines];
    trace(io.env, t, input);
  };
  finishing = (why) => {
    // Selected guards that never got to start count as unfinished too: a preToolUse still fails closed.
    const results = batch ? batch.snapshot() : notStarted.map((j) => unfinished(j, Date.now() - io.startedAt));
    finish(results, why);
    batch?.killAll();
    process.exit(0);
  };
  const hard = setTimeout(() => finishing?.(`deadline reached ${budget.slackMs}ms before Cursor's ${binding.timeoutS}s timeout; unfinished scripts count as timed out`), Math.max(0, budget.deadline - Date.now()));
  hard.unref();

  try {
    if (state && (event === 'postToolUse' || event === 'postToolUseFailure')) {
      try {
        recordToolResult(state, sessionId, input, dir);
      } catch (err) {
        log.warn(`could not record the tool result: ${(err as Error).message}`);
      }
    }

    let selected = early?.selected;
    if (!selected) {
      const plan = adapter.plan(ctx, claimed.state);
      for (const n of plan.notes) log.warn(n);
      selected = select(plan.invocations, catalog.catalog.rows, dir, log);
    }
    notStarted = selected.filter((s) => !s.row.async).map(({ inv, row }) => ({ label: labelOf(row, path.dirname(path.dirname(catalog.file)), dir), locator: row.locator, claudeEvent: inv.claudeEvent, timeoutSeconds: row.timeout ?? CLAUDE_DEFAULT_TIMEOUT_S }));
    if (selected.length > 0) {
      const tx = await claudeTranscript({
        cursorPath: str(input.transcript_path) ?? str(io.env.CURSOR_TRANSCRIPT_PATH),
        sessionId,
        cwd: dir,
        state,
        warn: (m) => log.warn(m),
      });
      ctx.transcriptPath = tx.path;
      if (tx.lastAssistantMessage !== undefined) ctx.lastAssistantMessage = tx.lastAssistantMessage;
      const agentPath = str(input.agent_transcript_path);
      if (event === 'subagentStop' && agentPath) {
        const sub = await claudeTranscript({ cursorPath: agentPath, sessionId: str(input.subagent_id) ?? `${sessionId}/subagent`, cwd: dir, state, warn: (m) => log.warn(m) });
        ctx.agentTranscriptPath = sub.path;
        if (sub.lastAssistantMessage !== undefined) ctx.agentLastAssistantMessage = sub.lastAssistantMessage;
      }
      const gated = resultGated(selected, config, tx.resultsAvailable, log);
      const pluginRoot = path.dirname(path.dirname(catalog.file));
      jobs = gated.map(({ inv, row, matched }) => toJob(inv, row, matched, { dir, pluginRoot, env: io.env, deadline: budget.deadline, envFile }));
    }
    if (jobs.length === 0) {
      finish([], 'done');
      return 0;
    }
    batch = await startAll(jobs);
    const results = await batch.done;
    finish(results, 'done');
  } catch (err) {
    if (tick.role === 'leader') tick.abandon();
    claimed.restore();
    crash(err);
  } finally {
    clearTimeout(hard);
  }
  return 0;
}

/** One word (and the reason) for what a script decided, for the trace log. */
function verdictOf(v: Verdict | undefined): string {
  if (!v) return 'none';
  if (v.failure) return `failed: ${v.failure.detail}`;
  if (v.block !== undefined) return `blocked (${v.blockKind}): ${v.block.slice(0, 200)}`;
  if (v.stop !== undefined) return `stop: ${v.stop.slice(0, 200)}`;
  if (v.decision) return v.decision;
  if (v.context.length || v.systemMessage || v.plainText) return 'warned';
  return v.error ? `error: ${v.error.slice(0, 200)}` : 'ok';
}

/** A row's short name for messages, as the runner would label it. */
function labelOf(row: CatalogRow, pluginRoot: string, dir: string): string {
  try {
    return prepareCommand(row, { pluginRoot, projectDir: dir }).label;
  } catch {
    return row.locator;
  }
}


