// The stateful half of an event — mailbox, sentinel, recorded tool results, transcript copies, env file, collection —
// behind one lazy import: the hook path loads it only when some row will run or the event drains state, so an event
// that matches nothing never pays for it. Within it, the transcript rewrite and the results log are lazy again: an
// event loads them only with a transcript to rewrite or a result to record (docs/performance.md).
import fs from 'node:fs';
import type { HostRewrite } from './hostTranscript.ts';
import type { ClaudeTranscript, TranscriptOptions } from './transcript.ts';
import { currentCopy } from './transcriptCurrent.ts';
import { emptyTranscript, hasResults, noStats } from './transcriptPaths.ts';

export { maybeCollect } from './collect.ts';
export { makeEnvFile, readEnvFile } from './envFile.ts';
export { removeFile } from './fsx.ts';
export { applyEffects, asyncOutput, claim } from './mailbox.ts';
export { claimPromptRun } from './promptRun.ts';
export { pluginDataDir } from './pluginData.ts';
export { claimTick, followerAnswer, tickOf } from './sentinel.ts';

/** The size of a file, as a string ('' when it cannot be read): the transcript's size tells turns apart. */
export function sizeOf(file: string | undefined): string {
  if (!file) return '';
  try {
    return String(fs.statSync(file).size);
  } catch {
    return '';
  }
}

/**
 * The transcript scripts get (docs/transcripts.md): Cursor's, rewritten into Claude's shape by ./transcript.ts (loaded
 * here, on first use) unless the copy already ends where the source and results do, or, when Cursor sent none, the
 * empty one.
 */
export async function transcriptFor(opts: TranscriptOptions, host?: HostRewrite): Promise<ClaudeTranscript> {
  // A host whose log is not Cursor's transcript: its own rewrite (./hostTranscript.ts, loaded here on first use).
  if (opts.cursorPath && host) return (await import('./hostTranscript.ts')).hostTranscript(opts, host);
  if (opts.cursorPath) return currentCopy(opts) ?? (await import('./transcript.ts')).claudeTranscript(opts);
  return {
    path: emptyTranscript(opts.state),
    resultsAvailable: hasResults(opts.state, opts.sessionId),
    stats: noStats(),
  };
}

/** The session's log of tool results (./toolResults.ts), loaded on first use: only postToolUse records one. */
export function toolResults(): Promise<typeof import('./toolResults.ts')> {
  return import('./toolResults.ts');
}
