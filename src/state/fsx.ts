// One set of safe-file helpers for everything hookshim writes or reads back: never through a symlink, only regular
// files owned by this user, written whole (temp file + rename), created exclusively where a name must be fresh.
// The guarded agent runs as the same user and can write these directories: every reader here treats a file it did
// not expect as absent, never as an answer.
import fs from 'node:fs';
import os from 'node:os';
import { builtin } from '../project/builtin.ts';

/** Windows: no POSIX modes, uids or O_NOFOLLOW. */
const WINDOWS = process.platform === 'win32';

/** O_NOFOLLOW where the platform has it (0 elsewhere). */
export function nofollow(): number {
  return fs.constants.O_NOFOLLOW ?? 0;
}

/** This process's uid, or -1 where there is none (Windows). */
export function uid(): number {
  return typeof process.getuid === 'function' ? process.getuid() : -1;
}

/** The user's home directory, or undefined when the OS cannot tell. */
export function safeHome(): string | undefined {
  try {
    return os.homedir() || undefined;
  } catch {
    return undefined;
  }
}

/** True while process `pid` exists (EPERM: it exists, owned by someone else); never probes a group or a non-pid. */
export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errno(err) === 'EPERM';
  }
}

export function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/** An error as "CODE: message" (or its text). */
export function describeError(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  // Node's own message often starts with the code already ("ENOENT: no such file or directory, …").
  if (e?.code && !e.message.startsWith(`${e.code}:`)) return `${e.code}: ${e.message}`;
  return String((err as Error)?.message ?? err);
}

/**
 * Make sure `dir` is a real directory owned by us with mode 0700; returns a problem or null.
 * The checks run on an fd opened with O_NOFOLLOW, so the directory cannot be swapped for a symlink between
 * the check and the chmod.
 */
export function ensurePrivateDir(dir: string, recursive: boolean): string | null {
  const open = () => fs.openSync(dir, fs.constants.O_RDONLY | (fs.constants.O_DIRECTORY ?? 0) | nofollow());
  let fd: number;
  try {
    // Opened first: it exists on every event but the first, and a mkdir that fails with EEXIST costs an exception.
    try {
      fd = open();
    } catch (err) {
      if (errno(err) !== 'ENOENT') throw err;
      try {
        fs.mkdirSync(dir, { recursive, mode: 0o700 });
      } catch (mkdirErr) {
        if (isSymlink(dir)) return 'it is a symbolic link';
        if (errno(mkdirErr) !== 'EEXIST') return describeError(mkdirErr);
      }
      fd = open();
    }
  } catch (err) {
    const code = errno(err);
    if (code === 'ELOOP' || isSymlink(dir)) return 'it is a symbolic link';
    if (code === 'ENOTDIR') return 'it is not a directory';
    return describeError(err);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isDirectory()) return 'it is not a directory';
    // Windows has no POSIX modes or uids to check: the directory is the user's own through its place (a per-user
    // profile folder, src/state/dir.ts) and is never a symbolic link or junction (docs/security.md, "On Windows").
    if (WINDOWS) return fs.lstatSync(dir).isSymbolicLink() ? 'it is a symbolic link or junction' : null;
    const me = uid();
    if (me >= 0 && stat.uid !== me) return `it is owned by uid ${stat.uid}, not ${me}`;
    if ((stat.mode & 0o077) !== 0) {
      try {
        fs.fchmodSync(fd, 0o700);
      } catch (err) {
        return `its mode is ${(stat.mode & 0o777).toString(8)} and chmod failed: ${describeError(err)}`;
      }
    }
    return null;
  } catch (err) {
    return describeError(err);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Replace `file` with what `write` puts into a fresh temp file beside it (O_EXCL, never through a symlink, mode
 * 0600), renamed over it: readers see the old file or the new one, never half of one.
 */
export function replaceFile(file: string, write: (fd: number) => void, mode = 0o600): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | nofollow(), mode);
  try {
    try {
      write(fd);
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

/** Write a file atomically (temp file + rename), never following a symlink at the destination. */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): void {
  replaceFile(file, (fd) => writeFully(fd, typeof data === 'string' ? Buffer.from(data) : data), mode);
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
 * Open a file of ours for reading: never through a symlink, never blocking on a FIFO, only a regular file owned by
 * us. Returns the fd, or null when absent or refused (anything else at the name was not written by hookshim).
 */
export function openOwned(file: string, flags = fs.constants.O_RDONLY): number | null {
  let fd: number;
  try {
    fd = fs.openSync(file, flags | nofollow() | (fs.constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    const stat = fs.fstatSync(fd);
    const me = uid();
    if (stat.isFile() && (me < 0 || stat.uid === me)) return fd;
  } catch {
    /* refused below */
  }
  fs.closeSync(fd);
  return null;
}

/** Read a record file of ours as UTF-8 (see openOwned); null when absent, unreadable or refused. */
export function readText(file: string): string | null {
  const fd = openOwned(file);
  if (fd === null) return null;
  try {
    return fs.readFileSync(fd, 'utf8');
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** The bytes of a file of ours (see openOwned); undefined when absent, unreadable or refused. */
export function readOwnedBytes(file: string): Buffer | undefined {
  const fd = openOwned(file);
  if (fd === null) return undefined;
  try {
    return fs.readFileSync(fd);
  } catch {
    return undefined;
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
 * Move `file` aside atomically, then keep it removed only if what was moved is what `expected` says (the record
 * judged stale); otherwise put it back, unless a newer file took the name meanwhile. Never removes a fresh record.
 */
export function moveAside(file: string, expected: (aside: string) => boolean): void {
  const aside = `${file}.aside-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return; // another process moved it first
  }
  if (!expected(aside)) {
    try {
      fs.linkSync(aside, file);
    } catch {
      /* a newer record is in place */
    }
  }
  removeFile(aside);
}

/** Write all of `buf` to `fd` (at `position` onwards when given). */
export function writeFully(fd: number, buf: Uint8Array, position?: number): void {
  let off = 0;
  while (off < buf.length)
    off += fs.writeSync(fd, buf, off, buf.length - off, position === undefined ? null : position + off);
}

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * A token no other process or call of this one has: pid, time, a per-process sequence and V8's Math.random. It names
 * a file or marks a lock as this process's; nothing relies on it being unguessable (the guarded agent can read the
 * state dir), so it needs no node:crypto (~10 M instructions to load in a fresh process, docs/performance.md).
 */
export function uniqueToken(): string {
  tokenSeq += 1;
  return `${process.pid}-${Date.now().toString(36)}-${tokenSeq}-${Math.random().toString(36).slice(2, 10)}`;
}
let tokenSeq = 0;

/** node:crypto, loaded on first use (several ms): only a digest of a long text pays for it (docs/performance.md). */
export function nodeCrypto(): typeof import('node:crypto') {
  return builtin('node:crypto');
}
