// Reading a JSONL file as lines of bytes, bounded in memory and time whatever the file holds (docs/transcripts.md
// "Bounds"): no string is built here, a line longer than the limit is dropped without being kept, and a scan stops
// at its deadline where a later scan can go on.
import fs from 'node:fs';

/** Limits of one scan. */
export interface ScanOptions {
  /** Bytes per read (default 1 MiB). */
  chunk?: number;
  /** A line longer than this many bytes is dropped unread (onLong), without being held in memory. */
  maxLine?: number;
  /** Epoch ms after which no further read starts. */
  until?: number;
  /** `from` lies inside a dropped line: skip to its newline first. */
  skipping?: boolean;
}

/** Where a scan stopped. */
export interface ScanEnd {
  /** Offset after the last line handed over or dropped: where the next scan starts. */
  end: number;
  /** Stopped at `until` with bytes still unread before `to`. */
  late: boolean;
  /** `end` lies inside a dropped line: pass `skipping` to the next scan. */
  skipping: boolean;
}

/**
 * Hand the complete lines between byte offsets `from` and `to` to `onLines`, batch by batch (line i of a batch is
 * buf[starts[i], ends[i]), at file offset base + starts[i]; buf is reused after the call). A line longer than
 * `maxLine` goes to `onLong` (its file offset) instead, in order. A partial last line (no newline yet) is left for the
 * next scan. Lines are split on bytes, so offsets stay exact whatever the text.
 */
export function scanBytes(
  fd: number,
  from: number,
  to: number,
  onLines: (buf: Buffer, starts: number[], ends: number[], base: number) => void,
  onLong: (at: number) => void,
  opts: ScanOptions = {},
): ScanEnd {
  const chunk = opts.chunk ?? 1 << 20;
  const maxLine = opts.maxLine ?? Infinity;
  let skipping = opts.skipping === true;
  if (to <= from) return { end: from, late: false, skipping };
  let buf = Buffer.allocUnsafe(Math.max(1, Math.min(chunk, to - from)));
  // buf[0, fill) holds the start of a line with no newline yet; it begins at file offset `base`.
  let base = from;
  let fill = 0;
  let readPos = from;
  let end = from;
  while (readPos < to) {
    if (opts.until !== undefined && Date.now() > opts.until) return { end, late: true, skipping };
    if (fill === buf.length) {
      const bigger = Buffer.allocUnsafe(
        Math.min(buf.length * 2, Math.max(chunk, Number.isFinite(maxLine) ? maxLine + chunk : buf.length * 2)),
      );
      buf.copy(bigger, 0, 0, fill);
      buf = bigger;
    }
    const n = fs.readSync(fd, buf, fill, Math.min(buf.length - fill, to - readPos), readPos);
    if (n <= 0) break;
    readPos += n;
    const avail = fill + n;
    const view = avail === buf.length ? buf : buf.subarray(0, avail);
    let s = 0;
    let look = fill;
    if (skipping) {
      const nl = view.indexOf(10);
      if (nl < 0) {
        base += avail;
        end = base;
        fill = 0;
        continue;
      }
      skipping = false;
      s = nl + 1;
      look = s;
    }
    let starts: number[] = [];
    let ends: number[] = [];
    for (let nl = view.indexOf(10, look); nl >= 0; nl = view.indexOf(10, nl + 1)) {
      if (nl - s > maxLine) {
        if (starts.length > 0) onLines(buf, starts, ends, base);
        starts = [];
        ends = [];
        onLong(base + s);
      } else {
        starts.push(s);
        ends.push(nl);
      }
      s = nl + 1;
    }
    if (starts.length > 0) onLines(buf, starts, ends, base);
    end = base + s;
    const rest = avail - s;
    if (rest > maxLine) {
      onLong(base + s);
      skipping = true;
      base += avail;
      end = base;
      fill = 0;
      continue;
    }
    if (s > 0 && rest > 0) buf.copy(buf, 0, s, avail);
    base += s;
    fill = rest;
  }
  return { end, late: false, skipping };
}
