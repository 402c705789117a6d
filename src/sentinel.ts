// Tick sentinel (DESIGN §7): of several hookshim processes started for one Cursor event, the first runs the
// catalog; the others wait for its answer and replay it (permission events) or answer empty (everything else).
import fs from 'node:fs';
import type { Json } from '../adapters/types.ts';
import { key } from './records.ts';
import { areaPath, createExclusive, readText, removeFile, writeFileAtomic, type StateDir } from './state.ts';

const POLL_MS = 20;

/** Fields that identify one firing of an event; tool_input is left out so a re-fire of a tool_use_id replays. */
export function tickKey(event: string, input: Json, extra = ''): string {
  const f = (k: string): string => {
    const v = input[k];
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  };
  const parts = [
    event, f('conversation_id') || f('session_id'), f('generation_id'), f('tool_use_id'), f('loop_count'),
    f('tool_name'), f('status'), f('subagent_id'), f('reason'), f('trigger'), f('failure_type'), extra,
  ];
  // On the CLI generation_id equals conversation_id (cursor-hooks.md §3): the prompt itself tells prompts apart.
  if (event === 'beforeSubmitPrompt') parts.push(key(f('prompt')));
  return key(...parts);
}

export type Tick =
  | { role: 'leader'; finish(answer: Json): void; abandon(): void }
  | { role: 'follower'; wait(deadlineMs: number): Promise<{ answer?: Json; why: string }> }
  | { role: 'solo'; why: string };

interface TickRecord {
  pid: number;
  state: 'pending' | 'done';
  at: number;
  answer?: Json;
}

/** Become the leader for `tick`, or a follower of the process that already is. */
export function claimTick(st: StateDir | null, tick: string, staleAfterMs: number, now = Date.now()): Tick {
  if (!st) return { role: 'solo', why: 'no state directory' };
  const file = areaPath(st, 'tick', `${tick}.json`);
  if (!file) return { role: 'solo', why: 'tick area unusable' };
  const mine = (): TickRecord => ({ pid: process.pid, state: 'pending', at: now });
  try {
    if (!createExclusive(file, JSON.stringify(mine()))) {
      const age = ageOf(file, now);
      if (age === null || age <= staleAfterMs) return follower(file);
      // A record older than any live event's deadline belongs to an earlier firing: take over.
      removeFile(file);
      if (!createExclusive(file, JSON.stringify(mine()))) return follower(file);
    }
  } catch (err) {
    return { role: 'solo', why: `tick file unusable: ${(err as Error).message}` };
  }
  return {
    role: 'leader',
    finish(answer) {
      try {
        writeFileAtomic(file, JSON.stringify({ pid: process.pid, state: 'done', at: Date.now(), answer } satisfies TickRecord));
      } catch {
        /* followers will see the leader gone and answer empty */
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
      for (;;) {
        const rec = readRecord(file);
        if (!rec) return { why: 'the leading process left no record' };
        if (rec.state === 'done') return { answer: rec.answer ?? {}, why: `replayed the answer of process ${rec.pid}` };
        if (!alive(rec.pid)) return { why: `the leading process ${rec.pid} died before answering` };
        if (Date.now() + POLL_MS >= deadlineMs) return { why: `the leading process ${rec.pid} had not answered by the deadline` };
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    },
  };
}

function readRecord(file: string): TickRecord | null {
  const text = readText(file);
  if (text === null) return null;
  try {
    return JSON.parse(text) as TickRecord;
  } catch {
    return { pid: 0, state: 'pending', at: 0 };
  }
}

function ageOf(file: string, now: number): number | null {
  try {
    return now - fs.lstatSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
