// src/state/lock.ts: an exclusive lock file; a lock of a dead process, or older than 30 s, is broken; a fresh one of a
// live process never is. Filesystem only (the holder's liveness is its pid).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSY, withLock } from '../../../src/state/lock.ts';

/** Above Linux's largest pid_max (2^22): never a live process. */
const DEAD_PID = 2 ** 22 + 12345;
let tmp: string;
let lock: string;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-lock-')));
  lock = path.join(tmp, 'x.lock');
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const hold = (content: string, ageMs = 0) => {
  fs.writeFileSync(lock, content);
  if (ageMs) fs.utimesSync(lock, (Date.now() - ageMs) / 1000, (Date.now() - ageMs) / 1000);
};
const live = JSON.stringify({ pid: process.pid, nonce: 'other' });

describe('withLock: runs fn holding the lock', () => {
  it('the lock file names this process while fn runs, and is gone after', async () => {
    let during: unknown;
    expect(await withLock(lock, 100, () => ((during = JSON.parse(fs.readFileSync(lock, 'utf8'))), 42))).toBe(42);
    expect(during).toEqual({
      pid: process.pid,
      nonce: expect.stringMatching(new RegExp(`^${process.pid}-[0-9a-z]+-[0-9]+-[0-9a-z]+$`)),
    });
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('fn throwing: the error comes out, the lock is released', async () => {
    await expect(
      withLock(lock, 100, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('a lock taken over meanwhile (another process broke ours) is not removed', async () => {
    await withLock(lock, 100, () => fs.writeFileSync(lock, live));
    expect(fs.readFileSync(lock, 'utf8')).toBe(live);
  });

  it('waits for a live holder that lets go', async () => {
    hold(live);
    setTimeout(() => fs.rmSync(lock), 30);
    expect(await withLock(lock, 10_000, () => 'got it')).toBe('got it');
  });
});

describe('exclusive: a fresh lock of a live process is never broken', () => {
  it.each([
    ['this process', live],
    ['an empty lock (created, not yet written)', ''],
    ['unparsable content', '{"pid":'],
    ['no pid in it', '{"nonce":"n"}'],
  ])('held by %s: BUSY after the wait, fn never runs, the lock untouched', async (_name, content) => {
    hold(content);
    let ran = false;
    expect(await withLock(lock, 30, () => (ran = true))).toBe(BUSY);
    expect([ran, fs.readFileSync(lock, 'utf8')]).toEqual([false, content]);
  });
});

describe('a stale lock is broken', () => {
  it.each([
    ["a dead process's, however fresh", JSON.stringify({ pid: DEAD_PID, nonce: 'n' }), 0],
    ["a live process's older than 30 s", live, 31_000],
    ['an empty one older than 30 s', '', 31_000],
    ['an unparsable one older than 30 s', '{"pid":', 31_000],
  ])('%s', async (_name, content, ageMs) => {
    hold(content, ageMs);
    expect(await withLock(lock, 5000, () => 'ran')).toBe('ran');
    expect(fs.existsSync(lock)).toBe(false);
  });

  // With no time to wait, a broken stale lock is not retried: BUSY although no live process held it.
  it("a dead process's lock does not make a no-wait call BUSY (docs: BUSY only while a live process holds it)", async () => {
    hold(JSON.stringify({ pid: DEAD_PID, nonce: 'n' }));
    expect(await withLock(lock, 0, () => 'ran')).toBe('ran');
  });
});
