// The time budget of one event (docs/design.md §6): the deadline falls before Cursor's own timeout.
import { describe, expect, it } from 'vitest';
import { budgetFor, slackFor } from '../../../src/project/budget.ts';

describe('slackFor: 15 % of the wrapper timeout, at least 1 s, at most 5 s', () => {
  it.each([
    [1, 1000],
    [3, 1000],
    [10, 1500],
    [30, 4500],
    [60, 5000],
    [600, 5000],
  ])('timeout %i s → slack %i ms', (timeoutS, slack) => {
    expect(slackFor(timeoutS)).toBe(slack);
  });
});

describe('budgetFor: deadline counted from the process start', () => {
  it.each([
    [3, 2000],
    [30, 25_500],
    [60, 55_000],
    [1, 500],
    [0.5, 250],
    [0.2, 100],
  ])(
    'timeout %d s → answer within %i ms of the start (500 ms at least, half of a timeout under a second)',
    (timeoutS, within) => {
      expect(budgetFor(timeoutS, 1_000_000, 'linux')).toMatchObject({
        deadline: 1_000_000 + within,
        slackMs: slackFor(timeoutS),
      });
    },
  );

  it.each([
    [30, 20_500],
    [60, 50_000],
    [3, 500],
  ])(
    "Windows: timeout %d s → within %i ms (PowerShell's cold start came out of Cursor's clock first)",
    (timeoutS, within) => {
      expect(budgetFor(timeoutS, 1_000_000, 'win32').deadline).toBe(1_000_000 + within);
    },
  );

  it('every deadline is strictly before Cursor kills the process, for any timeout of 1 s or more', () => {
    for (let t = 1; t <= 600; t += 0.5) expect(budgetFor(t, 0).deadline).toBeLessThan(t * 1000);
  });

  it("every deadline is strictly before the host's timeout for any timeout at all (Copilot's and Codex's let the call run)", () => {
    for (const t of [0.01, 0.1, 0.3, 0.5, 0.9, 1, 2, 30, 600]) expect(budgetFor(t, 0).deadline).toBeLessThan(t * 1000);
  });
});

describe('the budget owns the time arithmetic', () => {
  const b = budgetFor(10, 0);
  it('left: time before the deadline, negative after it', () =>
    expect([b.left(0), b.left(b.deadline + 7)]).toEqual([b.deadline, -7]));
  it('until: a share of what is left, never before now', () =>
    expect([b.until(0.5, 0), b.until(0.5, b.deadline + 1)]).toEqual([b.deadline / 2, b.deadline + 1]));
  it("a duplicate's record is stale after Cursor's timeout plus 10 s", () => expect(b.staleAfterMs).toBe(20_000));
});
