// Collection of old records (src/state/collect.ts): bounded by age and count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { areaPath, type StateDir } from '../../../src/state/dir.ts';
import { AREA_MAX_ENTRIES, collectOld } from '../../../src/state/collect.ts';
import { listArea } from './helpers.ts';

let tmp: string;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-state-')));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('collectOld: bounded by age and count', () => {
  const put = (st: StateDir, area: 'stash' | 'tick' | 'tx', name: string, ageMs: number) => {
    const file = areaPath(st, area, name) as string;
    fs.writeFileSync(file, '{}');
    const t = (Date.now() - ageMs) / 1000;
    fs.utimesSync(file, t, t);
  };

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
