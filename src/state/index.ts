// The stateful half of an event — state dir, sentinel, records, transcripts, tool results — loaded by the hook
// path only when some row will run or the event drains state; an event that matches nothing never pays for it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HandledEvent } from '../../adapters/events.ts';
import type { Json } from '../../adapters/types.ts';
import { areaPath, collectOld, createExclusive, type StateDir } from './dir.ts';
import { str } from '../../adapters/payload.ts';

export { applyEffects, claim } from './mailbox.ts';
export { claimTick, followerAnswer, tickOf } from './sentinel.ts';
export { openState, removeFile } from './dir.ts';
export { recordToolResult } from './toolResults.ts';
export { claudeTranscript } from './transcript.ts';

/** Records older than this are collected. */
export const STATE_MAX_AGE_MS = 24 * 3600 * 1000;

/** Extra sentinel key material: the transcript size tells turns apart where generation ids do not. */
export function tickExtra(event: HandledEvent, input: Json): string {
  if (event !== 'stop' && event !== 'subagentStop' && event !== 'preCompact') return '';
  const p = str(input.transcript_path);
  if (!p) return '';
  try {
    return String(fs.statSync(p).size);
  } catch {
    return '';
  }
}

export function makeEnvFile(state: StateDir | null, session: string): string | undefined {
  const name = `${session.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}-${process.pid}-${Date.now()}.env`;
  const file = state ? areaPath(state, 'env', name) : path.join(os.tmpdir(), `hookshim-${name}`);
  if (!file) return undefined;
  try {
    // A fresh file of ours: never an existing one, never through a symlink (the temp dir is shared in degraded mode).
    return createExclusive(file, '') ? file : undefined;
  } catch {
    return undefined;
  }
}

export function readEnvFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Collect old records at most every ten minutes (a stamp file's mtime says when); on every event with HOOKSHIM_STATE_MAX_AGE_S. */
export function maybeCollect(state: StateDir): void {
  const stamp = path.join(state.root, '.collected');
  if (state.maxAgeMs === undefined && Date.now() - mtimeOf(stamp) < 10 * 60 * 1000) return;
  try {
    fs.writeFileSync(stamp, '');
    collectOld(state, STATE_MAX_AGE_MS);
  } catch {
    /* best effort */
  }
}

function mtimeOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

