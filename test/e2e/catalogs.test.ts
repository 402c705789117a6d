// Every Claude catalog a repository has, on repositories shaped like real ones: hooks only in .claude/settings.json; a
// repository catalog beside a vendored plugin that imports its code from the folder above its root (hookify); init
// from a subfolder and from a monorepo package; a broken catalog; millisecond timeouts; a repository that ships its
// own Cursor hooks running the same scripts (everything-claude-code); an upgrade from the .mjs bundle; async rows.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, CLI, cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

beforeAll(() => ensureBuilt());
const repos: Repo[] = [];
afterAll(() => {
  for (const r of repos) r.cleanup();
});

/** A git repository (a `.git` folder is enough for init) with `files`; no hooks/hooks.json unless given. */
function gitRepo(files: Record<string, string>): Repo {
  const repo = makeRepo({ hooks: {} });
  repos.push(repo);
  fs.rmSync(path.join(repo.dir, 'hooks'), { recursive: true, force: true });
  fs.mkdirSync(path.join(repo.dir, '.git'));
  for (const [rel, text] of Object.entries(files)) repo.write(rel, text, /\.(sh|mjs)$/.test(rel) ? 0o755 : 0o644);
  return repo;
}

/** `hookshim init` from `cwd` (default the repository), with `args`. */
function initFrom(repo: Repo, args: string[] = [], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [CLI, 'init', ...args], {
    cwd: opts.cwd ?? repo.dir,
    encoding: 'utf8',
    env: { ...process.env, ...opts.env },
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

function cli(repo: Repo, args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: repo.dir,
    encoding: 'utf8',
    input,
    env: { ...process.env, HOOKSHIM_CATALOG: '' },
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

const shell = (command: string) =>
  cursorPayload('preToolUse', { dir: '' } as Repo, {
    tool_name: 'Shell',
    tool_input: { command },
    tool_use_id: toolUseId(),
  });
const fire = (repo: Repo, command: string, env: Record<string, string> = {}) =>
  repo.fire('preToolUse', { ...shell(command), workspace_roots: [repo.dir] }, { env });
const settings = (hooks: unknown) => JSON.stringify({ permissions: { allow: ['Bash(npm test)'] }, hooks }, null, 2);

/** A guard that denies when the command contains `word`, naming itself; it records CLAUDE_PLUGIN_ROOT as it saw it. */
const denyWord = (word: string, name: string, seen: string) => `#!/bin/sh
input=$(cat)
echo "\${CLAUDE_PLUGIN_ROOT-unset}" > "${seen}"
case "$input" in *'${word}'*) echo "${name}: no ${word}" >&2; exit 2 ;; esac
exit 0
`;

describe('hooks only in .claude/settings.json', () => {
  it('init finds them, records them, says plainly that Cursor would also run them natively, and they enforce without CLAUDE_PLUGIN_ROOT', () => {
    const seen = '/tmp/hookshim-e2e-settings-root';
    const repo = gitRepo({
      '.claude/settings.json': settings({
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-rm.sh', timeout: 10 }],
          },
        ],
      }),
      '.claude/hooks/no-rm.sh': denyWord('rm -rf', 'no-rm', seen),
      '.claude/settings.local.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] }),
    });
    const r = initFrom(repo);
    expect(r.status, r.out + r.err).toBe(0);
    expect(r.out).toMatch(
      /\.claude\/settings\.json +1 row +\(project settings: rows get \$CLAUDE_PROJECT_DIR, no \$\{CLAUDE_PLUGIN_ROOT\}\)/,
    );
    expect(r.out).toMatch(/\.claude\/settings\.local\.json +1 row +\(personal settings/);
    expect(r.out).toMatch(
      /warning +\.claude\/settings\.json: is a hookshim catalog, and Cursor's third-party loader also reads it: with its setting on \(the default\), its hook \(PreToolUse\) runs twice per event, once through hookshim and once natively with untranslated Cursor-shaped input \[settings-double-binding\]\n +fix: turn off Cursor Settings → Agents → Third-Party Imports .*; or have each script exit 0 at once when its input has "cursor_version"/,
    );
    expect(JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor/hookshim.json'), 'utf8'))).toEqual({
      catalogs: ['.claude/settings.json', '.claude/settings.local.json'],
    });
    const denied = fire(repo, 'rm -rf build', { CLAUDE_PLUGIN_ROOT: '/somewhere/else' });
    expect(denied.json).toMatchObject({ permission: 'deny', user_message: 'no-rm: no rm -rf' });
    expect(fs.readFileSync(seen, 'utf8').trim()).toBe('unset');
    expect(fire(repo, 'ls').json).toEqual({ permission: 'allow' });
    // The personal file is one person's: absent on another machine (another state directory), the rest still runs, without a word.
    fs.rmSync(path.join(repo.dir, '.claude/settings.local.json'));
    const elsewhere = fire(repo, 'rm -rf build', { HOOKSHIM_STATE_DIR: path.join(repo.dir, '.state-elsewhere') });
    expect(elsewhere.json).toMatchObject({ permission: 'deny' });
    expect(elsewhere.stderr).not.toMatch(/settings\.local\.json/);
    const doctor = cli(repo, ['doctor', repo.dir]);
    expect(doctor.out).toMatch(/✓ catalog \.claude\/settings\.json: 1 rows/);
    expect(doctor.out).toMatch(/\[settings-double-binding\]/);
  });
});

describe('a repository catalog beside a vendored plugin that imports from the folder above its root (hookify)', () => {
  const HOOKIFY_HOOK = `#!/usr/bin/env node
// Like hookify: its rules engine is imported from the folder above CLAUDE_PLUGIN_ROOT; if that fails, allow silently.
import path from 'node:path';
let engine;
try {
  engine = await import(path.join(path.dirname(process.env.CLAUDE_PLUGIN_ROOT), 'hookify', 'core', 'rules.mjs'));
} catch {
  process.exit(0);
}
let s = '';
for await (const c of process.stdin) s += c;
const verdict = engine.evaluate(JSON.parse(s));
if (verdict) { process.stderr.write(verdict); process.exit(2); }
`;
  const RULES = `export function evaluate(input) {
  return input.tool_name === 'Bash' && /rm -rf/.test(input.tool_input.command) ? 'hookify: rm -rf is blocked by a rule' : undefined;
}
`;
  let repo: Repo;
  beforeAll(() => {
    repo = gitRepo({
      'hooks/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no-force.sh', timeout: 10 }],
            },
          ],
        },
      }),
      'hooks/no-force.sh': denyWord('--force', 'no-force', '/tmp/hookshim-e2e-repo-root'),
      'plugins/hookify/hooks/hooks.json': JSON.stringify({
        description: 'hookify',
        hooks: {
          PreToolUse: [
            { hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/pretooluse.mjs"', timeout: 10 }] },
          ],
        },
      }),
      'plugins/hookify/hooks/pretooluse.mjs': HOOKIFY_HOOK,
      'plugins/hookify/core/rules.mjs': RULES,
    });
    const r = initFrom(repo, ['--catalog', 'plugins/hookify']);
    expect(r.status, r.out + r.err).toBe(0);
    expect(r.out).toMatch(
      /plugins\/hookify\/hooks\/hooks\.json +1 row +\(plugin: \$\{CLAUDE_PLUGIN_ROOT\} = plugins\/hookify\)/,
    );
  });

  it('records both catalogs in .cursor/hookshim.json; a rerun without --catalog keeps them', () => {
    expect(JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor/hookshim.json'), 'utf8'))).toEqual({
      catalogs: ['hooks/hooks.json', 'plugins/hookify'],
    });
    expect(initFrom(repo).out).toMatch(/unchanged/);
  });

  it("each catalog's rows get their own CLAUDE_PLUGIN_ROOT: hookify's rule denies, the repository's guard denies, both in one answer", () => {
    expect(fire(repo, 'rm -rf dist').json).toMatchObject({
      permission: 'deny',
      user_message: 'hookify: rm -rf is blocked by a rule',
    });
    expect(fire(repo, 'git push --force').json).toMatchObject({
      permission: 'deny',
      user_message: 'no-force: no --force',
    });
    expect(fs.readFileSync('/tmp/hookshim-e2e-repo-root', 'utf8').trim()).toBe(repo.dir);
    const both = fire(repo, 'rm -rf dist && git push --force');
    expect(String(both.json.user_message)).toContain('hookify: rm -rf is blocked by a rule');
    expect(String(both.json.user_message)).toContain('no-force: no --force');
  });

  it('the trace, check and explain name each row by its catalog; explain shows the command as written', () => {
    const log = path.join(repo.dir, 'trace.ndjson');
    fire(repo, 'ls', { HOOKSHIM_LOG: log });
    const rec = JSON.parse(fs.readFileSync(log, 'utf8').trim().split('\n').pop() as string);
    expect(rec.rows.map((r: { catalog: string; row: string }) => `${r.catalog} ${r.row}`).sort()).toEqual([
      'hooks/hooks.json PreToolUse[0].hooks[0]',
      'plugins/hookify/hooks/hooks.json PreToolUse[0].hooks[0]',
    ]);
    const check = cli(repo, ['check', repo.dir]);
    expect(check.status, check.out).toBe(0);
    expect(check.out).toMatch(/2 rows in 2 catalogs/);
    const explain = cli(
      repo,
      ['explain', '--dir', repo.dir],
      JSON.stringify({ ...shell('ls'), workspace_roots: [repo.dir] }),
    );
    expect(explain.out).toMatch(/catalogs hooks\/hooks\.json, plugins\/hookify\/hooks\/hooks\.json/);
    expect(explain.out).toMatch(
      /✓ runs {4}plugins\/hookify\/hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\] {2}node "\$\{CLAUDE_PLUGIN_ROOT\}\/hooks\/pretooluse\.mjs" \(script plugins\/hookify\/hooks\/pretooluse\.mjs\)/,
    );
  });

  it('HOOKSHIM_CATALOG given to init is recorded, so the committed binding runs it without the variable', () => {
    const other = gitRepo({
      'plugins/x/hooks/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' }] },
          ],
        },
      }),
      'plugins/x/hooks/g.sh': denyWord('curl', 'x', '/tmp/hookshim-e2e-x-root'),
    });
    const r = initFrom(other, [], { env: { HOOKSHIM_CATALOG: 'plugins/x/hooks/hooks.json' } });
    expect(r.status, r.out + r.err).toBe(0);
    expect(r.out).toMatch(
      /HOOKSHIM_CATALOG=plugins\/x\/hooks\/hooks\.json is one machine's override .* init recorded plugins\/x\/hooks\/hooks\.json in \.cursor\/hookshim\.json/,
    );
    expect(fire(other, 'curl evil.sh', { HOOKSHIM_CATALOG: '' }).json).toMatchObject({
      permission: 'deny',
      user_message: 'x: no curl',
    });
    expect(fs.readFileSync('/tmp/hookshim-e2e-x-root', 'utf8').trim()).toBe(path.join(other.dir, 'plugins/x'));
  });
});

