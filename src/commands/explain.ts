// `hookshim explain [--event E] [--run] < payload.json`: what hookshim would do with one Cursor payload, computed by
// the hook path's own phases. Without --run nothing is executed; with --run the selected scripts run exactly as on
// the hook path (same jobs, same deadline, same fold) in a throwaway state directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HandledEvent } from '../../adapters/eventMap.ts';
import { handles, type HostId, type HostTable } from '../../adapters/hosts/types.ts';
import type { Json } from '../../adapters/json.ts';
import { describeVerdict, interpret } from '../../adapters/outcome.ts';
import {
  EMPTY_STATE,
  type Effect,
  type EventPlan,
  type Invocation,
  type LateFacts,
  type RunResult,
  type Verdict,
} from '../../adapters/types.ts';
import { explainRows, type RowExplanation } from '../../catalog/select.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import { attachTranscripts, jobContextFor, jobOf, keepsTranscripts, RowPrep, startJobs } from '../hook/jobs.ts';
import { createLog, type Log } from '../hook/log.ts';
import { planAndSelect } from '../hook/run.ts';
import { resultGated, type Chosen } from '../hook/select.ts';
import { locate, setUp, type Setup } from '../hook/setup.ts';
import { toClaudeToolResponse } from '../../adapters/toolResponse.ts';
import { parsePayload } from '../hook/stdin.ts';
import { rowCannotRun } from '../../adapters/hosts/cursor/carriers.ts';
import { parseConfig } from '../project/config.ts';
import { loadConfigWith } from '../project/load.ts';
import { loadCatalogsOf } from './catalogs.ts';
import { catalogSources, PROJECT_POLICIES, resolveProject } from '../project/paths.ts';
import { host as currentHost, useHost } from '../hook/host.ts';
import { eventByKeys, explainHost } from './explainHost.ts';
import { HOST_TABLES } from './hosts.ts';
import type { StateDir } from '../state/dir.ts';
import { makeEnvFile, readEnvFile } from '../state/envFile.ts';
import { safeHome } from '../state/fsx.ts';
import { pluginDataDir } from '../state/pluginData.ts';
import { claudeTranscript } from '../state/transcript.ts';
import { boundPluginFolder, CommandError, EXIT } from './io.ts';

