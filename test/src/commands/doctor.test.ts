// `hookshim doctor`: environment facts, state directory, switches, and double binding (docs/cursor-hooks.md §8).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctor, stateStatus } from '../../../src/commands/doctor.ts';
import { init } from '../../../src/commands/init.ts';
import { ensureBuilt } from '../../e2e/harness.ts';
import { cleanupAll, cli, sh, tempRepo, type TempRepo } from './helpers.ts';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupAll());

const HOOKS = {
  PreToolUse: [
    { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh', timeout: 10 }] },
  ],
  Stop: [{ hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}"/hooks/stop.mjs', timeout: 10 }] }],
};

function setup(): { repo: TempRepo; home: TempRepo; env: NodeJS.ProcessEnv } {
  const repo = tempRepo();
  repo.catalog(HOOKS);
  repo.write('hooks/guard.sh', sh('exit 0'));
  repo.write('hooks/stop.mjs', '#!/usr/bin/env node\n');
  init({ dir: repo.dir });
  const home = tempRepo();
  return {
    repo,
    home,
    env: { PATH: process.env.PATH, HOME: home.dir, HOOKSHIM_STATE_DIR: path.join(home.dir, 'state') },
  };
}

const settings = (hooks: unknown) => JSON.stringify({ permissions: { allow: [] }, hooks });

describe('double binding', () => {
  it('reports each Claude hook Cursor would run a second time, with the fix, as an error on this machine', async () => {
    const { repo, home, env } = setup();
    home.write(
      '.claude/settings.json',
      settings({
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `${repo.dir}/hooks/guard.sh` }] }],
      }),
    );
    repo.write(
      '.claude/settings.local.json',
      settings({ Stop: [{ hooks: [{ type: 'command', command: 'node "$CLAUDE_PROJECT_DIR/hooks/stop.mjs"' }] }] }),
    );
    const report = doctor({ dir: repo.dir, env, cwd: repo.dir });
    const dups = report.findings.filter((f) => f.code === 'double-binding');
    expect(dups.map((f) => [f.severity, f.where])).toEqual([
      ['error', '.claude/settings.local.json Stop[0].hooks[0]'],
      ['error', '~/.claude/settings.json PreToolUse[0].hooks[0]'],
    ]);
    expect(dups[1]?.message).toBe(
      `${repo.dir}/hooks/guard.sh also runs through hookshim (hooks/hooks.json PreToolUse[0].hooks[0]): Cursor's third-party loader runs it a second time on PreToolUse, with untranslated Cursor-shaped input`,
    );
    expect(dups[1]?.fix).toBe(
      'turn off Cursor Settings → Agents → Third-Party Imports → "Include Third-Party Plugins, Skills, and Other Configs" (on by default), or remove this hook from ~/.claude/settings.json',
    );
    const r = await cli(['doctor', repo.dir], { env });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /error +~\/\.claude\/settings\.json PreToolUse\[0\]\.hooks\[0\]: .* \[double-binding\]\n +fix: turn off Cursor Settings/,
    );
  });

  it('an installed Claude plugin with the same catalog counts too', () => {
    const { repo, home, env } = setup();
    const plugin = path.join(home.dir, '.claude/plugins/cache/acme/guards/1.0.0');
    home.write('.claude/plugins/cache/acme/guards/1.0.0/hooks/hooks.json', JSON.stringify({ hooks: HOOKS }));
    home.write(
      '.claude/plugins/installed_plugins.json',
      JSON.stringify({
        version: 2,
        plugins: { 'guards@acme': [{ scope: 'user', installPath: plugin, version: '1.0.0' }] },
      }),
    );
    const dups = doctor({ dir: repo.dir, env, cwd: repo.dir }).findings.filter((f) => f.code === 'double-binding');
    expect(dups.map((f) => f.where)).toEqual([
      'Claude plugin guards@acme PreToolUse[0].hooks[0]',
      'Claude plugin guards@acme Stop[0].hooks[0]',
    ]);
    expect(dups[0]?.fix).toMatch(/or uninstall or disable guards@acme in Claude Code on this machine$/);
  });

  it("ignores what Cursor's loader would not fire (Notification, mcp__ matchers), and notes native-only hooks", () => {
    const { repo, home, env } = setup();
    home.write(
      '.claude/settings.json',
      settings({
        Notification: [{ hooks: [{ type: 'command', command: `${repo.dir}/hooks/guard.sh` }] }],
        PreToolUse: [
          { matcher: 'mcp__github__.*', hooks: [{ type: 'command', command: `${repo.dir}/hooks/guard.sh` }] },
          { matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/audit.sh' }] },
        ],
      }),
    );
    const f = doctor({ dir: repo.dir, env, cwd: repo.dir }).findings;
    expect(f.filter((x) => x.code === 'double-binding')).toEqual([]);
    expect(f.filter((x) => x.code === 'native-claude-hook').map((x) => [x.severity, x.where])).toEqual([
      ['info', '~/.claude/settings.json PreToolUse[1].hooks[0]'],
    ]);
  });
});

