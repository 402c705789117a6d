// Phase 5, preparation: each selected row becomes a runner job (command, environment, stdin, time allowed). A row's
// command is tokenized once per event, whatever asks for its label, its script or its environment.
import fs from 'node:fs';
import type { ClaudeEvent } from '../../adapters/eventMap.ts';
import { str, type Json } from '../../adapters/json.ts';
import type { Invocation, LateFacts, RunResult } from '../../adapters/types.ts';
import { prepareCommand, type PreparedCommand } from '../../catalog/command.ts';
import { onFailureIgnored, rowTimeoutS } from '../../catalog/events.ts';
import { programOf } from '../../catalog/program.ts';
import { scriptOf, type ScriptRef } from '../../catalog/script.ts';
import { placeholderVars } from '../../catalog/sources.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import type { StateDir } from '../state/dir.ts';
import { safeHome } from '../state/fsx.ts';
import type { transcriptFor } from '../state/index.ts';
import type { HostRewrite } from '../state/hostTranscript.ts';
import type { Log } from './log.ts';
import type { HttpSettings } from './setup.ts';
import { resolveHeader, startHttp, urlAllowed, type HttpJob } from './http.ts';
import { startAll, unfinished, type Batch, type Job } from './runner.ts';
import { forPlatform, THIS_HOST } from './platform.ts';
import { mark } from './spans.ts';
import type { Chosen } from './select.ts';
import type { Setup } from './setup.ts';
import { host } from './host.ts';

/** A row ready to run: its command prepared and the script it names. */
export interface PreparedRow {
  command: PreparedCommand;
  script: ScriptRef;
}

/** Prepares each row once (label, environment prefix, script), for the whole event, with its own catalog's root. */
export class RowPrep {
  private readonly done = new Map<CatalogRow, PreparedRow>();
  private readonly home = safeHome();

  constructor(readonly projectDir: string) {}

  /** The prepared row (computed on first use). */
  of(row: CatalogRow): PreparedRow {
    let p = this.done.get(row);
    if (!p) {
      // Substituted paths keep forward slashes on Windows: bash and the command lexer read `\` as an escape.
      const vars = forPlatform(placeholderVars(row, this.projectDir), THIS_HOST);
      const command = prepareCommand(row, vars);
      p = { command, script: scriptOf(row, vars, this.home, command.tokens) };
      this.done.set(row, p);
    }
    return p;
  }

  /** The row's short name for messages: its command, an http row's url; its locator when it has neither. */
  label(row: CatalogRow): string {
    if (row.type === 'http' && row.url !== undefined) return row.url;
    return row.command === undefined ? row.locator : this.of(row).command.label;
  }
}

export interface JobContext {
  prep: RowPrep;
  /** What the payload builders get beside the context: the transcripts, a recorded tool result. */
  late: LateFacts;
  env: NodeJS.ProcessEnv;
  /** `env` as every script inherits it (scriptBaseEnv(env)), when the caller computed it once for the event. */
  scriptBaseEnv?: Record<string, string>;
  /** Each invocation's stdin for a matched value, serialised once however many rows get it. */
  stdin?: Map<Invocation, Map<string | undefined, Stdin>>;
  /** Epoch ms by which every script must have answered. */
  deadline: number;
  /** CLAUDE_ENV_FILE, given only when the event's adapter needs one (needs.envFile: SessionStart scripts). */
  envFile?: string;
  /** CLAUDE_PLUGIN_DATA of a plugin, by its root: its persistent data folder (src/state/pluginData.ts). */
  pluginData?: (pluginRoot: string) => string | undefined;
  /** The settings' restrictions on http rows. */
  http?: HttpSettings;
  /** Where an async row's output is kept for its context (src/state/asyncContext.ts): a base path, if it can be. */
  asyncOutput?: (label: string, event: ClaudeEvent) => string | undefined;
  /** Each distinct script environment of the event, built once: rows of one catalog and invocation share it. */
  envs?: Map<string, Record<string, string>>;
}