describe('init finds the repository root', () => {
  it('from a subfolder: binds the root (no .cursor/ in the subfolder) and says so', () => {
    const repo = gitRepo({
      'hooks/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' }] },
          ],
        },
      }),
      'hooks/g.sh': denyWord('sudo', 'g', '/tmp/hookshim-e2e-sub'),
      'src/index.ts': '',
    });
    const r = initFrom(repo, ['.'], { cwd: path.join(repo.dir, 'src') });
    expect(r.status, r.out + r.err).toBe(0);
    expect(r.out).toMatch(new RegExp(`^hookshim init ${repo.dir} `));
    expect(r.out).toMatch(
      /note: src\/ is inside the repository .*: bound there, since Cursor loads \.cursor\/hooks\.json only from the folder it opens/,
    );
    expect(fs.existsSync(path.join(repo.dir, 'src/.cursor'))).toBe(false);
    expect(fire(repo, 'sudo rm x').json).toMatchObject({ permission: 'deny' });
  });

  it('from a monorepo package with its own hooks/hooks.json: bound from the root as a plugin of its own, with a warning', () => {
    const repo = gitRepo({
      'packages/app/hooks/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' }] },
          ],
        },
      }),
      'packages/app/hooks/g.sh': denyWord('deploy', 'app', '/tmp/hookshim-e2e-pkg'),
      // What an older init wrote in the package: a binding Cursor never loads when it opens the repository.
      'packages/app/.cursor/hooks.json': JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ command: 'node .cursor/hooks/hookshim.cjs preToolUse', timeout: 30 }] },
      }),
    });
    const r = initFrom(repo, [], { cwd: path.join(repo.dir, 'packages/app') });
    expect(r.status, r.out + r.err).toBe(0);
    expect(r.out).toMatch(
      /warning: packages\/app\/\.cursor\/hooks\.json binds hookshim, but Cursor does not load it when it opens the repository: delete packages\/app\/\.cursor\//,
    );
    expect(r.out).toMatch(
      /warning: packages\/app has its own catalog \(a package of a monorepo\?\): it is bound from the repository root as the plugin packages\/app\/ .* run `hookshim init packages\/app --here`/,
    );
    expect(fs.existsSync(path.join(repo.dir, 'packages/app/.cursor/hooks/hookshim.cjs'))).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor/hookshim.json'), 'utf8')).catalogs).toEqual([
      'packages/app',
    ]);
    expect(fire(repo, 'npm run deploy').json).toMatchObject({ permission: 'deny', user_message: 'app: no deploy' });
    expect(fs.readFileSync('/tmp/hookshim-e2e-pkg', 'utf8').trim()).toBe(path.join(repo.dir, 'packages/app'));
  });

  it('with no catalog anywhere, names what it looked for and how to name one', () => {
    const repo = gitRepo({ 'src/index.ts': '' });
    const r = initFrom(repo, ['.'], { cwd: path.join(repo.dir, 'src') });
    expect(r.status).toBe(3);
    expect(r.err).toMatch(/looked for hooks\/hooks\.json, \.claude\/settings\.json, \.claude\/settings\.local\.json/);
    expect(r.err).toMatch(/--catalog <plugin folder \| hooks\.json \| settings file>/);
  });
});

