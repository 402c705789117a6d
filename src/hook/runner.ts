// The runner of the hook path: run the selected catalog scripts in parallel under one deadline, each started on
// libuv's handles (src/hook/uvSpawn.ts) or by node:child_process, never execa (docs/performance.md "The runner").
// Each script is started as src/hook/platform.ts specifies it (POSIX: shell form through /bin/sh -c, as Claude Code does on
// macOS/Linux, docs/claude-hooks.md §1.5; Windows: Git Bash or PowerShell, docs/hosts.md "Windows"), stdin = the
// Claude JSON, its own process tree killed on timeout. `childSpecFor` and `killTree` are the platform-specific parts.
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import fs from 'node:fs';

import type { ClaudeEvent } from '../../adapters/eventMap.ts';
import type { RunResult } from '../../adapters/types.ts';
import { programNotFound } from './onPath.ts';
import { isWindows, killTreeFor, spawnSpec, THIS_HOST, type Host, type SpawnSpec } from './platform.ts';
import { mark } from './spans.ts';
import { childSpawn, procOf, type Proc } from './proc.ts';
import { uvSpawn } from './uvSpawn.ts';
/** Captured output per stream is capped (docs/design.md §6). */
export const OUTPUT_CAP = 1024 * 1024;
/** After the script itself exits, how long its pipes may stay open (a forked grandchild) before the group is killed. */
const PIPE_GRACE_MS = 150;
/** SIGTERM first, SIGKILL after this. */
const KILL_GRACE_MS = 200;

export interface Job {
  label: string;
  locator: string;
  /** The row's catalog, as shown. */
  catalog?: string;
  /** The row's plugin, by name (RowSource.plugin). */
  plugin?: string;
  claudeEvent: ClaudeEvent;
  /** Shell command (shell: true) or executable (exec form). */
  file: string;
  args?: string[];
  shell: boolean;
  /** The shell of shell form (default /bin/sh). */
  shellPath?: string;
  cwd: string;
  env: Record<string, string>;
  input: string;
  /** Known before starting: the script file the command names does not exist (fails like exit 127). */
  missing?: string;
  /** The program the command starts from PATH (catalog/script.ts programOf): named when a run cannot find it. */
  program?: string;
  /** The script the command runs directly: its `#!/usr/bin/env` line may start a program from PATH. */
  direct?: string;
  /** Known before starting: the job cannot be started (e.g. its payload cannot be serialised). */
  startError?: string;
  /** Kill after this many ms. */
  timeoutMs: number;
  /** For messages: the timeout that applies, in seconds. */
  timeoutSeconds: number;
  /** Claude `async: true`: start detached under a watchdog that kills it after `timeoutMs`; hookshim does not wait. */
  background?: boolean;
  /**
   * A background job's output base (src/state/asyncContext.ts): its stdout goes to `<output>.part`, which the watchdog
   * renames to `<output>.<exit code>.done` when the row ends, for the next postToolUse to deliver its context.
   */
  output?: string;
  /** The row's `onFailure: "block"`, carried into its result. */
  onFailure?: 'block';
}

/**
 * The watchdog an async row runs under, as `sh -c WATCHDOG hookshim-async <seconds> <output> <command…>`: the command
 * runs in the watchdog's process group with the payload on stdin and stdout into `<output>.part` (when an output is
 * given); if it is still running after its own timeout, the whole group gets SIGTERM, then SIGKILL a second later
 * (nothing is renamed: a timed-out row decides nothing). When it ends, the output is renamed to
 * `<output>.<exit code>.done`. The watchdog outlives hookshim, which has answered long before.
 */
export const WATCHDOG = [
  't=$1; o=$2; shift 2',
  'exec 3<&0',
  '"$@" 0<&3 3<&- & job=$!',
  'exec 3<&-',
  `( trap 'kill $s 2>/dev/null; exit 0' TERM; sleep "$t" & s=$!; wait $s; trap '' TERM; kill -TERM 0; sleep 1; kill -KILL 0 ) & timer=$!`,
  'wait $job; code=$?',
  'kill $timer 2>/dev/null',
  '[ -z "$o" ] || mv -f "$o.part" "$o.$code.done" 2>/dev/null',
  'exit $code',
].join('\n');

/**
 * The same watchdog on Windows, as `node -e WINDOWS_WATCHDOG <seconds> <output> <verbatim 0|1> <file> <args…>` (the
 * Node that runs hookshim): no process group, so the row runs as its child with the payload piped in and stdout into
 * `<output>.part` (the watchdog's own stdout), and past its timeout its whole tree is ended with `taskkill /T /F`
 * (nothing renamed); when it ends, the output is renamed to `<output>.<exit code>.done`. `verbatim`: the arguments are
 * cmd.exe's own (a `.cmd`/`.bat` row, src/hook/platform.ts).
 */
