// Many concurrent events, correctness only: scripts/load.mjs with 40 distinct preToolUse events and
// duplicates, asserting correctness only (no timing): every deny back, every warning replayed exactly once,
// one catalog run per distinct event, nothing left in the state dir after a forced collection.
// The full run (`node scripts/load.mjs`) reports the figures for README.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './harness.ts';

beforeAll(() => ensureBuilt());

// Five guards each and 40 concurrent pairs; a guard's warning never goes missing. A call a guard could
// not answer before the deadline on this shared machine is denied and said so (not lost); it is counted, not failed.
describe('load (small form): 40 concurrent preToolUse events with five guards each, 30 % with duplicates, then their postToolUse', () => {
  it('every answer is right, warnings are replayed exactly once, duplicates never run the catalog, state is collected', () => {
    const r = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'scripts', 'load.mjs'),
        '--n',
        '40',
        '--dup',
        '0.3',
        '--concurrency',
        '40',
        '--guards',
        '5',
        '--tolerate-deadline',
        '--json',
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout);
    expect(report.failures).toEqual([]);
    expect(report.ok).toBe(true);
    expect(r.status).toBe(0);
    expect(report.distinct).toEqual({
      preToolUse: 40,
      deny: 8,
      warn: 16,
      withDuplicates: report.distinct.withDuplicates,
    });
    expect(report.distinct.withDuplicates).toBeGreaterThan(0);
    expect(report.processes.preToolUse).toBeGreaterThan(40);
    expect(report.catalogRuns).toBeLessThanOrEqual(40);
    expect(report.warningsLost).toBe(0);
    const late = report.deniedAtDeadline;
    expect(report.deniesBack + late.deny).toBe(8);
    expect(report.warningsReplayedOnce + late.warn).toBe(16);
    if (late.deny + late.warn + late.allow === 0) expect(report.ticksBeforeCollection).toBe(40 + 32);
    expect(report.afterCollection).toMatchObject({ stash: 0, ctx: 0, env: 0, tick: 1 });
  }, 150_000);
});
