// Time budget of one event: answer before Cursor's own timeout kills hookshim (docs/design.md §6).

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

/** Deadline for an entry whose Cursor timeout is `timeoutS`, counted from the process start. */
export function budgetFor(timeoutS: number, startedAt: number): Budget {
  const slackMs = slackFor(timeoutS);
  const deadline = startedAt + Math.max(500, timeoutS * 1000 - slackMs);
  return Object.freeze({
    deadline,
    slackMs,
    timeoutS,
    staleAfterMs: (timeoutS + 10) * 1000,
    left: (now = Date.now()) => deadline - now,
    until: (share: number, now = Date.now()) => now + Math.max(0, deadline - now) * share,
  });
}
