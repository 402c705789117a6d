// Reading Cursor's payload (docs/cursor-hooks.md §2): BOM, non-objects, a writer that never closes, timeouts.
// In-process with a PassThrough stream; a socket stdin (what Node's spawn gives a child) in a child process.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buildSync } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { decodePayload, parsePayload, QUIET_MS, readAvailable, readStdin } from '../../../src/hook/stdin.ts';

describe('parsePayload', () => {
  it.each([
    ['an object', '{"a":1}', { a: 1 }, undefined],
    ['a BOM-prefixed object', '\uFEFF{"a":1}', { a: 1 }, undefined],
    ['two BOMs (Cursor on Windows, docs/cursor-hooks.md §13)', '\uFEFF\uFEFF{"a":1}', { a: 1 }, undefined],
    ['a run of BOMs and blanks', '\uFEFF \uFEFF\r\n\uFEFF{"a":1}', { a: 1 }, undefined],
    ['a UTF-8 BOM read as Windows-1252', '\u00EF\u00BB\u00BF\uFEFF{"a":1}', { a: 1 }, undefined],
    ['surrounding whitespace', '\n {"a":1} \n', { a: 1 }, undefined],
    ['empty', '', {}, 'stdin was empty; expected one JSON object from Cursor'],
    ['a BOM alone', '\uFEFF', {}, 'stdin was empty; expected one JSON object from Cursor'],
    ['an array', '[1]', {}, 'stdin is JSON but not an object; received: "[1]"'],
    ['a number', '5', {}, 'stdin is JSON but not an object; received: "5"'],
  ])('%s', (_name, text, input, problem) => {
    expect(parsePayload(text)).toEqual(problem === undefined ? { input } : { input, problem });
  });

  it('not JSON: the problem quotes a short preview of what arrived', () => {
    const r = parsePayload(`not json ${'x'.repeat(300)}`);
    expect(r.input).toEqual({});
    expect(r.problem).toMatch(/^stdin is not JSON \(.+\); received: "not json x+…"$/);
    expect(r.problem?.length).toBeLessThan(260);
  });
});

