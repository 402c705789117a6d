// Time budget of one event: answer before Cursor's own timeout kills hookshim (docs/design.md §6).

export interface Budget {
  /** Epoch ms by which the answer must be out. */
  deadline: number;
  /** How long before Cursor's timeout the deadline falls. */
  slackMs: number;
}

/** The slack kept before Cursor's timeout: 15 %, at least 1 s, at most 5 s. */
export function slackFor(timeoutS: number): number {
  return Math.min(5000, Math.max(1000, Math.round(timeoutS * 1000 * 0.15)));
}

/** Deadline for an entry whose Cursor timeout is `timeoutS`, counted from the process start. */
export function budgetFor(timeoutS: number, startedAt: number): Budget {
  const slackMs = slackFor(timeoutS);
  return { deadline: startedAt + Math.max(500, timeoutS * 1000 - slackMs), slackMs };
}