/** What an event's jobs share, beside the rows: found by the caller (the hook path, explain --run). */
export interface EventJobs {
  prep: RowPrep;
  late: LateFacts;
  envFile: string | undefined;
  /** A plugin's CLAUDE_PLUGIN_DATA folder in the state directory (src/state/pluginData.ts), or undefined. */
  dataDir: (pluginRoot: string) => string | undefined;
  log: Log;
  /** Where async rows keep their output (the hook path only: explain keeps none). */
  asyncOutput?: JobContext['asyncOutput'];
}

/**
 * The job context of one event, the hook path's and explain's alike: per event, not per row, each catalog's data folder
 * (a missing one said once), the environment scripts inherit, and each payload's JSON.
 */
export function jobContextFor(setup: Setup, e: EventJobs): JobContext {
  const dataDirs = new Map<string, string | undefined>();
  const pluginData = (root: string) => {
    if (dataDirs.has(root)) return dataDirs.get(root);
    const dir = e.dataDir(root);
    if (!dir)
      e.log.warn(`no CLAUDE_PLUGIN_DATA for the scripts of ${root}: the state directory cannot hold their data folder`);
    dataDirs.set(root, dir);
    return dir;
  };
  return {
    prep: e.prep,
    late: e.late,
    env: setup.env,
    scriptBaseEnv: scriptBaseEnv(setup.env),
    stdin: new Map(),
    deadline: setup.budget.deadline,
    ...(e.envFile ? { envFile: e.envFile } : {}),
    pluginData,
    http: setup.catalog.http,
    ...(e.asyncOutput ? { asyncOutput: e.asyncOutput } : {}),
    envs: new Map(),
  };
}

/** A row answered without running: it cannot run and guards a tool call, so it denies (src/hook/select.ts). */
export interface AnsweredJob {
  kind: 'answered';
  result: RunResult;
}

/** Every kind of job an event runs: a command row (runner.ts), an http row (http.ts), a row answered in advance. */
export type AnyJob = Job | HttpJob | AnsweredJob;

/**
 * Cursor's own variables (CURSOR_VERSION, CURSOR_PROJECT_DIR, CURSOR_PLUGIN_ROOT, …, docs/cursor-hooks.md §2): a Claude
 * hook that sees them takes itself for one Cursor loads untranslated and skips itself (docs/cursor-hooks.md §11).
 */
const CURSOR_VARIABLE = /^CURSOR_/;

/** What every script inherits of hookshim's environment: all but Cursor's variables and the plugin folders, which each row sets itself. */
export function scriptBaseEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  // A settings row gets no CLAUDE_PLUGIN_ROOT, not even one the environment carries (docs/claude-hooks.md §1.5).
  for (const [k, v] of Object.entries(env))
    if (v !== undefined && !CURSOR_VARIABLE.test(k) && k !== 'CLAUDE_PLUGIN_ROOT' && k !== 'CLAUDE_PLUGIN_DATA')
      out[k] = v;
  return out;
}

/**
 * A script's environment as Claude Code gives it (docs/claude-hooks.md §1.5, §7): hookshim's own without Cursor's
 * variables, CLAUDECODE=1 and CLAUDE_CODE_CHILD_SESSION=1, the project and plugin folders, the session id, then the
 * command's own `KEY=VALUE` words.
 */
function scriptEnv(
  jc: JobContext,
  row: CatalogRow,
  sessionId: string,
  own: Record<string, string>,
): Record<string, string> {
  const { pluginRoot } = placeholderVars(row, jc.prep.projectDir);
  const key = jc.envs ? JSON.stringify([pluginRoot ?? null, sessionId, own]) : '';
  const known = jc.envs?.get(key);
  if (known) return known;
  const data = pluginRoot !== undefined ? jc.pluginData?.(pluginRoot) : undefined;
  const env = Object.assign(
    { ...(jc.scriptBaseEnv ?? scriptBaseEnv(jc.env)) },
    {
      CLAUDECODE: '1',
      // Claude Code 2.1.328 marks its hook processes so too (docs/claude-hooks.md §8).
      CLAUDE_CODE_CHILD_SESSION: '1',
      CLAUDE_PROJECT_DIR: jc.prep.projectDir,
      ...(pluginRoot !== undefined ? { CLAUDE_PLUGIN_ROOT: pluginRoot } : {}),
      ...(data ? { CLAUDE_PLUGIN_DATA: data } : {}),
      CLAUDE_CODE_SESSION_ID: sessionId,
      ...own,
    },
  );
  jc.envs?.set(key, env);
  return env;
}