describe('readStdin', () => {
  it('reads to the end, across chunks and a split multi-byte character', async () => {
    const s = new PassThrough();
    const p = readStdin(s, 5000);
    const bytes = Buffer.from('{"t":"é"}');
    s.write(bytes.subarray(0, 7));
    s.end(bytes.subarray(7));
    expect(await p).toEqual({ input: { t: 'é' }, bytes: bytes.length });
  });

  it(`a writer that sent a complete object but never closes is taken at its word after ${QUIET_MS} ms of quiet`, async () => {
    const s = new PassThrough();
    const t0 = Date.now();
    const p = readStdin(s, 10_000);
    s.write('{"tool_name":"Shell"}');
    expect(await p).toEqual({ input: { tool_name: 'Shell' }, bytes: 21 });
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('a pause in the middle of an object does not end the read', async () => {
    const s = new PassThrough();
    const p = readStdin(s, 10_000);
    s.write('{"tool_name":');
    await new Promise((r) => setTimeout(r, QUIET_MS * 3));
    s.end('"Read"}');
    expect(await p).toEqual({ input: { tool_name: 'Read' }, bytes: 20 });
  });

  it('an incomplete payload that never ends: the timeout, and a problem saying what arrived', async () => {
    const s = new PassThrough();
    const r = await readStdin(s, 300);
    expect(r.input).toEqual({});
    expect(r.problem).toBe(
      'stdin was still open after 300ms; used what arrived (stdin was empty; expected one JSON object from Cursor)',
    );
  });

  it('a stream error is reported, with whatever had arrived', async () => {
    const s = new PassThrough();
    const p = readStdin(s, 5000);
    s.write('{"a"');
    s.destroy(new Error('boom'));
    const r = await p;
    expect(r.problem).toMatch(/^stdin read failed \(stdin is not JSON/);
  });

  it('a terminal is not a payload', async () => {
    const s = Object.assign(new PassThrough(), { isTTY: true });
    expect(await readStdin(s, 100)).toEqual({
      input: {},
      problem: 'stdin is a terminal, not a hook payload',
      bytes: 0,
    });
  });
});

describe('readAvailable: the fast read of what stdin already holds', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-stdin-'));

  it('a file holding the payload: complete at once', () => {
    const file = path.join(tmp, 'p.json');
    fs.writeFileSync(file, '\uFEFF{"hook_event_name":"stop"}');
    const fd = fs.openSync(file, 'r');
    try {
      expect(readAvailable(fd).payload).toEqual({ input: { hook_event_name: 'stop' }, bytes: 29 });
    } finally {
      fs.closeSync(fd);
    }
  });

  it('a pipe whose writer has sent part of the payload: that part is the prefix the stream reader continues from', async () => {
    const fifo = path.join(tmp, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const fd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const writer = spawn('sh', ['-c', `exec > '${fifo}'; printf '{"a":'; sleep 0.5; printf '1}'`], { stdio: 'ignore' });
    try {
      await new Promise((r) => setTimeout(r, 200));
      const fast = readAvailable(fd);
      expect(fast.payload).toBeUndefined();
      expect(fast.prefix.toString()).toBe('{"a":');
      const rest = new PassThrough();
      setTimeout(() => rest.end('1}'), 10);
      expect(await readStdin(rest, 5000, fast.prefix)).toEqual({ input: { a: 1 }, bytes: 7 });
    } finally {
      writer.kill();
      fs.closeSync(fd);
    }
  });

  it('no such descriptor: nothing read', () => {
    expect(readAvailable(-1)).toEqual({ prefix: Buffer.alloc(0) });
  });

  // A child whose stdin is the socket Node's spawn made: it reports what readAvailable(0) got. A read that waited
  // for the writer would hang the second case (the writer ends only once the child has answered).
  const child = (write: (stdin: NodeJS.WritableStream, go: () => void) => void) => {
    const code = buildSync({
      stdin: {
        contents: `import { readAvailable } from './src/hook/stdin.ts';
          import fs from 'node:fs';
          fs.readSync(3, Buffer.alloc(1)); // the test's go: stdin holds what it wrote
          const got = readAvailable(0);
          const kind = fs.fstatSync(0).isSocket() ? 'socket' : 'other';
          process.stdout.write(JSON.stringify({ kind, payload: got.payload, prefix: got.prefix.toString() }));
          process.exit(0);`,
        resolveDir: path.resolve(import.meta.dirname, '../../..'),
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
    }).outputFiles[0]?.text as string;
    const p = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit', 'pipe'] });
    write(p.stdin as NodeJS.WritableStream, () => (p.stdio[3] as NodeJS.WritableStream).end('g'));
    let out = '';
    p.stdout?.on('data', (c: Buffer) => (out += c));
    return new Promise<Record<string, unknown>>((resolve) => p.on('close', () => resolve(JSON.parse(out))));
  };

  it.skipIf(process.platform === 'win32')('a socket holding the whole payload: read at once', async () => {
    expect(await child((s, go) => s.end('{"hook_event_name":"stop"}', go))).toEqual({
      kind: 'socket',
      payload: { input: { hook_event_name: 'stop' }, bytes: 26 },
      prefix: '{"hook_event_name":"stop"}',
    });
  });

  it.skipIf(process.platform === 'win32')(
    'a socket whose writer sent part and keeps it open: no wait, that part is the prefix',
    async () => {
      let stdin: NodeJS.WritableStream | undefined;
      const got = await child((s, go) => {
        stdin = s;
        s.write('{"a":', go);
      });
      stdin?.end();
      expect(got).toEqual({ kind: 'socket', prefix: '{"a":' });
    },
  );
});

describe('decodePayload', () => {
  const json = '{"a":"é✓"}';
  it.each<[string, Buffer]>([
    ['UTF-8', Buffer.from(json)],
    ['UTF-8 with two BOMs', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), Buffer.from(json)])],
    ['UTF-16LE with its BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')])],
    ['UTF-16BE with its BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(json, 'utf16le').swap16()])],
  ])('%s', (_name, buf) => expect(parsePayload(decodePayload(buf))).toEqual({ input: { a: 'é✓' } }));
  it('UTF-16 without a BOM is not guessed: the problem shows what arrived', () =>
    expect(parsePayload(decodePayload(Buffer.from(json, 'utf16le'))).problem).toMatch(
      /^stdin is not JSON .*received: "\{\\u0000/,
    ));
});

