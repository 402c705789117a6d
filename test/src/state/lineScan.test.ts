import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanBytes, type ScanOptions } from '../../../src/state/lineScan.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-scan-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Scan `text` from `from`: the lines as [text, file offset], the dropped lines' offsets, and where it stopped. */
function scan(text: string | Buffer, from = 0, opts: ScanOptions = {}) {
  const file = path.join(dir, 'lines.txt');
  fs.writeFileSync(file, text);
  const fd = fs.openSync(file, 'r');
  const got: [string, number][] = [];
  const long: number[] = [];
  try {
    const end = scanBytes(
      fd,
      from,
      fs.fstatSync(fd).size,
      (buf, starts, ends, base) => starts.forEach((s, i) => got.push([buf.toString('utf8', s, ends[i]), base + s])),
      (at) => long.push(at),
      opts,
    );
    return { got, long, ...end };
  } finally {
    fs.closeSync(fd);
  }
}

describe('scanBytes — byte-exact line splitting', () => {
  it.each([1, 2, 3, 5, 64, 1 << 20])('chunk %i: multibyte text, empty lines, partial tail', (chunk) => {
    expect(scan('aé\n\nzzzz€\npartial', 0, { chunk })).toEqual({
      got: [
        ['aé', 0],
        ['', 4],
        ['zzzz€', 5],
      ],
      long: [],
      end: 13,
      late: false,
      skipping: false,
    });
  });
  it('starts at an offset', () => {
    expect(scan('ab\ncd\n', 3, { chunk: 4 })).toMatchObject({ got: [['cd', 3]], end: 6 });
  });
  it('an empty range reads nothing', () => {
    expect(scan('ab\n', 3)).toEqual({ got: [], long: [], end: 3, late: false, skipping: false });
  });
});

describe('scanBytes — bounds (docs/transcripts.md "Bounds")', () => {
  it.each([2, 3, 7, 64])(
    'chunk %i: a line longer than maxLine is dropped, in order; the lines around it are kept',
    (chunk) => {
      expect(scan(`ab\n${'x'.repeat(20)}\ncd\n`, 0, { chunk, maxLine: 8 })).toEqual({
        got: [
          ['ab', 0],
          ['cd', 24],
        ],
        long: [3],
        end: 27,
        late: false,
        skipping: false,
      });
    },
  );
  it('a long unfinished line is dropped and skipped to its newline, in a later scan if need be', () => {
    const text = `ab\n${'x'.repeat(40)}`;
    const first = scan(text, 0, { chunk: 4, maxLine: 8 });
    expect(first).toEqual({ got: [['ab', 0]], long: [3], end: text.length, late: false, skipping: true });
    const next = scan(`${text}yy\ncd\n`, first.end, { chunk: 4, maxLine: 8, skipping: true });
    expect(next).toEqual({ got: [['cd', 46]], long: [], end: 49, late: false, skipping: false });
  });
  it('a line exactly maxLine long is kept', () => {
    expect(scan(`${'x'.repeat(8)}\n`, 0, { chunk: 3, maxLine: 8 }).got).toEqual([['x'.repeat(8), 0]]);
  });
  it('a line longer than the chunk is read whole (the buffer grows)', () => {
    expect(scan(`${'y'.repeat(5000)}\nz\n`, 0, { chunk: 64 }).got.map(([l, at]) => [l.length, at])).toEqual([
      [5000, 0],
      [1, 5001],
    ]);
  });
  it('stops at `until` before reading on, and says it is late', () => {
    expect(scan('ab\ncd\n', 0, { until: Date.now() - 1 })).toEqual({
      got: [],
      long: [],
      end: 0,
      late: true,
      skipping: false,
    });
  });
  it('a file of zeros without a newline is skipped in bounded memory: one drop, the end at the file end', () => {
    const file = path.join(dir, 'zeros');
    fs.writeFileSync(file, '');
    fs.truncateSync(file, 64 << 20);
    const fd = fs.openSync(file, 'r');
    try {
      const long: number[] = [];
      const before = process.memoryUsage().rss;
      const r = scanBytes(
        fd,
        0,
        64 << 20,
        () => expect.unreachable(),
        (at) => long.push(at),
        { maxLine: 1 << 20 },
      );
      expect(r).toEqual({ end: 64 << 20, late: false, skipping: true });
      expect(long).toEqual([0]);
      expect(process.memoryUsage().rss - before).toBeLessThan(32 << 20);
    } finally {
      fs.closeSync(fd);
    }
  });
});