/** The catalog a row came from, as shown, and its plugin's name: what its results carry. */
function origin(row: CatalogRow): { catalog?: string; plugin?: string } {
  if (!row.source) return {};
  return { catalog: row.source.catalog, ...(row.source.plugin !== undefined ? { plugin: row.source.plugin } : {}) };
}

/** What a selected row counts as before it started: a job that never answered (the deadline may come first). */
export function notStarted(
  c: Chosen,
  prep: RowPrep,
): Pick<Job, 'label' | 'locator' | 'catalog' | 'plugin' | 'claudeEvent' | 'timeoutSeconds' | 'onFailure'> {
  return {
    label: prep.label(c.row),
    locator: c.row.locator,
    ...origin(c.row),
    claudeEvent: c.inv.claudeEvent,
    timeoutSeconds: rowTimeoutS(c.row),
    ...(onFailureOf(c.row) ? { onFailure: 'block' as const } : {}),
  };
}

/** A row's `onFailure: "block"`, where Claude honours it (not on Stop, SubagentStop, TaskCompleted, TeammateIdle, async). */
function onFailureOf(row: CatalogRow): 'block' | undefined {
  return row.onFailure === 'block' && !onFailureIgnored(row) ? 'block' : undefined;
}

/** A script's stdin: the Claude payload, and its JSON (or why it has none). */
interface Stdin {
  payload: Json;
  input: string;
  startError?: string;
}

/** The payload an invocation gives the rows matched through `matched`, serialised once per event (a Write's content can be megabytes). */
function stdinOf(jc: JobContext, inv: Invocation, matched: string | undefined): Stdin {
  const known = jc.stdin?.get(inv)?.get(matched);
  if (known) return known;
  const payload = inv.payload(matched, jc.late);
  let made: Stdin;
  try {
    made = { payload, input: JSON.stringify(payload) };
  } catch (err) {
    // e.g. a tool_input nested too deeply for JSON.stringify: this script cannot get its stdin, so it fails (closed).
    made = { payload, input: '', startError: `its payload cannot be serialised (${(err as Error).message})` };
  }
  if (jc.stdin) {
    const byMatch = jc.stdin.get(inv) ?? new Map<string | undefined, Stdin>();
    jc.stdin.set(inv, byMatch.set(matched, made));
  }
  return made;
}

/** The job for one selected row: answered in advance, an http request, or a command. */
export function jobOf(c: Chosen, jc: JobContext): AnyJob {
  if (c.refuse !== undefined) {
    const result = { ...unfinished(notStarted(c, jc.prep), 0), timedOut: false, exitCode: 2, stderr: c.refuse };
    return { kind: 'answered', result };
  }
  return c.row.type === 'http' ? toHttpJob(c, jc) : toJob(c, jc);
}

/** An http row's request: the same payload as a script's stdin, headers resolved for its allowed variables only. */
function toHttpJob({ inv, row, matched }: Chosen, jc: JobContext): HttpJob {
  const own = rowTimeoutS(row);
  const left = Math.max(0, jc.deadline - Date.now());
  const timeoutMs = Math.min(own * 1000, left);
  const { input, startError } = stdinOf(jc, inv, matched);
  const settingsVars = jc.http?.httpHookAllowedEnvVars;
  const allowed = new Set((row.allowedEnvVars ?? []).filter((v) => !settingsVars || settingsVars.includes(v)));
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(row.headers ?? {})) headers[k] = resolveHeader(v, allowed, jc.env);
  const url = row.url as string;
  const refused =
    startError ??
    (urlAllowed(url, jc.http?.allowedHttpHookUrls) ? undefined : `${url} is not in the settings' allowedHttpHookUrls`);
  return {
    kind: 'http',
    label: url,
    locator: row.locator,
    ...origin(row),
    claudeEvent: inv.claudeEvent,
    url,
    headers,
    body: input,
    // An async row is sent after the answer, by a process of its own: its own timeout limits it (http.ts).
    timeoutMs: row.async ? own * 1000 : timeoutMs,
    timeoutSeconds: row.async || timeoutMs >= own * 1000 ? own : timeoutMs / 1000,
    ...(onFailureOf(row) ? { onFailure: 'block' as const } : {}),
    ...(row.async ? { background: true, env: jc.scriptBaseEnv ?? scriptBaseEnv(jc.env) } : {}),
    ...(row.async && refused === undefined ? outputOf(jc, url, inv.claudeEvent) : {}),
    ...(refused !== undefined ? { refused } : {}),
  };
}

