// @ts-check
// The spawn floor: a bare CommonJS process, fired through `sh -c` as a host fires hookshim, that does nothing but
// start N copies of a script the way hookshim's runner does (src/hook/runner.ts: `/bin/sh -c`, its own process group,
// three pipes, the payload on stdin, output collected) and wait for all. What hookshim's matched path cannot go below
// on this machine; `npm run bench` judges hookshim's own work beyond it (docs/performance.md), and
// scripts/bench/spawnFloor.mjs tabulates it on its own. Two spawners: node:child_process, and libuv's handles (the
// runner's own src/hook/uvSpawn.ts, bundled by esbuild), as the runner starts a POSIX script.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './fixtures.mjs';

/** The spawner's source: `node <spawner> <script> <n>` starts n copies and prints its CPU time on stderr when all closed. */
const bareSpawner = (load, start) => `'use strict';
${load}
const [script, n] = [process.argv[2], Number(process.argv[3])];
const env = { ...process.env, CLAUDECODE: '1' };
let left = n;
const done = () => {
  const c = process.cpuUsage();
  process.stderr.write(String((c.user + c.system) / 1000));
  process.exit(0);
};
for (let i = 0; i < n; i++) {
${start}
}
if (n === 0) done();
`;

const CHILD_PROCESS = bareSpawner(
  "const { spawn } = require('node:child_process');",
  `  const c = spawn('/bin/sh', ['-c', script], { cwd: process.cwd(), env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  c.stdin.on('error', () => {});
  c.stdin.end('{"hook_event_name":"PreToolUse"}');
  c.stdout.on('data', () => {});
  c.stderr.on('data', () => {});
  c.on('close', () => --left === 0 && done());`,
);

const UV = bareSpawner(
  'const { uvSpawn } = require(process.env.UV_SPAWN);',
  `  const p = uvSpawn('/bin/sh', ['-c', script], { cwd: process.cwd(), env, detached: true });
  p.onData(1, () => {});
  p.onData(2, () => {});
  p.onClose(() => --left === 0 && done());
  p.feed('{"hook_event_name":"PreToolUse"}');`,
);

/**
 * Write both spawners (and the bundled uvSpawn module) under `dir`. Returns the commands that fire each, and the env
 * the libuv one needs (UV_SPAWN).
 */
export async function writeSpawners(dir) {
  const spawner = path.join(dir, 'spawner.cjs');
  fs.writeFileSync(spawner, CHILD_PROCESS);
  const uvSpawner = path.join(dir, 'uv-spawner.cjs');
  fs.writeFileSync(uvSpawner, UV);
  const uvModule = path.join(dir, 'uvSpawn.cjs');
  const { buildSync } = await import('esbuild');
  buildSync({
    entryPoints: [path.join(ROOT, 'src/hook/uvSpawn.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: uvModule,
    logLevel: 'error',
  });
  return {
    /** `node <spawner> <script> <n>` on node:child_process. */
    childProcess: (script, n) => `node '${spawner}' '${script}' ${n}`,
    /** The same on libuv's handles; needs `uvEnv` in its environment. */
    uv: (script, n) => `node '${uvSpawner}' '${script}' ${n}`,
    uvEnv: { UV_SPAWN: uvModule },
  };
}
