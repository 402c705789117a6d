// Async rows' output (docs/events.md "Async rows"): an `async: true` row runs after hookshim answered, so its stdout goes
// to a file of its own, `<key>.<stamp>-<rand>.part`, renamed to `….<exit code>.done` when it ends (by the row's
// watchdog, or the detached http sender). The next postToolUse of the same binding's session claims the finished ones
// (renamed aside, so one process delivers each once) and gives their context to the model. The agent can write here:
// a planted file is only ever read as context, never as a decision (docs/security.md "What hookshim keeps").
import fs from 'node:fs';
import path from 'node:path';
import type { AsyncOutput } from '../../adapters/asyncContext.ts';
import type { ClaudeEvent } from '../../adapters/eventMap.ts';
import type { Message } from '../../adapters/types.ts';
import { areaPath, type StateDir } from './dir.ts';
import { createExclusive, openOwned, readText, uniqueToken } from './fsx.ts';

/** What is read of one output at most: the capture cap of a script's stdout (src/hook/runner.ts OUTPUT_CAP). */
const READ_CAP = 1024 * 1024;

/**
 * A place for one async row's output, named after the key of the binding's session (src/state/mailbox.ts key of
 * src/hook/setup.ts mailboxKey): the base path (`<base>.part` is created empty, `<base>.meta` names the row), or
 * undefined when the area cannot hold it.
 */
export function asyncSlot(
  stateDir: StateDir | null,
  sessionKey: string,
  label: string,
  event: ClaudeEvent,
): string | undefined {
  if (!stateDir) return undefined;
  const stamp = Date.now().toString().padStart(15, '0');
  const base = areaPath(stateDir, 'async', `${sessionKey}.${stamp}-${uniqueToken()}`);
  if (!base) return undefined;
  try {
    if (!createExclusive(`${base}.meta`, JSON.stringify({ label, claudeEvent: event }))) return undefined;
    return createExclusive(`${base}.part`, '') ? base : undefined;
  } catch {
    return undefined;
  }
}

/** One claimed output: the file it was renamed to, and its meta record (both removed once the answer is out). */
export interface ClaimedOutput {
  claimed: string;
  from: string;
  meta: string;
}

/**
 * Claim this session's finished async outputs, oldest first: their messages for the model and notes for stderr, as
 * `read` (adapters/asyncContext.ts asyncMessages, from the matched path) finds them. `grab` renames a file aside (this
 * process's claim) and returns the new name, or null when another process took it.
 */
export function claimAsync(
  stateDir: StateDir,
  sessionKey: string,
  grab: (file: string) => string | null,
  read: (out: AsyncOutput) => { messages: Message[]; notes: string[] },
): { messages: Message[]; notes: string[]; taken: ClaimedOutput[] } {
  const out = { messages: [] as Message[], notes: [] as string[], taken: [] as ClaimedOutput[] };
  const probe = areaPath(stateDir, 'async', 'x');
  if (!probe) return out;
  const dir = path.dirname(probe);
  const prefix = `${sessionKey}.`;
  let names: string[];
  try {
    names = fs
      .readdirSync(dir)
      .filter((n) => n.startsWith(prefix) && /\.\d{1,3}\.done$/.test(n))
      .sort();
  } catch {
    return out;
  }
  for (const name of names) {
    const m = /^(.*)\.(\d{1,3})\.done$/.exec(name) as RegExpExecArray;
    const base = path.join(dir, m[1] as string);
    const from = path.join(dir, name);
    const claimed = grab(from);
    if (claimed === null) continue;
    out.taken.push({ claimed, from, meta: `${base}.meta` });
    const meta = readMeta(`${base}.meta`);
    const { text, truncated } = readCapped(claimed);
    const said = read({ ...meta, stdout: text, exitCode: Number(m[2]), truncated });
    out.messages.push(...said.messages);
    out.notes.push(...said.notes);
  }
  return out;
}

/** The row an output belongs to, as its meta record says (a missing or foreign one: a nameless async row). */
function readMeta(file: string): { label: string; claudeEvent: ClaudeEvent } {
  try {
    const doc = JSON.parse(readText(file) ?? '') as { label?: unknown; claudeEvent?: unknown };
    if (typeof doc.label === 'string' && typeof doc.claudeEvent === 'string')
      return { label: doc.label.slice(0, 200), claudeEvent: doc.claudeEvent as ClaudeEvent };
  } catch {
    /* below */
  }
  return { label: 'an async hook', claudeEvent: 'PostToolUse' };
}

/** The first READ_CAP bytes of a file of ours (never through a symlink); empty when refused. */
function readCapped(file: string): { text: string; truncated: boolean } {
  const fd = openOwned(file);
  if (fd === null) return { text: '', truncated: false };
  try {
    const buf = Buffer.alloc(READ_CAP + 1);
    let size = 0;
    for (let n = 1; n > 0 && size < buf.length; size += n) n = fs.readSync(fd, buf, size, buf.length - size, null);
    return { text: buf.subarray(0, Math.min(size, READ_CAP)).toString('utf8'), truncated: size > READ_CAP };
  } catch {
    return { text: '', truncated: false };
  } finally {
    fs.closeSync(fd);
  }
}
