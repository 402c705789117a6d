// "Is it loaded?": every event leaves a heartbeat per project, binding, host and event in the state dir (the event,
// when, which host ran it and its version; nothing from the payload), so `hookshim doctor` can say when each host last
// ran hookshim here. A
// heartbeat is only ever read by doctor: planting one can mislead doctor, never change an answer (docs/security.md).
import fs from 'node:fs';
import path from 'node:path';
import { fnv } from '../project/load.ts';
import { areaPath, type StateDir } from '../state/dir.ts';
import { readText, writeFileAtomic } from '../state/fsx.ts';

/** A heartbeat newer than this is not rewritten: one lstat on most events, a write at most once a minute per event. */
export const BEAT_EVERY_MS = 60 * 1000;

/** One heartbeat as doctor reads it. */
export interface Beat {
  project: string;
  /** The plugin folder of a plugin binding; '' for the project's own binding. */
  binding: string;
  event: string;
  /** Epoch ms of the last event (the file's mtime). */
  at: number;
  /** The version of the host that ran it, when it says one (Cursor's CURSOR_VERSION). */
  host?: string;
  /** The id of the host that ran it (the bound command's `--host`); absent in heartbeats written before hosts. */
  hostId?: string;
}

/** The heartbeat file's name prefix of a project: every binding's beats of it start with it. */
export function beatPrefix(project: string): string {
  return `${fnv(project)}.`;
}

/**
 * Leave this event's heartbeat (cheap; a failure only means doctor knows less). Cursor's file keeps the name it had
 * before hosts; another host's names the host too, since Copilot's event names are Cursor's.
 */
export function beat(
  stateDir: StateDir,
  project: string,
  binding: string,
  event: string,
  host: string | undefined,
  hostId = 'cursor',
): void {
  const name = `${beatPrefix(project)}${fnv(binding)}.${hostId === 'cursor' ? '' : `${hostId}.`}${event}`;
  const file = areaPath(stateDir, 'beat', name);
  if (!file) return;
  try {
    const seen = fs.lstatSync(file, { throwIfNoEntry: false });
    if (seen?.isFile() && Date.now() - seen.mtimeMs < BEAT_EVERY_MS) return;
    writeFileAtomic(file, JSON.stringify({ project, binding, event, hostId, ...(host ? { host } : {}) }));
  } catch {
    /* doctor knows less */
  }
}

/** Every heartbeat of `project` in the state dir at `root`, newest first (unreadable or foreign files skipped). */
export function readBeats(root: string, project: string): Beat[] {
  const dir = path.join(root, 'beat');
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.startsWith(beatPrefix(project)));
  } catch {
    return [];
  }
  const out: Beat[] = [];
  for (const n of names) {
    const file = path.join(dir, n);
    try {
      const stat = fs.lstatSync(file);
      const doc = JSON.parse(readText(file) ?? 'null') as Partial<Beat> | null;
      const named = doc?.event;
      if (!stat.isFile() || !doc || doc.project !== project || typeof named !== 'string') continue;
      out.push({
        project,
        binding: typeof doc.binding === 'string' ? doc.binding : '',
        event: named,
        at: stat.mtimeMs,
        ...(typeof doc.host === 'string' ? { host: doc.host } : {}),
        ...(typeof doc.hostId === 'string' ? { hostId: doc.hostId } : {}),
      });
    } catch {
      /* skipped */
    }
  }
  return out.sort((a, b) => b.at - a.at);
}
