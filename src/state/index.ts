// The stateful half of an event — mailbox, sentinel, recorded tool results, transcript copies, env file, collection —
// behind one lazy import: the hook path loads it only when some row will run or the event drains state, so an event
// that matches nothing never pays for it.
import fs from 'node:fs';

export { maybeCollect } from './collect.ts';
export { makeEnvFile, readEnvFile } from './envFile.ts';
export { removeFile } from './fsx.ts';
export { applyEffects, asyncOutput, claim } from './mailbox.ts';
export { claimPromptRun } from './promptRun.ts';
export { pluginDataDir } from './pluginData.ts';
export { claimTick, followerAnswer, tickOf } from './sentinel.ts';
export { recordToolResult } from './toolResults.ts';
export { claudeTranscript } from './transcript.ts';

/** The size of a file, as a string ('' when it cannot be read): the transcript's size tells turns apart. */
export function sizeOf(file: string | undefined): string {
  if (!file) return '';
  try {
    return String(fs.statSync(file).size);
  } catch {
    return '';
  }
}
