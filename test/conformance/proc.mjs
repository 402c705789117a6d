// Process and value helpers shared by both sides of the conformance run (docs/conformance.md §2).
import { spawn } from 'node:child_process';

/** `$DIR/` in an action's input is the project folder of the side that runs it. */
export const sub = (v, dir) => JSON.parse(JSON.stringify(v ?? {}).replaceAll('$DIR/', `${dir}/`));

/** Spawn with a hard deadline; the whole process group is killed when it passes. */
export function run(bin, args, opts, timeoutMs, input) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { ...opts, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}
