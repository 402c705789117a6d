// @ts-check
// Timed process runs for the bench. Every figure is wall time from just before spawn() to the child's 'close' (it
// exited and its stdio is drained), taken in this (idle) process with performance.now().
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** Run `command` through `sh -c` as Cursor does (cwd, payload on stdin); resolves with its output and wall time. */
export function fire(command, { cwd, env, input = '' }) {
  return run('sh', ['-c', command], { cwd, env, input });
}

/**
 * The "direct" driver: start every command at once through /bin/sh -c (as hookshim's runner does), each with the same
 * stdin, and wait for all. Runs inside this process, so its wall time holds the scripts' own cost and no Node
 * start-up. Resolves with the wall time of the whole batch and of each command.
 */
export async function direct(commands, { cwd, env, input = '' }) {
  const t0 = performance.now();
  const each = await Promise.all(commands.map((c) => run('/bin/sh', ['-c', c], { cwd, env, input })));
  const ms = performance.now() - t0;
  for (const r of each) if (r.code !== 0) throw new Error(`direct: ${r.command} exited ${r.code}: ${r.stderr}`);
  return { ms, each: each.map((r) => r.ms) };
}

/** The same commands one after another, each waited for before the next starts (as Copilot runs an event's hooks). */
export async function oneByOne(commands, { cwd, env, input = '' }) {
  const t0 = performance.now();
  const each = [];
  for (const c of commands) {
    const r = await run('/bin/sh', ['-c', c], { cwd, env, input });
    if (r.code !== 0) throw new Error(`oneByOne: ${r.command} exited ${r.code}: ${r.stderr}`);
    each.push(r.ms);
  }
  return { ms: performance.now() - t0, each };
}

function run(file, args, { cwd, env, input }) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(file, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({
        command: args.at(-1),
        code,
        signal,
        ms: performance.now() - t0,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
