// Collection of old records (src/state/collect.ts): bounded by age and count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { areaPath, type StateDir } from '../../../src/state/dir.ts';
import { AREA_MAX_ENTRIES, collectOld, collectSome, maybeCollect } from '../../../src/state/collect.ts';
import { AREAS } from '../../../src/state/dir.ts';
import { listArea } from './helpers.ts';

let tmp: string;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-state-')));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const put = (st: StateDir, area: 'stash' | 'tick' | 'tx', name: string, ageMs: number) => {
  const file = areaPath(st, area, name) as string;
  fs.writeFileSync(file, '{}');
  const t = (Date.now() - ageMs) / 1000;
  fs.utimesSync(file, t, t);
};

describe('collectOld: bounded by age and count', () => {
  it('removes records older than the age; ticks go after 15 minutes even when the general age is a day', () => {
    const st: StateDir = { root: tmp };
    put(st, 'stash', 'fresh.json', 60_000);
    put(st, 'stash', 'old.json', 25 * 3600_000);
    put(st, 'tick', 'recent.json', 60_000);
    put(st, 'tick', 'done-long-ago.json', 16 * 60_000);
    expect(collectOld(st, 24 * 3600_000)).toBe(2);
    expect(listArea(st, 'stash')).toEqual(['fresh.json']);
    expect(listArea(st, 'tick')).toEqual(['recent.json']);
  });

  it('HOOKSHIM_STATE_MAX_AGE_S=0 collects everything (forced collection for load runs)', () => {
    const st: StateDir = { root: tmp, maxAgeMs: 0 };
    put(st, 'stash', 'a.json', 0);
    put(st, 'tick', 'b.json', 10);
    expect(collectOld(st, 24 * 3600_000)).toBe(2);
    expect(listArea(st, 'stash')).toEqual([]);
    expect(listArea(st, 'tick')).toEqual([]);
  });

  it(`keeps at most ${AREA_MAX_ENTRIES} records per area, the newest`, () => {
    const st: StateDir = { root: tmp };
    const n = AREA_MAX_ENTRIES + 3;
    for (let i = 0; i < n; i++) put(st, 'tx', `${String(i).padStart(5, '0')}.jsonl`, (n - i) * 1000);
    expect(collectOld(st, 24 * 3600_000)).toBe(3);
    const left = listArea(st, 'tx');
    expect(left).toHaveLength(AREA_MAX_ENTRIES);
    expect(left[0]).toBe('00003.jsonl');
  });
});

describe('collection within a budget per event (docs/security.md guarantee 12)', () => {
  const DAY = 24 * 3600_000;
  const stamp = () => fs.readFileSync(path.join(tmp, '.collected'), 'utf8');
  const old = (st: StateDir, n: number) => {
    for (let i = 0; i < n; i++) put(st, 'stash', `old-${i}.json`, 2 * DAY);
  };
  it('a spent budget stops the pass after one batch and says where; the next goes on from there and finishes', () => {
    const st: StateDir = { root: tmp };
    old(st, 200);
    const first = collectSome(st, DAY, Date.now(), undefined, 0);
    expect(first.removed).toBe(63);
    expect(first.next).toEqual({ area: AREAS.indexOf('stash'), offset: 0 });
    const rest = collectSome(st, DAY, Date.now(), first.next, Infinity);
    expect([rest.removed, rest.next, listArea(st, 'stash')]).toEqual([137, undefined, []]);
  });
  it('the offset counts the removed out: a record kept before the stop is not looked at again', () => {
    const st: StateDir = { root: tmp };
    old(st, 100);
    for (let i = 0; i < 100; i++) put(st, 'stash', `new-${i}.json`, 1000);
    const first = collectSome(st, DAY, Date.now(), undefined, 0);
    expect(first.next!.offset).toBe(63 - first.removed);
    collectSome(st, DAY, Date.now(), first.next, Infinity);
    expect(listArea(st, 'stash').every((n) => n.startsWith('new-'))).toBe(true);
    expect(listArea(st, 'stash')).toHaveLength(100);
  });
  it('the clock is looked at before each area: a spent budget stops before the next listing', () => {
    const st: StateDir = { root: tmp };
    old(st, 10);
    put(st, 'tick', 'old.json', DAY);
    expect(collectSome(st, DAY, Date.now(), undefined, 0)).toEqual({ removed: 10, next: { area: 1, offset: 0 } });
    expect(listArea(st, 'tick')).toEqual(['old.json']);
  });
  it(`an area past ${AREA_MAX_ENTRIES} records is scanned whole, budget or not, so the cap holds`, () => {
    const st: StateDir = { root: tmp };
    for (let i = 0; i < AREA_MAX_ENTRIES + 5; i++) put(st, 'tx', `${String(i).padStart(5, '0')}.jsonl`, 1000 + i);
    // Each event with its budget spent moves the pass on by one area at least; the pass reaches tx within a few.
    for (let i = 0; i <= AREAS.indexOf('tx'); i++) maybeCollect(st, -1);
    expect(listArea(st, 'tx')).toHaveLength(AREA_MAX_ENTRIES);
  });
  it('maybeCollect: the stamp holds the resume point, and the next event goes on at once, within the ten minutes', () => {
    const st: StateDir = { root: tmp };
    old(st, 300);
    maybeCollect(st, -1);
    expect(stamp()).toMatch(/^\d+ \d+$/);
    expect(listArea(st, 'stash')).toHaveLength(300 - 63);
    maybeCollect(st);
    expect([stamp(), listArea(st, 'stash')]).toEqual(['', []]);
    put(st, 'stash', 'later.json', 2 * DAY);
    maybeCollect(st);
    expect(listArea(st, 'stash')).toEqual(['later.json']);
  });
  it('HOOKSHIM_STATE_MAX_AGE_S (forced collection for load runs): a whole pass on the event, whatever the budget', () => {
    const st: StateDir = { root: tmp, maxAgeMs: 0 };
    old(st, 300);
    put(st, 'tx', 'x.jsonl', 10);
    maybeCollect(st, -1);
    expect([stamp(), listArea(st, 'stash'), listArea(st, 'tx')]).toEqual(['', [], []]);
  });
  it('a stamp that is no resume point (planted or damaged) is a finished pass: the next one comes after ten minutes', () => {
    const st: StateDir = { root: tmp };
    for (const planted of ['99 5', `0 ${'0'.repeat(40)}`]) {
      old(st, 10);
      fs.writeFileSync(path.join(tmp, '.collected'), planted);
      maybeCollect(st);
      expect(listArea(st, 'stash')).toHaveLength(10);
      const t = (Date.now() - 11 * 60_000) / 1000;
      fs.utimesSync(path.join(tmp, '.collected'), t, t);
      maybeCollect(st);
      expect([stamp(), listArea(st, 'stash')]).toEqual(['', []]);
    }
  });
});
