// "Is it loaded?" for `hookshim doctor`: when each bound host last ran hookshim for this project and for which events
// (the heartbeats of src/hook/heartbeat.ts), and, for a bound host that never ran it, the likely causes in order with
// what to check (docs/hosts.md "When hooks never run"). A heartbeat only informs doctor: it never changes an answer.
import path from 'node:path';
import { handles, type HostId } from '../../adapters/hosts/types.ts';
import { isHostId } from '../../adapters/hosts/registry.ts';
import { readBeats, type Beat } from '../hook/heartbeat.ts';
import type { HooksFile } from '../project/binding.ts';
import type { Finding } from './findings.ts';
import { HOST_TABLES } from './hosts.ts';

/** The last run of one binding (the project's own, or a plugin's) by one host, for this project. */
export interface LastRun {
  /** 'project' or the plugin folder. */
  binding: string;
  /** The host that ran it. */
  hostId: HostId;
  /** Epoch ms of the newest heartbeat. */
  at: number;
  /** Each event's last run, newest first (`host`: the host's version, when it said one). */
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

/** Why Copilot may never have started hookshim here, in order (docs/copilot-hooks.md §1). */
const COPILOT_CAUSES = [
  'Copilot CLI in `-p` mode loads repository hooks only in a trusted folder or with ' +
    '`GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true` (or `COPILOT_ALLOW_ALL=true`) in its environment; `--trust-folder` ' +
    'trusts the folder for one session',
  'interactively, the folder is not trusted: accept the trust prompt when Copilot opens it',
  'the cloud coding agent reads only the committed .github/hooks/*.json: commit .github/hooks/ on the branch it runs',
];

/** Why Codex may never have started hookshim here, in order (docs/codex-hooks.md §1; doctor's codex-* trust findings say which). */
const CODEX_CAUSES = [
  'the project is not trusted in $CODEX_HOME/config.toml: Codex then loads no .codex/hooks.json and says one line on ' +
    'stderr only (`codex exec --trust`, or trust the folder when Codex asks)',
  "hookshim's handlers are not trusted by hash: Codex skips each without a word (review and trust them with /hooks " +
    'in Codex; doctor names each one)',
  '`codex exec` run outside the project: the project layer is the folder Codex runs in',
];

/** Each host's never-ran causes, given its binding file as read (Cursor's depend on it) and whether this is CI. */
const CAUSES: Readonly<Record<HostId, (hooks: HooksFile, ci: boolean) => string[]>> = {
  cursor: neverRanCauses,
  copilot: () => COPILOT_CAUSES,
  codex: () => CODEX_CAUSES,
};

/** The host that left a heartbeat: its own word, else (written before hosts) the first host with the event, Cursor first. */
export function hostOfBeat(b: Pick<Beat, 'event' | 'hostId'>): HostId {
  if (b.hostId !== undefined && isHostId(b.hostId)) return b.hostId;
  return (Object.values(HOST_TABLES).find((h) => handles(h, b.event))?.id ?? 'cursor') as HostId;
}

/** The heartbeats of `project` as one entry per binding and host, newest first. */
export function lastRuns(stateRoot: string, project: string): LastRun[] {
  const by = new Map<string, LastRun>();
  for (const b of readBeats(stateRoot, project)) {
    const binding = b.binding === '' ? 'project' : b.binding;
    const hostId = hostOfBeat(b);
    const key = `${hostId}\u0000${binding}`;
    const run = by.get(key) ?? { binding, hostId, at: b.at, events: [] };
    run.events.push({ event: b.event, at: b.at, ...(b.host ? { host: b.host } : {}) });
    by.set(key, run);
  }
  return [...by.values()].sort((a, b) => b.at - a.at);
}

/** The hooks file holds entries: Cursor is bound. */
export function cursorBound(hooks: HooksFile): boolean {
  return hooks.kind === 'ok' && Object.values(hooks.hooks).some((l) => l.length > 0);
}

/**
 * doctor's findings about whether each bound host ever ran hookshim for this project. `hosts`: the hosts the project is
 * bound for (default: Cursor, when its hooks file has entries).
 */
export function loadedFindings(
  runs: readonly LastRun[],
  hooks: HooksFile,
  env: NodeJS.ProcessEnv,
  now: number,
  hosts: readonly HostId[] = cursorBound(hooks) ? ['cursor'] : [],
): Finding[] {
  const ci = Boolean(env.CI) && env.CI !== 'false';
  const out: Finding[] = [];
  for (const r of runs) {
    const h = HOST_TABLES[r.hostId];
    out.push({
      code: 'last-ran',
      severity: 'info',
      where: r.binding === 'project' ? h.binding.file : path.join(r.binding, '.cursor-plugin', 'hooks.json'),
      message: `${h.name}: hookshim last ran for this project ${ago(now - r.at)} (${
        r.binding === 'project' ? 'its own binding' : `plugin ${r.binding}`
      }): ${r.events.map(describe(now, h.name)).join(', ')}`,
    });
  }
  for (const id of hosts)
    if (!runs.some((r) => r.binding === 'project' && r.hostId === id))
      out.push(neverRan(id, CAUSES[id](hooks, ci), ci));
  return out;
}

/** One bound host that never ran hookshim here: the causes in order. */
function neverRan(id: HostId, causes: readonly string[], ci: boolean): Finding {
  const h = HOST_TABLES[id];
  return {
    code: 'never-ran',
    severity: 'warning',
    where: h.binding.file,
    message:
      `${h.name} never ran hookshim for this project on this machine${ci ? ' (a CI run)' : ''} (no heartbeat of ` +
      `${h.name}'s in the state directory): ${h.name} has not started the binding. Likely causes, in order: ` +
      `${causes.map((c, i) => `(${i + 1}) ${c}`).join('; ')}`,
    fix: `check the causes in that order, then run one ${h.name} turn and \`hookshim doctor\` again`,
  };
}

/** "preToolUse 2 min ago (Cursor 3.24.12)". */
function describe(now: number, name: string): (e: LastRun['events'][number]) => string {
  return (e) => `${e.event} ${ago(now - e.at)}${e.host ? ` (${name} ${e.host})` : ''}`;
}

/** A duration in words, coarse. */
export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return `${s} s ago`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min ago`;
  if (s < 36 * 3600) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
}