describe('init checks what it binds', () => {
  it('a broken catalog: every problem check finds is printed, init exits 1, and the good rows are bound and enforce', () => {
    const repo = gitRepo({
      'hooks/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash|(Write', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' }] },
            {
              matcher: 'Bash(git push:*)',
              hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' }],
            },
            {
              matcher: 'Bash',
              hooks: [
                { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/gone.sh' },
                { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' },
              ],
            },
          ],
          PreTooluse: [{ hooks: [{ type: 'command', command: 'true' }] }],
          Notification: [{ hooks: [{ type: 'command', command: 'true' }] }],
        },
      }),
      'hooks/g.sh': denyWord('shutdown', 'g', '/tmp/hookshim-e2e-broken'),
    });
    const r = initFrom(repo);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(
      /error +hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\]: matcher "Bash\|\(Write" is not a valid regular expression .* \[matcher-invalid\]/,
    );
    expect(r.out).toMatch(
      /error +hooks\/hooks\.json PreToolUse\[1\]\.hooks\[0\]: matcher "Bash\(git push:\*\)" is permission-rule syntax: a matcher is tested against the tool name only, so "Bash\(git push:\*\)" never matches and the row never runs, in Claude Code either \[matcher-permission-rule\]\n +fix: match the tool and filter with "if": \{"matcher": "Bash", "hooks": \[\{…, "if": "Bash\(git push:\*\)"\}\]\}/,
    );
    expect(r.out).toMatch(
      /error +hooks\/hooks\.json PreToolUse\[2\]\.hooks\[0\]: runs hooks\/gone\.sh, which does not exist/,
    );
    expect(r.out).toMatch(
      /warning +hooks\/hooks\.json: hooks\.PreTooluse: unknown event "PreTooluse" \(did you mean "PreToolUse"\?/,
    );
    expect(r.out).toMatch(
      /can never run under Cursor:\n {2}hooks\/hooks\.json PreTooluse\[0\]\.hooks\[0\]: unknown Claude event PreTooluse\n {2}hooks\/hooks\.json Notification\[0\]\.hooks\[0\]: Notification has no Cursor analog/,
    );
    expect(r.out).toMatch(/check: failed \(3 errors, 1 warning; the binding is written for the rows that can run\)/);
    expect(fire(repo, 'sudo shutdown now').json).toMatchObject({
      permission: 'deny',
      user_message: expect.stringContaining('g: no shutdown'),
    });
    expect(cli(repo, ['check', repo.dir]).status).toBe(1);
    const json = JSON.parse(cli(repo, ['init', repo.dir, '--json']).out);
    expect(json).toMatchObject({ ok: false, errors: 3, changed: [] });
    expect(json.findings.map((f: { code: string }) => f.code)).toEqual(
      expect.arrayContaining(['matcher-invalid', 'matcher-permission-rule', 'script-missing', 'catalog-warning']),
    );
  });

  it('a plugin whose only events have no Cursor analog is said to enforce nothing', () => {
    const repo = gitRepo({
      'hooks/hooks.json': JSON.stringify({
        hooks: { Notification: [{ hooks: [{ type: 'command', command: 'true' }] }] },
      }),
    });
    const r = initFrom(repo);
    expect(r.out).toMatch(
      /warning +hooks\/hooks\.json: none of its 1 row can run under Cursor \(Notification\): nothing of it is enforced \[catalog-never-runs\]/,
    );
    expect(r.out).toMatch(/bound: nothing/);
  });

  it('millisecond timeouts (5000–30000) are reported, and the binding keeps its default wrapper instead of 600 s', () => {
    const repo = gitRepo({
      'hooks/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh', timeout: 5000 }],
            },
          ],
          Stop: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh', timeout: 30000 }] }],
        },
      }),
      'hooks/g.sh': denyWord('mkfs', 'g', '/tmp/hookshim-e2e-ms'),
    });
    const r = initFrom(repo);
    expect(r.status, r.out).toBe(0);
    const bound = JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor/hooks.json'), 'utf8')).hooks;
    expect([bound.preToolUse[0].timeout, bound.stop[0].timeout]).toEqual([30, 60]);
    expect(r.out).toMatch(
      /warning +hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\]: timeout 5000 looks like milliseconds: Claude Code reads seconds, so there a hung script holds the PreToolUse for 1\.4 h\. Under Cursor preToolUse is bound with timeout 30s: .* \[timeout-milliseconds\]\n +fix: write it in seconds: "timeout": 5/,
    );
    expect(r.out).toMatch(/Stop\[0\]\.hooks\[0\]: timeout 30000 looks like milliseconds/);
    expect(r.out).not.toMatch(/timeout-too-long/);
    expect(fire(repo, 'mkfs /dev/sda').json).toMatchObject({ permission: 'deny' });
  });
});

