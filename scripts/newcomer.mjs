#!/usr/bin/env node
// newcomer.mjs: the README's path for a new user, run to the letter from a clean clone of this checkout, in order:
// `npm ci`, `npm run demo`, `npm link` (into a private prefix, so the machine's own npm is untouched), `hookshim init`
// in a new git repository holding the demo catalog, `git add .cursor && git commit`, `hookshim check` in a second
// clone of that repository, then `hookshim uninstall` there. Prints each step; exits 1 on the first that fails.
// `--here` runs from this checkout as it is (no clone, no `npm ci`): what test/e2e/newcomer.test.ts does.
// @ts-check
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const checkout = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const here = process.argv.includes('--here');
const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-newcomer-')));
const prefix = path.join(tmp, 'npm-prefix');
const started = Date.now();

/**
 * The environment of every step: `hookshim` found through the linked prefix, a private state dir, a git identity.
 * @type {NodeJS.ProcessEnv}
 */
const env = {
  ...process.env,
  PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  npm_config_prefix: prefix,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  HOOKSHIM_STATE_DIR: path.join(tmp, 'state'),
  GIT_AUTHOR_NAME: process.env.GIT_AUTHOR_NAME ?? 'newcomer',
  GIT_AUTHOR_EMAIL: process.env.GIT_AUTHOR_EMAIL ?? 'newcomer@example.com',
  GIT_COMMITTER_NAME: process.env.GIT_COMMITTER_NAME ?? 'newcomer',
  GIT_COMMITTER_EMAIL: process.env.GIT_COMMITTER_EMAIL ?? 'newcomer@example.com',
};
delete env.HOOKSHIM_CATALOG;
delete env.CURSOR_PROJECT_DIR;

/** Run one README command (through sh, as a user types it) in `cwd`; print it and its output; stop the run on failure. */
function step(cwd, command, expect = 0) {
  const t0 = Date.now();
  console.log(`\n$ ${command}    (in ${shown(cwd)})`);
  const r = spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trimEnd();
  if (out) console.log(out.replace(/^/gm, '  '));
  console.log(`  → exit ${r.status} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (r.status !== expect) fail(`\`${command}\` exited ${r.status}, expected ${expect}`);
  return r.stdout ?? '';
}

/** A folder as printed: relative to the run's temporary folder, or the checkout. */
function shown(dir) {
  if (dir === checkout) return 'this checkout';
  return dir === tmp ? 'a temporary folder' : path.relative(tmp, dir);
}

/** Stop the run: say what failed and where the run's files are kept for a look. */
function fail(why) {
  console.error(`\nnewcomer run FAILED: ${why}\n(its files are kept in ${tmp})`);
  process.exit(1);
}

/** A step's own check, beyond its exit code. */
function expectThat(ok, why) {
  if (!ok) fail(why);
  console.log(`  ✓ ${why}`);
}

console.log(
  `newcomer run: the README's commands in order (${here ? 'from this checkout as it is' : 'from a clean clone'})`,
);
let hookshimDir = checkout;
if (!here) {
  hookshimDir = path.join(tmp, 'hookshim');
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).stdout.trim();
  step(tmp, `git clone --quiet ${JSON.stringify(checkout)} hookshim && git -C hookshim checkout --quiet ${head}`);
  step(hookshimDir, 'npm ci');
}
step(hookshimDir, 'npm run demo');
step(hookshimDir, 'npm run build && npm link');
step(tmp, 'hookshim --version');

// A repository of the user's: the demo catalog, committed, as a Claude Code user has it.
const app = path.join(tmp, 'app');
fs.cpSync(path.join(hookshimDir, 'scripts', 'demo', 'hooks'), path.join(app, 'hooks'), { recursive: true });
step(app, 'git init --quiet && git add -A && git commit --quiet -m "Claude hook catalog"');
step(app, 'hookshim init');
step(app, 'git add .cursor && git commit -m "Run the Claude hook catalog under Cursor"');

const clone = path.join(tmp, 'app-clone');
step(tmp, 'git clone --quiet app app-clone');
step(clone, 'hookshim check');
step(clone, 'hookshim uninstall');
const left = step(clone, 'git status --porcelain --untracked-files=all').split('\n').filter(Boolean);
expectThat(
  left.length > 0 && left.every((l) => /^ D \.cursor\//.test(l)),
  `uninstall took out only committed files under .cursor/ (${left.length}), nothing of the catalog`,
);

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\nnewcomer run passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
