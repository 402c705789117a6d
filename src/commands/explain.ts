// `hookshim explain [--event E] [--run] < payload.json`: what hookshim would do with one Cursor payload.
// Without --run nothing is executed: the translation and the row selection are pure. With --run the selected
// scripts run exactly as on the hook path (same jobs, same deadline) in a throwaway state directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADAPTERS } from '../../adapters/index.ts';
import { HANDLED_EVENTS, isHandledEvent, RUNS, UNBOUND_CURSOR_EVENTS, type HandledEvent } from '../../adapters/events.ts';
import { interpret } from '../../adapters/outcome.ts';
import { EMPTY_STATE, type EventContext, type Json, type RunResult, type Verdict } from '../../adapters/types.ts';
import { prepareCommand } from '../../catalog/command.ts';
import { mcpServersOf } from '../../catalog/mcp.ts';
import { explainRows, type RowExplanation } from '../../catalog/select.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import { budgetFor } from '../project/budget.ts';
import { createLog } from '../hook/log.ts';
import { deliverPromptNow, resultGated, toJob } from '../hook/select.ts';
import { makeEnvFile, readEnvFile } from '../state/index.ts';
import { catalogFile, projectDir, readBinding } from '../project/paths.ts';
import { loadCatalog, loadConfig } from './load.ts';
import { startAll } from '../hook/runner.ts';
import { parsePayload } from '../hook/stdin.ts';
import { claudeTranscript } from '../state/transcript.ts';
import { cannotRun } from './init.ts';
import { CommandError, EXIT } from './io.ts';
import { str } from '../../adapters/payload.ts';

