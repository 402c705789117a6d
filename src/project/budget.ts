// Time budget of one event: answer before the host's own timeout ends hookshim (docs/design.md §6).

export interface Budget {
  /** Epoch ms by which the answer must be out. */
  readonly deadline: number;
  /** How long before Cursor's timeout the deadline falls. */
  readonly slackMs: number;
  /** Cursor's timeout for the entry, seconds. */
  readonly timeoutS: number;
  /** A duplicate process's record older than this is stale: its leader outlived Cursor's timeout (plus 10 s). */
  readonly staleAfterMs: number;
  /** Milliseconds left before the deadline (negative once it passed). */
  left(now?: number): number;
  /** The epoch ms by which a phase may use `share` of the time left (never before now). */
  until(share: number, now?: number): number;
}

/** The slack kept before Cursor's timeout: 15 %, at least 1 s, at most 5 s. */
export function slackFor(timeoutS: number): number {
  return Math.min(5000, Math.max(1000, Math.round(timeoutS * 1000 * 0.15)));
}

/**
 * What Cursor's clock may have spent on Windows before node started: it launches hooks through PowerShell, whose cold
 * start takes 1–5 s on some machines (docs/cursor-hooks.md §13). Init leaves room for it on every platform (the
 * committed binding is the same for the whole team); the hook path subtracts it on Windows.
 */
export const WINDOWS_LAUNCH_MS = 5000;

/**
 * Deadline for an entry whose host timeout is `timeoutS`, counted from the process start (earlier on Windows). At least
 * 500 ms, but never past half of a timeout shorter than a second: the host's own timeout lets the call through under
 * Copilot and Codex (docs/copilot-hooks.md §4, docs/codex-hooks.md §4), so hookshim's deny must come first.
 */
export function budgetFor(timeoutS: number, startedAt: number, platform: string = process.platform): Budget {
  const slackMs = slackFor(timeoutS) + (platform === 'win32' ? WINDOWS_LAUNCH_MS : 0);
  const deadline = startedAt + Math.max(Math.min(500, timeoutS * 500), timeoutS * 1000 - slackMs);
  return Object.freeze({
    deadline,
    slackMs,
    timeoutS,
    staleAfterMs: (timeoutS + 10) * 1000,
    left: (now = Date.now()) => deadline - now,
    until: (share: number, now = Date.now()) => now + Math.max(0, deadline - now) * share,
  });
}
