// The only caller of execa: run the selected catalog scripts in parallel under one deadline.
// Each script: shell form through /bin/sh -c (Claude Code: sh -c on macOS/Linux, docs/claude-hooks.md §1.5), stdin = the
// Claude JSON, its own process group so a timeout kills it and everything it forked.
import type { execa as Execa } from 'execa';

import type { ClaudeEvent } from '../../adapters/events.ts';
import type { RunResult } from '../../adapters/types.ts';
import { mark } from './spans.ts';

let execa: typeof Execa | undefined;

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
  /** Known before starting: the job cannot be started (e.g. its payload cannot be serialised). */
  startError?: string;
  /** Kill after this many ms. */
  timeoutMs: number;
  /** For messages: the timeout that applies, in seconds. */
  timeoutSeconds: number;
  /** Claude `async: true`: start detached under a watchdog that kills it after `timeoutMs`; hookshim does not wait. */
  background?: boolean;
  /** The row's `onFailure: "block"`, carried into its result. */
  onFailure?: 'block';
}

/**
 * The watchdog an async row runs under, as `sh -c WATCHDOG hookshim-async <seconds> <command…>`: the command runs in
 * the watchdog's process group with the payload on stdin; if it is still running after its own timeout, the whole
 * group gets SIGTERM, then SIGKILL a second later. The watchdog outlives hookshim, which has answered long before.
 */
export const WATCHDOG = [
  't=$1; shift',
  'exec 3<&0',
  '"$@" 0<&3 3<&- & job=$!',
  'exec 3<&-',
  `( trap 'kill $s 2>/dev/null; exit 0' TERM; sleep "$t" & s=$!; wait $s; trap '' TERM; kill -TERM 0; sleep 1; kill -KILL 0 ) & timer=$!`,
  'wait $job; code=$?',
  'kill $timer 2>/dev/null',
  'exit $code',
].join('\n');

