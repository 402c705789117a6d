// @ts-check
// Order statistics for the bench: linear interpolation between closest ranks (the median of an even count is the
// mean of the two middle values).

/** The q-quantile (0 ≤ q ≤ 1) of `xs`. */
export function quantile(xs, q) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** Median, p90, min, max and count of a sample. */
export function summary(xs) {
  return {
    n: xs.length,
    median: quantile(xs, 0.5),
    p90: quantile(xs, 0.9),
    min: Math.min(...xs),
    max: Math.max(...xs),
  };
}