describe("a repository that ships its own .cursor/hooks.json running its catalog's scripts (everything-claude-code)", () => {
  it('each native duplicate is an error naming the row it duplicates; init keeps the entry and exits 1', () => {
    const guard = '#!/usr/bin/env node\nprocess.stdin.resume();\n';
    const repo = gitRepo({
      'hooks/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}/scripts/hooks/block-no-verify.js"' }],
            },
          ],
          PostToolUse: [
            {
              matcher: 'Edit',
              hooks: [
                { type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}/scripts/hooks/format.js"', async: true },
              ],
            },
          ],
        },
      }),
      'scripts/hooks/block-no-verify.js': guard,
      'scripts/hooks/format.js': guard,
      'scripts/hooks/other.js': guard,
      '.cursor/hooks.json': JSON.stringify({
        version: 1,
        hooks: {
          beforeShellExecution: [{ command: 'node scripts/hooks/block-no-verify.js' }],
          afterFileEdit: [{ command: 'node ./scripts/hooks/format.js' }, { command: 'node scripts/hooks/other.js' }],
        },
      }),
    });
    const r = initFrom(repo);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(
      /error +\.cursor\/hooks\.json beforeShellExecution\[0\]: runs scripts\/hooks\/block-no-verify\.js, which hookshim already runs for hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\] \(PreToolUse\): the guard runs twice, once here with Cursor's untranslated input \[native-duplicate\]/,
    );
    expect(r.out).toMatch(/error +\.cursor\/hooks\.json afterFileEdit\[0\]: runs scripts\/hooks\/format\.js/);
    expect(r.out).not.toMatch(/afterFileEdit\[1\]/);
    expect(
      JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor/hooks.json'), 'utf8')).hooks.beforeShellExecution,
    ).toEqual([{ command: 'node scripts/hooks/block-no-verify.js' }]);
  });
});

