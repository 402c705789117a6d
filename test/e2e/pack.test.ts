// Packed-tarball smoke test (husky style): `npm pack`, install the tarball into a clean temp repo, `npx hookshim init`
// (vendored, then --package), fire one event through the bound command as Cursor does, and check the answer.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './harness.ts';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-pack-')));
const repo = path.join(work, 'repo');
let tarball = '';
let packed: { path: string }[] = [];

// A clean npm environment: no settings inherited from an outer `npm test`, a private cache.
const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
Object.assign(env, {
  npm_config_cache: path.join(work, 'npm-cache'),
  npm_config_update_notifier: 'false',
  NO_COLOR: '1',
  HOOKSHIM_STATE_DIR: path.join(work, 'state'),
});
delete env.HOOKSHIM_LOG;
delete env.HOOKSHIM_DEBUG;

function run(cmd: string, args: string[], cwd: string, input?: string): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 60_000,
    ...(input !== undefined ? { input } : {}),
  });
}
const ok = (r: SpawnSyncReturns<string>) => {
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  return r;
};

beforeAll(() => {
  ensureBuilt();
  // --ignore-scripts: the bundle was just built; a prepack rebuild here would rewrite dist/ under other running tests.
  const r = ok(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT));
  const info = JSON.parse(r.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(work, info[0]!.filename);
  packed = info[0]!.files;

  fs.mkdirSync(path.join(repo, 'hooks'), { recursive: true });
  fs.writeFileSync(
    path.join(repo, 'package.json'),
    JSON.stringify({ name: 'pack-smoke', version: '0.0.0', private: true }),
  );
  fs.writeFileSync(
    path.join(repo, 'hooks', 'hooks.json'),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no-force-push.sh', timeout: 10 }],
          },
        ],
      },
    }),
  );
  fs.writeFileSync(
    path.join(repo, 'hooks', 'no-force-push.sh'),
    '#!/bin/sh\ncase "$(cat)" in *"push --force"*) echo "No force pushes." >&2; exit 2 ;; esac\n',
    { mode: 0o755 },
  );
  // The tarball has no runtime dependencies, so an offline install works; fall back to the registry if it does not.
  const offline = run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], repo);
  if (offline.status !== 0) ok(run('npm', ['install', '--no-audit', '--no-fund', tarball], repo));
}, 120_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const payload = (command: string) =>
  JSON.stringify({
    conversation_id: 'c-pack',
    generation_id: 'g-pack',
    session_id: 'c-pack',
    hook_event_name: 'preToolUse',
    workspace_roots: [repo],
    cwd: '',
    tool_name: 'Shell',
    tool_input: { command, cwd: '' },
    tool_use_id: `t-${command.length}-${Date.now()}`,
    transcript_path: null,
  });
const bound = () =>
  JSON.parse(fs.readFileSync(path.join(repo, '.cursor', 'hooks.json'), 'utf8')).hooks.preToolUse[0].command as string;
// Cursor runs the entry's command through the shell, from the project root, payload on stdin (docs/cursor-hooks.md §1–2).
const fire = (command: string) => JSON.parse(ok(run('sh', ['-c', bound()], repo, payload(command))).stdout);

describe('the npm package', () => {
  it('ships the two bundles, the schemas and package.json, nothing else', () => {
    const files = packed.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/cli.mjs',
        'dist/hookshim.cjs',
        'package.json',
        'catalog/schema/hookshim-config.schema.json',
        'catalog/schema/claude-code-plugin-hooks.schema.json',
      ]),
    );
    expect(
      files.filter(
        (f) =>
          !/^(dist\/(cli\.mjs|hookshim\.cjs)|package\.json|catalog\/schema\/[^/]+\.json|README\.md|LICENSE)$/.test(f),
      ),
    ).toEqual([]);
    const installed = JSON.parse(fs.readFileSync(path.join(repo, 'node_modules', 'hookshim', 'package.json'), 'utf8'));
    expect(installed.dependencies ?? {}).toEqual({});
  });

  it('npx hookshim --version is the package version', () => {
    expect(ok(run('npx', ['--no', '--', 'hookshim', '--version'], repo)).stdout.trim()).toBe(pkg.version);
  });

  it('npx hookshim init vendors the bundle; the bound command answers Cursor', () => {
    const r = ok(run('npx', ['--no', 'hookshim', 'init'], repo));
    expect(r.stdout).toMatch(/wrote: \.cursor\/hooks\.json, \.cursor\/hooks\/hookshim\.cjs/);
    expect(bound()).toBe('node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse');
    expect(
      fs
        .readFileSync(path.join(repo, '.cursor/hooks/hookshim.cjs'))
        .equals(fs.readFileSync(path.join(repo, 'node_modules/hookshim/dist/hookshim.cjs'))),
    ).toBe(true);
    expect(fire('git push --force origin main')).toEqual({
      permission: 'deny',
      user_message: 'No force pushes.',
      agent_message: 'No force pushes.',
    });
    expect(fire('git status')).toEqual({ permission: 'allow' });
    expect(ok(run('npx', ['--no', 'hookshim', 'check'], repo)).stdout).toMatch(/hookshim check: ok/);
  });

  it('npx hookshim init --package binds node_modules/hookshim; same answers', () => {
    const r = ok(run('npx', ['--no', 'hookshim', 'init', '--package'], repo));
    // The same command: .cursor/hooks/hookshim.cjs becomes the committed launcher of the installed package.
    expect(r.stdout).toMatch(/wrote: \.cursor\/hooks\/hookshim\.cjs\n/);
    expect(fs.readFileSync(path.join(repo, '.cursor/hooks/hookshim.cjs'), 'utf8')).toMatch(/^\/\/ hookshim launcher/);
    expect(bound()).toBe('node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse');
    expect(fire('git push --force origin main')).toMatchObject({
      permission: 'deny',
      user_message: 'No force pushes.',
    });
    expect(ok(run('npx', ['--no', 'hookshim', 'check'], repo)).stdout).toMatch(
      /hookshim check: ok \(1 rows?, 3 events bound, package bundle/,
    );
  });
});
