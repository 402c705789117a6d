// Start a script on libuv's process and pipe handles directly: the bindings node:child_process is itself built on
// (Node's lib/internal/child_process.js), without loading node:child_process, `net` and the stream classes for every
// event that runs a script (docs/performance.md "The runner"). Three pipes; on Windows only where Node's own code calls
// spawn with one options object (the call that carries windowsHide and windowsVerbatimArguments as child_process sets
// them). `uvSpawn` returns undefined where the bindings are not there, and the runner uses node:child_process instead.
import type { Proc } from './proc.ts';
import { nodeBinding, sayMissing } from './internals.ts';
import os from 'node:os';
import { builtin } from '../project/builtin.ts';

/** The options the runner starts a script with (src/hook/runner.ts `childSpecFor`); the last two matter on Windows only. */
export interface UvOptions {
  cwd: string;
  env: Record<string, string>;
  detached: boolean;
  windowsHide?: boolean;
  windowsVerbatimArguments?: boolean;
}

interface StreamHandle {
  onread?: (buffer: ArrayBuffer) => void;
  readStart(): number;
  readStop(): number;
  writeUtf8String(req: Req, text: string): number;
  shutdown(req: Req): number;
  close(done?: () => void): void;
}
interface Req {
  handle?: StreamHandle;
  oncomplete?: (status: number) => void;
}
interface ProcessHandle {
  pid?: number;
  onexit?: (code: number, signal: string | null) => void;
  spawn(...args: unknown[]): number;
  kill(signal: number): number;
  close(): void;
}
interface Bindings {
  Process: new () => ProcessHandle;
  Pipe: new (type: number) => StreamHandle;
  SOCKET: number;
  WriteWrap: new () => Req;
  ShutdownWrap: new () => Req;
  state: Int32Array;
  readBytes: number;
  bufferOffset: number;
  writeWasAsync: number;
  /** How this Node's own child_process calls `spawn`: one options object, or (24.x late, 26) positional arguments. */
  call: 'options' | { detachedFlag: number };
}

/**
 * The Node majors whose `Process#spawn` was checked against Node's own child_process (20-26: the options object,
 * or positional arguments where process_wrap has `constants`). A wrong call aborts the process (a C++ check), so any
 * other major starts scripts through node:child_process until it is checked (CONTRIBUTING.md).
 */
export const CHECKED_MAJORS = { first: 20, last: 26 };

let bindings: Bindings | null | undefined;

/** Node's process, pipe and stream bindings (src/hook/internals.ts), or null where they are missing or not taken. */
function load(): Bindings | null {
  const major = Number(process.versions.node.split('.')[0]);
  if (!(major >= CHECKED_MAJORS.first && major <= CHECKED_MAJORS.last)) return null;
  const instead = 'scripts start through node:child_process instead';
  const [proc, pipe, stream] = (['process_wrap', 'pipe_wrap', 'stream_wrap'] as const).map((n) =>
    nodeBinding(n, instead),
  );
  if (!proc || !pipe || !stream) return null;
  try {
    const found = bindingsOf(proc, pipe, stream);
    if (found) return found;
    sayMissing("Node's process, pipe and stream bindings in the shape hookshim checked", 'a member differs', instead);
  } catch (e) {
    sayMissing("Node's process, pipe and stream bindings", e, instead);
  }
  return null;
}

/** The members hookshim uses, when every one has the type it was checked with. */
function bindingsOf(proc: Record<string, unknown>, pipe: Record<string, unknown>, stream: Record<string, unknown>) {
  const flags = proc.constants as { kProcessFlagDetached?: unknown } | undefined;
  const found = {
    Process: proc.Process,
    Pipe: pipe.Pipe,
    SOCKET: (pipe.constants as { SOCKET?: number } | undefined)?.SOCKET,
    WriteWrap: stream.WriteWrap,
    ShutdownWrap: stream.ShutdownWrap,
    state: stream.streamBaseState,
    readBytes: stream.kReadBytesOrError,
    bufferOffset: stream.kArrayBufferOffset,
    writeWasAsync: stream.kLastWriteWasAsync,
    call: flags === undefined ? 'options' : { detachedFlag: flags.kProcessFlagDetached },
  } as Bindings;
  const classes = [found.Process, found.Pipe, found.WriteWrap, found.ShutdownWrap].every(
    (c) => typeof c === 'function',
  );
  const slots = [found.SOCKET, found.readBytes, found.bufferOffset, found.writeWasAsync].every(
    (n) => typeof n === 'number',
  );
  // Positional arguments carry Windows' options as flags this code does not set: Windows takes the options object only.
  const call =
    found.call === 'options' || (process.platform !== 'win32' && typeof found.call.detachedFlag === 'number');
  return classes && slots && call && found.state instanceof Int32Array ? found : null;
}

/** Start `file` with `args`, three pipes and `options`; undefined when this Node cannot start it this way. */
export function uvSpawn(file: string, args: readonly string[], options: UvOptions): Proc | undefined {
  bindings ??= load();
  return bindings ? start(bindings, file, args, options) : undefined;
}