/** Where an async row's output goes (its context is delivered later: docs/claude-hooks.md §10 Async context). */
function outputOf(jc: JobContext, label: string, event: ClaudeEvent): { output?: string } {
  const base = jc.asyncOutput?.(label, event);
  return base ? { output: base } : {};
}

/**
 * Start every job of an event: command rows through the runner (execa, loaded only then), http rows through Node's
 * fetch (its client loads on first use), answered rows at once; one batch whose results keep the jobs' order.
 */
export async function startJobs(jobs: readonly AnyJob[]): Promise<Batch> {
  const commands: Job[] = [];
  const requests: HttpJob[] = [];
  const where = jobs.map((j) => {
    if (!('kind' in j)) return { list: 'command' as const, i: commands.push(j) - 1 };
    if (j.kind === 'http') return { list: 'http' as const, i: requests.push(j) - 1 };
    return { list: 'answered' as const, result: j.result };
  });
  const scripts = commands.length ? await startAll(commands) : undefined;
  const http = requests.length ? startHttp(requests) : undefined;
  const merge = (a: RunResult[] | undefined, b: RunResult[] | undefined) =>
    where.map((w) => (w.list === 'answered' ? w.result : ((w.list === 'command' ? a : b)?.[w.i] as RunResult)));
  return {
    done: Promise.all([scripts?.done, http?.done]).then(([a, b]) => merge(a, b)),
    snapshot: () => merge(scripts?.snapshot(), http?.snapshot()),
    killAll: () => {
      scripts?.killAll();
      http?.killAll();
    },
  };
}

/** The runner job for one selected command row: command, env, stdin, time allowed. */
export function toJob({ inv, row, matched }: Chosen, jc: JobContext): Job {
  const { command: prepared, script } = jc.prep.of(row);
  const own = rowTimeoutS(row);
  const left = Math.max(0, jc.deadline - Date.now());
  // An async row outlives the answer: its own timeout, not the time left before Cursor's, limits it (runner.ts).
  const timeoutMs = row.async ? own * 1000 : Math.min(own * 1000, left);
  const { payload, input, startError } = stdinOf(jc, inv, matched);
  // A missing script run through an interpreter (`node x.mjs`, `sh x.sh`) exits 1 or 2, not 127: check it first.
  const missing = script.kind === 'file' && !fs.existsSync(script.path) ? script.written : undefined;
  const env = scriptEnv(jc, row, String(payload.session_id ?? ''), {
    ...prepared.env,
    ...(inv.env ?? {}),
    ...(jc.envFile ? { CLAUDE_ENV_FILE: jc.envFile } : {}),
  });
  return {
    label: prepared.label,
    locator: row.locator,
    ...origin(row),
    claudeEvent: inv.claudeEvent,
    file: prepared.file,
    ...(prepared.args ? { args: prepared.args } : {}),
    shell: prepared.shell,
    ...(prepared.shellPath ? { shellPath: prepared.shellPath } : {}),
    cwd: jc.prep.projectDir,
    env,
    input,
    ...(missing !== undefined ? { missing } : {}),
    ...whatStarts(script),
    ...(startError !== undefined ? { startError } : {}),
    timeoutMs,
    timeoutSeconds: timeoutMs < own * 1000 ? timeoutMs / 1000 : own,
    ...(row.async ? { background: true } : {}),
    // Its watchdog (src/hook/runner.ts: sh on POSIX, node on Windows) renames the output when the row ends.
    ...(row.async && !missing && !startError ? outputOf(jc, prepared.label, inv.claudeEvent) : {}),
    ...(onFailureOf(row) ? { onFailure: 'block' as const } : {}),
  };
}

