// Read Cursor's hook payload: one JSON document on stdin, maybe BOM-prefixed or UTF-16 (docs/cursor-hooks.md §2, §12).
import fs from 'node:fs';
import type { Json } from '../../adapters/types.ts';
import { nodeBinding } from './internals.ts';

export interface StdinPayload {
  input: Json;
  /** Why the payload could not be used as is (shown on stderr); undefined when it was fine. */
  problem?: string;
  bytes: number;
  /** More than MAX_PAYLOAD_BYTES arrived: nothing was parsed (a permission event denies what it cannot see). */
  tooLarge?: boolean;
}

/** The largest payload hookshim reads: far above any real tool call, far below what a JavaScript string can hold. */
export const MAX_PAYLOAD_BYTES = 128 * 1024 * 1024;

/** The answer to a payload over MAX_PAYLOAD_BYTES: nothing is parsed, nothing guessed. */
function tooLarge(bytes: number): StdinPayload {
  return {
    input: {},
    bytes,
    tooLarge: true,
    problem: `stdin holds more than ${MAX_PAYLOAD_BYTES / 1024 / 1024} MiB; hookshim does not read a payload that large`,
  };
}

/** A writer that sent one complete JSON object but never closes stdin is taken at its word after this quiet time. */
export const QUIET_MS = 100;

/** What readStdin reads: `process.stdin`, or on Windows its pipe through libuv's handle (pipeSource). */
export interface PayloadSource {
  isTTY?: boolean;
  on(event: 'data', fn: (chunk: Buffer | string) => void): unknown;
  once(event: 'end' | 'error', fn: () => void): unknown;
  pause?(): unknown;
}

/** Read stdin to its end (or until `timeoutMs`, or a complete object followed by silence), then parse it. */
export async function readStdin(stream: PayloadSource, timeoutMs: number, prefix?: Buffer): Promise<StdinPayload> {
  if (stream.isTTY) return { input: {}, problem: 'stdin is a terminal, not a hook payload', bytes: 0 };
  const chunks: Buffer[] = prefix?.length ? [prefix] : [];
  let size = prefix?.length ?? 0;
  let early: { input: Json } | undefined;
  const done = await new Promise<'end' | 'timeout' | 'error' | 'complete' | 'large'>((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const finish = (how: 'end' | 'timeout' | 'error' | 'complete' | 'large') => {
      clearTimeout(timer);
      clearTimeout(quiet);
      stream.pause?.();
      resolve(how);
    };
    const timer = setTimeout(() => finish('timeout'), Math.max(0, timeoutMs));
    stream.on('data', (c: Buffer | string) => {
      const b = typeof c === 'string' ? Buffer.from(c) : c;
      chunks.push(b);
      size += b.length;
      clearTimeout(quiet);
      if (size > MAX_PAYLOAD_BYTES) {
        chunks.length = 0;
        return finish('large');
      }
      quiet = setTimeout(() => {
        const parsed = parsePayload(decodePayload(Buffer.concat(chunks, size)));
        if (!parsed.problem) {
          early = parsed;
          finish('complete');
        }
      }, QUIET_MS);
    });
    stream.once('end', () => finish('end'));
    stream.once('error', () => finish('error'));
  });
  if (done === 'large') return tooLarge(size);
  if (done === 'complete' && early) return { ...early, bytes: size };
  const parsed = parsePayload(decodePayload(Buffer.concat(chunks, size)));
  if (done === 'timeout')
    return {
      ...parsed,
      problem: `stdin was still open after ${timeoutMs}ms; used what arrived${parsed.problem ? ` (${parsed.problem})` : ''}`,
      bytes: size,
    };
  if (done === 'error')
    return { ...parsed, problem: `stdin read failed${parsed.problem ? ` (${parsed.problem})` : ''}`, bytes: size };
  return { ...parsed, bytes: size };
}

/**
 * The payload's bytes as text: UTF-16 (LE or BE) when they start with its byte order mark, UTF-8 otherwise. Cursor on
 * Windows pipes stdin through PowerShell, whose encoding is the console's (docs/cursor-hooks.md §13).
 */
export function decodePayload(buf: Buffer): string {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return buf.toString('utf16le', 2);
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    const le = Buffer.from(buf.subarray(2, buf.length - (buf.length % 2)));
    return le.swap16().toString('utf16le');
  }
  return buf.toString('utf8');
}

/** Any run of leading byte order marks: U+FEFF, and the UTF-8 BOM decoded as Windows-1252 ("ï»¿", docs/cursor-hooks.md §13). */
const LEADING_BOMS = /^(?:\uFEFF|\u00EF\u00BB\u00BF|\s)+/;

