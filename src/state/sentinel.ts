// Tick sentinel (docs/design.md §7): of several hookshim processes started for one Cursor event, the first runs the
// catalog; the others wait for its answer and replay it (permission events) or answer {} (everything else),
// so a follow-up or a piece of context is never delivered twice.
import fs from 'node:fs';
import { isRecord, type Json } from '../../adapters/json.ts';
import type { Dedup } from '../../adapters/types.ts';
import { areaPath, type StateDir } from './dir.ts';
import { alive, createExclusive, moveAside, readText, removeFile, writeFileAtomic } from './fsx.ts';
import { key } from './mailbox.ts';

const POLL_MS = 20;
const UNREADABLE_GIVE_UP_MS = 1000;
/**
 * How long a finished record is replayed when its key names no single firing (no tool_use_id, no subagent id,
 * no per-turn generation_id, no transcript size): duplicates start together, a real second firing (a new turn,
 * the same command run again) comes later. Past this window the record is taken over and the catalog runs.
 */
export const WEAK_REPLAY_MS = 5000;

/** What identifies one firing of an event. */
export interface TickId {
  key: string;
  /** True when the key carries a per-firing id, so a finished record may be replayed for the whole stale window. */
  unique: boolean;
}

/**
 * The sentinel key of a payload: project, event, conversation, generation, tool_use_id, loop_count, tool name, status,
 * plus what the event's adapter declares tells its firings apart (`dedup`). A tool event's key always holds a digest
 * of its input (and output): a re-fired tool_use_id with another command is another firing, never a replay.
 * `extra` is the transcript size for events whose dedup asks for it (it grows every turn).
 */
export function tickOf(event: string, input: Json, dedup: Dedup, extra = '', project = ''): TickId {
  const f = (k: string): string => {
    const v = input[k];
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  };
  const conv = f('conversation_id') || f('session_id');
  const gen = f('generation_id');
  const toolUseId = f('tool_use_id');
  const parts = [project, event, conv, gen, toolUseId, f('loop_count'), f('tool_name'), f('status'), extra];
  // A tool call is named by its tool_use_id; other events by a per-turn generation_id or the transcript size.
  let unique = dedup.tool ? toolUseId !== '' : extra !== '' || (gen !== '' && gen !== conv);
  if (dedup.tool) parts.push(digest(input.tool_input), digest(input.tool_output), f('error_message'));
  for (const k of dedup.fields ?? []) parts.push(f(k));
  if (dedup.ids) {
    // Parallel subagents of one generation finish with the same loop_count and status: their ids tell them apart.
    const id = dedup.ids.map(f).find((v) => v !== '') ?? '';
    parts.push(id);
    if (id) unique = true;
  }
  for (const k of dedup.digests ?? []) parts.push(digest(input[k]));
  return { key: key(...parts), unique };
}

/**
 * What a duplicate process answers. Permission events replay the leader's decision (a competing {} or allow
 * from a higher-priority registration could override the leader's deny), without context a second copy would
 * deliver twice; with no answer from the leader it says nothing ({}), never a competing allow (the hook path denies
 * that case on a permission event: the leader may be a planted record, src/hook/run.ts `follow`). Every other
 * event answers {}: its follow-up or context is the leader's to deliver, once.
 */
export function followerAnswer(
  replay: Dedup['replay'],
  leader: Json | undefined,
  replayableAnswers?: readonly string[],
): Json {
  if (replay !== 'decision' || !leader) return {};
  const out: Json = { ...leader };
  // A decision this event's answer cannot carry (an ask where only allow or deny exist) is a deny: fail toward enforcing.
  if (replayableAnswers && typeof out.permission === 'string' && !replayableAnswers.includes(out.permission))
    out.permission = 'deny';
  delete out.additional_context;
  // A warning shown with a non-blocking answer is context too; a blocking answer keeps its reason.
  if (out.continue === true || out.permission === 'allow') delete out.user_message;
  return out;
}

/**
 * A follower's wait: the leader's answer; or `run`: the record cannot be trusted (gone, not ours, not this key, its
 * process dead), so the follower runs the catalog itself; or neither: the leader had not answered by the deadline.
 */
export interface Waited {
  answer?: Json;
  run?: boolean;
  why: string;
}

export type Tick =
  | { role: 'leader'; finish(answer: Json): void; abandon(): void }
  | { role: 'follower'; wait(deadlineMs: number): Promise<Waited> }
  | {
      role: 'solo';
      why: string;
      /** Worth a warning: something hookshim did not write sits at the sentinel's path. */ warn?: boolean;
    };

/** What a sentinel file holds: the key it stands for (a record at another name is not this firing's). */
interface TickRecord {
  key: string;
  pid: number;
  state: 'pending' | 'done';
  at: number;
  answer?: Json;
}

/** A sentinel file as read: absent, being written, a record of this key, or something hookshim did not write. */
type Seen =
  { kind: 'absent' } | { kind: 'writing' } | { kind: 'record'; rec: TickRecord } | { kind: 'foreign'; why: string };

