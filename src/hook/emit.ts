// The only writer of stdout: exactly one JSON document per process, whatever happens.
import fs from 'node:fs';

let written = false;
/** The host's rendering of a decided answer (src/hook/host.ts sets it with the host): none until then. */
let render: (answer: Record<string, unknown>) => Record<string, unknown> = (a) => a;

/** Set how every answer is rendered for the host, once, before anything is answered. */
export function setRender(fn: (answer: Record<string, unknown>) => Record<string, unknown>): void {
  render = fn;
}
/** What goes out when an answer cannot be serialised: the event's answer for hookshim's own failure (./lifeline.ts). */
let unwritable: () => Record<string, unknown> = () => ({});

/** Set what an answer that cannot be serialised is replaced by (a deny on permission events); built only if needed. */
export function setUnwritable(answer: () => Record<string, unknown>): void {
  unwritable = answer;
}

/** A reader that stops draining the pipe cannot hold hookshim forever: give up writing after this long. */
const WRITE_PATIENCE_MS = 5000;

/** Write the Cursor answer once; later calls are ignored. Returns false when already written. */
export function emit(answer: Record<string, unknown>): boolean {
  if (written) return false;
  written = true;
  let text: string;
  try {
    text = JSON.stringify(render(answer));
  } catch {
    text = JSON.stringify(render(unwritable()));
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
  let waitedSince: number | undefined;
  while (off < buf.length) {
    try {
      off += fs.writeSync(1, buf, off);
      waitedSince = undefined;
    } catch (err) {
      // A non-blocking pipe that is full: wait a millisecond for the reader, within bounds.
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      waitedSince ??= Date.now();
      if (Date.now() - waitedSince > WRITE_PATIENCE_MS) return;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}
