// Starting a script on libuv's handles (src/hook/uvSpawn.ts): what node:child_process gives the runner, without it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Proc } from '../../../src/hook/proc.ts';
import { uvSpawn, type UvOptions } from '../../../src/hook/uvSpawn.ts';
import { alive, killAll, pidsIn, until } from '../../fixtures/bin/fixtures.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-uv-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ONLY: 'this' };

interface Ran {
  code: number | null;
  signal: string | null;
  out: string;
  err: string;
  closed: boolean;
}
/** Start `sh -c script`, feed it `input`, and collect everything it reports until its close (or start error). */
function sh(script: string, input = '', opts: { cwd?: string; then?: (p: Proc) => void } = {}) {
  const proc = uvSpawn('/bin/sh', ['-c', script], { cwd: opts.cwd ?? tmp, env, detached: true })!;
  const ran: Ran = { code: null, signal: null, out: '', err: '', closed: false };
  const done = new Promise<Ran | string>((resolve) => {
    proc.onData(1, (c) => (ran.out += c));
    proc.onData(2, (c) => (ran.err += c));
    proc.onExit((code, signal) => Object.assign(ran, { code, signal }));
    proc.onClose(() => resolve({ ...ran, closed: true }));
    proc.onStartError(resolve);
  });
  proc.feed(input);
  opts.then?.(proc);
  return { proc, done };
}

describe('uvSpawn: a script on three pipes', () => {
  it('stdin is the payload; exit code, stdout and stderr come back; close follows the exit', async () => {
    expect(await sh('cat; echo e >&2; exit 3', '{"a":1}').done).toEqual({
      code: 3,
      signal: null,
      out: '{"a":1}',
      err: 'e\n',
      closed: true,
    });
  });
  it('the environment is exactly the one given', async () => {
    expect(((await sh('env').done) as Ran).out.split('\n').filter(Boolean).sort()).toEqual(
      ['ONLY=this', `PATH=${env.PATH}`, 'PWD=' + tmp].sort(),
    );
  });
  it('a script killed by a signal reports the signal and no code', async () => {
    expect(await sh('kill -TERM $$').done).toMatchObject({ code: null, signal: 'SIGTERM' });
  });
  it('kill() signals the script', async () => {
    expect(await sh('exec sleep 30', '', { then: (p) => p.kill('SIGKILL') }).done).toMatchObject({ signal: 'SIGKILL' });
  });
  it('output far beyond a pipe buffer arrives whole', async () => {
    expect(((await sh('head -c 5000000 /dev/zero').done) as Ran).out).toHaveLength(5000000);
  });
  it('a script that closes stdin unread while 8 MiB are written to it is fine (EPIPE ignored)', async () => {
    expect(await sh('exec 0<&-; echo ok', 'x'.repeat(8 << 20)).done).toMatchObject({ code: 0, out: 'ok\n' });
  });
  it('closePipes: a grandchild holding stdout no longer holds the close', async () => {
    const pids = path.join(tmp, 'grand.pids');
    const { proc, done } = sh(`sleep 30 & echo $! > '${pids}'`);
    proc.onExit(() => setTimeout(() => proc.closePipes(), 50));
    expect(await done).toMatchObject({ code: 0, closed: true });
    const grandchild = pidsIn(pids);
    expect(grandchild.some(alive)).toBe(true);
    killAll(grandchild);
    await until(() => !grandchild.some(alive), 2000);
  });
});

describe('uvSpawn: a start that fails is an error, as node:child_process words it', () => {
  it('no such executable', async () => {
    const proc = uvSpawn(path.join(tmp, 'nope'), [], { cwd: tmp, env, detached: true })!;
    expect(proc.pid).toBeUndefined();
    expect(await new Promise((r) => proc.onStartError(r))).toBe(`spawn ${path.join(tmp, 'nope')} ENOENT`);
  });
  it('no such working directory', async () => {
    expect(await sh('true', '', { cwd: path.join(tmp, 'gone') }).done).toBe('spawn /bin/sh ENOENT');
  });
});

describe('uvSpawn: where the bindings are missing it declines (the runner then uses node:child_process)', () => {
  it('process.binding throwing → undefined', async () => {
    vi.resetModules();
    const binding = vi
      .spyOn(process as unknown as { binding(n: string): unknown }, 'binding')
      .mockImplementation(() => {
        throw new Error('no bindings here');
      });
    try {
      const fresh = await import('../../../src/hook/uvSpawn.ts');
      expect(fresh.uvSpawn('/bin/true', [], { cwd: tmp, env, detached: true })).toBeUndefined();
    } finally {
      binding.mockRestore();
    }
  });
});