describe('environment facts', () => {
  it('a healthy repo: exit 0, every section present', async () => {
    const { repo, env } = setup();
    const r = await cli(['doctor', repo.dir], { env });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^hookshim \S+ doctor {2}\//);
    expect(r.out).toMatch(
      new RegExp(`✓ node ${process.versions.node.replace(/\./g, '\\.')} \\(needs ≥ 20\\.19; on PATH: `),
    );
    expect(r.out).toMatch(/✓ project root .* \(from the DIR argument\)/);
    expect(r.out).toMatch(/✓ catalog hooks\/hooks\.json: 2 rows/);
    expect(r.out).toMatch(
      /✓ state directory .*state \(does not exist yet; created with mode 700 on the first event, under /,
    );
    expect(r.out).toMatch(
      /preToolUse +timeout +30s, failClosed, skips [^"]+ +node --inspect-publish-uid stderr \.cursor\/hooks\/hookshim\.cjs preToolUse/,
    );
    // Bound but never run on this machine: the one thing to report (docs/hosts.md "When hooks never run").
    expect(r.out).toMatch(/! Cursor never ran hookshim for this project on this machine/);
    expect(r.out).toMatch(/warning +.*\[never-ran\]/);
    expect(r.out).toMatch(/0 errors, 1 warning/);
    expect(r.out).toMatch(
      /stop +timeout +60s, loop_limit 8 +node --inspect-publish-uid stderr \.cursor\/hooks\/hookshim\.cjs stop/,
    );
  });

  it('--json has the facts and the findings', async () => {
    const { repo, env } = setup();
    const r = await cli(['doctor', '--json'], { env: { ...env, CURSOR_PROJECT_DIR: repo.dir }, cwd: '/' });
    const j = JSON.parse(r.out);
    expect(j.project).toEqual({ dir: repo.dir, how: 'CURSOR_PROJECT_DIR' });
    expect(j.node.ok).toBe(true);
    expect(j.bound.map((b: { event: string }) => b.event)).toEqual([
      'preToolUse',
      'postToolUse',
      'postToolUseFailure',
      'stop',
    ]);
    expect(j.findings).toEqual(expect.any(Array));
    expect(j.check).toBeUndefined();
  });

  it('HOOKSHIM=0 is a warning: the shim is off here', () => {
    const { repo, env } = setup();
    const f = doctor({ dir: repo.dir, env: { ...env, HOOKSHIM: '0' }, cwd: repo.dir }).findings.find(
      (x) => x.code === 'shim-off',
    );
    expect(f?.message).toBe(
      'the shim is switched off in this environment: every event answers allow / {} without running a guard',
    );
  });

  it('from a subdirectory without a catalog, points at the root that has one', () => {
    const { repo, env } = setup();
    fs.mkdirSync(path.join(repo.dir, 'src/deep'), { recursive: true });
    const report = doctor({ env, cwd: path.join(repo.dir, 'src/deep') });
    expect(report.project.how).toMatch(/^the current directory/);
    expect(report.findings.find((f) => f.code === 'wrong-root')?.message).toBe(
      `no catalog here, but ${repo.dir} has one`,
    );
  });

  it('NODE_EXTRA_CA_CERTS is reported with what it costs each Node start (info)', () => {
    const { repo, env } = setup();
    repo.write('extra-ca.pem', 'not a certificate\n');
    const f = doctor({
      dir: repo.dir,
      env: { ...env, NODE_EXTRA_CA_CERTS: path.join(repo.dir, 'extra-ca.pem') },
      cwd: repo.dir,
    }).findings.find((x) => x.code === 'node-extra-ca-certs');
    expect(f?.severity).toBe('info');
    expect(f?.message).toMatch(
      /extra-ca\.pem: Node parses it at every start.*`node -e 0` \d+ ms with it, \d+ ms without\)$/,
    );
  });

  /** doctor with `script` as the node first on PATH. */
  const withNode = (script: string) => {
    const { repo, env } = setup();
    repo.write('bin/node', `#!/bin/sh\n${script}`, 0o755);
    const path_ = `${path.join(repo.dir, 'bin')}:${env.PATH ?? ''}`;
    return doctor({ dir: repo.dir, env: { ...env, PATH: path_, NODE_EXTRA_CA_CERTS: '' }, cwd: repo.dir });
  };

  it.runIf(process.platform !== 'win32').each([
    ['27.0.0', true],
    ['26.12.1', false],
    ['20.20.2', false],
  ])('a node %s on PATH: node-unchecked-spawn reported: %s', (v, reported) => {
    const found = withNode(`echo v${v}\n`).findings.find((x) => x.code === 'node-unchecked-spawn');
    expect(!!found).toBe(reported);
    if (found) expect(found).toMatchObject({ severity: 'info', message: expect.stringMatching(/on Node 20-26 only/) });
  });

  it.runIf(process.platform !== 'win32')(
    "a node on PATH that refuses the bound command's flags (built without the inspector) is an error",
    () => {
      // As such a Node answers: `node: bad option: --inspect-publish-uid`, exit 9 (https://nodejs.org/api/cli.html).
      const f = withNode('[ "$1" = --version ] || { echo "node: bad option: $1" >&2; exit 9; }\necho v20.20.2\n');
      expect(f.node.pathVersion).toBe('20.20.2');
      expect(f.findings.find((x) => x.code === 'node-rejects-flags')).toMatchObject({
        severity: 'error',
        message: expect.stringMatching(
          /\(20\.20\.2\) refuses .*--inspect-publish-uid stderr.*bad option: --inspect-publish-uid/,
        ),
      });
    },
  );

  it.runIf(process.platform !== 'win32')(
    'a node on PATH that only timed out with the flags is not reported as refusing them',
    () => {
      const f = withNode('[ "$1" = --version ] || exec sleep 10\necho v20.20.2\n');
      expect(f.findings.map((x) => x.code)).not.toContain('node-rejects-flags');
    },
    15_000,
  );

  it("the real node accepts the bound command's flags: nothing to report", () => {
    const { repo, env } = setup();
    const f = doctor({ dir: repo.dir, env: { ...env, NODE_EXTRA_CA_CERTS: '' }, cwd: repo.dir }).findings;
    expect(f.map((x) => x.code)).not.toContain('node-rejects-flags');
  });

  it('no node on PATH is an error: the bound command cannot start', () => {
    const { repo, env } = setup();
    const f = doctor({ dir: repo.dir, env: { ...env, PATH: '/nonexistent' }, cwd: repo.dir }).findings.find(
      (x) => x.code === 'node-not-on-path',
    );
    expect(f?.severity).toBe('error');
  });
});

describe('stateStatus (never creates or changes anything)', () => {
  it.each<[string, (d: string) => string, boolean, RegExp]>([
    [
      'missing, parent writable',
      (d) => path.join(d, 'a', 'b'),
      true,
      /^does not exist yet; created with mode 700 on the first event, under /,
    ],
    [
      'private',
      (d) => (fs.mkdirSync(path.join(d, 's'), { mode: 0o700 }), path.join(d, 's')),
      true,
      /^private, mode 700$/,
    ],
    [
      'too open',
      (d) => (fs.mkdirSync(path.join(d, 's')), fs.chmodSync(path.join(d, 's'), 0o755), path.join(d, 's')),
      true,
      /^mode 755: hookshim tightens it to 700 on the next event$/,
    ],
    [
      'a symlink',
      (d) => (
        fs.mkdirSync(path.join(d, 'real')),
        fs.symlinkSync(path.join(d, 'real'), path.join(d, 's')),
        path.join(d, 's')
      ),
      false,
      /symbolic link/,
    ],
    ['a file', (d) => (fs.writeFileSync(path.join(d, 's'), ''), path.join(d, 's')), false, /not a directory/],
  ])('%s', (_name, make, usable, detail) => {
    const t = tempRepo();
    const dir = make(t.dir);
    const before = fs.existsSync(dir) ? fs.lstatSync(dir).mode : undefined;
    const s = stateStatus(dir);
    expect(s.usable).toBe(usable);
    expect(s.detail).toMatch(detail);
    expect(fs.existsSync(dir) ? fs.lstatSync(dir).mode : undefined).toBe(before);
  });
});
