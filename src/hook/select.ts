// Building blocks of one event, shared by the hook path and `hookshim explain`: row selection and jobs (no state).
import fs from 'node:fs';
import os from 'node:os';
import type { Folded, Invocation } from '../../adapters/types.ts';
import { prepareCommand } from '../../catalog/command.ts';
import { explainRows, selectRows } from '../../catalog/select.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import type { HookshimConfig } from '../project/config.ts';
import type { Log } from './log.ts';
import type { Job } from './runner.ts';
import { scriptOf } from '../../catalog/script.ts';

/** Claude's default per-hook timeouts, seconds (claude-hooks.md §1.4). */
export const CLAUDE_DEFAULT_TIMEOUT_S = 600;
export const CLAUDE_PROMPT_TIMEOUT_S = 30;

export interface Chosen {
  inv: Invocation;
  row: CatalogRow;
  matched: string | undefined;
}

/** Select catalog rows for every invocation, reporting every skipped row. */
export function select(invocations: readonly Invocation[], rows: readonly CatalogRow[], dir: string, log: Log): Chosen[] {
  const out: Chosen[] = [];
  for (const inv of invocations) {
    const subject = { ...inv.subject, homeDir: safeHome() };
    const { selected, skipped } = selectRows(rows, inv.claudeEvent, subject);
    for (const s of skipped) log.warn(`skipped ${s.row.locator}: ${s.reason}`);
    for (const s of selected) out.push({ inv, row: s.row, matched: s.matchedValue });
    log.debug(`${inv.claudeEvent}: matcher values ${JSON.stringify(inv.subject.values)} → ${selected.length} row(s) in ${dir}`);
    // HOOKSHIM_DEBUG=1: say why each row of this event did not run (a second pass, so only when someone reads it).
    if (log.debugOn) for (const e of explainRows(rows, inv.claudeEvent, subject)) if (e.status === 'unmatched') log.debug(`not run: ${e.row.locator}: ${e.reason}`);
  }
  return out;
}

/** Drop rows marked as needing tool results when none have been recorded (issue: result-gated guards). */
export function resultGated(chosen: Chosen[], config: HookshimConfig, available: boolean, log: Log): Chosen[] {
  const marks = config.resultGated ?? [];
  if (marks.length === 0 || available) return chosen;
  return chosen.filter((c) => {
    const hit = marks.find((m) => c.row.locator === m || (c.row.command ?? '').includes(m));
    if (hit) log.warn(`skipped ${c.row.locator}: marked result-gated ("${hit}") and no tool results are recorded for this conversation yet`);
    return !hit;
  });
}

export interface JobEnv {
  dir: string;
  pluginRoot: string;
  env: NodeJS.ProcessEnv;
  deadline: number;
  envFile?: string;
}

/** The runner job for one selected row: command, env, stdin, time allowed. */
export function toJob(inv: Invocation, row: CatalogRow, matched: string | undefined, je: JobEnv): Job {
  const prepared = prepareCommand(row, { pluginRoot: je.pluginRoot, projectDir: je.dir });
  const own = row.timeout ?? (inv.claudeEvent === 'UserPromptSubmit' ? CLAUDE_PROMPT_TIMEOUT_S : CLAUDE_DEFAULT_TIMEOUT_S);
  const left = Math.max(0, je.deadline - Date.now());
  const timeoutMs = Math.min(own * 1000, left);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(je.env)) if (v !== undefined && k !== 'CURSOR_PLUGIN_ROOT') env[k] = v;
  const payload = inv.payload(matched);
  let input = '';
  let startError: string | undefined;
  try {
    input = JSON.stringify(payload);
  } catch (err) {
    // e.g. a tool_input nested too deeply for JSON.stringify: this script cannot get its stdin, so it fails (closed).
    startError = `its payload cannot be serialised (${(err as Error).message})`;
  }
  const script = scriptOf(row, { pluginRoot: je.pluginRoot, projectDir: je.dir }, safeHome());
  // A missing script run through an interpreter (`node x.mjs`, `sh x.sh`) exits 1 or 2, not 127: check it first.
  const missing = script.kind === 'file' && !fs.existsSync(script.path) ? script.written : undefined;
  Object.assign(env, {
    CLAUDE_PROJECT_DIR: je.dir,
    CLAUDE_PLUGIN_ROOT: je.pluginRoot,
    CLAUDE_CODE_SESSION_ID: String(payload.session_id ?? ''),
    ...prepared.env,
    ...(inv.env ?? {}),
    ...(inv.claudeEvent === 'SessionStart' && je.envFile ? { CLAUDE_ENV_FILE: je.envFile } : {}),
  });
  return {
    label: prepared.label,
    locator: row.locator,
    claudeEvent: inv.claudeEvent,
    file: prepared.file,
    ...(prepared.args ? { args: prepared.args } : {}),
    shell: prepared.shell,
    ...(prepared.shellPath ? { shellPath: prepared.shellPath } : {}),
    cwd: je.dir,
    env,
    input,
    ...(missing !== undefined ? { missing } : {}),
    ...(startError !== undefined ? { startError } : {}),
    timeoutMs,
    timeoutSeconds: timeoutMs < own * 1000 ? timeoutMs / 1000 : own,
    ...(row.async ? { background: true } : {}),
  };
}

/** With promptContext "beforeSubmitPrompt", the context goes out now instead of waiting for a tool. */
export function deliverPromptNow(folded: Folded): void {
  const pending = folded.effects.find((e) => e.kind === 'pendingPrompt');
  if (!pending || pending.kind !== 'pendingPrompt' || folded.answer.continue === false) return;
  folded.answer.additional_context = pending.messages.map((m) => m.text).join('\n\n');
  folded.effects = folded.effects.filter((e) => e !== pending);
}

function safeHome(): string | undefined {
  try {
    return os.homedir();
  } catch {
    return undefined;
  }
}
