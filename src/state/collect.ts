// Collection of old records: each area by age (its own, or the general one), then by count, so the state directory
// stays small whatever the sessions leave behind.
import fs from 'node:fs';
import path from 'node:path';
import { AREAS, type StateArea, type StateDir } from './dir.ts';
import { readText, writeFileAtomic } from './fsx.ts';

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
/** About what one event spends on collection (the clock is looked at between batches); the rest goes on at the next. */
export const COLLECT_BUDGET_MS = 20;
/** Records examined between two looks at the clock (so even a spent budget moves a pass on). */
const BATCH = 64;

/** Where a pass stopped: the area's index in AREAS and how far into its listing. */
export interface CollectPoint {
  area: number;
  offset: number;
}

/**
 * Collect old records at most every ten minutes, spending about `budgetMs` on it: a pass that runs out goes on at the
 * next event, from where the stamp says it stopped. With HOOKSHIM_STATE_MAX_AGE_S: a whole pass on every event.
 */
export function maybeCollect(state: StateDir, budgetMs = COLLECT_BUDGET_MS): void {
  const stamp = path.join(state.root, '.collected');
  const seen = lstatOf(stamp);
  // Most events: one lstat. An empty stamp is a finished pass; only one that says where a pass stopped is read.
  // A resume point is a few bytes: anything larger (planted) is not read, and counts as a finished pass.
  const from = seen?.isFile() && seen.size > 0 && seen.size <= 16 ? pointIn(readText(stamp)) : undefined;
  if (state.maxAgeMs === undefined && !from && Date.now() - (seen?.mtimeMs ?? 0) < COLLECT_EVERY_MS) return;
  try {
    // A fresh file renamed into place: a symlink planted at the stamp's name is replaced, never written through. It
    // claims the pass (other events wait their ten minutes); a pass going on was claimed already.
    if (!from) writeFileAtomic(stamp, '');
    // HOOKSHIM_STATE_MAX_AGE_S (set by the user only: docs/security.md guarantee 1) asks for a whole pass every event.
    const until = state.maxAgeMs === undefined ? Date.now() + budgetMs : Infinity;
    const { next } = collectSome(state, STATE_MAX_AGE_MS, Date.now(), from, until);
    writeFileAtomic(stamp, next ? `${next.area} ${next.offset}` : '');
  } catch {
    /* best effort */
  }
}

/** The stamp's resume point, when it holds a well-formed one (anything else counts as a finished pass). */
function pointIn(text: string | null): CollectPoint | undefined {
  const m = /^(\d{1,2}) (\d{1,9})$/.exec(text ?? '');
  return m && Number(m[1]) < AREAS.length ? { area: Number(m[1]), offset: Number(m[2]) } : undefined;
}

/**
 * Delete records older than their area's age (the area's own age, else `maxAgeMs`; at most the
 * HOOKSHIM_STATE_MAX_AGE_S override), then keep at most AREA_MAX_ENTRIES per area; returns how many were removed.
 */
export function collectOld(stateDir: StateDir, maxAgeMs: number, now = Date.now()): number {
  return collectSome(stateDir, maxAgeMs, now, undefined, Infinity).removed;
}

/** collectOld from `from` (the start when undefined) until the clock passes `until`; `next` is where it stopped. */
export function collectSome(
  stateDir: StateDir,
  maxAgeMs: number,
  now: number,
  from: CollectPoint | undefined,
  until: number,
): { removed: number; next?: CollectPoint } {
  let removed = 0;
  for (let a = from?.area ?? 0; a < AREAS.length; a++) {
    // The clock before each listing but the first: a call always moves the pass on.
    if (a > (from?.area ?? 0) && Date.now() > until) return { removed, next: { area: a, offset: 0 } };
    const area = AREAS[a]!;
    const limit = Math.min(AREA_MAX_AGE_MS[area] ?? maxAgeMs, stateDir.maxAgeMs ?? Infinity);
    const done = collectArea(stateDir, area, limit, now, a === from?.area ? from.offset : 0, until);
    removed += done.removed;
    if (done.stoppedAt !== undefined) return { removed, next: { area: a, offset: done.stoppedAt } };
  }
  return { removed };
}

/** One area from `offset` on; `stoppedAt` (the offset to go on from, removals counted out) once the clock passed `until`. */
function collectArea(stateDir: StateDir, area: StateArea, limit: number, now: number, offset: number, until: number) {
  const dir = path.join(stateDir.root, area);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return { removed: 0 };
  }
  let removed = 0;
  let stoppedAt: number | undefined;
  // An area past the cap is scanned whole, budget or not: the cap needs every record's age, and trimming it is what
  // brings the area back under the cap (and its listing back to its bounded size).
  const whole = names.length > AREA_MAX_ENTRIES;
  const kept: { file: string; mtime: number; dir: boolean }[] = [];
  for (let i = whole ? 0 : Math.min(offset, names.length); i < names.length; i++) {
    if (!whole && (i - offset) % BATCH === BATCH - 1 && Date.now() > until) {
      stoppedAt = i - removed;
      break;
    }
    const file = path.join(dir, names[i]!);
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
    kept.sort((x, y) => y.mtime - x.mtime);
    for (const k of kept.slice(AREA_MAX_ENTRIES)) if (remove(k.file, k.dir)) removed++;
  }
  return stoppedAt === undefined ? { removed } : { removed, stoppedAt };
}

function remove(file: string, dir: boolean): boolean {
  try {
    fs.rmSync(file, { force: true, recursive: dir });
    return true;
  } catch {
    return false;
  }
}

function lstatOf(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}