interface Live {
  job: Job;
  pid?: number;
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

/** Load execa (an event that runs no script never does), then start every job; `done` resolves when all have finished or were killed. */
export async function startAll(jobs: readonly Job[]): Promise<Batch> {
  execa ??= (await import('execa')).execa;
  mark('execa loaded');
  // Tells the vendored loader (src/entry/codeCache.ts) that its code cache should now also hold the runner.
  (globalThis as Record<symbol, unknown>)[Symbol.for('hookshim.startedScripts')] = true;
  const run = execa;
  const lives = jobs.map((job) => start(job, run));
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
  job: Pick<Job, 'label' | 'locator' | 'catalog' | 'claudeEvent' | 'timeoutSeconds' | 'onFailure'>,
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

function base(
  job: Pick<Job, 'label' | 'locator' | 'catalog' | 'claudeEvent' | 'timeoutSeconds' | 'onFailure'>,
): Pick<RunResult, 'label' | 'locator' | 'catalog' | 'claudeEvent' | 'timeoutSeconds' | 'onFailure'> {
  return {
    label: job.label,
    locator: job.locator,
    ...(job.catalog !== undefined ? { catalog: job.catalog } : {}),
    claudeEvent: job.claudeEvent,
    timeoutSeconds: job.timeoutSeconds,
    ...(job.onFailure ? { onFailure: job.onFailure } : {}),
  };
}

/** Start one job: a known failure is answered without spawning; a background row is started and let go. */
function start(job: Job, run: typeof Execa): { live: Live; promise: Promise<void> } {
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
  let child: ReturnType<typeof Execa>;
  try {
    child = job.background
      ? run('/bin/sh', watchdogArgs(job), spawnOptions({ ...job, shell: false }))
      : run(job.file, job.args ?? [], spawnOptions(job));
  } catch (err) {
    return answered({ startError: (err as Error).message });
  }
  child.stdin?.on('error', () => {
    /* the script closed stdin without reading it: fine */
  });
  child.stdin?.end(job.input);
  if (job.background) {
    // Claude `async: true`: started with the payload on stdin under its watchdog, not waited for (its decisions have no effect).
    child.catch(() => {});
    child.unref();
    return answered({ exitCode: 0, background: true });
  }
  return { live, promise: watch(child, live) };
}

/** The watchdog's arguments for a background job: its own timeout in whole seconds, then the command (shell or exec form). */
function watchdogArgs(job: Job): string[] {
  const seconds = String(Math.max(1, Math.ceil(job.timeoutMs / 1000)));
  const command = job.shell ? [job.shellPath ?? '/bin/sh', '-c', job.file] : [job.file, ...(job.args ?? [])];
  return ['-c', WATCHDOG, 'hookshim-async', seconds, ...command];
}

/** The execa options of a job: shell or exec form, its own process group, output piped (ignored in the background). */
function spawnOptions(job: Job) {
  return {
    shell: job.shell ? (job.shellPath ?? '/bin/sh') : false,
    cwd: job.cwd,
    env: safeEnv(job.env),
    extendEnv: false,
    stdin: 'pipe',
    stdout: job.background ? 'ignore' : 'pipe',
    stderr: job.background ? 'ignore' : 'pipe',
    buffer: false,
    reject: false,
    detached: true,
    cleanup: false,
    forceKillAfterDelay: false,
    stripFinalNewline: false,
    windowsHide: true,
  } as const;
}

/** Capture a running script's output, kill its group on timeout (or when its pipes outlive it), record its result. */
function watch(child: ReturnType<typeof Execa>, live: Live): Promise<void> {
  const { job, started } = live;
  live.pid = child.pid;
  const out = capture(child.stdout);
  const err = capture(child.stderr);
  let timedOut = false;
  let exited = false;
  const killGroup = (signal: NodeJS.Signals) => {
    if (live.pid === undefined) return;
    try {
      process.kill(-live.pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {
        /* already gone */
      }
    }
  };
  // Closed only after one more poll phase, which reads what the script wrote before it exited (docs/design.md §6).
  const closePipes = () =>
    setImmediate(() => {
      out.stream?.destroy();
      err.stream?.destroy();
    });
  live.kill = (reason) => {
    if (reason === 'exit') return killGroup('SIGKILL');
    timedOut = true;
    killGroup('SIGTERM');
    setTimeout(() => {
      killGroup('SIGKILL');
      closePipes();
    }, KILL_GRACE_MS).unref();
  };
  const timer = setTimeout(() => live.kill('timeout'), Math.max(0, job.timeoutMs));
  timer.unref();
  // A grandchild that keeps stdout open must not hold us past the script's own exit.
  child.on('exit', () => {
    exited = true;
    setTimeout(() => {
      if (live.result) return;
      killGroup('SIGKILL');
      closePipes();
    }, PIPE_GRACE_MS).unref();
  });
  return child.then(
    (res) => {
      clearTimeout(timer);
      const startError = res.exitCode === undefined && res.signal === undefined && !exited ? causeOf(res) : undefined;
      // What the script left running in the background with its output closed keeps running, as under Claude Code
      // (a notifier, a watcher); only a process still holding the pipes is killed (the exit grace above).
      live.result = {
        ...base(job),
        exitCode: res.exitCode ?? null,
        signal: res.signal ?? null,
        stdout: out.text(),
        stderr: err.text(),
        timedOut,
        ...(startError ? { startError } : {}),
        durationMs: Date.now() - started,
        truncated: out.truncated() || err.truncated(),
      };
    },
    (e: unknown) => {
      clearTimeout(timer);
      live.result = {
        ...base(job),
        exitCode: null,
        signal: null,
        stdout: out.text(),
        stderr: err.text(),
        timedOut,
        startError: (e as Error).message,
        durationMs: Date.now() - started,
        truncated: false,
      };
    },
  );
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

function causeOf(res: { cause?: unknown; shortMessage?: string; failed: boolean }): string | undefined {
  if (!res.failed) return undefined;
  const cause = res.cause as NodeJS.ErrnoException | undefined;
  return cause?.message ?? res.shortMessage ?? 'spawn failed';
}

/** Collect a stream up to OUTPUT_CAP bytes, draining (and dropping) the rest so the script never blocks on a full pipe. */
function capture(stream: NodeJS.ReadableStream | null | undefined): {
  stream: (NodeJS.ReadableStream & { destroy(): void }) | undefined;
  text(): string;
  truncated(): boolean;
} {
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  stream?.on('data', (c: Buffer) => {
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
  });
  stream?.on('error', () => {});
  return {
    stream: stream as (NodeJS.ReadableStream & { destroy(): void }) | undefined,
    text: () => Buffer.concat(chunks, size).toString('utf8'),
    truncated: () => cut,
  };
}
