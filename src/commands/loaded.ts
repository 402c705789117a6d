// "Is it loaded?" for `hookshim doctor`: when hookshim last ran for this project and for which events (the heartbeats
// of src/hook/heartbeat.ts), and, when it never ran, the likely causes in order with what to check
// (docs/hosts.md "When hooks never run"). A heartbeat only informs doctor: it never changes an answer.
import path from 'node:path';
import { readBeats } from '../hook/heartbeat.ts';
import type { HooksFile } from '../project/binding.ts';
import type { Finding } from './findings.ts';

/** The last run of one binding (the project's own, or a plugin's) for this project. */
export interface LastRun {
  /** 'project' or the plugin folder. */
  binding: string;
  /** Epoch ms of the newest heartbeat. */
  at: number;
  /** Each event's last run, newest first. */
  events: { event: string; at: number; host?: string }[];
}

/** Why Cursor may never have started hookshim here, in the order to check them; `ci` puts the headless CLI first. */
export function neverRanCauses(hooks: HooksFile, ci: boolean): string[] {
  const version = hooks.kind === 'ok' && hooks.doc.version === 1;
  const causes = [
    'the workspace is not trusted: Cursor runs project hooks only in a trusted workspace (accept the trust prompt when the folder opens)',
    '`cursor-agent -p` without `--trust` in a folder it has not been trusted in: it refuses to run, and some ' +
      'builds still exit 0, so a CI job passes with no guard (add `--trust`; it trusts the workspace without ' +
      'granting tool permissions)',
    hooks.kind !== 'ok'
      ? '.cursor/hooks.json is absent or unreadable here (run `hookshim init`)'
      : version
        ? '`"version": 1` in .cursor/hooks.json: present here (CLI builds need it, and the UI hides a file without it)'
        : '`"version": 1` is missing in .cursor/hooks.json: CLI builds ignore the file and the UI hides it (run `hookshim init`)',
    "Cursor's own hook settings: Settings → Hooks lists the hooks it loaded; check the project's are listed " +
      'and not turned off, and read the Hooks output channel',
  ];
  return ci ? [causes[1] as string, causes[0] as string, ...causes.slice(2)] : causes;
}

/** The heartbeats of `project` as one entry per binding, newest first. */
export function lastRuns(stateRoot: string, project: string): LastRun[] {
  const by = new Map<string, LastRun>();
  for (const b of readBeats(stateRoot, project)) {
    const binding = b.binding === '' ? 'project' : b.binding;
    const run = by.get(binding) ?? { binding, at: b.at, events: [] };
    run.events.push({ event: b.event, at: b.at, ...(b.host ? { host: b.host } : {}) });
    by.set(binding, run);
  }
  return [...by.values()].sort((a, b) => b.at - a.at);
}

/** doctor's findings about whether hookshim ever ran for this project. */
export function loadedFindings(
  runs: readonly LastRun[],
  hooks: HooksFile,
  env: NodeJS.ProcessEnv,
  now: number,
): Finding[] {
  const ci = Boolean(env.CI) && env.CI !== 'false';
  const projectRan = runs.some((r) => r.binding === 'project');
  const out: Finding[] = [];
  for (const r of runs)
    out.push({
      code: 'last-ran',
      severity: 'info',
      where: r.binding === 'project' ? '.cursor/hooks.json' : path.join(r.binding, '.cursor-plugin', 'hooks.json'),
      message: `hookshim last ran for this project ${ago(now - r.at)} (${
        r.binding === 'project' ? 'its own binding' : `plugin ${r.binding}`
      }): ${r.events.map(describe(now)).join(', ')}`,
    });
  const bound = hooks.kind === 'ok' && Object.values(hooks.hooks).some((l) => l.length > 0);
  if (projectRan || !bound) return out;
  const causes = neverRanCauses(hooks, ci);
  out.push({
    code: 'never-ran',
    severity: 'warning',
    where: '.cursor/hooks.json',
    message:
      `hookshim never ran for this project on this machine${ci ? ' (a CI run)' : ''} (no heartbeat in ` +
      `the state directory): Cursor has not started the binding. Likely causes, in order: ` +
      `${causes.map((c, i) => `(${i + 1}) ${c}`).join('; ')}`,
    fix: 'check the causes in that order, then run one agent turn and `hookshim doctor` again',
  });
  return out;
}

/** "preToolUse 2 min ago (Cursor 3.24.12)". */
function describe(now: number): (e: LastRun['events'][number]) => string {
  return (e) => `${e.event} ${ago(now - e.at)}${e.host ? ` (Cursor ${e.host})` : ''}`;
}

/** A duration in words, coarse. */
export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return `${s} s ago`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min ago`;
  if (s < 36 * 3600) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
}
