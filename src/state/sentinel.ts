// Tick sentinel (docs/design.md §7): of several hookshim processes started for one Cursor event, the first runs the
// catalog; the others wait for its answer and replay it (permission events) or answer {} (everything else),
// so a follow-up or a piece of context is never delivered twice.
import fs from 'node:fs';
import { isRecord, type Json } from '../../adapters/json.ts';
import type { SharedFiring } from '../../adapters/firing.ts';
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
 * The sentinel key of a payload: event, conversation, generation, tool_use_id, loop_count, tool name, status, plus
 * what the event's adapter declares tells its firings apart (`dedup`). tool_input is left out when there is a
 * tool_use_id, so a re-fire of the same tool_use_id replays the first decision; without one, the input itself
 * identifies the call. `extra` is the transcript size for events whose dedup asks for it (it grows every turn).
 * An event that reports an action another event announced (`shared`: beforeReadFile after preToolUse's read) is keyed
 * by that action alone; no id names it, so its record is replayed only for a short window (WEAK_REPLAY_MS).
 */
export function tickOf(event: string, input: Json, dedup: Dedup, extra = '', shared?: SharedFiring): TickId {
  if (shared) return { key: key('shared', ...shared.parts), unique: false };
  const f = (k: string): string => {
    const v = input[k];
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  };
  const conv = f('conversation_id') || f('session_id');
  const gen = f('generation_id');
  const toolUseId = f('tool_use_id');
  const parts = [event, conv, gen, toolUseId, f('loop_count'), f('tool_name'), f('status'), extra];
  // A tool call is identified by its tool_use_id alone; other events by a per-turn generation_id or the transcript size.
  let unique = dedup.tool ? toolUseId !== '' : extra !== '' || (gen !== '' && gen !== conv);
  if (dedup.tool && !toolUseId) parts.push(digest(input.tool_input), digest(input.tool_output), f('error_message'));
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
 * deliver twice; with no answer from the leader it says nothing ({}), never a competing allow. Every other
 * event answers {}: its follow-up or context is the leader's to deliver, once.
 */
export function followerAnswer(replay: Dedup['replay'], leader: Json | undefined, permissions?: readonly string[]): Json {
  if (replay !== 'decision' || !leader) return {};
  const out: Json = { ...leader };
  // The leader was another event (a shared action) whose answer allows more than this one's: what it cannot say, it denies.
  if (permissions && typeof out.permission === 'string' && !permissions.includes(out.permission)) out.permission = 'deny';
  delete out.additional_context;
  // A warning shown with a non-blocking answer is context too; a blocking answer keeps its reason.
  if (out.continue === true || out.permission === 'allow') delete out.user_message;
  return out;
}

/** What a leader leaves beside its answer for a shared action: the rows it ran (as ranKey says) and what it knew. */
export interface LeaderRun {
  ran: string[];
  knows: number;
}

/** What a follower learns: the leader's answer, and for a shared action what the leader ran. */
export interface Followed extends Partial<LeaderRun> {
  answer?: Json;
  why: string;
}

export type Tick =
  | { role: 'leader'; finish(answer: Json, run?: LeaderRun): void; abandon(): void }
  | { role: 'follower'; wait(deadlineMs: number): Promise<Followed> }
  | { role: 'solo'; why: string };

interface TickRecord extends Partial<LeaderRun> {
  pid: number;
  state: 'pending' | 'done';
  at: number;
  answer?: Json;
}

export interface TickTimes {
  /** A pending record older than this belongs to a process Cursor has long given up on: take it over. */
  staleAfterMs: number;
  /** A finished record is replayed for this long (defaults to staleAfterMs, or WEAK_REPLAY_MS for weak keys). */
  replayForMs?: number;
}

/** Become the leader for `tick`, or a follower of the process that already is. */
export function claimTick(st: StateDir | null, id: TickId, times: TickTimes, now = Date.now()): Tick {
  if (!st) return { role: 'solo', why: 'no state directory' };
  const staleAfter = times.staleAfterMs;
  const replayFor = times.replayForMs ?? (id.unique ? staleAfter : Math.min(staleAfter, WEAK_REPLAY_MS));
  const file = areaPath(st, 'tick', `${id.key}.json`);
  if (!file) return { role: 'solo', why: 'tick area unusable' };
  const mine = JSON.stringify({ pid: process.pid, state: 'pending', at: now } satisfies TickRecord);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (createExclusive(file, mine)) return leader(file);
      const seen = inspect(file);
      if (!seen) continue; // vanished between the two calls: try to create it again
      const age = now - seen.mtimeMs;
      const expired = seen.rec?.state === 'done' ? age > replayFor : age > staleAfter;
      if (!expired) return follower(file);
      // An earlier firing's record: move exactly that file aside (checked by inode), then race for a fresh one.
      takeOver(file, seen.ino);
    }
  } catch (err) {
    return { role: 'solo', why: `tick file unusable: ${(err as Error).message}` };
  }
  return follower(file);
}

