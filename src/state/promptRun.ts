// UserPromptSubmit where beforeSubmitPrompt never fires (Cursor Cloud agents, docs/cursor-hooks.md §5; docs/events.md
// "Cloud agents"): beforeSubmitPrompt records that this conversation's prompts run their rows there; a tool event of a
// conversation with no such record claims its generation's run (O_EXCL: of two events at once, one wins) and reads
// the prompt from Cursor's transcript. A planted record can only keep the rows from running here: it decides no call.
import fs from 'node:fs';
import { lastUserPrompt } from '../../adapters/lastPrompt.ts';
import { areaPath, type StateDir } from './dir.ts';
import { createExclusive, openOwned, writeFileAtomic } from './fsx.ts';
import { key } from './mailbox.ts';

/** How much of the end of Cursor's transcript is read for the last user message. */
const TAIL_BYTES = 1024 * 1024;

/**
 * `seen`: record that this conversation's prompts reach beforeSubmitPrompt (rewritten each prompt, so it outlives
 * collection; keyed by the conversation alone: where one binding's fires, every binding's does). `fallback`: claim the
 * run of one binding's rows for a generation (`run`: the binding's project and plugin folders and the generation; not
 * the catalog's identity, which an edit of a script changes mid-generation), unless beforeSubmitPrompt was seen; the
 * prompt is the last user message of `transcript`, undefined when none can be read. Undefined: nothing to run here.
 */
export function claimPromptRun(
  stateDir: StateDir | null,
  session: string,
  run: readonly string[],
  how: 'seen' | 'fallback',
  transcript: string | undefined,
): { prompt: string | undefined } | undefined {
  if (!stateDir) return undefined;
  const seen = areaPath(stateDir, 'ups', `${key(session)}.seen`);
  if (!seen) return undefined;
  try {
    if (how === 'seen') {
      writeFileAtomic(seen, '');
      return undefined;
    }
    if (fs.existsSync(seen)) return undefined;
    const ran = areaPath(stateDir, 'ups', `${key(session, ...run)}.ran`);
    if (!ran || !createExclusive(ran, '')) return undefined;
  } catch {
    return undefined;
  }
  return { prompt: transcript ? lastUserPrompt(tailOf(transcript)) : undefined };
}

/** The last TAIL_BYTES of a file of this user's ('' when it cannot be read). */
function tailOf(file: string): string {
  const fd = openOwned(file);
  if (fd === null) return '';
  try {
    const size = fs.fstatSync(fd).size;
    const len = Math.min(size, TAIL_BYTES);
    const buf = Buffer.alloc(len);
    let got = 0;
    while (got < len) {
      const n = fs.readSync(fd, buf, got, len - got, size - len + got);
      if (n === 0) break;
      got += n;
    }
    return buf.subarray(0, got).toString('utf8');
  } catch {
    return '';
  } finally {
    fs.closeSync(fd);
  }
}