function start(b: Bindings, file: string, args: readonly string[], options: UvOptions): Proc {
  // libuv takes C strings: a NUL would cut the command short, so it is refused, as node:child_process refuses it.
  const nul = [file, options.cwd, ...args].findIndex((s) => s.includes('\0'));
  if (nul >= 0)
    throw new TypeError(
      `The argument '${['file', 'cwd'][nul] ?? `args[${nul - 2}]`}' must be a string without null bytes`,
    );
  const handle = new b.Process();
  const [stdin, stdout, stderr] = [new b.Pipe(b.SOCKET), new b.Pipe(b.SOCKET), new b.Pipe(b.SOCKET)];
  const on = {
    data: [[], []] as ((c: Buffer) => void)[][],
    exit: [] as Parameters<Proc['onExit']>[0][],
    close: [] as (() => void)[],
  };
  let exited = false;
  let open = 2;
  let stdinOpen = true;
  const closeStdin = () => {
    if (stdinOpen) stdin.close();
    stdinOpen = false;
  };
  const closeIfDone = () => {
    if (exited && open === 0) for (const fn of on.close) fn();
  };
  const outputs = [stdout, stderr].map((pipe, i) =>
    output(
      b,
      pipe,
      (c) => on.data[i]!.forEach((fn) => fn(c)),
      () => {
        open--;
        closeIfDone();
      },
    ),
  );
  handle.onexit = (code, signal) => {
    handle.close();
    // As node:child_process does on exit: a write still pending (a grandchild holds stdin unread) is dropped.
    closeStdin();
    exited = true;
    const name = (signal || null) as NodeJS.Signals | null;
    for (const fn of on.exit) fn(name ? null : code, name);
    closeIfDone();
  };
  const err = spawnCall(b, handle, file, args, options, [stdin, stdout, stderr]);
  if (err) return failed(handle, [stdin, stdout, stderr], `spawn ${file} ${errorName(err)}`);
  for (const o of outputs) o.start();
  return {
    pid: handle.pid,
    feed: (input) => feed(b, stdin, input, closeStdin),
    onData: (fd, fn) => void on.data[fd - 1]!.push(fn),
    onExit: (fn) => void on.exit.push(fn),
    onClose: (fn) => void on.close.push(fn),
    onStartError: () => {},
    closePipes: () => outputs.forEach((o) => o.close()),
    kill: (signal) => {
      if (!exited) handle.kill(os.constants.signals[signal]);
    },
  };
}

/** `Process#spawn` as Node's own lib/internal/child_process.js calls it (windowsHide and verbatim: Windows only). */
function spawnCall(
  b: Bindings,
  handle: ProcessHandle,
  file: string,
  args: readonly string[],
  options: UvOptions,
  pipes: StreamHandle[],
): number {
  const envPairs = envKeys(options.env).map((k) => `${k}=${options.env[k]}`);
  const stdio = pipes.map((pipe, i) => ({ type: 'pipe', readable: i === 0, writable: i > 0, handle: pipe }));
  const argv = [file, ...args];
  if (b.call === 'options')
    return handle.spawn({
      file,
      args: argv,
      cwd: options.cwd,
      envPairs,
      stdio,
      detached: options.detached,
      windowsHide: !!options.windowsHide,
      windowsVerbatimArguments: !!options.windowsVerbatimArguments,
    });
  const flags = options.detached ? b.call.detachedFlag : 0;
  return handle.spawn(file, argv, options.cwd, envPairs, stdio, flags, undefined, undefined);
}

/**
 * The environment's names in the order node:child_process passes them: as given on POSIX; on Windows sorted, and of
 * names equal but for case only the first (Node's lib/child_process.js normalizeSpawnArguments).
 */
function envKeys(env: Record<string, string>): string[] {
  const keys = Object.keys(env);
  if (process.platform !== 'win32') return keys;
  const seen = new Set<string>();
  return keys.sort().filter((k) => !seen.has(k.toUpperCase()) && !!seen.add(k.toUpperCase()));
}

/** One output pipe: each chunk read handed on, closed at its end (or when closed early), `closed` called once. */
function output(b: Bindings, pipe: StreamHandle, data: (chunk: Buffer) => void, closed: () => void) {
  let done = false;
  const close = () => {
    if (done) return;
    done = true;
    pipe.readStop();
    pipe.close(closed);
  };
  pipe.onread = (buffer) => {
    const n = b.state[b.readBytes]!;
    if (n > 0) data(Buffer.from(buffer, b.state[b.bufferOffset], n));
    // A negative count is the end of the pipe (UV_EOF) or an error reading it: either way it is done.
    else if (n < 0) close();
  };
  return { start: () => pipe.readStart(), close };
}

/** Write the payload to the script's stdin, then shut it down and close it; any error (EPIPE) just closes it. */
function feed(b: Bindings, pipe: StreamHandle, input: string, close: () => void): void {
  const shut = () => {
    const req = new b.ShutdownWrap();
    req.handle = pipe;
    req.oncomplete = close;
    if (pipe.shutdown(req) !== 0) close();
  };
  const req = new b.WriteWrap();
  req.handle = pipe;
  req.oncomplete = (status) => (status < 0 ? close() : shut());
  if (pipe.writeUtf8String(req, input) !== 0) close();
  else if (!b.state[b.writeWasAsync]) shut();
}

/** A script that never started: its handles closed, the error reported to whoever asks (as child_process does). */
function failed(handle: ProcessHandle, pipes: StreamHandle[], message: string): Proc {
  handle.close();
  for (const pipe of pipes) pipe.close();
  return {
    pid: undefined,
    feed: () => {},
    onData: () => {},
    onExit: () => {},
    onClose: () => {},
    onStartError: (fn) => queueMicrotask(() => fn(message)),
    closePipes: () => {},
    kill: () => {},
  };
}

/** The name of a negative libuv error code (ENOENT, EACCES, …), as in node:child_process's messages. */
function errorName(code: number): string {
  try {
    return builtin('node:util').getSystemErrorName(code);
  } catch {
    return `error ${code}`;
  }
}
