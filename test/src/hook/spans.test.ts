// src/hook/spans.ts: where an event's time goes, kept only with HOOKSHIM_DEBUG (no timing is asserted, only the line's shape).
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Spans = typeof import('../../../src/hook/spans.ts');
let spans: Spans;
beforeEach(async () => {
  vi.resetModules();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('hookshim.marks')];
  spans = await import('../../../src/hook/spans.ts');
});

describe('off unless started', () => {
  it('never started: no line, marks are ignored', () => {
    spans.mark('payload read');
    expect(spans.spansLine()).toBeUndefined();
  });
  it('started off (no HOOKSHIM_DEBUG): no line', () => {
    spans.startSpans(false);
    spans.mark('payload read');
    expect(spans.spansLine()).toBeUndefined();
  });
});

describe('the timings line', () => {
  it('each phase as "name +ms" relative to the one before, the first to Node\'s start, then the rest until the line', () => {
    spans.startSpans(true);
    spans.mark('payload read');
    spans.mark('set up');
    expect(spans.spansLine()).toMatch(
      /^timings \(ms since node started\): payload read \+\d+\.\d, set up \+\d+\.\d, after the answer \+\d+\.\d; cpu \d+\.\d ms$/,
    );
  });
  it('the deltas add up to the clock at the line', () => {
    spans.startSpans(true);
    spans.mark('a');
    spans.mark('b');
    const at = performance.now() + 1000;
    const line = spans.spansLine(at) as string;
    const sum = [...(line.split('; cpu')[0] as string).matchAll(/\+(\d+\.\d)/g)].reduce((a, m) => a + Number(m[1]), 0);
    expect(sum).toBeCloseTo(at, 0);
  });
  it("the vendored loader's marks (left on a global before the hook code ran) come first", () => {
    (globalThis as Record<symbol, unknown>)[spans.LOADER_MARKS] = [
      ['node started + loader compiled', 1],
      ['code cache read', 2],
    ];
    spans.startSpans(true);
    spans.mark('payload read');
    expect(spans.spansLine(10)).toMatch(
      /^timings \(ms since node started\): node started \+ loader compiled \+1\.0, code cache read \+1\.0, payload read \+\d+\.\d, after the answer \+-?\d+\.\d; cpu \d+\.\d ms$/,
    );
  });
});