export const WINDOWS_WATCHDOG = [
  'const [t, o, v, f, ...a] = process.argv.slice(1);',
  "const cp = require('node:child_process'), fs = require('node:fs');",
  "const stdio = ['pipe', 'inherit', 'ignore'];",
  "const c = cp.spawn(f, a, { stdio, windowsHide: true, windowsVerbatimArguments: v === '1' });",
  "c.on('error', () => process.exit(127));",
  "c.stdin.on('error', () => {});",
  'process.stdin.pipe(c.stdin);',
  "const end = () => cp.spawnSync('taskkill', ['/T', '/F', '/PID', String(c.pid)], { windowsHide: true });",
  'const k = setTimeout(() => { end(); process.exit(0); }, Number(t) * 1000);',
  "const done = (code) => { if (o) try { fs.renameSync(o + '.part', o + '.' + code + '.done'); } catch {} };",
  "c.on('exit', (code) => { clearTimeout(k); done(code ?? 1); process.exit(code ?? 1); });",
].join(' ');

interface Live {
  job: Job;
  started: number;
  result?: RunResult;
  /** `timeout`: its own time is up (SIGTERM, SIGKILL after a grace); `exit`: hookshim is exiting (SIGKILL now). */
  kill(reason: 'timeout' | 'exit'): void;
}

/** A batch of running scripts; `snapshot()` gives a result for each, unfinished ones as timed out. */
export interface Batch {
  done: Promise<RunResult[]>;
  /** A result for every job now: unfinished ones count as timed out after the time they had. */
  snapshot(): RunResult[];
  /** SIGKILL the process group of every unfinished script, synchronously: hookshim is about to exit. */
  killAll(): void;
}

/**
 * Start every job; `done` resolves when all have finished or were killed. A script with three pipes is started on
 * libuv's handles (src/hook/uvSpawn.ts); node:child_process is loaded only for the others (async rows, a Node whose
 * bindings uvSpawn declines).
 */
export async function startAll(jobs: readonly Job[]): Promise<Batch> {
  mark('runner loaded');
  // Tells the vendored loader (src/entry/codeCache.ts) that its code cache should now also hold the runner.
  (globalThis as Record<symbol, unknown>)[Symbol.for('hookshim.startedScripts')] = true;
  const lives = jobs.map((job) => start(job));
  const done = Promise.all(lives.map((l) => l.promise)).then(() => lives.map((l) => l.live.result as RunResult));
  return {
    done,
    snapshot: () => lives.map((l) => l.live.result ?? unfinished(l.live.job, Date.now() - l.live.started)),
    killAll: () => {
      for (const l of lives) if (!l.live.result) l.live.kill('exit');
    },
  };
}

/** The result of a script that had no answer after `elapsedMs` (still running, or never started). */
export function unfinished(
  job: Pick<Job, 'label' | 'locator' | 'catalog' | 'plugin' | 'claudeEvent' | 'timeoutSeconds' | 'onFailure'>,
  elapsedMs: number,
): RunResult {
  const had = Math.min(job.timeoutSeconds, Math.max(0, elapsedMs) / 1000);
  return {
    ...base(job),
    timedOut: true,
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    durationMs: elapsedMs,
    truncated: false,
    timeoutSeconds: had,
  };
}

/** What a run result repeats of its job (the row's identity and its rules), for scripts and http rows alike. */
export function base(
  job: Pick<Job, 'label' | 'locator' | 'catalog' | 'plugin' | 'claudeEvent' | 'timeoutSeconds' | 'onFailure'>,
): Pick<RunResult, 'label' | 'locator' | 'catalog' | 'plugin' | 'claudeEvent' | 'timeoutSeconds' | 'onFailure'> {
  return {
    label: job.label,
    locator: job.locator,
    ...(job.catalog !== undefined ? { catalog: job.catalog } : {}),
    ...(job.plugin !== undefined ? { plugin: job.plugin } : {}),
    claudeEvent: job.claudeEvent,
    timeoutSeconds: job.timeoutSeconds,
    ...(job.onFailure ? { onFailure: job.onFailure } : {}),
  };
}

/** How one job is started here: the executable, its arguments and the spawn options, or why it cannot start. */
export interface ChildSpec {
  file: string;
  args: string[];
  options: SpawnOptions;
  startError?: string;
}

/**
 * The spec of src/hook/platform.ts turned into spawn options: the job's environment only, made safe; its own process
 * group where the platform has one (POSIX `detached`, so `killTree` reaches what it forked); a background row under
 * its watchdog on POSIX (on Windows it is started and let go, docs/hosts.md "Windows").
 */
