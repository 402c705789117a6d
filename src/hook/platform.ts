// The platform seam of the runner: how a job's command is started, and how its process tree is ended, on this
// operating system, as Claude Code does there (docs/claude-hooks.md §1.5, §8; docs/hosts.md, "Windows"). On POSIX:
// shell form through /bin/sh -c (bash when the row asks), its own process group. On Windows: shell form through Git
// Bash (found as Claude Code finds it), `"shell": "powershell"` through PowerShell, paths with forward slashes,
// `.cmd`/`.bat` through cmd.exe, and `taskkill /T /F` for the tree. Pure but for the `exists` probe it is given.
import fs from 'node:fs';
import path from 'node:path';
import { builtin } from '../project/builtin.ts';

/** What the seam may know of the machine: its platform (process.platform) and a file probe. */
export interface Host {
  platform: string;
  exists(file: string): boolean;
}

/** What a job asks to run (runner.ts Job). */
export interface Runnable {
  file: string;
  args?: string[];
  shell: boolean;
  /** "bash", "powershell", or a shell's path; default /bin/sh. */
  shellPath?: string;
  env: Record<string, string>;
}

/** How to start it: the executable, its arguments (no shell in between), its environment and process grouping. */
export interface SpawnSpec {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** Its own process group (POSIX), so the group can be killed; false on Windows (the tree is found by taskkill). */
  detached: boolean;
  /** Windows: pass the arguments as written (cmd.exe's own quoting, windowsVerbatimArguments). */
  verbatim?: boolean;
}

/** The message of a row that needs Git Bash on Windows when there is none (docs/fail-matrix.md). */
export const NO_GIT_BASH =
  'needs Git Bash, which Claude Code runs hook commands with on Windows, and none was found: install Git for ' +
  'Windows (https://git-scm.com/download/win) or set CLAUDE_CODE_GIT_BASH_PATH to its bash.exe ' +
  '(docs/hosts.md, "Windows")';

/** Path variables Claude Code hands scripts; on Windows given with forward slashes, so bash keeps them whole. */
const PATH_VARIABLES = ['CLAUDE_PROJECT_DIR', 'CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA', 'CLAUDE_ENV_FILE'];

/** `C:\Users\me\repo` → `C:/Users/me/repo`: what bash, node and PowerShell all read as the same path. */
export function forwardSlashes(p: string): string {
  return p.replaceAll('\\', '/');
}

/** True on Windows. */
export function isWindows(host: Pick<Host, 'platform'>): boolean {
  return host.platform === 'win32';
}

/** A Windows environment variable, whatever its case (Path, PATH, ProgramFiles). */
function winEnv(env: Record<string, string | undefined>, name: string): string | undefined {
  const key = Object.keys(env).find((k) => k.toUpperCase() === name.toUpperCase());
  return key === undefined ? undefined : env[key];
}

/**
 * Git Bash as Claude Code finds it (docs/claude-hooks.md §11): CLAUDE_CODE_GIT_BASH_PATH, then the standard Git for
 * Windows locations, then the `bash.exe` beside a `git.exe` on PATH. Never a bare `bash` on PATH: on Windows that is
 * often the WSL launcher (docs/cursor-hooks.md §13). `error` when none exists.
 */
export function findGitBash(env: Record<string, string | undefined>, host: Host): { path: string } | { error: string } {
  const given = winEnv(env, 'CLAUDE_CODE_GIT_BASH_PATH');
  if (given) {
    return host.exists(given)
      ? { path: given }
      : { error: `CLAUDE_CODE_GIT_BASH_PATH is ${given}, which does not exist; ${NO_GIT_BASH}` };
  }
  const w = path.win32;
  const candidates: string[] = [];
  for (const root of ['ProgramFiles', 'ProgramW6432', 'ProgramFiles(x86)'])
    if (winEnv(env, root)) candidates.push(w.join(winEnv(env, root) as string, 'Git', 'bin', 'bash.exe'));
  candidates.push('C:\\Program Files\\Git\\bin\\bash.exe', 'C:\\Program Files (x86)\\Git\\bin\\bash.exe');
  const local = winEnv(env, 'LOCALAPPDATA');
  if (local) candidates.push(w.join(local, 'Programs', 'Git', 'bin', 'bash.exe'));
  for (const dir of (winEnv(env, 'PATH') ?? '').split(';').filter(Boolean))
    if (host.exists(w.join(dir, 'git.exe'))) candidates.push(w.join(dir, '..', 'bin', 'bash.exe'));
  const found = [...new Set(candidates)].find((c) => host.exists(c));
  return found ? { path: found } : { error: NO_GIT_BASH };
}

/** PowerShell for `"shell": "powershell"` rows: pwsh (PowerShell 7) on PATH, else Windows PowerShell 5.1. */
export function findPowerShell(
  env: Record<string, string | undefined>,
  host: Host,
): { path: string } | { error: string } {
  const win = isWindows(host);
  const sep = win ? ';' : ':';
  const join = win ? path.win32.join : path.posix.join;
  const names = win ? ['pwsh.exe', 'powershell.exe'] : ['pwsh'];
  const dirs = (winEnv(env, 'PATH') ?? '').split(sep).filter(Boolean);
  if (win) {
    const root = winEnv(env, 'SystemRoot') ?? 'C:\\Windows';
    dirs.push(path.win32.join(root, 'System32', 'WindowsPowerShell', 'v1.0'));
  }
  for (const name of names) for (const dir of dirs) if (host.exists(join(dir, name))) return { path: join(dir, name) };
  return {
    error: `is a "shell": "powershell" row, and no PowerShell was found (${names.join(', ')}): install PowerShell 7 (pwsh)`,
  };
}