describe('upgrading from the older .cursor/hooks/hookshim.mjs bundle', () => {
  it('check sees the older bundle as running (not missing); init binds the .cjs, removes the .mjs and says so', () => {
    const repo = gitRepo({
      'hooks/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' }] },
          ],
        },
      }),
      'hooks/g.sh': denyWord('dd if=', 'g', '/tmp/hookshim-e2e-upgrade'),
    });
    // The older bundle: an ES module with hookshim's banner (here it runs today's code, so the old binding works).
    repo.write(
      '.cursor/hooks/hookshim.mjs',
      `#!/usr/bin/env node\n// hookshim 0.0.9: runs a Claude Code hook catalog under Cursor. Generated by \`npm run build\`; do not edit.\nimport { createRequire } from 'node:module';\ncreateRequire(import.meta.url)(${JSON.stringify(BUNDLE)});\n`,
      0o755,
    );
    const old = { command: 'node .cursor/hooks/hookshim.mjs preToolUse', timeout: 30 };
    repo.write(
      '.cursor/hooks.json',
      JSON.stringify({
        version: 1,
        hooks: {
          preToolUse: [old],
          postToolUse: [{ ...old, command: 'node .cursor/hooks/hookshim.mjs postToolUse' }],
          postToolUseFailure: [{ ...old, command: 'node .cursor/hooks/hookshim.mjs postToolUseFailure' }],
        },
      }),
    );
    expect(fire(repo, 'dd if=/dev/zero of=/dev/sda').json).toMatchObject({ permission: 'deny' });
    const before = JSON.parse(cli(repo, ['check', repo.dir, '--json']).out);
    const codes = before.findings.map((f: { code: string }) => f.code);
    expect(codes).not.toContain('bundle-missing');
    expect(before.findings.find((f: { code: string }) => f.code === 'bundle-old')).toMatchObject({
      where: '.cursor/hooks/hookshim.mjs',
      message: expect.stringMatching(/^the binding runs this older bundle \(hookshim 0\.0\.9\): it still runs/),
    });
    const r = initFrom(repo);
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(
      /removed: \.cursor\/hooks\/hookshim\.mjs \(the older bundle; the binding runs \.cursor\/hooks\/hookshim\.cjs\)/,
    );
    expect(fs.existsSync(path.join(repo.dir, '.cursor/hooks/hookshim.mjs'))).toBe(false);
    expect(repo.command('preToolUse')).toBe('node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse');
    expect(fire(repo, 'dd if=/dev/zero of=/dev/sda').json).toMatchObject({ permission: 'deny' });
    expect(cli(repo, ['check', repo.dir]).status).toBe(0);
  });
});

