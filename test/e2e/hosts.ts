// Copilot's and Codex's bound commands, described once for the end-to-end files that fire them as each host
// does (test/e2e/hostFaults.test.ts, test/e2e/redteamHosts.test.ts): where `init --host` writes the binding and the
// bundle, hookshim's PreToolUse entry, a captured payload, and the deny each host reads (docs/copilot-hooks.md §2-§4,
// docs/codex-hooks.md §2-§4).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, type Repo } from './harness.ts';

export interface Host {
  id: 'copilot' | 'codex';
  name: string;
  /** The binding init writes, and the bundle its commands run. */
  file: string;
  bundle: string;
  /** hookshim's PreToolUse entry (the object that holds its command and timeout). */
  entry(doc: Record<string, any>): Record<string, any>;
  /** Its command and the key of its timeout. */
  command: (entry: Record<string, any>) => string;
  timeoutKey: string;
  /** A captured PreToolUse payload of a bash call running `command`. */
  payload(repo: Repo, command: string): Record<string, unknown>;
  /** The host's stop event, hookshim's entry for it, and a captured payload of it. */
  stop: {
    event: string;
    entry(doc: Record<string, any>): Record<string, any>;
    payload(repo: Repo, again: boolean): unknown;
  };
  /** A captured PreToolUse payload of an edit of `file` (absolute) replacing `before` by `after`. */
  edit(repo: Repo, file: string, before: string, after: string): Record<string, unknown>;
  /** What the host reads as a deny with this reason. */
  deny(reason: string | RegExp): Record<string, unknown>;
  env: (repo: Repo) => Record<string, string>;
}

const fixture = (host: string, name: string, repo: Repo) =>
  JSON.parse(
    fs
      .readFileSync(path.join(ROOT, 'test', 'fixtures', host, 'hooks', `${name}.json`), 'utf8')
      .replaceAll('<project>', repo.dir),
  ) as Record<string, unknown>;

export const HOSTS: Host[] = [
  {
    id: 'copilot',
    name: 'Copilot',
    file: '.github/hooks/hookshim.json',
    bundle: '.github/hooks/hookshim.cjs',
    entry: (doc) => doc.hooks.preToolUse[0],
    command: (e) => e.bash,
    timeoutKey: 'timeoutSec',
    payload: (repo, command) => ({
      ...fixture('copilot', '03.preToolUse.bash', repo),
      toolArgs: { command, description: 'x' },
    }),
    stop: {
      event: 'agentStop',
      entry: (doc) => doc.hooks.agentStop[0],
      payload: (repo, again) => ({ ...fixture('copilot', '21.agentStop', repo), stop_hook_active: again }),
    },
    edit: (repo, file, before, after) => ({
      ...fixture('copilot', '12.preToolUse.edit', repo),
      toolArgs: { path: file, old_str: before, new_str: after },
    }),
    deny: (reason) => ({ permissionDecision: 'deny', permissionDecisionReason: reason }),
    // docs/copilot-hooks.md §2: the project in CLAUDE_PROJECT_DIR and COPILOT_PROJECT_DIR, COPILOT_HOOK_DIR, COPILOT_CLI.
    env: (repo) => ({
      CLAUDE_PROJECT_DIR: repo.dir,
      COPILOT_PROJECT_DIR: repo.dir,
      COPILOT_HOOK_DIR: path.join(repo.dir, '.github', 'hooks'),
      COPILOT_CLI: '1',
    }),
  },
  {
    id: 'codex',
    name: 'Codex',
    file: '.codex/hooks.json',
    bundle: '.codex/hooks/hookshim.cjs',
    entry: (doc) => doc.hooks.PreToolUse[0].hooks[0],
    command: (e) => e.command,
    timeoutKey: 'timeout',
    payload: (repo, command) => ({ ...fixture('codex', '05.PreToolUse.Bash', repo), tool_input: { command } }),
    stop: {
      event: 'Stop',
      entry: (doc) => doc.hooks.Stop[0].hooks[0],
      payload: (repo, again) => ({ ...fixture('codex', '21.Stop', repo), stop_hook_active: again }),
    },
    edit: (repo, file, before, after) => ({
      ...fixture('codex', '09.PreToolUse.apply_patch', repo),
      tool_input: {
        command: `*** Begin Patch\n*** Update File: ${path.relative(repo.dir, file)}\n@@\n-${before}\n+${after}\n*** End Patch\n`,
      },
    }),
    deny: (reason) => ({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
    }),
    // docs/codex-hooks.md §2: no CLAUDE_* variable, nothing naming the project.
    env: () => ({}),
  },
];

/** hookshim's PreToolUse entry of a host's binding in `repo`, and the command it runs. */
export function preEntry(host: Host, repo: Repo): Record<string, any> {
  return host.entry(JSON.parse(fs.readFileSync(path.join(repo.dir, host.file), 'utf8')));
}

/** Fire hookshim's PreToolUse entry (or `command`) as `host` does: through sh from the repository root, the host's environment only. */
export function fireHost(
  host: Host,
  repo: Repo,
  payload: unknown,
  env: Record<string, string> = {},
  command = host.command(preEntry(host, repo)),
) {
  const t0 = Date.now();
  const r = spawnSync('sh', ['-c', command], {
    cwd: repo.dir,
    input: JSON.stringify(payload),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOOKSHIM_STATE_DIR: repo.stateDir,
      ...host.env(repo),
      ...env,
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { ...r, ms: Date.now() - t0, json: r.stdout.trim() ? (JSON.parse(r.stdout) as unknown) : undefined };
}
