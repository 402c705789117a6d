// The runner (libuv's handles, node:child_process where those are missing): exit codes, timeouts that kill the whole process group, the output cap,
// stdin the script never reads, grandchildren holding the pipe, snapshot and killAll at the deadline.
// These run the tiny fixture scripts (test/fixtures/bin); everything pure is tested without processes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  OUTPUT_CAP,
  safeEnv,
  childSpecFor,
  startAll,
  unfinished,
  WINDOWS_WATCHDOG,
  type Job,
} from '../../../src/hook/runner.ts';
import type { Host } from '../../../src/hook/platform.ts';
import { alive, FIXTURE_BIN, killAll, pidsIn, until } from '../../fixtures/bin/fixtures.ts';

// Load the runner once for the file, so the first test's timings are not its load.
beforeAll(() => startAll([]));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-runner-'));
afterEach(() => {
  for (const f of fs.readdirSync(tmp)) fs.rmSync(path.join(tmp, f), { recursive: true, force: true });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
function job(command: string, extra: Partial<Job> = {}): Job {
  return {
    label: 'test',
    locator: 'PreToolUse[0].hooks[0]',
    claudeEvent: 'PreToolUse',
    file: command,
    shell: true,
    cwd: tmp,
    env,
    input: '{"a":1}',
    timeoutMs: 5000,
    timeoutSeconds: 5,
    ...extra,
  };
}
const bin = (name: string) => path.join(FIXTURE_BIN, name);

// The runner starts a POSIX script on libuv's handles (src/hook/uvSpawn.ts), and on node:child_process where those
// bindings are missing: every guarantee below holds both ways.
let viaChildProcess: typeof startAll;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock('../../../src/hook/uvSpawn.ts', () => ({ uvSpawn: () => undefined }));
  viaChildProcess = (await import('../../../src/hook/runner.ts')).startAll;
  vi.doUnmock('../../../src/hook/uvSpawn.ts');
});
const RUNNERS: [string, () => typeof startAll][] = [
  ['libuv handles', () => startAll],
  ['node:child_process', () => viaChildProcess],
];

