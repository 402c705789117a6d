// The loop count a host's payload lacks and its own log holds (HostTable.loopCount, Codex's Stop: docs/codex-hooks.md
// §4): the log's last lines read here, counted by the host's pure rule, and set as loop_count before the adapters plan.
import fs from 'node:fs';
import type { Json } from '../../adapters/json.ts';
import type { HostTable } from '../../adapters/hosts/types.ts';
import { openOwned } from '../state/fsx.ts';

/** How much of the log's end is read: a turn's continuations are among its last lines. */
const TAIL_BYTES = 4 * 1024 * 1024;

/** `input` with the host's loop count read from its log on the events it keys; unchanged elsewhere. */
export function withLoopCount(
  host: HostTable,
  event: string,
  input: Json,
  env: Readonly<Record<string, string | undefined>>,
  warn: (msg: string) => void,
): Json {
  const rule = host.loopCount;
  if (!rule?.events.includes(event)) return input;
  const file = host.transcriptPathOf(input, env);
  const lines = file === undefined ? undefined : tailLines(file);
  if (lines === undefined) {
    warn(
      `${host.name}'s log (${file ?? 'none named'}) cannot be read, so the ${event} loop is counted from the ` +
        `payload alone (loop_count ${JSON.stringify(input.loop_count)})`,
    );
    return input;
  }
  return { ...input, loop_count: rule.count(lines, input) };
}

/** The last lines of a regular file of this user (at most TAIL_BYTES of it; a cut first line left out), or undefined. */
function tailLines(file: string): string[] | undefined {
  const fd = openOwned(file);
  if (fd === null) return undefined;
  try {
    const size = fs.fstatSync(fd).size;
    const len = Math.min(size, TAIL_BYTES);
    const buf = Buffer.alloc(len);
    let got = 0;
    for (let n = -1; got < len && n !== 0; got += n) n = fs.readSync(fd, buf, got, len - got, size - len + got);
    const lines = buf.subarray(0, got).toString('utf8').split('\n');
    return size > len ? lines.slice(1) : lines;
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
