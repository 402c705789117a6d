// What the tests under wine share (docs/hosts.md, "Windows"): the Windows node.exe scripts/test-windows.mjs found, the
// test's own WINEPREFIX, Linux paths as wine's Z: drive shows them, and a bound command fired through cmd.exe with
// stdin and stdout in files (wine pipes from Linux fail with EBADF).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NODE_EXE = process.env.HOOKSHIM_WIN_NODE as string;
export const PREFIX = process.env.WINEPREFIX ?? path.join(os.tmpdir(), `hookshim-wine-${process.getuid?.() ?? 0}`);

/** A Linux path as wine's Z: drive shows it. */
export const win = (p: string) => `Z:${p.replaceAll('/', '\\')}`;

/** The environment of a wine run: our prefix, node.exe on PATH, no project or state variables of this process. */
export function wineEnv(extraEnv: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WINEPREFIX: PREFIX,
    WINEDEBUG: '-all',
    NODE_SKIP_PLATFORM_CHECK: '1',
    ...extraEnv,
  };
  env.WINEPATH = win(path.dirname(NODE_EXE));
  for (const k of ['CURSOR_PROJECT_DIR', 'CLAUDE_PROJECT_DIR', 'HOOKSHIM_STATE_DIR', 'HOOKSHIM_DEBUG']) delete env[k];
  return env;
}

let n = 0;
/** Files for one run's stdin, stdout and stderr under `io`. */
export function ioFiles(io: string): [string, string, string] {
  fs.mkdirSync(io, { recursive: true });
  const k = ++n;
  return ['in.json', 'out.txt', 'err.txt'].map((f) => path.join(io, `${process.pid}-${k}-${f}`)) as [
    string,
    string,
    string,
  ];
}

/** Run `command` under `wine cmd /c` from `dir`, `payload` on stdin; what it wrote, and the cmd line for messages. */
export function underCmd(
  dir: string,
  command: string,
  payload: string | Buffer,
  io: string,
  extraEnv: NodeJS.ProcessEnv = {},
): { stdout: string; stderr: string; line: string; wine: string } {
  const [inp, out, err] = ioFiles(io);
  fs.writeFileSync(inp, payload);
  const line = `cd /d ${win(dir)} && ${command} < ${win(inp)} > ${win(out)} 2> ${win(err)}`;
  const r = spawnSync('wine', ['cmd', '/c', line], { env: wineEnv(extraEnv), encoding: 'utf8', timeout: 120_000 });
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
  return { stdout: read(out), stderr: read(err), line, wine: r.stderr ?? '' };
}

/** End wine's server for our prefix (it lingers after the last process). */
export function endWine(): void {
  spawnSync('wineserver', ['-k'], { env: { ...process.env, WINEPREFIX: PREFIX } });
}
