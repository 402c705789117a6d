// A running script as the runner watches it, however it was started: on libuv's handles (src/hook/uvSpawn.ts) or by
// node:child_process (Windows, async rows, a Node without those bindings).
import type { ChildProcess } from 'node:child_process';
import { builtin } from '../project/builtin.ts';

type Spawn = typeof import('node:child_process').spawn;

/** What the runner needs of a running script, however it was started. */
export interface Proc {
  readonly pid: number | undefined;
  /** Write the payload and close stdin; a script that closed its stdin unread is fine (EPIPE ignored). */
  feed(input: string): void;
  /** Each chunk the script writes to its stdout (1) or stderr (2). */
  onData(fd: 1 | 2, fn: (chunk: Buffer) => void): void;
  onExit(fn: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** Once the script has exited and its stdout and stderr are closed. */
  onClose(fn: () => void): void;
  /** A start that failed (no such executable or cwd, EACCES): reported once, after the caller registered. */
  onStartError(fn: (message: string) => void): void;
  /** Stop reading stdout and stderr and close them: a grandchild holding them is no longer waited for. */
  closePipes(): void;
  /** Signal the script itself (its group is the runner's `killTree`). */
  kill(signal: NodeJS.Signals): void;
}

/** node:child_process's spawn, loaded on first use only (a synchronous built-in lookup). */
export function childSpawn(): Spawn {
  return builtin('node:child_process').spawn;
}

/** A script started by node:child_process, as the runner watches it. */
export function procOf(child: ChildProcess): Proc {
  return {
    get pid() {
      return child.pid;
    },
    feed: (input) => {
      child.stdin?.on('error', () => {
        /* the script closed stdin without reading it: fine */
      });
      child.stdin?.end(input);
    },
    onData: (fd, fn) => {
      const stream = fd === 1 ? child.stdout : child.stderr;
      stream?.on('data', fn);
      stream?.on('error', () => {});
    },
    onExit: (fn) => void child.on('exit', fn),
    onClose: (fn) => void child.on('close', fn),
    // Node reports a failed start (ENOENT: no such executable or cwd; EACCES) as an `error` before any exit.
    onStartError: (fn) => void child.on('error', (e) => child.pid === undefined && fn(e.message || 'spawn failed')),
    closePipes: () => {
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
    kill: (signal) => void child.kill(signal),
  };
}
