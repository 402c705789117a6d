// What init (and init --plugin) would do to each file it manages, for --dry-run: new, changed, unchanged or removed,
// with a unified diff of a changed text file, so nobody has to run it to see what it would overwrite.
import fs from 'node:fs';

export interface FileChange {
  /** Relative to the folder init binds, with "/". */
  file: string;
  status: 'new' | 'changed' | 'unchanged' | 'removed';
  /** A unified diff (new and changed text files), or a one-line summary of a large or binary file. */
  diff?: string;
}

/** Text files larger than this are summed up, not diffed (the vendored bundle). */
const DIFF_MAX_BYTES = 64 * 1024;
/** Lines of context around each change, as `diff -u`. */
const CONTEXT = 3;

/** The change from what `absolute` holds now to `after` (undefined: it would be removed). */
export function fileChange(file: string, absolute: string, after: string | Buffer | undefined): FileChange {
  let before: Buffer | undefined;
  try {
    before = fs.readFileSync(absolute);
  } catch {
    before = undefined;
  }
  const next = after === undefined ? undefined : Buffer.from(after);
  if (next === undefined) return { file, status: 'removed' };
  if (before !== undefined && before.equals(next)) return { file, status: 'unchanged' };
  const status = before === undefined ? 'new' : 'changed';
  const big = (b: Buffer | undefined) => b !== undefined && (b.length > DIFF_MAX_BYTES || b.includes(0));
  if (big(before) || big(next))
    return { file, status, diff: `${before ? `${before.length} bytes → ` : ''}${next.length} bytes (not diffed)` };
  return { file, status, diff: unifiedDiff(file, before?.toString('utf8'), next.toString('utf8')) };
}

/** `diff -u` of two texts (undefined before: a new file), from a longest common subsequence of their lines. */
export function unifiedDiff(file: string, before: string | undefined, after: string): string {
  const a = before === undefined ? [] : splitLines(before);
  const b = splitLines(after);
  const ops = lineOps(a, b);
  const out = [`--- ${before === undefined ? '/dev/null' : `a/${file}`}`, `+++ b/${file}`];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.op === ' ') {
      i++;
      continue;
    }
    const start = Math.max(0, i - CONTEXT);
    // One hunk holds every change less than twice the context after the one before it.
    let last = i;
    for (let j = i + 1; j < ops.length && j - last <= 2 * CONTEXT; j++) if (ops[j]!.op !== ' ') last = j;
    const end = Math.min(ops.length, last + CONTEXT + 1);
    const hunk = ops.slice(start, end);
    const aStart = ops.slice(0, start).filter((o) => o.op !== '+').length;
    const bStart = ops.slice(0, start).filter((o) => o.op !== '-').length;
    const aLen = hunk.filter((o) => o.op !== '+').length;
    const bLen = hunk.filter((o) => o.op !== '-').length;
    out.push(`@@ -${aLen ? aStart + 1 : aStart},${aLen} +${bLen ? bStart + 1 : bStart},${bLen} @@`);
    for (const o of hunk) out.push(`${o.op}${o.line}`);
    i = end;
  }
  return out.join('\n');
}

/** The lines of a text, without the newline that ends the last one. */
function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Each line kept (" "), removed ("-") or added ("+"), in order. */
function lineOps(a: readonly string[], b: readonly string[]): { op: ' ' | '-' | '+'; line: string }[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: { op: ' ' | '-' | '+'; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) (ops.push({ op: ' ', line: a[i++]! }), j++);
    else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) ops.push({ op: '+', line: b[j++]! });
    else ops.push({ op: '-', line: a[i++]! });
  }
  return ops;
}

/** The dry-run view: one line per file with its status, then the diff of each new or changed one. */
export function renderFileChanges(files: readonly FileChange[]): string[] {
  const out: string[] = [];
  const w = Math.max(0, ...files.map((f) => f.status.length));
  for (const f of files)
    out.push(`  ${f.status.padEnd(w)}  ${f.file}${f.diff && !f.diff.startsWith('---') ? `  (${f.diff})` : ''}`);
  for (const f of files) if (f.diff?.startsWith('---')) out.push(f.diff);
  return out;
}
