// The few facts about a session's transcript copy an event needs even when Cursor sent no transcript: where its
// recorded tool results live, whether there are any, and the empty transcript scripts then get. Kept apart from the
// rewrite (./transcript.ts) and the results log (./toolResults.ts), so an event without a transcript loads neither.
import fs from 'node:fs';
import os from 'node:os';
import { emptyStats, type RewriteStats } from '../../adapters/transcript/types.ts';
import { areaPath, type StateDir } from './dir.ts';
import { sha256HexOf } from './digest.ts';
import { createExclusive, uid, writeFileAtomic } from './fsx.ts';

/** The results file of a session; null when the area is unusable. */
export function resultsPath(stateDir: StateDir, sessionId: string): string | null {
  return areaPath(stateDir, 'results', `${sha256HexOf(sessionId).slice(0, 32)}.jsonl`);
}

/** At least one tool result is recorded for this session (no state dir: none). */
export function hasResults(stateDir: StateDir | null, sessionId: string): boolean {
  const file = stateDir ? resultsPath(stateDir, sessionId) : null;
  try {
    return !!file && fs.statSync(file).size > 0;
  } catch {
    return false;
  }
}

/**
 * A path to an empty, valid JSONL file: in the private state dir, else the null device (never a name in the shared
 * temp dir, where another user could have placed a file first).
 */
export function emptyTranscript(stateDir: StateDir | null): string {
  const file = stateDir ? areaPath(stateDir, 'tx', 'empty.jsonl') : null;
  if (!file) return os.devNull;
  try {
    if (!createExclusive(file, '')) {
      const s = fs.lstatSync(file);
      if (!s.isFile() || s.size !== 0 || (uid() >= 0 && s.uid !== uid())) writeFileAtomic(file, '');
    }
    return file;
  } catch {
    return os.devNull;
  }
}

/** What one event's rewrite of a transcript did. */
export interface TranscriptStats extends RewriteStats {
  /** Rewritten from the start of the source. */
  rebuilt: boolean;
  /** Output truncated back to a waiting tool_use to insert its result. */
  rewound: boolean;
  /** Source bytes read by this call. */
  bytesRead: number;
}

/** The counters of a rewrite that has read nothing yet. */
export function noStats(): TranscriptStats {
  return { ...emptyStats(), rebuilt: false, rewound: false, bytesRead: 0 };
}