/** Parse a payload text: strip any run of leading BOMs (Cursor on Windows sends one or two), require a JSON object. */
export function parsePayload(text: string): { input: Json; problem?: string } {
  const body = text.replace(LEADING_BOMS, '').trim();
  if (!body) return { input: {}, problem: 'stdin was empty; expected one JSON object from Cursor' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (err) {
    return { input: {}, problem: `stdin is not JSON (${(err as Error).message}); received: ${preview(body)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { input: {}, problem: `stdin is JSON but not an object; received: ${preview(body)}` };
  }
  return { input: value as Json };
}

function preview(text: string): string {
  const one = JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);
  return one;
}

/**
 * Fast path: read what `fd` already holds, without blocking and without a stream (no event loop turn, no stream
 * machinery: `process.stdin` on a socket costs 8-13 ms here, docs/performance.md "Where the time goes"). Done when it
 * parses as the payload; otherwise the bytes read so far are the prefix readStdin continues from. A pipe is reopened
 * non-blocking through /proc/self/fd (Linux); a socket (what Node's and Cursor's spawn give a child as stdin) is made
 * non-blocking as `process.stdin` itself would make it; where neither is possible, nothing is read here.
 */
export function readAvailable(fd: number): { payload?: StdinPayload; prefix: Buffer } {
  const none = { prefix: Buffer.alloc(0) };
  let stat: fs.Stats;
  try {
    stat = fs.fstatSync(fd);
  } catch {
    return none;
  }
  let rfd = fd;
  if (stat.isFIFO()) {
    try {
      rfd = fs.openSync(`/proc/self/fd/${fd}`, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    } catch {
      return none;
    }
  } else if (stat.isSocket() ? !socketNonBlocking(fd) : !stat.isFile()) return none;
  const chunks: Buffer[] = [];
  let size = 0;
  const buf = Buffer.alloc(64 * 1024);
  try {
    for (;;) {
      const n = fs.readSync(rfd, buf, 0, buf.length, null);
      if (n === 0) break;
      chunks.push(Buffer.from(buf.subarray(0, n)));
      size += n;
      if (size > MAX_PAYLOAD_BYTES) return { payload: tooLarge(size), prefix: Buffer.alloc(0) };
    }
  } catch {
    // EAGAIN: the writer has not sent (or closed) everything yet; the stream reader takes over from here.
  } finally {
    if (rfd !== fd) fs.closeSync(rfd);
  }
  const prefix = Buffer.concat(chunks, size);
  const parsed = size ? parsePayload(decodePayload(prefix)) : undefined;
  return parsed && !parsed.problem ? { payload: { ...parsed, bytes: size }, prefix } : { prefix };
}

/** The handles opened on stdin, kept for the process: closing one would close stdin. */
const stdinHandles: unknown[] = [];

/**
 * Make the socket `fd` non-blocking, so a read returns EAGAIN instead of waiting for a writer that sends nothing. Done
 * the way `process.stdin` does it (libuv's pipe handle opened on the fd, which sets O_NONBLOCK), through the binding
 * Node exposes for it, without loading `net` and its streams. A Unix socket is never Windows' stdin; false whenever
 * the binding is missing or refuses, and the stream reader reads instead.
 */
function socketNonBlocking(fd: number): boolean {
  type PipeWrap = { Pipe: new (type: number) => { open(fd: number): number }; constants: { SOCKET: number } };
  const binding = nodeBinding('pipe_wrap', 'stdin is read as a stream instead') as PipeWrap | undefined;
  if (!binding) return false;
  try {
    const { Pipe, constants } = binding;
    const handle = new Pipe(constants.SOCKET);
    stdinHandles.push(handle);
    return handle.open(fd) === 0;
  } catch {
    return false;
  }
}

/** libuv's end of a stream (UV_EOF, the same on every platform). */
const UV_EOF = -4095;

/**
 * Windows hands a hook its stdin as a pipe, which readAvailable cannot read without blocking: read it as
 * `process.stdin` would (libuv's pipe handle opened on the fd, what Node's net.Socket does for a pipe), through the
 * bindings, without loading `net` and the stream classes (~10 ms under wine). Undefined elsewhere, for anything but a
 * pipe, where the bindings are missing, or where the handle refuses the fd: `process.stdin` reads those.
 */
export function pipeSource(fd: number): PayloadSource | undefined {
  if (process.platform !== 'win32') return undefined;
  try {
    // libuv reports a Windows pipe with the FIFO type bits (Node's fs.constants has no S_IFIFO there); a file, NUL or a
    // console is read as before.
    if ((fs.fstatSync(fd).mode & 0o170000) !== 0o010000) return undefined;
    const instead = 'stdin is read through process.stdin instead';
    const pw = nodeBinding('pipe_wrap', instead) as
      { Pipe: new (type: number) => PipeHandle; constants: { SOCKET: number } } | undefined;
    const sw = nodeBinding('stream_wrap', instead);
    if (!pw || !sw) return undefined;
    const { Pipe, constants } = pw;
    const [state, nread, offset] = [sw.streamBaseState, sw.kReadBytesOrError, sw.kArrayBufferOffset];
    if (!(state instanceof Int32Array) || typeof nread !== 'number' || typeof offset !== 'number') return undefined;
    const handle = new Pipe(constants.SOCKET);
    if (handle.open(fd) !== 0) {
      handle.close();
      return undefined;
    }
    stdinHandles.push(handle);
    return handleSource(handle, () => [state[nread]!, state[offset]!]);
  } catch {
    return undefined;
  }
}

interface PipeHandle {
  open(fd: number): number;
  onread?: (buffer: ArrayBuffer) => void;
  readStart(): number;
  readStop(): number;
  close(): void;
  unref?(): void;
}

/** A PayloadSource over an opened handle: reading starts with the first data listener, stops at pause or the end. */
function handleSource(handle: PipeHandle, counts: () => [number, number]): PayloadSource {
  const data: ((chunk: Buffer) => void)[] = [];
  const ends: Record<'end' | 'error', (() => void)[]> = { end: [], error: [] };
  let reading = false;
  const stop = () => {
    if (reading) handle.readStop();
    reading = false;
    handle.unref?.();
  };
  handle.onread = (buffer) => {
    const [n, at] = counts();
    if (n > 0) for (const fn of data) fn(Buffer.from(buffer, at, n));
    else if (n < 0) {
      stop();
      for (const fn of ends[n === UV_EOF ? 'end' : 'error'].splice(0)) fn();
    }
  };
  return {
    on(_event, fn) {
      data.push(fn);
      if (!reading) reading = handle.readStart() === 0;
      if (!reading) queueMicrotask(() => ends.error.splice(0).forEach((f) => f()));
    },
    once(event, fn) {
      ends[event].push(fn);
    },
    pause: stop,
  };
}
