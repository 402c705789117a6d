// The Claude-shaped copy when nothing changed since the last event rewrote it: the source, the recorded results and
// the copy all end where the saved resume point says, and no process holds the lock. Then the copy is handed over as
// it is, without the lock or the rewrite (./transcript.ts, ~36 KiB an event would compile only to find nothing to do).
// Anything else, or any doubt, is answered by the full path, which takes the lock and checks again.
import fs from 'node:fs';
import { lastAssistantText } from '../../adapters/transcript/types.ts';
import type { StateDir } from './dir.ts';
import { filesFor, invalid, openResults, openSource, readResumePoint } from './transcriptFiles.ts';
import { hasResults, noStats } from './transcriptPaths.ts';
import type { ClaudeTranscript } from './transcript.ts';

/** The copy as it stands when it is up to date with its source and results; undefined: rewrite (or judge) it in full. */
export function currentCopy(opts: {
  cursorPath: string | null | undefined;
  sessionId: string;
  cwd: string;
  state: StateDir | null;
}): ClaudeTranscript | undefined {
  if (!opts.cursorPath || !opts.state) return undefined;
  try {
    const files = filesFor(opts.state, opts.cursorPath, opts.sessionId);
    const cur = files && readResumePoint(files.cursor);
    if (!files || !cur || fs.existsSync(files.lock)) return undefined;
    const srcFd = openSource(files.source);
    const resFd = openResults(files.results);
    try {
      const src = fs.fstatSync(srcFd);
      const res = resFd === null ? null : fs.fstatSync(resFd);
      const same =
        src.size === cur.end.src &&
        (res?.size ?? 0) === cur.end.res.off &&
        invalid(cur, files, opts, src, res, srcFd) === null &&
        fs.lstatSync(files.out).size === cur.end.out &&
        // A rewrite that began meanwhile holds the lock: the locked path waits for it.
        !fs.existsSync(files.lock);
      if (!same) return undefined;
    } finally {
      fs.closeSync(srcFd);
      if (resFd !== null) fs.closeSync(resFd);
    }
    const text = lastAssistantText(cur.end.state);
    return {
      path: files.out,
      ...(text === undefined ? {} : { lastAssistantMessage: text }),
      resultsAvailable: hasResults(opts.state, opts.sessionId) || cur.end.state.resultSeq > 0,
      stats: noStats(),
    };
  } catch {
    return undefined;
  }
}