/** process.binding as a Node whose process_wrap has `constants` (or not), recording how `spawn` was called. */
function fakeBindings(constants: unknown): { calls: unknown[][]; binding(name: string): unknown } {
  const calls: unknown[][] = [];
  class Process {
    spawn(...args: unknown[]) {
      calls.push(args);
      return -2; // ENOENT: the fake starts nothing, so no pipe is ever read
    }
    close() {}
  }
  class Handle {
    close() {}
  }
  const tables: Record<string, unknown> = {
    process_wrap: { Process, ...(constants === undefined ? {} : { constants }) },
    pipe_wrap: { Pipe: Handle, constants: { SOCKET: 0 } },
    stream_wrap: {
      WriteWrap: Handle,
      ShutdownWrap: Handle,
      streamBaseState: new Int32Array(8),
      kReadBytesOrError: 0,
      kArrayBufferOffset: 1,
      kLastWriteWasAsync: 2,
    },
  };
  return { calls, binding: (name) => tables[name] };
}

describe("uvSpawn calls Process#spawn as this Node's own child_process does", () => {
  const withBindings = async (
    constants: unknown,
    last?: number,
    as: { platform?: NodeJS.Platform; options?: Partial<UvOptions> } = {},
  ) => {
    vi.resetModules();
    const fake = fakeBindings(constants);
    const spy = vi
      .spyOn(process as unknown as { binding(n: string): unknown }, 'binding')
      .mockImplementation(fake.binding);
    const platform = process.platform;
    if (as.platform) Object.defineProperty(process, 'platform', { value: as.platform });
    try {
      const fresh = await import('../../../src/hook/uvSpawn.ts');
      if (last !== undefined) fresh.CHECKED_MAJORS.last = last;
      const options = { cwd: tmp, env: { A: '1' }, detached: true, ...as.options };
      return { proc: fresh.uvSpawn('/bin/sh', ['-c', 'true'], options), calls: fake.calls };
    } finally {
      Object.defineProperty(process, 'platform', { value: platform });
      spy.mockRestore();
    }
  };
  it('no process_wrap constants (Node 20-23, 25, early 24): one options object', async () => {
    const { calls } = await withBindings(undefined);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual([
      expect.objectContaining({
        file: '/bin/sh',
        args: ['/bin/sh', '-c', 'true'],
        cwd: tmp,
        envPairs: ['A=1'],
        detached: true,
      }),
    ]);
  });
  it('process_wrap constants (Node 26, late 24): positional arguments with the detached flag', async () => {
    const { calls } = await withBindings({ kProcessFlagDetached: 1, kProcessFlagWindowsHide: 2 });
    expect(calls[0]?.slice(0, 4)).toEqual(['/bin/sh', ['/bin/sh', '-c', 'true'], tmp, ['A=1']]);
    expect(calls[0]?.[5]).toBe(1);
  });
  it('Windows: the options object carries windowsHide and windowsVerbatimArguments, as child_process sets them', async () => {
    const { calls } = await withBindings(undefined, undefined, {
      platform: 'win32',
      options: { windowsHide: true, windowsVerbatimArguments: true },
    });
    expect(calls[0]).toEqual([expect.objectContaining({ windowsHide: true, windowsVerbatimArguments: true })]);
  });
  it("Windows: the environment's names sorted, one of those equal but for case (child_process's order)", async () => {
    const env = { b: '1', Path: 'x', A: '2', PATH: 'y' };
    const { calls } = await withBindings(undefined, undefined, { platform: 'win32', options: { env } });
    expect(calls[0]).toEqual([expect.objectContaining({ envPairs: ['A=2', 'PATH=y', 'b=1'] })]);
  });
  it('Windows with positional arguments (Node 26, late 24): declines, never calls spawn', async () => {
    expect(await withBindings({ kProcessFlagDetached: 1 }, undefined, { platform: 'win32' })).toEqual({
      proc: undefined,
      calls: [],
    });
  });
  it('constants of another shape, or a Node major not checked: declines, never calls spawn', async () => {
    expect(await withBindings({ kProcessFlagDetached: 'x' })).toEqual({ proc: undefined, calls: [] });
    expect(await withBindings(undefined, 19)).toEqual({ proc: undefined, calls: [] });
  });
});