/** Windows: an executable named without its extension, found through PATH and PATHEXT (as CreateProcess does not). */
export function resolveWindowsExecutable(file: string, env: Record<string, string | undefined>, host: Host): string {
  const w = path.win32;
  const exts = (winEnv(env, 'PATHEXT') ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean);
  const withExt = (base: string) => (w.extname(base) ? [base] : []).concat(exts.map((e) => base + e.toLowerCase()));
  const dirs = /[\\/]/.test(file) ? [''] : ['', ...(winEnv(env, 'PATH') ?? '').split(';').filter(Boolean)];
  for (const dir of dirs) for (const c of withExt(dir ? w.join(dir, file) : file)) if (host.exists(c)) return c;
  return file;
}

/** cmd.exe's quoting of one argument: in double quotes when it holds a blank or a special character. */
function cmdQuote(arg: string): string {
  return /^[A-Za-z0-9_\-.:\\/=]+$/.test(arg) ? arg : `"${arg.replaceAll('"', '""')}"`;
}

/** How to start a job on `host` (the command line itself is left to the shell it names), or why it cannot start. */
export function spawnSpec(job: Runnable, host: Host): SpawnSpec | { startError: string } {
  if (!isWindows(host)) {
    if (job.shellPath === 'powershell') {
      const ps = findPowerShell(job.env, host);
      if ('error' in ps) return { startError: ps.error };
      return {
        file: ps.path,
        args: ['-NoProfile', '-NonInteractive', '-Command', job.file],
        env: job.env,
        detached: true,
      };
    }
    if (job.shell) return { file: job.shellPath ?? '/bin/sh', args: ['-c', job.file], env: job.env, detached: true };
    return { file: job.file, args: job.args ?? [], env: job.env, detached: true };
  }
  const env = { ...job.env };
  for (const k of PATH_VARIABLES) if (env[k] !== undefined) env[k] = forwardSlashes(env[k] as string);
  if (job.shellPath === 'powershell') {
    const ps = findPowerShell(env, host);
    if ('error' in ps) return { startError: ps.error };
    const args = ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-Command', job.file];
    return { file: ps.path, args, env, detached: false };
  }
  if (job.shell) {
    const bash = findGitBash(env, host);
    if ('error' in bash) return { startError: bash.error };
    return { file: bash.path, args: ['-c', job.file], env, detached: false };
  }
  const file = resolveWindowsExecutable(job.file, env, host);
  // Node refuses to start a .cmd or .bat directly: cmd.exe runs it, as a shell would.
  if (/\.(cmd|bat)$/i.test(file)) {
    const line = [file, ...(job.args ?? [])].map(cmdQuote).join(' ');
    const cmd = winEnv(env, 'ComSpec') ?? 'cmd.exe';
    return { file: cmd, args: ['/d', '/s', '/c', `"${line}"`], env, detached: false, verbatim: true };
  }
  return { file, args: job.args ?? [], env, detached: false };
}

/** Placeholder values for textual substitution (exec form, the script check): forward slashes on Windows. */
export function forPlatform<T extends { projectDir: string; pluginRoot?: string }>(
  vars: T,
  host: Pick<Host, 'platform'>,
): T {
  if (!isWindows(host)) return vars;
  return {
    ...vars,
    projectDir: forwardSlashes(vars.projectDir),
    ...(vars.pluginRoot !== undefined ? { pluginRoot: forwardSlashes(vars.pluginRoot) } : {}),
  };
}

/** How the runner ends a process tree: a signal to the POSIX process group, or `taskkill /T /F` on Windows. */
export type KillTree = (pid: number, signal: NodeJS.Signals) => boolean;

/** The tree-kill strategy of `host`; `kill` and `run` are injectable for tests. Returns false when nothing was killed. */
export function killTreeFor(
  host: Pick<Host, 'platform'>,
  kill: (pid: number, signal: NodeJS.Signals) => void = process.kill,
  // node:child_process is loaded only when a tree is killed on Windows: not on every event's hot path.
  run: (file: string, args: string[]) => { status: number | null } = (f, a) =>
    builtin('node:child_process').spawnSync(f, a, { stdio: 'ignore', windowsHide: true }),
): KillTree {
  if (isWindows(host))
    // No signals on Windows: the whole tree is terminated at once, whatever was asked (SIGTERM has no grace there).
    return (pid) => run('taskkill', ['/T', '/F', '/PID', String(pid)]).status === 0;
  return (pid, signal) => {
    try {
      kill(-pid, signal);
      return true;
    } catch {
      return false;
    }
  };
}

/** This machine, as the runner sees it. */
export const THIS_HOST: Host = { platform: process.platform, exists: (file) => fs.existsSync(file) };
