// Per-user state directory: stashes, sentinels, recorded tool results, rewritten transcripts (DESIGN §8).
// Private (0700, ours, never a symlink), written atomically, collected by age and count.
// Nothing here is needed beyond one agent session; every failure degrades, never crashes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface StateDir {
  readonly root: string;
  /** HOOKSHIM_STATE_MAX_AGE_S: caps every area's collection age (tests, load runs, short-lived machines). */
  readonly maxAgeMs?: number;
}

/** Subfolders, one per kind of record. */
export type StateArea = 'stash' | 'tick' | 'tx' | 'results' | 'ups' | 'ctx' | 'env' | 'catalog';

const AREAS: readonly StateArea[] = ['stash', 'tick', 'tx', 'results', 'ups', 'ctx', 'env', 'catalog'];

/**
 * Areas whose records lose their use sooner than the general age: a tick only matters while its event can
 * still be re-fired (the longest wrapper timeout init binds is 600 s), an env file only during its sessionStart.
 */
export const AREA_MAX_AGE_MS: Partial<Record<StateArea, number>> = { tick: 15 * 60 * 1000, env: 15 * 60 * 1000 };
/** At most this many records per area survive a collection (the newest); bounds the directory's size. */
export const AREA_MAX_ENTRIES = 5000;

/** Where the state lives for this user: override, XDG state home, ~/.local/state, else the temp dir. */
export function stateRootFor(env: NodeJS.ProcessEnv): string {
  if (env.HOOKSHIM_STATE_DIR) return path.resolve(env.HOOKSHIM_STATE_DIR);
  if (env.XDG_STATE_HOME) return path.join(env.XDG_STATE_HOME, 'hookshim');
  const home = env.HOME || safeHomedir();
  if (home) return path.join(home, '.local', 'state', 'hookshim');
  return path.join(os.tmpdir(), `hookshim-${uid()}`);
}

/** Open (create if needed) the state directory, refusing symlinks and foreign owners, closing open modes. */
export function openState(env: NodeJS.ProcessEnv, warn: (msg: string) => void): StateDir | null {
  const root = stateRootFor(env);
  const problem = ensurePrivateDir(root, true);
  if (problem) {
    warn(`state directory ${root} cannot be used (${problem}); running degraded: no stash, replay or dedup for this event`);
    return null;
  }
  const maxAge = Number(env.HOOKSHIM_STATE_MAX_AGE_S);
  return env.HOOKSHIM_STATE_MAX_AGE_S !== undefined && env.HOOKSHIM_STATE_MAX_AGE_S !== '' && Number.isFinite(maxAge) && maxAge >= 0
    ? { root, maxAgeMs: maxAge * 1000 }
    : { root };
}

/** Path of a record file; creates and checks its area folder. Returns null when the area is unusable. */
export function areaPath(st: StateDir, area: StateArea, name: string): string | null {
  const dir = path.join(st.root, area);
  if (ensurePrivateDir(dir, false)) return null;
  return path.join(dir, name);
}

/**
 * Make sure `dir` is a real directory owned by us with mode 0700; returns a problem or null.
 * The checks run on an fd opened with O_NOFOLLOW, so the directory cannot be swapped for a symlink between
 * the check and the chmod.
 */
export function ensurePrivateDir(dir: string, recursive: boolean): string | null {
  try {
    fs.mkdirSync(dir, { recursive, mode: 0o700 });
  } catch (err) {
    if (isSymlink(dir)) return 'it is a symbolic link';
    if (errno(err) !== 'EEXIST') return describe(err);
  }
  let fd: number;
  try {
    fd = fs.openSync(dir, fs.constants.O_RDONLY | (fs.constants.O_DIRECTORY ?? 0) | nofollow());
  } catch (err) {
    const code = errno(err);
    if (code === 'ELOOP' || isSymlink(dir)) return 'it is a symbolic link';
    if (code === 'ENOTDIR') return 'it is not a directory';
    return describe(err);
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isDirectory()) return 'it is not a directory';
    const me = uid();
    if (me >= 0 && st.uid !== me) return `it is owned by uid ${st.uid}, not ${me}`;
    if ((st.mode & 0o077) !== 0) {
      try {
        fs.fchmodSync(fd, 0o700);
      } catch (err) {
        return `its mode is ${(st.mode & 0o777).toString(8)} and chmod failed: ${describe(err)}`;
      }
    }
    return null;
  } catch (err) {
    return describe(err);
  } finally {
    fs.closeSync(fd);
  }
}

/** Write a file atomically (temp file + rename), never following a symlink at the destination. */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | nofollow(), mode);
  try {
    try {
      writeFully(fd, typeof data === 'string' ? Buffer.from(data) : data);
    } finally {
      fs.closeSync(fd);
    }
    // rename replaces a symlink at `file` itself; it never writes through it.
    fs.renameSync(tmp, file);
  } catch (err) {
    removeFile(tmp);
    throw err;
  }
}

/** Create a file only if it does not exist yet (O_EXCL: never through a symlink); true when this call created it. */
export function createExclusive(file: string, data: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | nofollow(), 0o600);
  } catch (err) {
    if (errno(err) === 'EEXIST') return false;
    throw err;
  }
  try {
    writeFully(fd, Buffer.from(data));
  } catch (err) {
    fs.closeSync(fd);
    removeFile(file);
    throw err;
  }
  fs.closeSync(fd);
  return true;
}

/**
 * Read a record file: never through a symlink, only a regular file owned by us (anything else in the
 * directory was not written by hookshim); null when absent, unreadable or refused.
 */
export function readText(file: string): string | null {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO planted under the name must not block the event.
    fd = fs.openSync(file, fs.constants.O_RDONLY | nofollow() | (fs.constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return null;
    const me = uid();
    if (me >= 0 && st.uid !== me) return null;
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

/**
 * Delete records older than their area's age (the smaller of `maxAgeMs`, the area's own age and the
 * HOOKSHIM_STATE_MAX_AGE_S override), then keep at most AREA_MAX_ENTRIES per area; returns how many were removed.
 */
export function collectOld(st: StateDir, maxAgeMs: number, now = Date.now()): number {
  let removed = 0;
  for (const area of AREAS) {
    const dir = path.join(st.root, area);
    const limit = Math.min(maxAgeMs, AREA_MAX_AGE_MS[area] ?? Infinity, st.maxAgeMs ?? Infinity);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    const kept: { file: string; mtime: number; dir: boolean }[] = [];
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const s = fs.lstatSync(file);
        if (now - s.mtimeMs > limit || (st.maxAgeMs === 0 && now >= s.mtimeMs)) {
          if (remove(file, s.isDirectory())) removed++;
        } else kept.push({ file, mtime: s.mtimeMs, dir: s.isDirectory() });
      } catch {
        /* raced with another process */
      }
    }
    if (kept.length > AREA_MAX_ENTRIES) {
      kept.sort((a, b) => b.mtime - a.mtime);
      for (const k of kept.slice(AREA_MAX_ENTRIES)) if (remove(k.file, k.dir)) removed++;
    }
  }
  return removed;
}

/** Every record file currently in an area (for `doctor`-style reports and tests). */
export function listArea(st: StateDir, area: StateArea): string[] {
  try {
    return fs.readdirSync(path.join(st.root, area)).sort();
  } catch {
    return [];
  }
}

function remove(file: string, dir: boolean): boolean {
  try {
    fs.rmSync(file, { force: true, recursive: dir });
    return true;
  } catch {
    return false;
  }
}

function writeFully(fd: number, buf: Uint8Array): void {
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off);
}

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
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
