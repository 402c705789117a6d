// Diagnostics: one "hookshim:" line each on stderr (Cursor shows stderr in its Hooks output channel).
import fs from 'node:fs';

export interface Log {
  /** Something the maintainer should know: skipped rows, dropped context, fallbacks. */
  warn(msg: string): void;
  /** Only with HOOKSHIM_DEBUG=1. */
  debug(msg: string): void;
  /** True when debug lines are written (skip work that only feeds them). */
  readonly debugOn: boolean;
  /** Every warning so far, for the trace log. */
  readonly lines: readonly string[];
}

/** A stderr logger; `sink` is swappable for tests. */
export function createLog(env: NodeJS.ProcessEnv, sink: (text: string) => void = writeStderr): Log {
  const lines: string[] = [];
  const debugOn = env.HOOKSHIM_DEBUG === '1' || env.HOOKSHIM_DEBUG === 'true';
  return {
    lines,
    debugOn,
    warn(msg) {
      lines.push(msg);
      sink(`hookshim: ${msg}\n`);
    },
    debug(msg) {
      if (debugOn) sink(`hookshim[debug]: ${msg}\n`);
    },
  };
}

function writeStderr(text: string): void {
  try {
    fs.writeSync(2, text);
  } catch {
    /* stderr closed: nothing else to do */
  }
}
