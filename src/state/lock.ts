// An exclusive lock file with stale-lock recovery: a lock whose process is gone, or older than LOCK_STALE_MS, is
// broken, but a fresh one never is.
import fs from 'node:fs';
import { alive, createExclusive, moveAside, readText, removeFile, uniqueToken } from './fsx.ts';

const LOCK_STALE_MS = 30_000;

/** The lock stayed held by a live process for the whole wait. */
export const BUSY = Symbol('busy');

/** Run `fn` holding an exclusive lock file; BUSY when it stays held by a live process for `waitMs`. */
export async function withLock<T>(lock: string, waitMs: number, fn: () => T): Promise<T | typeof BUSY> {
  const me = JSON.stringify({ pid: process.pid, nonce: uniqueToken() });
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (createExclusive(lock, me)) {
      try {
        return fn();
      } finally {
        if (readText(lock) === me) removeFile(lock);
      }
    }
    // A lock just broken is tried again at once, whatever the time left: BUSY only while a live process holds it.
    if (breakIfStale(lock)) continue;
    if (Date.now() >= deadline) return BUSY;
    // Short, jittered polls: a waiter is not starved by processes that take the lock again at once.
    await new Promise((r) => setTimeout(r, 1 + Math.floor(Math.random() * 8)));
  }
}

/**
 * Remove a lock whose process is gone or which is older than LOCK_STALE_MS, without ever removing a fresh one;
 * true when it judged the lock stale.
 * A lock is created empty and then written: empty or unparsable content is judged by age (mtime) alone.
 */
function breakIfStale(lock: string): boolean {
  const seen = readText(lock);
  if (seen === null) return false;
  let mtime: number;
  try {
    mtime = fs.lstatSync(lock).mtimeMs;
  } catch {
    return false;
  }
  let pid: unknown;
  try {
    pid = (JSON.parse(seen) as { pid?: unknown }).pid;
  } catch {
    pid = undefined;
  }
  const dead = typeof pid === 'number' && !alive(pid);
  if (!dead && Date.now() - mtime < LOCK_STALE_MS) return false;
  // Move it aside atomically, then check we moved the lock we judged stale; put back one that is not.
  moveAside(lock, (aside) => readText(aside) === seen);
  return true;
}