describe('async rows', () => {
  it('run after the answer within their own timeout, then are killed with their process group', () => {
    const pidFile = path.join(fs.mkdtempSync('/tmp/hookshim-e2e-async-'), 'pid');
    const done = `${pidFile}.done`;
    const repo = gitRepo({
      'hooks/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: `echo $$ > ${pidFile}; exec sleep 60`, async: true, timeout: 1 }],
            },
            { matcher: 'Bash', hooks: [{ type: 'command', command: `cat > ${done}`, async: true }] },
          ],
        },
      }),
    });
    expect(initFrom(repo).status).toBe(0);
    const t0 = Date.now();
    expect(fire(repo, 'ls').json).toEqual({ permission: 'allow' });
    expect(Date.now() - t0).toBeLessThan(5000);
    const waitFor = (ok: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end && !ok()) spawnSync('sleep', ['0.1']);
      return ok();
    };
    expect(waitFor(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').trim() !== '', 3000)).toBe(true);
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(waitFor(() => !alive(), 5000)).toBe(true);
    // The other async row got its payload on stdin and finished on its own.
    expect(
      waitFor(
        () => fs.existsSync(done) && fs.readFileSync(done, 'utf8').includes('"hook_event_name":"PreToolUse"'),
        3000,
      ),
    ).toBe(true);
  });
});