export interface TickTimes {
  /** A pending record older than this belongs to a process Cursor has long given up on: take it over. */
  staleAfterMs: number;
  /** A finished record is replayed for this long (defaults to staleAfterMs, or WEAK_REPLAY_MS for weak keys). */
  replayForMs?: number;
}

/** Become the leader for `tick`, or a follower of the process that already is; solo when the sentinel cannot be trusted. */
export function claimTick(stateDir: StateDir | null, id: TickId, times: TickTimes, now = Date.now()): Tick {
  if (!stateDir) return { role: 'solo', why: 'no state directory' };
  const staleAfter = times.staleAfterMs;
  const replayFor = times.replayForMs ?? (id.unique ? staleAfter : Math.min(staleAfter, WEAK_REPLAY_MS));
  const file = areaPath(stateDir, 'tick', `${id.key}.json`);
  if (!file) return { role: 'solo', why: 'tick area unusable' };
  const mine = JSON.stringify({ key: id.key, pid: process.pid, state: 'pending', at: now } satisfies TickRecord);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (createExclusive(file, mine)) return leader(file, id.key);
      const seen = readRecord(file, id.key);
      if (seen.kind === 'absent') continue; // vanished between the two calls: try to create it again
      if (seen.kind === 'foreign')
        return { role: 'solo', why: `${seen.why}; running the catalog without dedup`, warn: true };
      const stat = fs.lstatSync(file, { throwIfNoEntry: false });
      if (!stat) continue;
      const age = now - stat.mtimeMs;
      const expired = seen.kind === 'record' && seen.rec.state === 'done' ? age > replayFor : age > staleAfter;
      if (!expired) return follower(file, id.key);
      // An earlier firing's record: move exactly that file aside (checked by inode), then race for a fresh one.
      takeOver(file, stat.ino);
    }
  } catch (err) {
    return { role: 'solo', why: `tick file unusable: ${(err as Error).message}` };
  }
  return follower(file, id.key);
}

function leader(file: string, key: string): Tick {
  return {
    role: 'leader',
    finish(answer) {
      try {
        writeFileAtomic(
          file,
          JSON.stringify({ key, pid: process.pid, state: 'done', at: Date.now(), answer } satisfies TickRecord),
        );
      } catch {
        /* followers will see the leader gone and run the catalog themselves */
      }
    },
    abandon() {
      removeFile(file);
    },
  };
}

function follower(file: string, key: string): Tick {
  return {
    role: 'follower',
    async wait(deadlineMs) {
      let writingSince: number | undefined;
      for (;;) {
        const seen = readRecord(file, key);
        if (seen.kind === 'absent') return { run: true, why: 'the leading process left no record' };
        if (seen.kind === 'foreign') return { run: true, why: seen.why };
        if (seen.kind === 'record' && seen.rec.state === 'done')
          return { answer: seen.rec.answer ?? {}, why: `process ${seen.rec.pid} answered first` };
        if (seen.kind === 'record' && !alive(seen.rec.pid))
          return { run: true, why: `the leading process ${seen.rec.pid} died before answering` };
        // Created and not written yet (microseconds); a record that stays empty is judged after a second.
        if (seen.kind === 'writing') {
          writingSince ??= Date.now();
          if (Date.now() - writingSince > UNREADABLE_GIVE_UP_MS)
            return { run: true, why: 'the leading process left an empty record' };
        }
        if (Date.now() + POLL_MS >= deadlineMs) return { why: 'the leading process had not answered by the deadline' };
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    },
  };
}

/** Move the record aside only if it is still the file judged expired (same inode); put back anything else. */
function takeOver(file: string, ino: number): void {
  moveAside(file, (aside) => {
    try {
      return fs.lstatSync(aside).ino === ino;
    } catch {
      return true; // gone: nothing to put back
    }
  });
}

/** Read the sentinel file at `file` for `key`: only a regular file of ours holding a record of this very key counts. */
function readRecord(file: string, key: string): Seen {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat) return { kind: 'absent' };
  const text = readText(file);
  if (text === null)
    return {
      kind: 'foreign',
      why: `${file} is not a regular file of this user (a ${
        stat.isSymbolicLink() ? 'symbolic link' : stat.isFIFO() ? 'FIFO' : 'file hookshim did not write'
      })`,
    };
  if (text === '') return { kind: 'writing' };
  let rec: unknown;
  try {
    rec = JSON.parse(text);
  } catch {
    return { kind: 'foreign', why: `${file} does not hold a sentinel record` };
  }
  if (
    !isRecord(rec) ||
    rec.key !== key ||
    typeof rec.pid !== 'number' ||
    (rec.state !== 'pending' && rec.state !== 'done') ||
    (rec.answer !== undefined && !isRecord(rec.answer))
  ) {
    return { kind: 'foreign', why: `${file} holds a record that is not this firing's` };
  }
  return { kind: 'record', rec: rec as unknown as TickRecord };
}

function digest(v: unknown): string {
  if (v === undefined || v === null) return '';
  let text: string;
  try {
    text = typeof v === 'string' ? v : JSON.stringify(v);
  } catch {
    return '?';
  }
  return key(text);
}