describe("pipeSource: Windows' stdin pipe through libuv's handle, without net (the bindings faked here)", () => {
  type Onread = (buffer: ArrayBuffer) => void;
  /** process.binding as a Windows Node's, with a pipe that `feed` drives: [bytes] chunks, then a negative code. */
  const withPipe = async (opts: { open?: number; start?: number; mode?: number } = {}) => {
    const state = new Int32Array(4);
    const pipe: { onread?: Onread; started: number; closed: boolean } = { started: 0, closed: false };
    class Pipe {
      set onread(fn: Onread) {
        pipe.onread = fn;
      }
      open = () => opts.open ?? 0;
      readStart = () => (pipe.started++, opts.start ?? 0);
      readStop = () => 0;
      close = () => void (pipe.closed = true);
    }
    const tables: Record<string, unknown> = {
      pipe_wrap: { Pipe, constants: { SOCKET: 0 } },
      stream_wrap: { streamBaseState: state, kReadBytesOrError: 0, kArrayBufferOffset: 1 },
    };
    const real = { platform: process.platform, binding: (process as unknown as { binding: unknown }).binding };
    Object.defineProperty(process, 'platform', { value: 'win32' });
    (process as unknown as { binding: unknown }).binding = (name: string) => tables[name];
    // What libuv's fstat says of a Windows pipe: the FIFO type bits.
    const stat = vi.spyOn(fs, 'fstatSync').mockReturnValue({ mode: opts.mode ?? 0o010000 } as fs.Stats);
    try {
      const { pipeSource } = await import('../../../src/hook/stdin.ts');
      const source = pipeSource(0);
      const feed = (chunk: string | number) => {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.alloc(0);
        state[0] = typeof chunk === 'string' ? bytes.length : chunk;
        state[1] = 0;
        pipe.onread?.(new Uint8Array(bytes).buffer);
      };
      return { source, feed, pipe };
    } finally {
      stat.mockRestore();
      Object.defineProperty(process, 'platform', { value: real.platform });
      (process as unknown as { binding: unknown }).binding = real.binding;
    }
  };
  it('chunks, then the end of the pipe: the payload, read once the first listener asks', async () => {
    const { source, feed, pipe } = await withPipe();
    expect(pipe.started).toBe(0);
    const read = readStdin(source!, 5000);
    expect(pipe.started).toBe(1);
    feed('{"a":');
    feed('1}');
    feed(-4095);
    expect(await read).toEqual({ input: { a: 1 }, bytes: 7 });
  });
  it('an error reading it: what arrived, with the problem', async () => {
    const { source, feed } = await withPipe();
    const read = readStdin(source!, 5000);
    feed('{"a":1');
    feed(-4077);
    expect((await read).problem).toMatch(/^stdin read failed/);
  });
  it('a handle that refuses the fd (a console, a file): undefined, the handle closed; process.stdin reads it', async () => {
    const { source, pipe } = await withPipe({ open: -4058 });
    expect(source).toBeUndefined();
    expect(pipe.closed).toBe(true);
  });
  it('a file, NUL or a console (no FIFO bits): undefined, no handle made', async () => {
    for (const mode of [0o100666, 0o020666]) {
      const { source, pipe } = await withPipe({ mode });
      expect([source, pipe.started, pipe.closed]).toEqual([undefined, 0, false]);
    }
  });
  it('a read that cannot start is a read that failed', async () => {
    const { source } = await withPipe({ start: -4058 });
    expect((await readStdin(source!, 5000)).problem).toMatch(/^stdin read failed/);
  });
  it('not Windows: undefined (readAvailable and process.stdin read POSIX stdin)', async () => {
    const { pipeSource } = await import('../../../src/hook/stdin.ts');
    expect(pipeSource(0)).toBeUndefined();
  });
});