export interface ExplainOptions {
  /** The host's payload, as text (BOM allowed). */
  payloadText: string;
  /** The host's event; defaults to the payload's hook_event_name. */
  event?: string;
  /** The host that sent the payload (cursor, copilot, codex); default: the host bound here that has the event, else Cursor. */
  host?: string;
  /** Project root; default: CURSOR_PROJECT_DIR, else the payload's workspace_roots[0], else the repository cwd is in (explain's policy). */
  dir?: string;
  /**
   * A Cursor plugin's folder (what `init --plugin` wrote, docs/plugins.md): explained as its binding runs it, with
   * its own .cursor-plugin/hooks.json and catalog, none of the workspace's config.
   */
  plugin?: string;
  run: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface ExplainedRow {
  /** The row's catalog, as shown (e.g. "hooks/hooks.json", ".claude/settings.json"). */
  catalog?: string;
  locator: string;
  event: string;
  matcher?: string;
  /** The row's command as written (exec form: with its args), or "(<type> handler)". */
  command: string;
  /** The script file it runs, when there is one: relative to the project root when inside it. */
  script?: string;
  /** The script, as hookshim names it in messages. */
  label: string;
  status: RowExplanation['status'] | 'gated';
  matchedValue?: string;
  reason?: string;
}

export interface ExplainedInvocation {
  claudeEvent: string;
  /** What the matchers were tested against (tool-name candidates on tool events). */
  values: string[];
  /** The Claude stdin, per tool name a row matched through (`as` null: no row matched, shown for the first candidate). */
  payloads: { as: string | null; payload: Json }[];
  rows: ExplainedRow[];
}

export interface ScriptRun {
  catalog?: string;
  locator: string;
  label: string;
  claudeEvent: string;
  exit: number | null;
  signal: string | null;
  timedOut: boolean;
  ms: number;
  stdout: string;
  stderr: string;
  verdict: string;
}

export interface ExplainReport {
  event: string;
  /** The host whose payload this is, and its name. */
  host: { id: HostId; name: string };
  handled: boolean;
  /** Why hookshim does not handle the event (unhandled events only). */
  unhandled?: string;
  project: { dir: string; how: string; plugin?: string };
  /** The catalogs the hook path runs, as shown. */
  catalogs: string[];
  binding: { timeoutS: number; source: string };
  notes: string[];
  invocations: ExplainedInvocation[];
  /** Rows no invocation of this event considers, with where they run instead. */
  otherRows: ExplainedRow[];
  /** Present with --run. */
  run?: { scripts: ScriptRun[]; answer: Json; notes: string[]; effects: string[] };
  /** Said when nothing ran. */
  executed: boolean;
}

const EXCERPT = 600;

/** Explain one payload; throws CommandError for bad input or an unreadable catalog. */
export async function explain(opts: ExplainOptions): Promise<ExplainReport> {
  const parsed = parsePayload(opts.payloadText);
  if (parsed.problem) throw new CommandError(`the payload: ${parsed.problem.replace(/^stdin /, '')}`, EXIT.usage);
  const input = parsed.input;
  const named = typeof input.hook_event_name === 'string' ? input.hook_event_name : undefined;
  const notes: string[] = [];
  const byKeys = (opts.event ?? named) ? undefined : eventByKeys(opts, input, notes);
  const event = opts.event ?? named ?? (byKeys as string);
  if (opts.event && named && opts.event !== named)
    notes.push(`the payload says hook_event_name "${named}"; explained as ${opts.event}`);
  const { dir, how } = resolveDir(opts, input);
  const table = HOST_TABLES[byKeys === undefined ? explainHost(opts, dir, event) : 'copilot'];
  const plugin = opts.plugin === undefined ? undefined : boundPluginFolder(opts.plugin, opts.cwd);
  const where: Where = {
    dir,
    how,
    ...(plugin !== undefined ? { plugin } : {}),
    notes,
    unreadable: (error) => new CommandError(`${error}${dir === opts.cwd ? '' : ` (project ${dir}, from ${how})`}`),
  };
  if (handles(table, event)) return withHost(table, () => explainHandled(event as HandledEvent, input, opts, where));
  const config = plugin === undefined ? loadConfigWith(dir, parseConfig, (m) => notes.push(m)) : {};
  const { loads } = loadCatalogsOf(catalogSources(opts.env, dir, config.catalogs, plugin));
  const bad = loads.find((l) => !l.ok);
  if (bad && !bad.ok) throw where.unreadable(bad.error);
  const rows = loads.flatMap((l) => (l.ok ? l.catalog.rows : []));
  if (!Object.hasOwn(table.unbound, event))
    throw new CommandError(
      `unknown ${table.name} event "${event}"; hookshim handles ${Object.keys(table.events).join(', ')}`,
      EXIT.usage,
    );
  return {
    event,
    host: { id: table.id, name: table.name },
    handled: false,
    unhandled: table.unbound[event] as string,
    project: { dir, how, ...(plugin !== undefined ? { plugin } : {}) },
    catalogs: loads.filter((l) => l.ok).map((l) => l.source.shown),
    binding: { timeoutS: 0, source: 'not bound' },
    notes,
    invocations: [],
    otherRows: rows.map((r) => other(r, event, new RowPrep(dir), table)),
    executed: false,
  };
}

/** Run `f` with `table` as this process's host (the hook path's phases ask it), then put the previous one back. */
async function withHost<T>(table: HostTable, f: () => Promise<T>): Promise<T> {
  const before = currentHost();
  useHost(table);
  try {
    return await f();
  } finally {
    useHost(before);
  }
}

interface Where {
  dir: string;
  how: string;
  plugin?: string;
  notes: string[];
  unreadable(error: string): CommandError;
}

/**
 * A handled event, through the hook path's own phases (setUp, planAndSelect, transcripts, result gating, toJob) in a
 * throwaway state directory; scripts run only with --run.
 */
async function explainHandled(event: HandledEvent, raw: Json, opts: ExplainOptions, w: Where): Promise<ExplainReport> {
  const lines: string[] = [];
  const log = createLog({}, (t) => lines.push(t.replace(/^hookshim: /, '').trimEnd()));
  const table = currentHost();
  // The payload in the shared vocabulary, as the hook path reads it (the host's canonical table: docs/design.md §10).
  const input = table.canonical(event, raw, (m) => lines.push(m));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-explain-'));
  try {
    const state: StateDir = { root: tmp };
    const io = { env: opts.env, cwd: opts.cwd, stdin: process.stdin, startedAt: Date.now() };
    const setup = await setUp(event, input, io, log, locate(event, io, w.dir, w.plugin), { state });
    if ('problem' in setup) throw w.unreadable(setup.problem);
    const { plan, chosen } = planAndSelect(setup, { log });
    if (plan.invocations.length === 0 && plan.notes.length === 0)
      lines.push(`${event} runs no Claude event for this payload`);
    const skipped = skippedByBinding(setup, raw, table);
    if (skipped) lines.push(skipped);
    // The transcript rewrite is translation, not execution: it happens in the throwaway state dir so payloads are exact.
    const prep = new RowPrep(w.dir);
    const rewritten = await attachTranscripts(
      setup,
      claudeTranscript,
      state,
      log,
      keepsTranscripts(setup.config.transcripts),
    );
    // postToolUse payloads get Claude's tool_response, built as the hook path builds it (LateFacts.responseOf).
    const tx = { ...rewritten, late: { ...rewritten.late, responseOf: toClaudeToolResponse } };
    const hostTx = table.transcriptPathOf(input, opts.env);
    // Without --run the payloads name the rewrite scripts would get, not the throwaway copy.
    const shown = opts.run
      ? tx.late
      : {
          ...tx.late,
          transcriptPath: hostTx ? `<Claude-shaped rewrite of ${hostTx}, written when scripts run>` : '',
        };
    const gated = resultGated(chosen, setup.config, tx.resultsAvailable, log);
    const report: ExplainReport = {
      event,
      host: { id: table.id, name: table.name },
      handled: true,
      project: { dir: w.dir, how: w.how, ...(w.plugin !== undefined ? { plugin: w.plugin } : {}) },
      catalogs: setup.catalog.sources.map((c) => c.shown),
      binding: { timeoutS: setup.binding.timeoutS, source: setup.binding.source },
      notes: w.notes,
      invocations: plan.invocations.map((inv) =>
        explainInvocation(inv, setup, { chosen, gated, prep, lines, late: shown }),
      ),
      otherRows: setup.catalog.rows
        .filter((r) => !plan.invocations.some((i) => i.claudeEvent === r.event))
        .map((r) => other(r, event, prep, table)),
      executed: false,
    };
    // Skipped rows are shown row by row; everything else the phases said is a note.
    w.notes.push(...lines.filter((l) => !l.startsWith('skipped ')));
    if (opts.run) report.run = await runSelected(setup, { plan, gated, prep, late: tx.late, log }, state, report);
    return report;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** One invocation: the Claude stdin per tool name a row matched, and every row of its event with why it runs or not. */
function explainInvocation(
  inv: Invocation,
  setup: Setup,
  at: { chosen: readonly Chosen[]; gated: readonly Chosen[]; prep: RowPrep; lines: readonly string[]; late: LateFacts },
): ExplainedInvocation {
  const { chosen, gated, prep, lines } = at;
  const homeDir = safeHome();
  const explained = explainRows(setup.catalog.rows, inv.claudeEvent, {
    ...inv.subject,
    ...(homeDir ? { homeDir } : {}),
  }).filter((e) => e.status !== 'other-event');
  const as = [...new Set(chosen.filter((c) => c.inv === inv).map((c) => c.matched ?? null))];
  return {
    claudeEvent: inv.claudeEvent,
    values: inv.subject.values,
    payloads: (as.length ? as : [null]).map((a) => ({ as: a, payload: inv.payload(a ?? undefined, at.late) })),
    rows: explained.map((e) => {
      const row = describeRow(e.row, prep);
      if (e.status === 'selected' && !gated.some((k) => k.row === e.row && k.inv === inv))
        return { ...row, status: 'gated', reason: lines.find((l) => l.includes(e.row.locator)) ?? 'result-gated' };
      return {
        ...row,
        status: e.status,
        ...(e.matchedValue !== undefined ? { matchedValue: e.matchedValue } : {}),
        ...(e.reason ? { reason: e.reason } : {}),
      };
    }),
  };
}

/** --run: the hook path's jobs, deadline and fold; session state starts empty and is thrown away. */
async function runSelected(
  setup: Setup,
  picked: { plan: EventPlan; gated: readonly Chosen[]; prep: RowPrep; late: LateFacts; log: Log },
  state: StateDir,
  report: ExplainReport,
): Promise<NonNullable<ExplainReport['run']>> {
  const { gated, prep } = picked;
  const envFile = setup.adapter.needs.envFile ? makeEnvFile(state, setup.sessionId) : undefined;
  // The hook path's own job preparation, in the throwaway state directory.
  const jc = jobContextFor(setup, {
    prep,
    late: picked.late,
    envFile,
    dataDir: (root) => pluginDataDir(state, root),
    log: picked.log,
  });
  const jobs = gated.map((c) => jobOf(c, jc));
  const results: RunResult[] = jobs.length ? await (await startJobs(jobs)).done : [];
  const verdicts = results.map(interpret);
  const folded = setup.adapter.fold(
    setup.ctx,
    verdicts,
    { ...EMPTY_STATE, ...(envFile ? { envFile: readEnvFile(envFile) } : {}) },
    picked.plan,
  );
  report.executed = jobs.length > 0;
  return {
    scripts: results.map((r, i) => ({
      ...(r.catalog !== undefined ? { catalog: r.catalog } : {}),
      locator: r.locator,
      label: r.label,
      claudeEvent: r.claudeEvent,
      exit: r.exitCode,
      signal: r.signal,
      timedOut: r.timedOut,
      ms: r.durationMs,
      stdout: excerpt(r.stdout),
      stderr: excerpt(r.stderr),
      verdict: r.background
        ? 'started in the background (async: its answer is ignored)'
        : describeVerdict(verdicts[i] as Verdict),
    })),
    // As the host reads it (the one writer renders on the hook path, src/hook/emit.ts).
    answer: currentHost().render(folded.answer, (m) => folded.notes.push(m), setup.event),
    notes: folded.notes,
    effects: folded.effects.map(describeEffect),
  };
}

/** A state change, as explain shows it (it is shown, never made). */
function describeEffect(e: Effect): string {
  switch (e.kind) {
    case 'stash':
      return `stash ${e.messages.length} warning(s) for postToolUse of ${e.toolUseId}`;
    case 'carry':
      return `carry ${e.messages.length} message(s) to the next postToolUse`;
    case 'pendingPrompt':
      return `keep ${e.messages.length} prompt context message(s) for the first postToolUse`;
  }
}

/** The host would not start hookshim for this payload at all: the entry's matcher skips its tool (or subagent type). */
function skippedByBinding(setup: Setup, raw: Json, table: HostTable): string | undefined {
  const matcher = setup.binding.matcher;
  if (matcher === undefined || table.matcher?.events[setup.event] === undefined) return undefined;
  if (table.matcher.accepts(setup.event, matcher, raw)) return undefined;
  const name = String(setup.input.tool_name ?? setup.input.subagent_type ?? '');
  return (
    `${setup.binding.source}: its matcher skips ${JSON.stringify(name)}, so ${table.name} starts no hookshim for ` +
    `this call (what follows is what would run without it)`
  );
}

/**
 * The project to explain (explain's policy): --dir, CURSOR_PROJECT_DIR, else the payload's workspace_roots[0] (a
 * saved payload explains its own project; the hook path never takes it from the payload), else the current directory.
 */
function resolveDir(opts: ExplainOptions, input: Json): { dir: string; how: string } {
  const given = opts.dir !== undefined ? { given: { dir: path.resolve(opts.cwd, opts.dir), how: '--dir' } } : {};
  return resolveProject({ env: opts.env, cwd: opts.cwd, payload: input }, { ...PROJECT_POLICIES.explain, ...given });
}

/** A row as explain names it: its catalog and place, its command as written, and the script that resolved to. */
function describeRow(row: CatalogRow, prep: RowPrep): Omit<ExplainedRow, 'status'> {
  if (row.command === undefined)
    return { ...placeOf(row), command: `(${row.type} handler)`, label: `(${row.type} handler)` };
  const { script } = prep.of(row);
  const rel = script.kind === 'file' ? path.relative(prep.projectDir, script.path) : '';
  const command = row.args
    ? [row.command, ...row.args].map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : JSON.stringify(w))).join(' ')
    : row.command;
  return {
    ...placeOf(row),
    command,
    ...(script.kind === 'file' ? { script: rel.startsWith('..') ? script.path : rel } : {}),
    label: prep.label(row),
  };
}

function placeOf(row: CatalogRow): Pick<ExplainedRow, 'catalog' | 'locator' | 'event' | 'matcher'> {
  return {
    ...(row.source ? { catalog: row.source.catalog } : {}),
    locator: row.locator,
    event: row.event,
    ...(row.matcher !== undefined ? { matcher: row.matcher } : {}),
  };
}

/** A row of another Claude event: where it runs instead (the host's events that run it), or why never. */
function other(row: CatalogRow, event: string, prep: RowPrep, table: HostTable): ExplainedRow {
  const never = rowCannotRun(row);
  const on = Object.keys(table.events).filter((e) => (table.runs[e] as readonly string[]).includes(row.event));
  const reason =
    never ?? (on.includes(event) ? `${row.event} is not run for this payload (see notes)` : `runs on ${on.join(', ')}`);
  return { ...describeRow(row, prep), status: 'other-event', reason };
}

function excerpt(s: string): string {
  const t = s.trim();
  return t.length > EXCERPT ? `${t.slice(0, EXCERPT)}… (${t.length - EXCERPT} more characters)` : t;
}
