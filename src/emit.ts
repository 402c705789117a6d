// The only writer of stdout: exactly one JSON document per process, whatever happens.
import fs from 'node:fs';

let written = false;

/** Write the Cursor answer once; later calls are ignored. Returns false when already written. */
export function emit(answer: Record<string, unknown>): boolean {
  if (written) return false;
  written = true;
  let text: string;
  try {
    text = JSON.stringify(answer);
  } catch {
    text = '{}';
  }
  writeAll(`${text}\n`);
  return true;
}

/** True once the answer is out. */
export function emitted(): boolean {
  return written;
}

function writeAll(text: string): void {
  const buf = Buffer.from(text);
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(1, buf, off);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      return;
    }
  }
}
