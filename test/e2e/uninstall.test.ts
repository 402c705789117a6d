// `hookshim uninstall`: takes out exactly what `init` added, in every form it binds (a project with
// hooks/hooks.json or .claude/settings.json, package mode, `init --plugin`), and leaves everything of the user's alone.
// Each repository is a git repository committed before init, so "exactly" is git's word: nothing else differs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt } from './harness.ts';

beforeAll(() => ensureBuilt());
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
});

/** A git repository holding `files`, committed. */
function repoWith(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-uninstall-')));
  temps.push(dir);
  for (const [rel, text] of Object.entries(files)) put(dir, rel, text);
  git(dir, 'init', '-q');
  commitAll(dir);
  return dir;
}

function put(dir: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text, { mode: rel.endsWith('.sh') ? 0o755 : 0o644 });
}

function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function commitAll(dir: string): void {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'state', '--allow-empty');
}

function hookshim(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Files that differ from the last commit, untracked ones included (`git status --porcelain`). */
const changes = (dir: string) => git(dir, 'status', '--porcelain', '--untracked-files=all').trim();

const CATALOG = JSON.stringify({
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' }] }],
  },
});
const GUARD = '#!/bin/sh\ncat >/dev/null\n';

describe('hookshim uninstall: the project binding', () => {
  it('a hooks/hooks.json repository: after init and uninstall, git sees no change at all', () => {
    const dir = repoWith({ 'hooks/hooks.json': CATALOG, 'hooks/g.sh': GUARD });
    expect(hookshim(dir, 'init').status).toBe(0);
    expect(changes(dir)).toContain('.cursor/.cursor/hooks/hookshim.cjs');
    const r = hookshim(dir, 'uninstall');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('removed  .cursor/hooks.json');
    expect(changes(dir)).toBe('');
    expect(fs.existsSync(path.join(dir, '.cursor'))).toBe(false);
    // A second run has nothing to do, and says so.
    expect(hookshim(dir, 'uninstall').stdout).toContain('nothing to remove: hookshim is not bound here');
  });

  it('a .claude/settings.json catalog: the settings file is never touched', () => {
    const settings = JSON.stringify(
      { hooks: { Stop: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/hooks/g.sh' }] }] } },
      null,
      2,
    );
    const dir = repoWith({ '.claude/settings.json': settings, 'hooks/g.sh': GUARD });
    expect(hookshim(dir, 'init').status).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, '.cursor/hookshim.json'), 'utf8')).catalogs).toEqual([
      '.claude/settings.json',
    ]);
    expect(hookshim(dir, 'uninstall').status).toBe(0);
    expect(changes(dir)).toBe('');
  });

  it('hand-written entries, config keys and foreign files stay; the committed binding is what remains of it', () => {
    const hooks = { version: 1, hooks: { stop: [{ command: 'say done' }], preToolUse: [{ command: './mine.sh' }] } };
    const dir = repoWith({
      'hooks/hooks.json': CATALOG,
      'hooks/g.sh': GUARD,
      '.cursor/hooks.json': `${JSON.stringify(hooks, null, 2)}\n`,
      '.cursor/hookshim.json': `${JSON.stringify({ transcripts: false }, null, 2)}\n`,
      '.cursor/rules/style.mdc': 'be nice\n',
    });
    expect(hookshim(dir, 'init').status).toBe(0);
    const bound = JSON.parse(fs.readFileSync(path.join(dir, '.cursor/hooks.json'), 'utf8'));
    expect(bound.hooks.preToolUse).toHaveLength(2);
    const dry = hookshim(dir, 'uninstall', '--dry-run', '--json');
    expect(dry.status).toBe(0);
    const before = changes(dir);
    const report = JSON.parse(dry.stdout);
    expect(report.dryRun).toBe(true);
    expect(report.removed).toEqual([
      '.cursor/hooks/hookshim.cjs',
      '.cursor/.cursor/hooks/hookshim.cjs',
      '.cursor/.cursor/hooks/',
      '.cursor/.cursor/',
      '.cursor/hooks/',
    ]);
    expect(report.changed.map((c: { file: string }) => c.file)).toEqual([
      '.cursor/hooks.json',
      '.cursor/hookshim.json',
    ]);
    expect(report.kept).toEqual([{ file: '.cursor/hookshim.json', why: expect.stringContaining('transcripts') }]);
    expect(changes(dir)).toBe(before);
    expect(hookshim(dir, 'uninstall').status).toBe(0);
    expect(changes(dir)).toBe('');
  });

  it("a file at the bundle path that is not hookshim's is kept, and said", () => {
    const dir = repoWith({ 'hooks/hooks.json': CATALOG, 'hooks/g.sh': GUARD });
    expect(hookshim(dir, 'init').status).toBe(0);
    fs.writeFileSync(path.join(dir, '.cursor/hooks/hookshim.cjs'), 'console.log("mine")\n');
    const r = hookshim(dir, 'uninstall');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/kept {5}\.cursor\/hooks\/hookshim\.cjs: it is not a file hookshim writes/);
    expect(fs.readFileSync(path.join(dir, '.cursor/hooks/hookshim.cjs'), 'utf8')).toBe('console.log("mine")\n');
    expect(fs.existsSync(path.join(dir, '.cursor/hooks.json'))).toBe(false);
  });

  it('package mode: the launcher goes too; `init --remove` is the same command', () => {
    const dir = repoWith({ 'hooks/hooks.json': CATALOG, 'hooks/g.sh': GUARD });
    expect(hookshim(dir, 'init', '--package').status).toBe(1); // package-missing: no node_modules here
    expect(fs.readFileSync(path.join(dir, '.cursor/hooks/hookshim.cjs'), 'utf8')).toMatch(/^\/\/ hookshim launcher/);
    const r = hookshim(path.join(dir, 'hooks'), 'init', '--remove');
    expect(r.status).toBe(0);
    expect(changes(dir)).toBe('');
  });

  it('an unreadable .cursor/hooks.json stops it before any change (exit 3)', () => {
    const dir = repoWith({ 'hooks/hooks.json': CATALOG, 'hooks/g.sh': GUARD });
    expect(hookshim(dir, 'init').status).toBe(0);
    commitAll(dir);
    fs.writeFileSync(path.join(dir, '.cursor/hooks.json'), '{"hooks": {,}}');
    const r = hookshim(dir, 'uninstall');
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('hookshim does not rewrite a file it cannot read');
    expect(changes(dir)).toBe('M .cursor/hooks.json');
  });
});

