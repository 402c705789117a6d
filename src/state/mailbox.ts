// The mailbox: cross-event records in the state dir: preToolUse stashes, carried context, the prompt's pending context.
// Every read is a claim (atomic rename) so two processes never deliver the same record.
import fs from 'node:fs';
import path from 'node:path';
import { EMPTY_STATE, type Claims, type Effect, type Message, type StateIn } from '../../adapters/types.ts';
import { areaPath, type StateDir } from './dir.ts';
import { readText, removeFile, uniqueToken, writeFileAtomic } from './fsx.ts';
import { sha256HexOf } from './digest.ts';
import type { ClaudeEvent } from '../../adapters/eventMap.ts';
import { asyncSlot, claimAsync } from './asyncContext.ts';

/** Short stable file-name key. */
export function key(...parts: string[]): string {
  return sha256HexOf(parts.join('\u0000')).slice(0, 32);
}

/** A claimed set of records: their content, and a release that deletes them once the answer is out. */
export interface Claimed {
  state: StateIn;
  /** What stderr should say about them (finished async rows, src/state/asyncContext.ts). */
  notes: string[];
  release(): void;
  /** Put claimed records back (the answer could not be delivered). */
  restore(): void;
}

/**
 * Claim the records an event drains (its adapter's `needs.claims`); `toolUseId` keys the stash; finished async rows'
 * output joins the carried context when the catalog has async rows (`asyncRows` reads each). Missing records are simply empty.
 */
export function claim(
  stateDir: StateDir | null,
  session: string,
  want: Claims,
  toolUseId?: string,
  asyncRows?: Parameters<typeof claimAsync>[3],
): Claimed {
  const state: StateIn = { ...EMPTY_STATE, stashed: [], carried: [], pendingPrompt: [] };
  const taken: { from: string; to: string; meta?: string }[] = [];
  const notes: string[] = [];
  if (!stateDir) return { state, notes, release() {}, restore() {} };
  const grab = (file: string): string | null => {
    const to = `${file}.claimed-${process.pid}`;
    try {
      fs.renameSync(file, to);
    } catch {
      return null;
    }
    return to;
  };
  const take = (file: string | null): Message[] | null => {
    const to = file ? grab(file) : null;
    if (!file || !to) return null;
    taken.push({ from: file, to });
    return parseMessages(readText(to));
  };
  if (want.stash && toolUseId !== undefined)
    state.stashed = take(areaPath(stateDir, 'stash', `${key(session, toolUseId)}.json`)) ?? [];
  if (want.pending) state.pendingPrompt = take(areaPath(stateDir, 'ups', `${key(session)}.pending.json`)) ?? [];
  if (want.carried) {
    const dir = areaPath(stateDir, 'ctx', 'x');
    const prefix = `${key(session)}.`;
    if (dir) {
      let names: string[] = [];
      try {
        names = fs
          .readdirSync(path.dirname(dir))
          .filter((n) => n.startsWith(prefix) && n.endsWith('.json'))
          .sort();
      } catch {
        names = [];
      }
      for (const n of names) state.carried.push(...(take(path.join(path.dirname(dir), n)) ?? []));
    }
    // Async rows that finished since: their context is carried like the rest (docs/claude-hooks.md §10 Async context).
    const done = asyncRows
      ? claimAsync(stateDir, key(session), grab, asyncRows)
      : { messages: [], notes: [], taken: [] };
    state.carried.push(...done.messages);
    notes.push(...done.notes);
    for (const t of done.taken) taken.push({ from: t.from, to: t.claimed, meta: t.meta });
  }
  return {
    state,
    notes,
    release() {
      for (const t of taken) {
        removeFile(t.to);
        if (t.meta) removeFile(t.meta);
      }
    },
    restore() {
      for (const t of taken) {
        try {
          fs.renameSync(t.to, t.from);
        } catch {
          /* gone */
        }
      }
    },
  };
}

/** A place for an async row's output in this session's mailbox (src/state/asyncContext.ts): its base path. */
export function asyncOutput(
  stateDir: StateDir | null,
  session: string,
  label: string,
  event: ClaudeEvent,
): string | undefined {
  return asyncSlot(stateDir, key(session), label, event);
}

let carrySeq = 0;

/** Apply a fold's effects. Returns stderr notes for anything that could not be kept. */
export function applyEffects(stateDir: StateDir | null, session: string, effects: readonly Effect[]): string[] {
  const notes: string[] = [];
  for (const e of effects) {
    if (!stateDir) {
      notes.push(`state directory unavailable: ${describe(e)} lost`);
      continue;
    }
    try {
      switch (e.kind) {
        case 'stash': {
          const file = areaPath(stateDir, 'stash', `${key(session, e.toolUseId)}.json`);
          if (!file) throw new Error('stash area unusable');
          writeFileAtomic(file, JSON.stringify({ at: Date.now(), messages: e.messages }));
          break;
        }
        case 'carry': {
          // Names sort in the order written: time, then this process's own sequence (two carries in one millisecond).
          carrySeq += 1;
          const at = Date.now().toString().padStart(15, '0');
          const unique = `${String(carrySeq).padStart(6, '0')}-${uniqueToken()}`;
          const file = areaPath(stateDir, 'ctx', `${key(session)}.${at}-${unique}.json`);
          if (!file) throw new Error('ctx area unusable');
          writeFileAtomic(file, JSON.stringify({ at: Date.now(), messages: e.messages }));
          break;
        }
        case 'pendingPrompt': {
          const file = areaPath(stateDir, 'ups', `${key(session)}.pending.json`);
          if (!file) throw new Error('ups area unusable');
          const old = parseMessages(readText(file));
          if (old && old.length)
            notes.push(
              `the previous prompt's context was never delivered (no tool call followed it); replaced by this prompt's`,
            );
          writeFileAtomic(file, JSON.stringify({ at: Date.now(), messages: e.messages }));
          break;
        }
        default:
          e satisfies never;
      }
    } catch (err) {
      notes.push(`could not keep ${describe(e)}: ${(err as Error).message}`);
    }
  }
  return notes;
}

function describe(e: Effect): string {
  switch (e.kind) {
    case 'stash':
      return `${e.messages.length} warning(s) stashed for tool_use_id ${JSON.stringify(e.toolUseId)}`;
    case 'carry':
      return `${e.messages.length} carried message(s)`;
    case 'pendingPrompt':
      return `the prompt's context (${e.messages.length} message(s))`;
  }
}

function parseMessages(text: string | null): Message[] | null {
  if (text === null) return null;
  try {
    const doc = JSON.parse(text) as { messages?: unknown };
    if (!Array.isArray(doc.messages)) return [];
    return doc.messages.filter((m): m is Message => typeof m?.from === 'string' && typeof m?.text === 'string');
  } catch {
    return [];
  }
}