export function childSpecFor(job: Job, host: Host = THIS_HOST): ChildSpec {
  const spec = spawnSpec(job.shell ? { ...job, file: shellCommand(job), args: [] } : job, host);
  if ('startError' in spec) return { file: '', args: [], options: {}, startError: spec.startError };
  const options: SpawnOptions = {
    cwd: job.cwd,
    env: safeEnvOnce(spec.env),
    stdio: job.background ? ['pipe', 'ignore', 'ignore'] : ['pipe', 'pipe', 'pipe'],
    detached: spec.detached,
    windowsHide: true,
    ...(spec.verbatim ? { windowsVerbatimArguments: true } : {}),
  };
  if (job.background && spec.detached) return { file: '/bin/sh', args: watchdogArgs(job, spec), options };
  if (job.background && isWindows(host)) {
    const { windowsVerbatimArguments: _, ...outer } = options;
    const args = [
      '-e',
      WINDOWS_WATCHDOG,
      seconds(job),
      job.output ?? '',
      spec.verbatim ? '1' : '0',
      spec.file,
      ...spec.args,
    ];
    return { file: process.execPath, args, options: { ...outer, detached: true } };
  }
  return { file: spec.file, args: spec.args, options };
}

/** How a script's process tree is ended here: its POSIX group, or taskkill /T on Windows (src/hook/platform.ts). */
const killTreeHere = killTreeFor(THIS_HOST);

/** Signal a script and everything in its tree; the script alone if the tree is gone. */
export function killTree(proc: Pick<Proc, 'pid' | 'kill'>, signal: NodeJS.Signals): void {
  if (proc.pid === undefined || killTreeHere(proc.pid, signal)) return;
  try {
    proc.kill(signal);
  } catch {
    /* already gone */
  }
}

/** A shell-form command line: the command, then any arguments, space-joined (as execa's `shell` option did). */
function shellCommand(job: Job): string {
  return job.args?.length ? [job.file, ...job.args].join(' ') : job.file;
}

/** Start one job: a known failure is answered without spawning; a background row is started and let go. */
function start(job: Job): { live: Live; promise: Promise<void> } {
  const started = Date.now();
  const live: Live = { job, started, kill: () => {} };
  const answered = (why: Partial<RunResult>): { live: Live; promise: Promise<void> } => {
    live.result = {
      ...base(job),
      exitCode: null,
      signal: null,
      stdout: '',
      stderr: '',
      timedOut: false,
      durationMs: 0,
      truncated: false,
      ...why,
    };
    return { live, promise: Promise.resolve() };
  };
  // Known not to be startable: answer as the fail matrix says without spawning anything.
  if (job.missing !== undefined) return answered({ missing: job.missing });
  if (job.startError !== undefined) return answered({ startError: job.startError });
  if (job.background) return startBackground(job, answered);
  let proc: Proc;
  try {
    const spec = childSpecFor(job);
    if (spec.startError !== undefined) return answered({ startError: spec.startError });
    proc = spawnProc(spec);
  } catch (err) {
    return answered({ startError: (err as Error).message });
  }
  proc.feed(job.input);
  return { live, promise: watch(proc, live) };
}

/** A script with three pipes on libuv's handles; any other (or where those are missing) by node:child_process. */
function spawnProc(spec: ChildSpec): Proc {
  const { cwd, env, detached, stdio, windowsHide, windowsVerbatimArguments } = spec.options;
  // uvSpawn itself declines where this Node's bindings (or, on Windows, their call form) were not checked.
  const piped = Array.isArray(stdio) && stdio.every((s) => s === 'pipe');
  const direct =
    piped && typeof cwd === 'string' && env
      ? uvSpawn(spec.file, spec.args, {
          cwd,
          env: env as Record<string, string>,
          detached: !!detached,
          windowsHide,
          windowsVerbatimArguments,
        })
      : undefined;
  return direct ?? procOf(childSpawn()(spec.file, spec.args, spec.options));
}

/** Claude `async: true`: started with the payload on stdin under its watchdog, not waited for (its decisions have no effect). */
function startBackground(job: Job, answered: (why: Partial<RunResult>) => { live: Live; promise: Promise<void> }) {
  let child: ChildProcess;
  let out: number | undefined;
  try {
    const spec = childSpecFor(job);
    if (spec.startError !== undefined) return answered({ startError: spec.startError });
    out = outputFd(job, spec);
    child = childSpawn()(
      spec.file,
      spec.args,
      out === undefined ? spec.options : { ...spec.options, stdio: ['pipe', out, 'ignore'] },
    );
  } catch (err) {
    return answered({ startError: (err as Error).message });
  } finally {
    if (out !== undefined) fs.closeSync(out);
  }
  child.stdin?.on('error', () => {});
  child.stdin?.end(job.input);
  child.on('error', () => {});
  child.unref();
  return answered({ exitCode: 0, background: true });
}