describe('hookshim uninstall --plugin', () => {
  it('what init --plugin wrote goes; a key of yours in .cursor-plugin/plugin.json stays', () => {
    const claude = JSON.stringify({ name: 'demo', version: '1.0.0', description: 'd' });
    const dir = repoWith({ '.claude-plugin/plugin.json': claude, 'hooks/hooks.json': CATALOG, 'hooks/g.sh': GUARD });
    expect(hookshim(dir, 'init', '--plugin').status).toBe(0);
    expect(changes(dir)).toContain('.cursor-plugin/hookshim.cjs');
    expect(hookshim(dir, 'uninstall', '--plugin').status).toBe(0);
    expect(changes(dir)).toBe('');

    expect(hookshim(dir, 'init', '--plugin').status).toBe(0);
    const manifest = path.join(dir, '.cursor-plugin/plugin.json');
    fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), logo: 'x.png' }));
    const r = hookshim(dir, 'uninstall', '--plugin');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('kept     .cursor-plugin/plugin.json: it holds keys init does not write (logo)');
    expect(JSON.parse(fs.readFileSync(manifest, 'utf8'))).toEqual({
      name: 'demo',
      version: '1.0.0',
      description: 'd',
      minClientVersions: { cursor: expect.any(String) },
      logo: 'x.png',
    });
    expect(fs.existsSync(path.join(dir, '.cursor-plugin/hooks.json'))).toBe(false);
    expect(fs.existsSync(path.join(dir, '.cursor-plugin/hookshim.cjs'))).toBe(false);
  });
});
