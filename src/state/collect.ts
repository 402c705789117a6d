// Collection of old records: each area by age (its own, or the general one), then by count, so the state directory
// stays small whatever the sessions leave behind.
import fs from 'node:fs';
import path from 'node:path';
import { AREAS, type StateArea, type StateDir } from './dir.ts';
import { writeFileAtomic } from './fsx.ts';

/** Records older than this are collected. */
export const STATE_MAX_AGE_MS = 24 * 3600 * 1000;

/**
 * Areas whose records lose their use sooner than the general age: a tick only matters while its event can
 * still be re-fired (the longest wrapper timeout init binds is 600 s), an env file only during its sessionStart. A
 * catalog's last good version lives longer (it is refreshed daily while the catalog parses), a heartbeat longest
 * (doctor says when hookshim last ran: a project opened once a fortnight still has one).
 */
export const AREA_MAX_AGE_MS: Partial<Record<StateArea, number>> = {
  tick: 15 * 60 * 1000,
  env: 15 * 60 * 1000,
  catalog: 7 * 24 * 3600 * 1000,
  beat: 30 * 24 * 3600 * 1000,
};
/** At most this many records per area survive a collection (the newest); bounds the directory's size. */
export const AREA_MAX_ENTRIES = 5000;
/** Collections run at most this often (a stamp file's mtime says when the last one ran). */
const COLLECT_EVERY_MS = 10 * 60 * 1000;

/** Collect old records at most every ten minutes; on every event with HOOKSHIM_STATE_MAX_AGE_S. */
export function maybeCollect(state: StateDir): void {
  const stamp = path.join(state.root, '.collected');
  if (state.maxAgeMs === undefined && Date.now() - mtimeOf(stamp) < COLLECT_EVERY_MS) return;
  try {
    // A fresh file renamed into place: a symlink planted at the stamp's name is replaced, never written through.
    writeFileAtomic(stamp, '');
    collectOld(state, STATE_MAX_AGE_MS);
  } catch {
    /* best effort */
  }
}

/**
 * Delete records older than their area's age (the area's own age, else `maxAgeMs`; at most the
 * HOOKSHIM_STATE_MAX_AGE_S override), then keep at most AREA_MAX_ENTRIES per area; returns how many were removed.
 */
export function collectOld(stateDir: StateDir, maxAgeMs: number, now = Date.now()): number {
  let removed = 0;
  for (const area of AREAS) {
    const dir = path.join(stateDir.root, area);
    const limit = Math.min(AREA_MAX_AGE_MS[area] ?? maxAgeMs, stateDir.maxAgeMs ?? Infinity);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    const kept: { file: string; mtime: number; dir: boolean }[] = [];
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const s = fs.lstatSync(file);
        if (now - s.mtimeMs > limit || (stateDir.maxAgeMs === 0 && now >= s.mtimeMs)) {
          if (remove(file, s.isDirectory())) removed++;
        } else kept.push({ file, mtime: s.mtimeMs, dir: s.isDirectory() });
      } catch {
        /* raced with another process */
      }
    }
    if (kept.length > AREA_MAX_ENTRIES) {
      kept.sort((a, b) => b.mtime - a.mtime);
      for (const k of kept.slice(AREA_MAX_ENTRIES)) if (remove(k.file, k.dir)) removed++;
    }
  }
  return removed;
}

function remove(file: string, dir: boolean): boolean {
  try {
    fs.rmSync(file, { force: true, recursive: dir });
    return true;
  } catch {
    return false;
  }
}

function mtimeOf(file: string): number {
  try {
    return fs.lstatSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
