// Pairing recorded results with tool_use lines (the rule is in rewrite.ts): the open results, staleness, the window.
import {
  RESULT_SLACK,
  RESULT_WINDOW,
  type OpenResult,
  type RewriteState,
  type Run,
  type ToolResultRef,
} from './types.ts';

/** Index of the first element of an ascending list whose key is greater than `x` (how many are ≤ x). */
export function upperBound<T>(list: readonly T[], x: number, key: (t: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(list[mid] as T) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Open and paired lists once the first `count` takes of this call are done: taken and stale results leave `open`. */
export function matchingAfter(
  paired0: readonly number[],
  open: readonly OpenResult[],
  taken: readonly number[],
  count: number,
): { open: OpenResult[]; paired: number[] } {
  const paired = [...paired0, ...taken.slice(0, count)].sort((a, b) => a - b);
  const gone = new Set(taken.slice(0, count));
  const left = open.filter((o) => !gone.has(o.seq) && !isStale(paired, o.seq));
  const floor = left.length ? Math.min(...left.map((o) => o.seq)) : Infinity;
  return { open: left, paired: paired.filter((s) => s > floor) };
}

/** A result is stale once RESULT_SLACK results recorded after it were paired (a subagent's, or one whose tool_use never shows). */
export function isStale(paired: readonly number[], seq: number): boolean {
  return paired.length - upperBound(paired, seq, (n) => n) >= RESULT_SLACK;
}

/** The earliest source line holding a pending tool_use that one of `refs` (within the window) pairs with, if any: rewind to its mark. */
export function pendingMatch(state: RewriteState, refs: readonly ToolResultRef[]): number | undefined {
  const low = state.open[0]?.seq ?? refs[0]?.seq ?? 0;
  let best: number | undefined;
  for (const p of state.pending) {
    if (best !== undefined && p.line >= best) continue;
    if (refs.some((r) => r.claudeName === p.name && r.key === p.key && r.seq < low + RESULT_WINDOW)) best = p.line;
  }
  return best;
}

/** The earliest open result with this name and key that is neither taken nor stale; marks it taken. */
export function takeOpen(run: Run, tool: { name: string; key: string }): OpenResult | undefined {
  const { working } = run;
  topUp(run);
  if (!run.index) {
    run.index = new Map();
    for (const o of working.open) {
      const k = `${o.name}\u0000${o.key}`;
      const slot = run.index.get(k);
      if (slot) slot.list.push(o);
      else run.index.set(k, { list: [o], head: 0 });
    }
  }
  const slot = run.index.get(`${tool.name}\u0000${tool.key}`);
  if (!slot) return undefined;
  // Entries before the head are taken or stale for good (paired only grows).
  for (; slot.head < slot.list.length; slot.head++) {
    const o = slot.list[slot.head] as OpenResult;
    if (run.takenSet.has(o.seq) || isStale(run.paired, o.seq)) continue;
    slot.head++;
    run.taken.push(o.seq);
    run.takenSet.add(o.seq);
    insertSorted(run.paired, o.seq);
    return o;
  }
  return undefined;
}

/**
 * Take in recorded results, in seq order, up to RESULT_WINDOW past the oldest one neither paired nor stale:
 * a tool_use can only pair within that window (and the index stays small).
 */
export function topUp(run: Run): void {
  const { working } = run;
  for (;;) {
    const next = run.feed[run.feedAt];
    if (!next) return;
    const low = oldestOpen(run) ?? next.seq;
    if (next.seq >= low + RESULT_WINDOW) return;
    const o: OpenResult = {
      seq: next.seq,
      name: next.claudeName,
      key: next.key,
      ...(next.ref !== undefined ? { ref: next.ref } : {}),
    };
    working.open.push(o);
    working.resultSeq = Math.max(working.resultSeq, next.seq);
    run.feedAt++;
    if (run.index) {
      const k = `${o.name}\u0000${o.key}`;
      const slot = run.index.get(k);
      if (slot) slot.list.push(o);
      else run.index.set(k, { list: [o], head: 0 });
    }
  }
}

/** Seq of the oldest open result neither taken nor stale (working.open is in seq order; the pointer only advances). */
export function oldestOpen(run: Run): number | undefined {
  const { open } = run.working;
  while (run.low < open.length) {
    const o = open[run.low] as OpenResult;
    if (!run.takenSet.has(o.seq) && !isStale(run.paired, o.seq)) return o.seq;
    run.low++;
  }
  return undefined;
}

/** Insert into an ascending array (results are mostly paired in order: usually a push). */
export function insertSorted(a: number[], v: number): void {
  let i = a.length;
  while (i > 0 && (a[i - 1] as number) > v) i--;
  a.splice(i, 0, v);
}
