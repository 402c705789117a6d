// Per-user state directory: stashes, sentinels, recorded tool results, rewritten transcripts (docs/design.md §10).
// Private (0700, ours, never a symlink); nothing in it is needed beyond one agent session, and every failure
// degrades, never crashes.
import os from 'node:os';
import path from 'node:path';
import { ensurePrivateDir, safeHome, uid } from './fsx.ts';

export interface StateDir {
  readonly root: string;
  /** HOOKSHIM_STATE_MAX_AGE_S: caps every area's collection age (tests, load runs, short-lived machines). */
  readonly maxAgeMs?: number;
}

/** Subfolders, one per kind of record. */
export type StateArea = 'stash' | 'tick' | 'tx' | 'results' | 'ups' | 'ctx' | 'async' | 'env' | 'catalog' | 'beat';

export const AREAS: readonly StateArea[] = [
  'stash',
  'tick',
  'tx',
  'results',
  'ups',
  'ctx',
  'async',
  'env',
  'catalog',
  'beat',
];

/**
 * Where the state lives for this user: override, XDG state home, ~/.local/state, else the temp dir. On Windows: the
 * user's local application data (`%LOCALAPPDATA%\hookshim`, docs/security.md "On Windows").
 */
export function stateRootFor(env: NodeJS.ProcessEnv, platform: string = process.platform): string {
  if (env.HOOKSHIM_STATE_DIR) return path.resolve(env.HOOKSHIM_STATE_DIR);
  if (platform === 'win32') return windowsStateRoot(env);
  if (env.XDG_STATE_HOME) return path.join(env.XDG_STATE_HOME, 'hookshim');
  const home = env.HOME || safeHome();
  if (home) return path.join(home, '.local', 'state', 'hookshim');
  return path.join(os.tmpdir(), `hookshim-${uid()}`);
}

/** `%LOCALAPPDATA%\hookshim`, else under the profile (`%USERPROFILE%\AppData\Local`), else the temp dir. */
function windowsStateRoot(env: NodeJS.ProcessEnv): string {
  const w = path.win32;
  if (env.LOCALAPPDATA) return w.join(env.LOCALAPPDATA, 'hookshim');
  const profile = env.USERPROFILE || safeHome();
  if (profile) return w.join(profile, 'AppData', 'Local', 'hookshim');
  return w.join(os.tmpdir(), 'hookshim');
}

/** Open (create if needed) the state directory, refusing symlinks and foreign owners, closing open modes. */
export function openState(env: NodeJS.ProcessEnv, warn: (msg: string) => void): StateDir | null {
  const root = stateRootFor(env);
  const problem = ensurePrivateDir(root, true);
  if (problem) {
    warn(
      `state directory ${root} cannot be used (${problem}); running degraded: no stash, replay or dedup for this event`,
    );
    return null;
  }
  const maxAge = Number(env.HOOKSHIM_STATE_MAX_AGE_S);
  return env.HOOKSHIM_STATE_MAX_AGE_S !== undefined &&
    env.HOOKSHIM_STATE_MAX_AGE_S !== '' &&
    Number.isFinite(maxAge) &&
    maxAge >= 0
    ? { root, maxAgeMs: maxAge * 1000 }
    : { root };
}

/** Path of a record file; creates and checks its area folder. Returns null when the area is unusable. */
export function areaPath(stateDir: StateDir, area: StateArea, name: string): string | null {
  const dir = path.join(stateDir.root, area);
  if (ensurePrivateDir(dir, false)) return null;
  return path.join(dir, name);
}