describe.each(RUNNERS)('started on %s', (_how, runner) => {
  const startAll = (jobs: readonly Job[]) => runner()(jobs);
  describe('startAll: one result per job, in order', () => {
    it('captures exit code, stdout and stderr, and feeds the input on stdin', async () => {
      const [a, b] = await (
        await startAll([job(`cat; echo err >&2; exit 3`), job(`${bin('exit.sh')} 2 "no way"`)])
      ).done;
      expect(a).toMatchObject({
        exitCode: 3,
        signal: null,
        stdout: '{"a":1}',
        stderr: 'err\n',
        timedOut: false,
        truncated: false,
      });
      expect(b).toMatchObject({ exitCode: 2, stderr: 'no way\n', timedOut: false });
    });

    it('a script killed by a signal in exec form reports the signal', async () => {
      const [r] = await (await startAll([job(bin('signal.sh'), { shell: false, args: [] })])).done;
      expect(r).toMatchObject({ exitCode: null, signal: 'SIGSEGV', timedOut: false });
    });

    it('a missing executable in exec form is a start error', async () => {
      const [r] = await (await startAll([job(path.join(tmp, 'nope'), { shell: false, args: [] })])).done;
      expect(r?.startError).toMatch(/ENOENT/);
      expect(r?.exitCode).toBeNull();
    });

    it('a command holding a NUL byte is a start error, never a shorter command', async () => {
      const [r] = await (await startAll([job('echo ran\u0000; rm -rf x')])).done;
      expect(r).toMatchObject({ exitCode: null, stdout: '', startError: expect.stringMatching(/without null bytes/) });
    });

    it('a cwd that does not exist is a start error, not a crash', async () => {
      const [r] = await (await startAll([job('true', { cwd: path.join(tmp, 'gone') })])).done;
      expect(r?.startError).toMatch(/ENOENT/);
    });
  });

  describe('timeouts kill the whole process group', () => {
    it('a script that ignores SIGTERM is SIGKILLed with its children after the grace', async () => {
      const pids = path.join(tmp, 'pids');
      const t0 = Date.now();
      const [r] = await (
        await startAll([
          job(bin('spawn-and-hang.sh'), { env: { ...env, PIDFILE: pids }, timeoutMs: 300, timeoutSeconds: 0.3 }),
        ])
      ).done;
      expect(r).toMatchObject({ timedOut: true, exitCode: null });
      expect(Date.now() - t0).toBeLessThan(3000);
      const [script, child] = pidsIn(pids) as [number, number];
      expect(await until(() => !alive(script) && !alive(child), 2000)).toBe(true);
    });

    it('after a script exits, what it left running in the background with its output closed keeps running (as under Claude Code)', async () => {
      const pids = path.join(tmp, 'bg');
      const [r] = await (await startAll([job(`sleep 100 >/dev/null 2>&1 & echo $! > ${pids}; exit 0`)])).done;
      expect(r).toMatchObject({ exitCode: 0, timedOut: false });
      const [bg] = pidsIn(pids) as [number];
      await new Promise((res) => setTimeout(res, 300));
      expect(alive(bg)).toBe(true);
      process.kill(bg, 'SIGKILL');
    });
  });

  describe('output and pipes', () => {
    it(`stdout beyond ${OUTPUT_CAP} bytes is cut and flagged, and the script is drained to its end`, async () => {
      const [r] = await (await startAll([job(`${bin('flood.sh')} 5000000; echo done >&2`)])).done;
      expect(r?.stdout.length).toBe(OUTPUT_CAP);
      expect(r?.truncated).toBe(true);
      expect(r?.stderr).toBe('done\n');
      expect(r?.exitCode).toBe(0);
    });

    it('a script that closes stdin unread while a large input is being written is fine', async () => {
      const [r] = await (await startAll([job(bin('close-stdin.sh'), { input: 'x'.repeat(4 * 1024 * 1024) })])).done;
      expect(r).toMatchObject({ exitCode: 2, stderr: 'closed stdin unread\n' });
    });

    it('a grandchild holding stdout does not hold the result past the pipe grace, and dies with the group', async () => {
      const pids = path.join(tmp, 'gc');
      const t0 = Date.now();
      const [r] = await (await startAll([job(bin('grandchild.sh'), { env: { ...env, PIDFILE: pids } })])).done;
      expect(Date.now() - t0).toBeLessThan(2000);
      expect(r?.exitCode).toBe(0);
      expect(r?.stdout).toContain('grandchild keeps the pipe');
      expect(await until(() => pidsIn(pids).every((p) => !alive(p)), 2000)).toBe(true);
    });

    it('a grandchild in its own session cannot hold the result either (it escapes the group kill; cleaned up here)', async () => {
      const pids = path.join(tmp, 'setsid');
      try {
        const t0 = Date.now();
        const [r] = await (
          await startAll([job(`${bin('grandchild.sh')} setsid`, { env: { ...env, PIDFILE: pids } })])
        ).done;
        expect(Date.now() - t0).toBeLessThan(2000);
        expect(r?.stdout).toContain('grandchild keeps the pipe');
      } finally {
        killAll(pidsIn(pids));
      }
    });
  });

  describe('the deadline: snapshot and killAll', () => {
    it('snapshot reports unfinished scripts as timed out after the time they had; killAll SIGKILLs their groups at once', async () => {
      const pids = path.join(tmp, 'snap');
      const batch = await startAll([
        job('exit 0'),
        job(bin('spawn-and-hang.sh'), { env: { ...env, PIDFILE: pids }, timeoutMs: 60_000, timeoutSeconds: 60 }),
      ]);
      expect(await until(() => pidsIn(pids).length === 2, 5000)).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      const snap = batch.snapshot();
      expect(snap[0]).toMatchObject({ exitCode: 0, timedOut: false });
      expect(snap[1]).toMatchObject({ timedOut: true, exitCode: null, stdout: '' });
      expect(snap[1]?.timeoutSeconds).toBeGreaterThan(0);
      expect(snap[1]?.timeoutSeconds).toBeLessThan(60);
      batch.killAll();
      expect(await until(() => pidsIn(pids).every((p) => !alive(p)), 2000)).toBe(true);
      const done = await batch.done;
      expect(done[1]?.exitCode).toBeNull();
    });

    it('unfinished: a job that never started counts as timed out after at most its own time', () => {
      expect(unfinished({ label: 'a', locator: 'l', claudeEvent: 'Stop', timeoutSeconds: 10 }, 2500)).toMatchObject({
        label: 'a',
        timedOut: true,
        exitCode: null,
        timeoutSeconds: 2.5,
      });
      expect(
        unfinished({ label: 'a', locator: 'l', claudeEvent: 'Stop', timeoutSeconds: 1 }, 2500).timeoutSeconds,
      ).toBe(1);
    });
  });
});

describe('childSpecFor: how a row is started (POSIX)', () => {
  const plan = (extra: Partial<Job>) => {
    const p = childSpecFor(job('echo hi', extra));
    return [p.file, p.args.slice(0, 2), p.options.detached, p.options.stdio];
  };
  const piped = ['pipe', 'pipe', 'pipe'];
  it.each([
    ['shell form: /bin/sh -c <command>, its own group', {}, ['/bin/sh', ['-c', 'echo hi'], true, piped]],
    ['shell form with `shell: bash`', { shellPath: 'bash' }, ['bash', ['-c', 'echo hi'], true, piped]],
    [
      'exec form: the executable and its arguments',
      { shell: false, file: '/x', args: ['a'] },
      ['/x', ['a'], true, piped],
    ],
    [
      'background: sh -c WATCHDOG, output ignored',
      { background: true },
      ['/bin/sh', ['-c', expect.stringContaining('kill -TERM 0')], true, ['pipe', 'ignore', 'ignore']],
    ],
  ])('%s', (_name, extra, want) => expect(plan(extra as Partial<Job>)).toEqual(want));
  it("the environment is exactly the job's, made safe (nothing inherited)", () => {
    expect(childSpecFor(job('true', { env: { A: 'x\u0000y' } })).options.env).toEqual({ A: 'xy' });
  });
});