export interface ExplainOptions {
  /** The Cursor payload, as text (BOM allowed). */
  payloadText: string;
  /** Cursor event; defaults to the payload's hook_event_name. */
  event?: string;
  /** Project root; defaults to the hook path's resolution (CURSOR_PROJECT_DIR, workspace_roots[0], cwd). */
  dir?: string;
  run: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface ExplainedRow {
  locator: string;
  event: string;
  matcher?: string;
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
  handled: boolean;
  /** Why hookshim does not handle the event (unhandled events only). */
  unhandled?: string;
  project: { dir: string; how: string };
  catalog: string;
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
  const event = opts.event ?? named;
  if (!event) throw new CommandError('no --event given and the payload has no "hook_event_name"', EXIT.usage);
  const notes: string[] = [];
  if (opts.event && named && opts.event !== named) notes.push(`the payload says hook_event_name "${named}"; explained as ${opts.event}`);

  const { dir, how } = resolveDir(opts, input);
  const file = catalogFile(opts.env, dir);
  const loaded = loadCatalog(file);
  if (!loaded.ok) throw new CommandError(`${loaded.error}${dir === opts.cwd ? '' : ` (project ${dir}, from ${how})`}`);
  const rows = loaded.catalog.rows;
  const base = { event, project: { dir, how }, catalog: path.relative(dir, file) || file, notes, executed: false };

  if (!isHandledEvent(event)) {
    if (!(event in UNBOUND_CURSOR_EVENTS)) throw new CommandError(`unknown Cursor event "${event}"; hookshim handles ${HANDLED_EVENTS.join(', ')}`, EXIT.usage);
    return {
      ...base,
      handled: false,
      unhandled: UNBOUND_CURSOR_EVENTS[event as keyof typeof UNBOUND_CURSOR_EVENTS],
      binding: { timeoutS: 0, source: 'not bound' },
      invocations: [],
      otherRows: rows.map((r) => other(r, event, dir, file)),
    };
  }

  const logLines: string[] = [];
  const log = createLog({}, (t) => logLines.push(t.replace(/^hookshim: /, '').trimEnd()));
  const config = loadConfig(dir, (m) => notes.push(m));
  const binding = readBinding(dir, event);
  const sessionId = str(input.conversation_id) ?? str(input.session_id) ?? 'explain';
  const ctx: EventContext = { event, input, projectDir: dir, sessionId, transcriptPath: '', loopLimit: binding.loopLimit, hostEnv: process.env, mcpServers: mcpServersOf(rows) };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-explain-'));
  try {
    const state = { root: tmp };
    const adapter = ADAPTERS[event];
    const plan = adapter.plan(ctx, EMPTY_STATE);
    notes.push(...plan.notes);
    const subagent = (input.tool_input as Json | undefined)?.subagent_type;
    if (event === 'preToolUse' && (input.tool_name === 'Task' || input.tool_name === 'Subagent') && plan.invocations[0] && !plan.invocations[0].subject.values.includes('Agent')) {
      notes.push(`${String(input.tool_name)} with subagent_type ${JSON.stringify(subagent)} is tried as ${plan.invocations[0].subject.values.join(', ')}, not Agent: read-only subagents do not reach Agent rows (adapters/tools.ts)`);
    }
    if (plan.invocations.length === 0 && plan.notes.length === 0) notes.push(`${event} runs no Claude event for this payload`);

    // The transcript rewrite is translation, not execution: do it in the throwaway state dir so payloads are exact.
    const cursorTx = str(input.transcript_path) ?? str(opts.env.CURSOR_TRANSCRIPT_PATH);
    const tx = await claudeTranscript({ cursorPath: cursorTx, sessionId, cwd: dir, state, warn: (m) => notes.push(m) });
    ctx.transcriptPath = opts.run ? tx.path : cursorTx ? `<Claude-shaped rewrite of ${cursorTx}, written when scripts run>` : '';
    if (tx.lastAssistantMessage !== undefined) ctx.lastAssistantMessage = tx.lastAssistantMessage;

    const invocations: ExplainedInvocation[] = [];
    const chosen: { inv: (typeof plan.invocations)[number]; row: CatalogRow; matched: string | undefined }[] = [];
    const home = safeHome();
    for (const inv of plan.invocations) {
      const explained = explainRows(rows, inv.claudeEvent, { ...inv.subject, ...(home ? { homeDir: home } : {}) }).filter((e) => e.status !== 'other-event');
      const selected = explained.filter((e) => e.status === 'selected').map((e) => ({ inv, row: e.row, matched: e.matchedValue }));
      // Result-gated rows: the hook path drops them until tool results are recorded for the conversation (never, here).
      const kept = resultGated(selected, config, tx.resultsAvailable, log);
      chosen.push(...kept);
      const as = [...new Set(selected.map((s) => s.matched ?? null))];
      invocations.push({
        claudeEvent: inv.claudeEvent,
        values: inv.subject.values,
        payloads: (as.length ? as : [null]).map((a) => ({ as: a, payload: inv.payload(a ?? undefined) })),
        rows: explained.map((e) => {
          const row = describeRow(e.row, dir, file);
          if (e.status === 'selected' && !kept.some((k) => k.row === e.row)) return { ...row, status: 'gated', reason: logLines.find((l) => l.includes(e.row.locator)) ?? 'result-gated' };
          return { ...row, status: e.status, ...(e.matchedValue !== undefined ? { matchedValue: e.matchedValue } : {}), ...(e.reason ? { reason: e.reason } : {}) };
        }),
      });
    }
    const considered = new Set(plan.invocations.map((i) => i.claudeEvent as string));
    const otherRows = rows.filter((r) => !considered.has(r.event)).map((r) => other(r, event, dir, file));
    const report: ExplainReport = { ...base, handled: true, binding: { timeoutS: binding.timeoutS, source: binding.source }, invocations, otherRows };
    if (!opts.run) return report;

    // --run: the hook path's jobs, deadline and fold; session state starts empty and is thrown away.
    const budget = budgetFor(binding.timeoutS, Date.now());
    const envFile = event === 'sessionStart' ? makeEnvFile(state, sessionId) : undefined;
    const pluginRoot = path.dirname(path.dirname(file));
    const jobs = chosen.map(({ inv, row, matched }) => toJob(inv, row, matched, { dir, pluginRoot, env: opts.env, deadline: budget.deadline, ...(envFile ? { envFile } : {}) }));
    const results: RunResult[] = jobs.length ? await (await startAll(jobs)).done : [];
    const verdicts = results.map(interpret);
    const folded = adapter.fold(ctx, verdicts, { ...EMPTY_STATE, ...(envFile ? { envFile: readEnvFile(envFile) } : {}) });
    if (config.promptContext === 'beforeSubmitPrompt' && event === 'beforeSubmitPrompt') deliverPromptNow(folded);
    report.executed = jobs.length > 0;
    report.run = {
      scripts: results.map((r, i) => ({
        locator: r.locator,
        label: r.label,
        claudeEvent: r.claudeEvent,
        exit: r.exitCode,
        signal: r.signal,
        timedOut: r.timedOut,
        ms: r.durationMs,
        stdout: excerpt(r.stdout),
        stderr: excerpt(r.stderr),
        verdict: summarize(verdicts[i] as Verdict, r),
      })),
      answer: folded.answer,
      notes: folded.notes,
      effects: folded.effects.map((e) => (e.kind === 'stash' ? `stash ${e.messages.length} warning(s) for postToolUse of ${e.toolUseId}` : e.kind === 'carry' ? `carry ${e.messages.length} message(s) to the next postToolUse` : e.kind === 'pendingPrompt' ? `keep ${e.messages.length} prompt context message(s) for the first postToolUse` : 'mark the first prompt\'s context as delivered')),
    };
    return report;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** One verdict in words. */
export function summarize(v: Verdict, r: RunResult): string {
  if (r.background) return 'started in the background (async: its answer is ignored)';
  if (v.failure) return `fails (${v.failure.kind}): ${v.failure.detail}`;
  const parts: string[] = [];
  if (v.block !== undefined) parts.push(`blocks (${v.blockKind}): ${oneLine(v.block)}`);
  if (v.stop !== undefined) parts.push(`continue:false: ${oneLine(v.stop)}`);
  if (v.decision && v.decision !== 'deny') parts.push(`${v.decision}${v.decisionReason ? `: ${oneLine(v.decisionReason)}` : ''}`);
  if (v.updatedInput) parts.push(`rewrites the input to ${JSON.stringify(v.updatedInput)}`);
  for (const c of v.context) parts.push(`context: ${oneLine(c)}`);
  if (v.systemMessage && v.block === undefined) parts.push(`systemMessage: ${oneLine(v.systemMessage)}`);
  if (v.plainText) parts.push(`plain stdout: ${oneLine(v.plainText)}`);
  if (v.error) parts.push(`error: ${v.error}`);
  return parts.length ? parts.join('; ') : 'no effect (exit 0, nothing said)';
}

function resolveDir(opts: ExplainOptions, input: Json): { dir: string; how: string } {
  if (opts.dir !== undefined) return { dir: path.resolve(opts.cwd, opts.dir), how: '--dir' };
  if (opts.env.CURSOR_PROJECT_DIR) return { dir: path.resolve(opts.env.CURSOR_PROJECT_DIR), how: 'CURSOR_PROJECT_DIR' };
  const roots = input.workspace_roots;
  const dir = projectDir({}, input, opts.cwd);
  if (Array.isArray(roots) && roots[0]) return { dir, how: 'the payload\'s workspace_roots[0]' };
  return { dir, how: 'the current directory' };
}

function describeRow(row: CatalogRow, dir: string, file: string): Omit<ExplainedRow, 'status'> {
  const label = row.command !== undefined ? prepareCommand(row, { pluginRoot: path.dirname(path.dirname(file)), projectDir: dir }).label : `(${row.type} handler)`;
  return { locator: row.locator, event: row.event, ...(row.matcher !== undefined ? { matcher: row.matcher } : {}), label };
}

/** A row of another Claude event: where it runs instead, or why never. */
function other(row: CatalogRow, event: string, dir: string, file: string): ExplainedRow {
  const never = cannotRun(row);
  const on = HANDLED_EVENTS.filter((e) => (RUNS[e] as readonly string[]).includes(row.event));
  const reason = never ?? (on.includes(event as HandledEvent) ? `${row.event} is not run for this payload (see notes)` : `runs on ${on.join(', ')}`);
  return { ...describeRow(row, dir, file), status: 'other-event', reason };
}

function excerpt(s: string): string {
  const t = s.trim();
  return t.length > EXCERPT ? `${t.slice(0, EXCERPT)}… (${t.length - EXCERPT} more characters)` : t;
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}


function safeHome(): string | undefined {
  try {
    return os.homedir();
  } catch {
    return undefined;
  }
}
