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

/**
 * What Cursor's clock may have spent on Windows before node started: it launches hooks through PowerShell, whose cold
 * start takes 1–5 s on some machines (docs/cursor-hooks.md §12). Init leaves room for it on every platform (the
 * committed binding is the same for the whole team); the hook path subtracts it on Windows.
 */
export const WINDOWS_LAUNCH_MS = 5000;

/** Deadline for an entry whose Cursor timeout is `timeoutS`, counted from the process start (earlier on Windows). */
export function budgetFor(timeoutS: number, startedAt: number, platform: string = process.platform): Budget {
  const slackMs = slackFor(timeoutS) + (platform === 'win32' ? WINDOWS_LAUNCH_MS : 0);
  return { deadline: startedAt + Math.max(500, timeoutS * 1000 - slackMs), slackMs };
}