/** The watchdog's arguments for a background job (POSIX): its own timeout in whole seconds, its output, the command. */
function watchdogArgs(job: Job, spec: SpawnSpec): string[] {
  return ['-c', WATCHDOG, 'hookshim-async', seconds(job), job.output ?? '', spec.file, ...spec.args];
}

/** A background job's timeout for its watchdog: whole seconds, at least one. */
function seconds(job: Job): string {
  return String(Math.max(1, Math.ceil(job.timeoutMs / 1000)));
}

/** The file a background job under its watchdog writes its stdout to (opened without following a symlink), if any. */
function outputFd(job: Job, spec: ChildSpec): number | undefined {
  if (!job.background || job.output === undefined || ![WATCHDOG, WINDOWS_WATCHDOG].includes(spec.args[1] as string))
    return undefined;
  try {
    return fs.openSync(
      `${job.output}.part`,
      fs.constants.O_WRONLY | fs.constants.O_APPEND | (fs.constants.O_NOFOLLOW ?? 0),
    );
  } catch {
    return undefined;
  }
}

/**
 * Capture a running script's output, kill its group on timeout (or when its pipes outlive it), record its result.
 * Settles on close (the script exited and its pipes closed) or on a start error; never both.
 */
function watch(proc: Proc, live: Live): Promise<void> {
  const { job, started } = live;
  const out = capture();
  const err = capture();
  proc.onData(1, out.push);
  proc.onData(2, err.push);
  let timedOut = false;
  // Closed only after one more poll phase, which reads what the script wrote before it exited (docs/design.md §6).
  const closePipes = () => setImmediate(() => proc.closePipes());
  live.kill = (reason) => {
    if (reason === 'exit') return killTree(proc, 'SIGKILL');
    timedOut = true;
    killTree(proc, 'SIGTERM');
    setTimeout(() => {
      killTree(proc, 'SIGKILL');
      closePipes();
    }, KILL_GRACE_MS).unref();
  };
  const timer = setTimeout(() => live.kill('timeout'), Math.max(0, job.timeoutMs));
  timer.unref();
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  // A grandchild that keeps stdout open must not hold us past the script's own exit.
  proc.onExit((code, signal) => {
    exit = { code, signal };
    setTimeout(() => {
      if (live.result) return;
      killTree(proc, 'SIGKILL');
      closePipes();
    }, PIPE_GRACE_MS).unref();
  });
  return new Promise<void>((resolve) => {
    const settle = (startError?: string) => {
      if (live.result) return;
      clearTimeout(timer);
      // What the script left running in the background with its output closed keeps running, as under Claude Code
      // (a notifier, a watcher); only a process still holding the pipes is killed (the exit grace above).
      const exitCode = startError === undefined ? (exit?.code ?? null) : null;
      const stderr = err.text();
      const notFound =
        exitCode === 127 || startError !== undefined ? programNotFound(job, stderr, startError) : undefined;
      live.result = {
        ...base(job),
        exitCode,
        signal: startError === undefined ? (exit?.signal ?? null) : null,
        stdout: out.text(),
        stderr,
        timedOut,
        ...(startError !== undefined ? { startError } : {}),
        ...(notFound !== undefined ? { notFound } : {}),
        durationMs: Date.now() - started,
        truncated: out.truncated() || err.truncated(),
      };
      resolve();
    };
    proc.onStartError((message) => exit === undefined && settle(message));
    proc.onClose(() => settle());
  });
}

/** Each environment object made safe once: the rows of an event that share one (src/hook/jobs.ts) share its copy. */
const safeEnvs = new WeakMap<Record<string, string>, Record<string, string>>();

function safeEnvOnce(env: Record<string, string>): Record<string, string> {
  let safe = safeEnvs.get(env);
  if (!safe) safeEnvs.set(env, (safe = safeEnv(env)));
  return safe;
}

/**
 * Environment values reach the OS as C strings: a NUL (possible in payload-derived values such as the session
 * id) would make the spawn itself fail. Drop NULs and keys that are not valid names instead.
 */
export function safeEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (!k || k.includes('=') || k.includes('\0')) continue;
    out[k] = typeof v === 'string' ? v.replaceAll('\0', '') : String(v);
  }
  return out;
}

/** Collect output up to OUTPUT_CAP bytes, dropping the rest (still read, so the script never blocks on a full pipe). */
function capture(): { push(chunk: Buffer): void; text(): string; truncated(): boolean } {
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  return {
    push: (c) => {
      if (size >= OUTPUT_CAP) {
        cut = true;
        return;
      }
      const room = OUTPUT_CAP - size;
      if (c.length > room) {
        chunks.push(c.subarray(0, room));
        size += room;
        cut = true;
      } else {
        chunks.push(c);
        size += c.length;
      }
    },
    text: () => Buffer.concat(chunks, size).toString('utf8'),
    truncated: () => cut,
  };
}
