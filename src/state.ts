// Per-user state directory: stashes, sentinels, recorded tool results, rewritten transcripts.
// Nothing here is needed beyond one agent session; every failure degrades, never crashes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface StateDir {
  readonly root: string;
}

/** Subfolders, one per kind of record. */
export type StateArea = 'stash' | 'tick' | 'tx' | 'results' | 'ups' | 'ctx' | 'env';

const AREAS: readonly StateArea[] = ['stash', 'tick', 'tx', 'results', 'ups', 'ctx', 'env'];

/** Where the state lives for this user: override, XDG state home, ~/.local/state, else the temp dir. */
export function stateRootFor(env: NodeJS.ProcessEnv): string {
  if (env.HOOKSHIM_STATE_DIR) return path.resolve(env.HOOKSHIM_STATE_DIR);
  if (env.XDG_STATE_HOME) return path.join(env.XDG_STATE_HOME, 'hookshim');
  const home = env.HOME || safeHomedir();
  if (home) return path.join(home, '.local', 'state', 'hookshim');
  return path.join(os.tmpdir(), `hookshim-${uid()}`);
}

/** Open (create if needed) the state directory, refusing symlinks, foreign owners and open modes. */
export function openState(env: NodeJS.ProcessEnv, warn: (msg: string) => void): StateDir | null {
  const root = stateRootFor(env);
  const problem = ensurePrivateDir(root, true);
  if (problem) {
    warn(`state directory ${root} cannot be used (${problem}); running degraded: no stash, replay or dedup for this event`);
    return null;
  }
  return { root };
}

/** Path of a record file; creates and checks its area folder. Returns null when the area is unusable. */
export function areaPath(st: StateDir, area: StateArea, name: string): string | null {
  const dir = path.join(st.root, area);
  if (ensurePrivateDir(dir, false)) return null;
  return path.join(dir, name);
}

/** Make sure `dir` is a real directory owned by us with mode 0700; returns a problem or null. */
export function ensurePrivateDir(dir: string, recursive: boolean): string | null {
  try {
    fs.mkdirSync(dir, { recursive, mode: 0o700 });
  } catch (err) {
    if (errno(err) !== 'EEXIST') return describe(err);
  }
  let st: fs.Stats;
  try {
    st = fs.lstatSync(dir);
  } catch (err) {
    return describe(err);
  }
  if (st.isSymbolicLink()) return 'it is a symbolic link';
  if (!st.isDirectory()) return 'it is not a directory';
  const me = uid();
  if (me >= 0 && st.uid !== me) return `it is owned by uid ${st.uid}, not ${me}`;
  if ((st.mode & 0o077) !== 0) {
    try {
      fs.chmodSync(dir, 0o700);
    } catch (err) {
      return `its mode is ${(st.mode & 0o777).toString(8)} and chmod failed: ${describe(err)}`;
    }
  }
  return null;
}

/** Write a file atomically (temp file + rename), never following a symlink at the destination. */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | nofollow(), mode);
  try {
    fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/** Create a file only if it does not exist yet; true when this call created it. */
export function createExclusive(file: string, data: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | nofollow(), 0o600);
  } catch (err) {
    if (errno(err) === 'EEXIST') return false;
    throw err;
  }
  try {
    fs.writeSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** Read a text file without following symlinks; null when absent or unreadable. */
export function readText(file: string): string | null {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | nofollow());
  } catch {
    return null;
  }
  try {
    return fs.readFileSync(fd, 'utf8');
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** Remove a file, ignoring its absence. */
export function removeFile(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch {
    /* already gone */
  }
}

/** Delete records older than `maxAgeMs` in every area; returns how many were removed. */
export function collectOld(st: StateDir, maxAgeMs: number, now = Date.now()): number {
  let removed = 0;
  for (const area of AREAS) {
    const dir = path.join(st.root, area);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const s = fs.lstatSync(file);
        if (now - s.mtimeMs > maxAgeMs) {
          fs.rmSync(file, { force: true, recursive: s.isDirectory() });
          removed++;
        }
      } catch {
        /* raced with another process */
      }
    }
  }
  return removed;
}

function nofollow(): number {
  return fs.constants.O_NOFOLLOW ?? 0;
}

function uid(): number {
  return typeof process.getuid === 'function' ? process.getuid() : -1;
}

function safeHomedir(): string {
  try {
    return os.homedir();
  } catch {
    return '';
  }
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  return e?.code ? `${e.code}: ${e.message}` : String(err);
}
