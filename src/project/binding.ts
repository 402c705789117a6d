// Reading .cursor/hooks.json and telling hookshim's entries from everyone else's.
import fs from 'node:fs';
import path from 'node:path';
import { isOurCommand } from './paths.ts';

/** The project's Cursor hooks file, relative to the root. */
export const HOOKS_JSON = '.cursor/hooks.json';
/** Where the vendored bundle goes, relative to the repo root. */
export const VENDORED = '.cursor/hooks/hookshim.cjs';
/** The bundle of the installed package, relative to the repo root. */
export const PACKAGED = 'node_modules/hookshim/dist/hookshim.cjs';

export type Mode = 'vendored' | 'package';

export type HooksFile =
  | { kind: 'absent'; file: string }
  | { kind: 'invalid'; file: string; error: string }
  | { kind: 'ok'; file: string; doc: Record<string, unknown>; hooks: Record<string, unknown[]> };

/** Read and shape-check .cursor/hooks.json: an object whose `hooks` (if any) maps events to arrays. */
export function readHooksFile(dir: string): HooksFile {
  const file = path.join(dir, HOOKS_JSON);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'absent', file };
    return { kind: 'invalid', file, error: `cannot read it (${(err as Error).message})` };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return { kind: 'invalid', file, error: `not valid JSON (${(err as Error).message})` };
  }
  if (!isObject(doc)) return { kind: 'invalid', file, error: `expected a JSON object like {"version": 1, "hooks": {...}}, found ${kindOf(doc)}` };
  if (doc.hooks !== undefined && !isObject(doc.hooks)) return { kind: 'invalid', file, error: `"hooks" must be an object keyed by Cursor event, found ${kindOf(doc.hooks)}` };
  const hooks: Record<string, unknown[]> = {};
  for (const [ev, list] of Object.entries((doc.hooks as Record<string, unknown> | undefined) ?? {})) {
    if (!Array.isArray(list)) return { kind: 'invalid', file, error: `"hooks.${ev}" must be an array of hook definitions, found ${kindOf(list)}` };
    hooks[ev] = list;
  }
  return { kind: 'ok', file, doc, hooks };
}

/** True for an entry hookshim owns: its command names hookshim (the stable marker, see isOurCommand). */
export function isOurs(entry: unknown): boolean {
  const cmd = (entry as { command?: unknown } | null)?.command;
  return typeof cmd === 'string' && isOurCommand(cmd);
}

export interface OurEntry {
  event: string;
  entry: Record<string, unknown>;
}

/** hookshim's entries, in file order. */
export function ourEntries(hooks: Record<string, unknown[]>): OurEntry[] {
  const out: OurEntry[] = [];
  for (const [event, list] of Object.entries(hooks)) for (const e of list) if (isOurs(e)) out.push({ event, entry: e as Record<string, unknown> });
  return out;
}

/** Entries of other tools or hand-written ones, per event. */
export function foreignCounts(hooks: Record<string, unknown[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [event, list] of Object.entries(hooks)) {
    const n = list.filter((e) => !isOurs(e)).length;
    if (n) out[event] = n;
  }
  return out;
}

/** The mode the existing entries use, if they agree on one. */
export function detectMode(hooks: Record<string, unknown[]>): Mode | undefined {
  const modes = new Set(ourEntries(hooks).map((o) => (String(o.entry.command).includes(PACKAGED) ? 'package' : 'vendored')));
  return modes.size === 1 ? [...modes][0] : undefined;
}

/** "hookshim 0.1.0" from a bundle's banner, if it has one. */
export function bundleVersion(file: string): string | undefined {
  try {
    const head = fs.readFileSync(file, 'utf8').slice(0, 300);
    return /\/\/ hookshim ([^\s:]+):/.exec(head)?.[1];
  } catch {
    return undefined;
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