describe('childSpecFor: an async row on Windows runs under the node watchdog (WINDOWS_WATCHDOG)', () => {
  const win = (...files: string[]): Host => ({ platform: 'win32', exists: (f) => files.includes(f) });
  const bg = (file: string, args: string[]) =>
    job(file, { shell: false, file, args, background: true, timeoutMs: 2500, output: 'C:\\s\\async\\k', env: {} });
  it.each([
    ['an .exe: its arguments as they are', 'C:\\t\\lint.exe', ['a b'], '0', ['C:\\t\\lint.exe', 'a b']],
    [
      'a .cmd: through cmd.exe, verbatim',
      'C:\\t\\lint.cmd',
      ['x'],
      '1',
      [expect.stringMatching(/cmd\.exe$/), '/d', '/s', '/c', '"C:\\t\\lint.cmd x"'],
    ],
  ])('%s', (_name, file, args, verbatim, command) => {
    const p = childSpecFor(bg(file, args), win(file));
    expect([p.file, p.args, p.options.detached, p.options.windowsVerbatimArguments]).toEqual([
      process.execPath,
      ['-e', WINDOWS_WATCHDOG, '3', 'C:\\s\\async\\k', verbatim, ...command],
      true,
      undefined,
    ]);
  });
});

describe('WINDOWS_WATCHDOG itself (run here by node: its files and exit code; taskkill is Windows-only)', () => {
  const watch = (seconds: string, code: string) => {
    const out = path.join(tmp, `wd-${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(`${out}.part`, '');
    const r = spawnSync(process.execPath, ['-e', WINDOWS_WATCHDOG, seconds, out, '0', process.execPath, '-e', code], {
      input: '{"hook_event_name":"PreToolUse"}',
      encoding: 'utf8',
      stdio: ['pipe', fs.openSync(`${out}.part`, 'a'), 'ignore'],
    });
    return { status: r.status, files: fs.readdirSync(tmp).filter((f) => f.startsWith(path.basename(out))), out };
  };
  it('the row gets the payload on stdin; its stdout is renamed with its exit code when it ends', () => {
    const r = watch(
      '5',
      "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{console.log(JSON.parse(s).hook_event_name);process.exit(3)})",
    );
    expect(r.status).toBe(3);
    expect(r.files).toEqual([`${path.basename(r.out)}.3.done`]);
    expect(fs.readFileSync(`${r.out}.3.done`, 'utf8')).toBe('PreToolUse\n');
  });
  it('past its timeout the watchdog gives up on the row and renames nothing (a timed-out row decides nothing)', () => {
    const r = watch('1', 'setTimeout(() => {}, 4000)');
    expect(r.status).toBe(0);
    expect(r.files).toEqual([`${path.basename(r.out)}.part`]);
  });
});

describe('environment', () => {
  it('safeEnv drops NULs from values and keys that are not names', () => {
    expect(safeEnv({ A: 'x\u0000y', 'B=C': '1', '': '2', 'D\u0000': '3', OK: 'fine' })).toEqual({
      A: 'xy',
      OK: 'fine',
    });
  });

  it('a NUL in a value never stops the script from starting', async () => {
    const [r] = await (await startAll([job('printf %s "$SESSION"', { env: { ...env, SESSION: 'a\u0000b' } })])).done;
    expect(r).toMatchObject({ exitCode: 0, stdout: 'ab' });
    expect(r?.startError).toBeUndefined();
  });

  it('background (async) rows start and are not waited for', async () => {
    const marker = path.join(tmp, 'bg-ran');
    const [r] = await (await startAll([job(`sleep 0.2; touch ${marker}`, { background: true })])).done;
    expect(r).toMatchObject({ background: true, exitCode: 0 });
    expect(fs.existsSync(marker)).toBe(false);
    expect(await until(() => fs.existsSync(marker), 3000)).toBe(true);
  });

  it('a background row gets the payload on stdin, in exec form too', async () => {
    const got = path.join(tmp, 'bg-stdin');
    await (
      await startAll([job('', { shell: false, file: '/bin/sh', args: ['-c', `cat > ${got}`], background: true })])
    ).done;
    expect(await until(() => fs.existsSync(got) && fs.readFileSync(got, 'utf8') === '{"a":1}', 3000)).toBe(true);
  });

  it('a background row still running after its own timeout is killed with its process group (even one ignoring SIGTERM)', async () => {
    const pids = path.join(tmp, 'bg-pids');
    await (
      await startAll([
        job(`trap '' TERM; echo $$ >> ${pids}; sleep 30 & echo $! >> ${pids}; wait`, {
          background: true,
          timeoutMs: 1000,
          timeoutSeconds: 1,
        }),
      ])
    ).done;
    expect(await until(() => pidsIn(pids).length === 2, 3000)).toBe(true);
    expect(pidsIn(pids).every(alive)).toBe(true);
    expect(await until(() => !pidsIn(pids).some(alive), 5000)).toBe(true);
  });
});
