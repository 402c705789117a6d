// Writing rewritten transcript lines: text and source bytes gathered into one reusable buffer, written at explicit
// positions in large writes.
import fs from 'node:fs';
import type { LineSink } from '../../adapters/transcript/index.ts';

/** Buffer's own string writers (no argument checks); Buffer#write where a runtime lacks them. */
type Writers = Buffer & {
  latin1Write?(s: string, offset: number): number;
  utf8Write?(s: string, offset: number): number;
};
const DIRECT =
  typeof (Buffer.prototype as Writers).latin1Write === 'function' &&
  typeof (Buffer.prototype as Writers).utf8Write === 'function';

/**
 * The rewrite's line sink on a file: no per-line string or buffer (a large string lands in V8's old generation and
 * inflates the peak heap of a rebuild), one write per MiB. ASCII text is gathered into one string between two byte
 * copies (the end of a line and the start of the next: one copy into the buffer, not three). Remembers where each
 * line of the current batch starts.
 */
export class LineWriter implements LineSink {
  private readonly buf: Writers;
  private used = 0;
  /** File position of buf[0]. */
  private at: number;
  /** ASCII text not in buf yet. */
  private pend = '';
  /** Start of each line of the current batch, then the position after it (see batch()). */
  starts: number[] = [];

  /** `expect`: about how many bytes will be written (the buffer is sized for it, at most 1 MiB). */
  constructor(
    private readonly fd: number,
    start: number,
    expect = 1 << 20,
  ) {
    this.at = start;
    this.buf = Buffer.allocUnsafe(Math.min(1 << 20, Math.max(16 * 1024, expect)));
  }

  /** File position after everything written so far (buffered included). */
  get pos(): number {
    return this.at + this.used + this.pend.length;
  }

  /** Start a batch: starts[k] will be where its k-th line begins. */
  batch(): void {
    this.starts = [this.pos];
  }

  ascii(s: string): void {
    this.pend += s;
  }

  text(s: string): void {
    this.put();
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    if (s.length * 3 > this.buf.length - this.used) {
      this.flush();
      if (s.length * 3 > this.buf.length) {
        const big = Buffer.from(s);
        this.writeAll(big, 0, big.length, this.at);
        this.at += big.length;
        return;
      }
    }
    this.used += DIRECT ? (this.buf.utf8Write?.(s, this.used) ?? 0) : this.buf.write(s, this.used);
  }

  bytes(b: Buffer, start: number, end: number): void {
    this.put();
    const len = end - start;
    if (len > this.buf.length - this.used) {
      this.flush();
      if (len > this.buf.length) {
        this.writeAll(b, start, end, this.at);
        this.at += len;
        return;
      }
    }
    b.copy(this.buf, this.used, start, end);
    this.used += len;
  }

  end(): void {
    this.pend += '\n';
    this.starts.push(this.pos);
  }

  /** Write out what is buffered. */
  flush(): void {
    this.put();
    if (this.used === 0) return;
    this.writeAll(this.buf, 0, this.used, this.at);
    this.at += this.used;
    this.used = 0;
  }

  /** Move the gathered ASCII text into the buffer. */
  private put(): void {
    const s = this.pend;
    if (s.length === 0) return;
    this.pend = '';
    if (s.length > this.buf.length - this.used) {
      this.flush();
      if (s.length > this.buf.length) {
        const big = Buffer.from(s, 'latin1');
        this.writeAll(big, 0, big.length, this.at);
        this.at += big.length;
        return;
      }
    }
    this.used += DIRECT ? (this.buf.latin1Write?.(s, this.used) ?? 0) : this.buf.write(s, this.used, 'latin1');
  }

  private writeAll(b: Buffer, start: number, end: number, position: number): void {
    let off = start;
    while (off < end) off += fs.writeSync(this.fd, b, off, end - off, position + off - start);
  }
}