/**
 * Lead a shared action whatever its key holds: the announcing event's own key already tells its firings apart (a new
 * tool_use_id is a new read of the same file), so an earlier record of the action is replaced, never followed.
 */
export function announce(st: StateDir | null, id: TickId): Tick | undefined {
  if (!st) return undefined;
  const file = areaPath(st, 'tick', `${id.key}.json`);
  if (!file) return undefined;
  try {
    writeFileAtomic(file, JSON.stringify({ pid: process.pid, state: 'pending', at: Date.now() } satisfies TickRecord));
  } catch {
    return undefined;
  }
  return leader(file);
}

function leader(file: string): Tick {
  return {
    role: 'leader',
    finish(answer, run) {
      try {
        writeFileAtomic(file, JSON.stringify({ pid: process.pid, state: 'done', at: Date.now(), answer, ...run } satisfies TickRecord));
      } catch {
        /* followers will see the leader gone and answer {} */
      }
    },
    abandon() {
      removeFile(file);
    },
  };
}

function follower(file: string): Tick {
  return {
    role: 'follower',
    async wait(deadlineMs) {
      let unreadableSince: number | undefined;
      for (;;) {
        const rec = readRecord(file);
        if (!rec) return { why: 'the leading process left no record' };
        if (rec.state === 'done') {
          const run = Array.isArray(rec.ran) && typeof rec.knows === 'number' ? { ran: rec.ran.filter((r): r is string => typeof r === 'string'), knows: rec.knows } : {};
          return { answer: isRecord(rec.answer) ? rec.answer : {}, why: `replayed the answer of process ${rec.pid}`, ...run };
        }
        if (rec.pid !== 0 && !alive(rec.pid)) return { why: `the leading process ${rec.pid} died before answering` };
        // pid 0: the record is being written (microseconds) or is corrupt (give up after a second).
        if (rec.pid === 0) {
          unreadableSince ??= Date.now();
          if (Date.now() - unreadableSince > UNREADABLE_GIVE_UP_MS) return { why: 'the leading process left an unreadable record' };
        }
        if (Date.now() + POLL_MS >= deadlineMs) return { why: `the leading process ${rec.pid} had not answered by the deadline` };
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

function inspect(file: string): { mtimeMs: number; ino: number; rec: TickRecord | null } | null {
  let s: fs.Stats;
  try {
    s = fs.lstatSync(file);
  } catch {
    return null;
  }
  return { mtimeMs: s.mtimeMs, ino: s.ino, rec: readRecord(file) };
}

function readRecord(file: string): TickRecord | null {
  const text = readText(file);
  if (text === null) return null;
  try {
    const rec = JSON.parse(text) as TickRecord;
    if (!isRecord(rec) || typeof rec.pid !== 'number') return { pid: 0, state: 'pending', at: 0 };
    return rec;
  } catch {
    // The leader created the file and has not written it yet.
    return { pid: 0, state: 'pending', at: 0 };
  }
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
