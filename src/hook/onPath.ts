// Where a program resolves on PATH, for check (the program a row starts), doctor (the node the bound command runs) and
// the hook path (why a row's run failed with exit 127). Loaded on the hook path only with the runner, on a failure.
import fs from 'node:fs';
import path from 'node:path';
import { shebangProgram } from '../../catalog/program.ts';
import { findGitBash, isWindows, THIS_HOST, type Host, type Runnable } from './platform.ts';

/**
 * Where a bare command resolves on PATH (then in `more`), if anywhere. On Windows with PATHEXT's extensions, as its
 * shells find it (`node` is node.exe), and PATH under whatever case its name has there (`Path`).
 */
export function onPath(
  name: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  more: readonly string[] = [],
): string | undefined {
  const win = platform === 'win32';
  const value = (k: string) => env[Object.keys(env).find((key) => (win ? key.toUpperCase() : key) === k) ?? k];
  const exts =
    win && !path.extname(name) ? (value('PATHEXT') ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean) : [''];
  for (const d of [...(value('PATH') ?? '').split(win ? ';' : path.delimiter), ...more]) {
    if (!d) continue;
    for (const ext of exts) {
      const p = path.join(d, name + ext.toLowerCase());
      try {
        fs.accessSync(p, fs.constants.X_OK);
        if (fs.statSync(p).isFile()) return p;
      } catch {
        /* not here */
      }
    }
  }
  return undefined;
}

/**
 * The folders Git Bash puts before Windows' PATH (`/mingw64/bin`, `/usr/bin`, `/bin` of its installation), where a
 * shell-form row finds `sh`, `bash` and the POSIX tools on Windows (docs/hosts.md, "Windows"); none elsewhere.
 */
export function shellDirs(env: NodeJS.ProcessEnv, host: Host): string[] {
  if (!isWindows(host)) return [];
  const bash = findGitBash(env, host);
  if ('error' in bash) return [];
  const w = path.win32;
  const bin = w.dirname(bash.path);
  const root =
    w.basename(bin).toLowerCase() === 'bin' && w.basename(w.dirname(bin)).toLowerCase() === 'usr'
      ? w.dirname(w.dirname(bin))
      : w.dirname(bin);
  // Written with the separator the path was given with ("C:/Program Files/Git/bin/bash.exe" is a Windows path too).
  const dirs = [w.join(root, 'mingw64', 'bin'), w.join(root, 'usr', 'bin'), w.join(root, 'bin')];
  return bash.path.includes('\\') ? dirs : dirs.map((d) => d.replaceAll('\\', '/'));
}

/** The program a script's `#!/usr/bin/env …` line starts from PATH, read from its first bytes; none when unreadable. */
export function shebangOf(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    if (!fs.fstatSync(fd).isFile()) return undefined;
    const head = Buffer.alloc(256);
    return shebangProgram(head.toString('utf8', 0, fs.readSync(fd, head, 0, head.length, 0)));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * The program a run that could not start (exit 127; exec form's spawn ENOENT) did not find on PATH: the command's own
 * (`program`), or the one the script it runs directly (`direct`) starts through `#!/usr/bin/env`; named by the failure,
 * and found nowhere on the script's PATH. Read only on such a failure.
 */
export function programNotFound(
  job: Runnable & { program?: string; direct?: string },
  stderr: string,
  startError: string | undefined,
): string | undefined {
  const said = startError === undefined ? stderr : !job.shell && startError.includes('ENOENT') ? job.file : '';
  const shell = job.shell && job.shellPath !== 'powershell' ? shellDirs(job.env, THIS_HOST) : [];
  for (const program of [job.program, job.direct !== undefined ? shebangOf(job.direct) : undefined])
    if (program !== undefined && said.includes(program) && !onPath(program, job.env, process.platform, shell))
      return program;
  return undefined;
}
