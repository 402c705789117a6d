// Writing rewritten transcript lines: text and source bytes gathered into one reusable buffer, written at explicit
// positions in large writes.
import fs from 'node:fs';
import type { LineSink } from '../../adapters/transcript/index.ts';

/**
 * The rewrite's line sink on a file: no per-line string or buffer (a large string lands in V8's old generation and
 * inflates the peak heap of a rebuild), one write per MiB. Remembers where each line of the current batch starts.
 */
export class LineWriter implements LineSink {
  private readonly buf = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  /** File position after everything written so far (buffered included). */
  pos: number;
  /** Start of each line of the current batch, then the position after it (see batch()). */
  starts: number[] = [];

  constructor(
    private readonly fd: number,
    start: number,
  ) {
    this.pos = start;
  }

  /** Start a batch: starts[k] will be where its k-th line begins. */
  batch(): void {
    this.starts = [this.pos];
  }

  text(s: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    if (s.length * 3 > this.buf.length - this.used) {
      this.flush();
      if (s.length * 3 > this.buf.length) {
        const big = Buffer.from(s);
        this.writeAll(big, 0, big.length, this.pos);
        this.pos += big.length;
        return;
      }
    }
    const n = this.buf.write(s, this.used);
    this.used += n;
    this.pos += n;
  }

  bytes(b: Buffer, start: number, end: number): void {
    const len = end - start;
    if (len > this.buf.length - this.used) {
      this.flush();
      if (len > this.buf.length) {
        this.writeAll(b, start, end, this.pos);
        this.pos += len;
        return;
      }
    }
    b.copy(this.buf, this.used, start, end);
    this.used += len;
    this.pos += len;
  }

  end(): void {
    if (this.used === this.buf.length) this.flush();
    this.buf[this.used++] = 10;
    this.pos++;
    this.starts.push(this.pos);
  }

  /** Write out what is buffered. */
  flush(): void {
    if (this.used === 0) return;
    this.writeAll(this.buf, 0, this.used, this.pos - this.used);
    this.used = 0;
  }

  private writeAll(b: Buffer, start: number, end: number, position: number): void {
    let off = start;
    while (off < end) off += fs.writeSync(this.fd, b, off, end - off, position + off - start);
  }
}
