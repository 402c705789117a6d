// Writing rewritten transcript lines: encoded straight into one reusable buffer, written at explicit positions.
import fs from 'node:fs';

/**
 * Output lines encoded straight into one reusable buffer and written at explicit positions: no per-batch
 * joined string (a large string lands in V8's old generation and inflates the peak heap of a rebuild).
 */
export class LineWriter {
  private readonly buf = Buffer.allocUnsafe(256 * 1024);
  private used = 0;
  /** File position after everything written so far (buffered included). */
  pos: number;

  constructor(
    private readonly fd: number,
    start: number,
  ) {
    this.pos = start;
  }

  /** Append each line plus a newline; with `offsets`, return the file position where each line starts. */
  writeLines(lines: readonly string[], offsets: boolean): number[] {
    const at: number[] = [];
    for (const line of lines) {
      if (offsets) at.push(this.pos);
      // UTF-8 needs at most 3 bytes per UTF-16 unit.
      if (line.length * 3 + 1 > this.buf.length - this.used) this.flush();
      if (line.length * 3 + 1 > this.buf.length) {
        const big = Buffer.from(`${line}\n`);
        this.writeAll(big, this.pos);
        this.pos += big.length;
        continue;
      }
      const n = this.buf.write(line, this.used);
      this.buf[this.used + n] = 10;
      this.used += n + 1;
      this.pos += n + 1;
    }
    if (offsets) at.push(this.pos);
    return at;
  }

  /** Write out what is buffered. */
  flush(): void {
    if (this.used === 0) return;
    this.writeAll(this.buf.subarray(0, this.used), this.pos - this.used);
    this.used = 0;
  }

  private writeAll(b: Buffer, position: number): void {
    let off = 0;
    while (off < b.length) off += fs.writeSync(this.fd, b, off, b.length - off, position + off);
  }
}