/** What a row starts that a run may not find: its program on PATH, the script it runs directly (its #! line). */
function whatStarts(script: ScriptRef): Pick<Job, 'program' | 'direct'> {
  const program = programOf(script);
  return {
    ...(program !== undefined ? { program } : {}),
    ...(script.kind === 'file' && script.direct ? { direct: script.path } : {}),
  };
}

/**
 * Phase 3's I/O half: the transcript scripts get (Cursor's, rewritten into Claude's shape) and, where the event asks
 * for it, the subagent's own, with their last assistant words: late facts for the payload builders (the context stays as
 * set up). Says whether tool results are recorded.
 */
export async function attachTranscripts(
  setup: Setup,
  rewrite: typeof transcriptFor,
  state: StateDir | null,
  log: Log,
  copy = true,
): Promise<{ resultsAvailable: boolean; late: LateFacts }> {
  const warn = (m: string) => log.warn(m);
  const cursorPath = copy ? host().transcriptPathOf(setup.input, setup.env) : undefined;
  const hostRewrite = cursorPath ? await hostRewriteOf(setup) : undefined;
  // Without the host's transcript a guard that reads it sees nothing: said, with the host's reason.
  if (copy && !cursorPath && setup.adapter.needs.readsTranscript)
    log.warn(
      `${host().noTranscript}: scripts get an empty transcript, so a guard that reads it finds nothing to judge`,
    );
  // With `transcripts: false` scripts get an empty one: no copy of the conversation is kept.
  // Half of the time left before the deadline at most (the scripts need the rest), and 1 s per file.
  const half = setup.budget.until(1 / 2);
  const tx = await rewrite(
    {
      cursorPath,
      sessionId: setup.sessionId,
      cwd: setup.dir,
      state,
      warn,
      until: untilFor(half),
    },
    hostRewrite,
  );
  const main = {
    transcriptPath: tx.path,
    ...(tx.lastAssistantMessage !== undefined ? { lastAssistantMessage: tx.lastAssistantMessage } : {}),
  };
  const agentPath = copy && setup.adapter.needs.agentTranscript ? str(setup.input.agent_transcript_path) : undefined;
  if (!agentPath) {
    mark('transcripts attached');
    return { resultsAvailable: tx.resultsAvailable, late: main };
  }
  const sub = await rewrite({
    cursorPath: agentPath,
    sessionId: str(setup.input.subagent_id) ?? `${setup.sessionId}/subagent`,
    cwd: setup.dir,
    state,
    warn,
    until: untilFor(half),
  });
  const agent = {
    agentTranscriptPath: sub.path,
    ...(sub.lastAssistantMessage !== undefined ? { agentLastAssistantMessage: sub.lastAssistantMessage } : {}),
  };
  mark('transcripts attached');
  return { resultsAvailable: tx.resultsAvailable, late: { ...main, ...agent } };
}

/** The host's own log rewrite, for a host whose log is not Cursor's transcript (its code imported here, on first use). */
async function hostRewriteOf(setup: Setup): Promise<HostRewrite | undefined> {
  const load = host().transcript;
  if (!load) return undefined;
  return { transcript: await load(), event: setup.event, input: setup.input, hostName: host().name };
}

/** Transcript work one event may spend on one file; a scan not done by then goes on at the next event (docs/transcripts.md "Bounds"). */
export const TRANSCRIPT_MS_PER_FILE = 1000;

/**
 * When one file's rewrite stops: after TRANSCRIPT_MS_PER_FILE, and never past `half` (half of the time left: the
 * scripts need the rest).
 */
function untilFor(half: number): number {
  return Math.min(half, Date.now() + TRANSCRIPT_MS_PER_FILE);
}

/**
 * Whether tool results are recorded and the transcript copied into Claude's shape: always, so every row gets the
 * transcript Claude Code would give it however it reads it (an imported module, a tool on PATH),
 * unless `.cursor/hookshim.json` says `transcripts: false` (docs/security.md "What hookshim keeps").
 */
export function keepsTranscripts(setting: boolean | undefined): boolean {
  return setting !== false;
}
