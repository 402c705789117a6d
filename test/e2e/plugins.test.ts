// A Claude plugin repository bound as a Cursor plugin (`hookshim init --plugin`, docs/plugins.md), its hooks fired as
// Cursor fires plugin hooks: the bound command through `sh -c`, from the plugin folder and from the workspace,
// CURSOR_PLUGIN_ROOT set, the workspace in workspace_roots (docs/cursor-hooks.md §12). And `hookshim doctor` on
// whether hookshim ever ran (heartbeats).
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

function temp(): string {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-plugin-')));
  temps.push(d);
  return d;
}

function put(file: string, text: string, mode = 0o644): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode });
}

const node = (body: string) =>
  `import fs from 'node:fs';\nconst input = JSON.parse(fs.readFileSync(0, 'utf8'));\n${body}\n`;
const run = (script: string) => ({ type: 'command', command: `node \${CLAUDE_PLUGIN_ROOT}/hooks/${script}` });

/** A Claude plugin in `root`: its manifest, a catalog with a deny, a stop follow-up, a PostToolUse and a SessionStart context. */
function writePlugin(root: string, name: string): void {
  put(
    path.join(root, '.claude-plugin/plugin.json'),
    JSON.stringify({ name, version: '1.2.3', description: `${name}!` }),
  );
  const seen = `fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/seen-${name}.ndjson', JSON.stringify({ event: input.hook_event_name, root: process.env.CLAUDE_PLUGIN_ROOT, project: process.env.CLAUDE_PROJECT_DIR, cursorPluginRoot: process.env.CURSOR_PLUGIN_ROOT ?? null, cwd: input.cwd }) + '\\n');`;
  const catalog = {
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [run('deny.mjs')] }],
      PostToolUse: [{ matcher: 'Bash', hooks: [run('post.mjs')] }],
      Stop: [{ hooks: [run('stop.mjs')] }],
      SessionStart: [{ hooks: [run('start.mjs')] }],
    },
  };
  put(path.join(root, 'hooks/hooks.json'), JSON.stringify(catalog, null, 2));
  put(
    path.join(root, 'hooks/deny.mjs'),
    node(
      `${seen}\nif (input.tool_input.command.includes('rm -rf')) { console.error('${name}: no rm -rf'); process.exit(2); }`,
    ),
  );
  put(
    path.join(root, 'hooks/post.mjs'),
    node(
      `${seen}\nconsole.log(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: '${name}: post context' } }));`,
    ),
  );
  put(
    path.join(root, 'hooks/stop.mjs'),
    node(
      `${seen}\nif (!input.stop_hook_active) console.log(JSON.stringify({ decision: 'block', reason: '${name}: run the tests' }));`,
    ),
  );
  put(path.join(root, 'hooks/start.mjs'), node(`${seen}\nconsole.log('${name}: session context');`));
}

function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The bound command of `event` in a plugin's Cursor hooks file. */
function boundCommand(plugin: string, event: string): string {
  const doc = JSON.parse(fs.readFileSync(path.join(plugin, '.cursor-plugin/hooks.json'), 'utf8'));
  return (doc.hooks[event] as { command: string }[]).find((e) => e.command.includes('hookshim'))!.command;
}

interface Fire {
  plugin: string;
  workspace: string;
  state: string;
  /** 'plugin': run from the plugin folder; 'workspace': from the workspace, the plugin-relative path resolved. */
  from: 'plugin' | 'workspace';
  projectDirSet?: boolean;
  conversation?: string;
}

/** Fire `event` as Cursor fires a plugin hook; stdout must be one JSON object. */
function fire(
  f: Fire,
  event: string,
  payload: Record<string, unknown>,
): { json: Record<string, unknown>; stderr: string } {
  const cmd = boundCommand(f.plugin, event);
  const command = f.from === 'plugin' ? cmd : cmd.replace('./', `${f.plugin}/`);
  const env: NodeJS.ProcessEnv = { ...process.env, HOOKSHIM_STATE_DIR: f.state, CURSOR_PLUGIN_ROOT: f.plugin };
  delete env.HOOKSHIM_DEBUG;
  delete env.CURSOR_PROJECT_DIR;
  if (f.projectDirSet ?? true) env.CURSOR_PROJECT_DIR = f.workspace;
  const body = {
    conversation_id: f.conversation ?? 'c0nv-plugin-1',
    generation_id: 'g-1',
    session_id: f.conversation ?? 'c0nv-plugin-1',
    hook_event_name: event,
    cursor_version: '3.24.12',
    workspace_roots: [f.workspace],
    cwd: '',
    ...payload,
  };
  const r = spawnSync('sh', ['-c', command], {
    cwd: f.from === 'plugin' ? f.plugin : f.workspace,
    input: JSON.stringify(body),
    env,
    encoding: 'utf8',
  });
  const lines = r.stdout.trim().split('\n');
  expect(lines.length, r.stderr).toBe(1);
  return { json: JSON.parse(lines[0] as string), stderr: r.stderr };
}

const seen = (workspace: string, name: string) =>
  fs
    .readFileSync(path.join(workspace, `seen-${name}.ndjson`), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const shell = (id: string, command: string) => ({ tool_name: 'Shell', tool_input: { command }, tool_use_id: id });

describe('init --plugin: one plugin at the repository root', () => {
  it('writes the Cursor manifest, a shell-neutral hooks file and the bundle; a rerun changes nothing; check --plugin fails on drift', () => {
    const repo = temp();
    writePlugin(repo, 'guard-a');
    const first = cli(['init', '--plugin', repo], repo);
    expect(first.status, first.stderr).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(repo, '.cursor-plugin/plugin.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'guard-a', version: '1.2.3', description: 'guard-a!' });
    expect(manifest.hooks).toBe('./.cursor-plugin/hooks.json');
    expect(manifest.minClientVersions.cursor).toMatch(/^\d+\.\d+\.\d+$/);
    const hooks = JSON.parse(fs.readFileSync(path.join(repo, '.cursor-plugin/hooks.json'), 'utf8'));
    expect(hooks.version).toBe(1);
    expect(Object.keys(hooks.hooks)).toEqual(
      expect.arrayContaining(['preToolUse', 'postToolUse', 'stop', 'sessionStart']),
    );
    for (const list of Object.values(hooks.hooks) as { command: string }[][])
      for (const e of list)
        expect(e.command).toMatch(/^node --inspect-publish-uid stderr \.\/\.cursor-plugin\/hookshim\.cjs \w+$/);
    expect(fs.existsSync(path.join(repo, '.cursor-plugin/hookshim.cjs'))).toBe(true);
    const before = fs.readFileSync(path.join(repo, '.cursor-plugin/hooks.json'), 'utf8');
    const again = cli(['init', '--plugin', repo], repo);
    expect(again.stdout).toContain('nothing to change');
    expect(fs.readFileSync(path.join(repo, '.cursor-plugin/hooks.json'), 'utf8')).toBe(before);
    expect(cli(['check', '--plugin', repo], repo).status).toBe(0);
    const catalog = JSON.parse(fs.readFileSync(path.join(repo, 'hooks/hooks.json'), 'utf8'));
    catalog.hooks.UserPromptSubmit = [{ hooks: [run('start.mjs')] }];
    put(path.join(repo, 'hooks/hooks.json'), JSON.stringify(catalog));
    const drift = cli(['check', '--plugin', '--json', repo], repo);
    expect(drift.status).toBe(1);
    expect(JSON.parse(drift.stdout).findings.map((f: { code: string }) => f.code)).toContain('plugin-binding-stale');
  });
});

describe('init --plugin checks the rows as check does', () => {
  it('a row naming a missing script: init --plugin and check --plugin exit 1 with script-missing', () => {
    const repo = temp();
    writePlugin(repo, 'guard-a');
    fs.rmSync(path.join(repo, 'hooks/stop.mjs'));
    const r = cli(['init', '--plugin', '--json', repo], repo);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code)).toContain('script-missing');
    const c = cli(['check', '--plugin', '--json', repo], repo);
    expect([c.status, JSON.parse(c.stdout).findings.map((f: { code: string }) => f.code)]).toEqual([
      1,
      ['script-missing'],
    ]);
  });
});

describe("init --plugin does not look for the workspace's scripts in the plugin (docs/plugins.md)", () => {
  it('rows running "$CLAUDE_PROJECT_DIR"/x.sh or a relative path: script-unchecked (info), init --plugin exits 0', () => {
    const repo = temp();
    writePlugin(repo, 'guard-a');
    const catalog = JSON.parse(fs.readFileSync(path.join(repo, 'hooks/hooks.json'), 'utf8'));
    catalog.hooks.PostToolUse.push({
      matcher: 'Write',
      hooks: [
        { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/scripts/lint.sh' },
        { type: 'command', command: 'scripts/format.sh' },
      ],
    });
    put(path.join(repo, 'hooks/hooks.json'), JSON.stringify(catalog));
    const r = cli(['init', '--plugin', '--json', repo], repo);
    expect(r.status, r.stdout).toBe(0);
    const found = JSON.parse(r.stdout).findings.filter((f: { code: string }) => f.code.startsWith('script-'));
    expect(
      found.map((f: { code: string; message: string }) => [f.code, f.message.replace(/^.*: it runs /, '')]),
    ).toEqual([
      [
        'script-unchecked',
        '$CLAUDE_PROJECT_DIR/scripts/lint.sh in the workspace that installs the plugin, not in the plugin',
      ],
      ['script-unchecked', 'scripts/format.sh in the workspace that installs the plugin, not in the plugin'],
    ]);
  });
});

describe('init --plugin: several plugins under plugins/ listed by a marketplace', () => {
  it('binds each listed local plugin and writes .cursor-plugin/marketplace.json; git sources are left to their repository', () => {
    const repo = temp();
    writePlugin(path.join(repo, 'plugins/alpha'), 'alpha');
    writePlugin(path.join(repo, 'plugins/beta'), 'beta');
    const market = {
      name: 'team-guards',
      owner: { name: 'Team' },
      plugins: [
        { name: 'alpha', source: './plugins/alpha', description: 'Alpha guards' },
        { name: 'beta', source: './plugins/beta', description: 'Beta guards' },
        { name: 'remote', source: { source: 'github', repo: 'o/r' } },
      ],
    };
    put(path.join(repo, '.claude-plugin/marketplace.json'), JSON.stringify(market));
    const r = cli(['init', '--plugin', repo], repo);
    expect(r.status, r.stderr).toBe(0);
    for (const p of ['alpha', 'beta']) {
      expect(JSON.parse(fs.readFileSync(path.join(repo, `plugins/${p}/.cursor-plugin/plugin.json`), 'utf8')).name).toBe(
        p,
      );
      expect(boundCommand(path.join(repo, `plugins/${p}`), 'preToolUse')).toBe(
        'node --inspect-publish-uid stderr ./.cursor-plugin/hookshim.cjs preToolUse',
      );
    }
    const cursorMarket = JSON.parse(fs.readFileSync(path.join(repo, '.cursor-plugin/marketplace.json'), 'utf8'));
    expect(cursorMarket).toMatchObject({ name: 'team-guards', owner: { name: 'Team' } });
    expect(cursorMarket.plugins.map((p: { name: string; source: string }) => [p.name, p.source])).toEqual([
      ['alpha', 'plugins/alpha'],
      ['beta', 'plugins/beta'],
    ]);
    expect(cli(['init', '--plugin', repo], repo).stdout).toContain('nothing to change');
    expect(cli(['check', '--plugin', repo], repo).status).toBe(0);
  });
});

describe('a plugin fired as Cursor fires plugin hooks (docs/plugins.md §2, §3)', () => {
  const repo = temp();
  const workspace = temp();
  const state = path.join(temp(), 'state');
  beforeAll(() => {
    writePlugin(repo, 'guard-a');
    expect(cli(['init', '--plugin', repo], repo).status).toBe(0);
  });

  for (const from of ['plugin', 'workspace'] as const) {
    it(`from the ${from === 'plugin' ? 'plugin folder' : 'workspace'}: a deny, a PostToolUse context, a stop follow-up, a SessionStart context`, () => {
      const f: Fire = { plugin: repo, workspace, state, from, conversation: `c-${from}` };
      const deny = fire(f, 'preToolUse', shell(`t-${from}-1`, 'rm -rf build'));
      expect(deny.json.permission, deny.stderr).toBe('deny');
      expect(String(deny.json.user_message)).toContain('guard-a: no rm -rf');
      const post = fire(f, 'postToolUse', { ...shell(`t-${from}-2`, 'ls'), tool_output: 'a\nb', duration: 3 });
      expect(String(post.json.additional_context), post.stderr).toContain('guard-a: post context');
      const stop = fire(f, 'stop', { status: 'completed', loop_count: 0, generation_id: `g-${from}` });
      expect(String(stop.json.followup_message), stop.stderr).toContain('guard-a: run the tests');
      const start = fire(f, 'sessionStart', { composer_mode: 'agent', is_background_agent: false });
      expect(String(start.json.additional_context), start.stderr).toContain('guard-a: session context');
    });
  }

  it('CLAUDE_PLUGIN_ROOT is the plugin folder, CLAUDE_PROJECT_DIR and cwd the workspace; CURSOR_PLUGIN_ROOT stays out of the scripts', () => {
    const rows = seen(workspace, 'guard-a');
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const r of rows)
      expect(r).toMatchObject({ root: repo, project: workspace, cwd: workspace, cursorPluginRoot: null });
    expect(fs.existsSync(path.join(repo, 'seen-guard-a.ndjson'))).toBe(false);
  });

  it('from the workspace without CURSOR_PROJECT_DIR: the working directory is the workspace', () => {
    const f: Fire = { plugin: repo, workspace, state, from: 'workspace', projectDirSet: false };
    expect(fire(f, 'preToolUse', shell('t-nodir', 'rm -rf x')).json.permission).toBe('deny');
    expect(seen(workspace, 'guard-a').at(-1)).toMatchObject({ root: repo, project: workspace });
  });
});

describe('explain and replay --plugin: a payload as the plugin binding runs it (docs/plugins.md)', () => {
  const repo = temp();
  const workspace = temp();
  beforeAll(() => {
    writePlugin(repo, 'guard-a');
    expect(cli(['init', '--plugin', repo], repo).status).toBe(0);
  });
  const payload = JSON.stringify({
    hook_event_name: 'preToolUse',
    conversation_id: 'c-explain',
    workspace_roots: [workspace],
    ...shell('t-explain', 'rm -rf build'),
  });
  const explain = (args: string[]) =>
    spawnSync(process.execPath, [CLI, 'explain', ...args], {
      cwd: workspace,
      input: payload,
      encoding: 'utf8',
      env: { ...process.env, HOME: temp(), CURSOR_PROJECT_DIR: workspace },
    });

  it("selects the plugin's rows in a workspace with no catalog of its own; --run gives the plugin's answer", () => {
    const r = explain(['--plugin', repo, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.project).toEqual({ dir: workspace, how: expect.any(String), plugin: repo });
    expect(report.catalogs).toHaveLength(1);
    const chosen = report.invocations.flatMap((i: { rows: { status: string; label: string }[] }) =>
      i.rows.filter((x) => x.status === 'selected').map((x) => x.label),
    );
    expect(chosen).toEqual([path.join(repo, 'hooks/deny.mjs')]);
    const ran = explain(['--plugin', repo, '--run', '--json']);
    expect(JSON.parse(ran.stdout).run?.answer, ran.stderr).toMatchObject({
      permission: 'deny',
      user_message: expect.stringContaining('guard-a: no rm -rf'),
    });
  });

  it('replay --plugin re-runs a traced event through the plugin binding: the same decision', () => {
    const trace = path.join(temp(), 'trace.ndjson');
    const env = { ...process.env, HOOKSHIM_STATE_DIR: path.join(temp(), 'state'), CURSOR_PROJECT_DIR: workspace };
    const live = spawnSync('sh', ['-c', boundCommand(repo, 'preToolUse').replace('./', `${repo}/`)], {
      cwd: workspace,
      input: payload,
      encoding: 'utf8',
      env: { ...env, HOOKSHIM_LOG: trace, HOOKSHIM_LOG_PAYLOADS: '1' },
    });
    expect(JSON.parse(live.stdout).permission, live.stderr).toBe('deny');
    const r = spawnSync(process.execPath, [CLI, 'replay', trace, '--plugin', repo, '--json'], {
      cwd: workspace,
      encoding: 'utf8',
      env,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).events.map((e: { status: string }) => e.status)).toEqual(['same']);
  });

  it('a folder init --plugin has not bound is a usage error naming the fix', () => {
    const r = explain(['--plugin', workspace]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/--plugin .*: no \.cursor-plugin\/hooks\.json in .*; run `hookshim init --plugin`/);
  });
});

describe("a plugin's stale Cursor matcher names the plugin's fix (docs/plugins.md)", () => {
  it('a row added after init --plugin for a tool the matcher skips: stderr says to re-run init --plugin in the plugin folder', () => {
    const repo = temp();
    const state = path.join(temp(), 'state');
    writePlugin(repo, 'guard-a');
    expect(cli(['init', '--plugin', repo], repo).status).toBe(0);
    const catalog = JSON.parse(fs.readFileSync(path.join(repo, 'hooks/hooks.json'), 'utf8'));
    catalog.hooks.PreToolUse.push({ matcher: 'Write', hooks: [run('deny.mjs')] });
    put(path.join(repo, 'hooks/hooks.json'), JSON.stringify(catalog));
    const r = fire({ plugin: repo, workspace: repo, state, from: 'plugin' }, 'preToolUse', shell('t-s1', 'ls'));
    expect(r.stderr).toMatch(
      /its matcher skips Write.*their guards do not run; run `hookshim init --plugin` in .* and commit its \.cursor-plugin\/hooks\.json/,
    );
  });
});

describe('bindings in one workspace (docs/plugins.md §3)', () => {
  it('two plugins keep separate state: the same tool call runs both catalogs, neither replays the other', () => {
    const a = temp();
    const b = temp();
    const workspace = temp();
    const state = path.join(temp(), 'state');
    writePlugin(a, 'alpha');
    writePlugin(b, 'beta');
    put(
      path.join(a, 'hooks/deny.mjs'),
      node(`fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/seen-alpha.ndjson', '{}\\n');`),
    );
    for (const p of [a, b]) expect(cli(['init', '--plugin', p], p).status).toBe(0);
    const call = shell('t-shared-1', 'rm -rf dist');
    const first = fire({ plugin: a, workspace, state, from: 'plugin' }, 'preToolUse', call);
    expect(first.json.permission ?? 'allow').toBe('allow');
    const second = fire({ plugin: b, workspace, state, from: 'plugin' }, 'preToolUse', call);
    expect(second.json.permission, second.stderr).toBe('deny');
    expect(seen(workspace, 'alpha')).toHaveLength(1);
    expect(seen(workspace, 'beta')).toHaveLength(1);
  });

  it('a project binding and a plugin binding of the same catalog run its rows once', () => {
    const repo = temp();
    const state = path.join(temp(), 'state');
    writePlugin(repo, 'guard-a');
    fs.mkdirSync(path.join(repo, '.git'));
    expect(cli(['init', repo], repo).status).toBe(0);
    expect(cli(['init', '--plugin', repo], repo).status).toBe(0);
    const call = {
      ...shell('t-twice-1', 'rm -rf out'),
      conversation_id: 'c-twice',
      session_id: 'c-twice',
      generation_id: 'g-twice',
    };
    const project = JSON.parse(fs.readFileSync(path.join(repo, '.cursor/hooks.json'), 'utf8')).hooks.preToolUse[0]
      .command;
    const env = { ...process.env, HOOKSHIM_STATE_DIR: state, CURSOR_PROJECT_DIR: repo };
    const body = JSON.stringify({ hook_event_name: 'preToolUse', workspace_roots: [repo], cwd: '', ...call });
    const r = spawnSync('sh', ['-c', project], { cwd: repo, input: body, env, encoding: 'utf8' });
    expect(JSON.parse(r.stdout).permission, r.stderr).toBe('deny');
    const plugin = fire({ plugin: repo, workspace: repo, state, from: 'plugin' }, 'preToolUse', call);
    expect(plugin.json.permission, plugin.stderr).toBe('deny');
    expect(seen(repo, 'guard-a').filter((s) => s.event === 'PreToolUse')).toHaveLength(1);
  });
});

describe('doctor: did hookshim ever run here? (heartbeats)', () => {
  function project(): { dir: string; state: string; fire: (event: string, extra: Record<string, unknown>) => void } {
    const dir = temp();
    const state = path.join(temp(), 'state');
    writePlugin(dir, 'guard-a');
    fs.mkdirSync(path.join(dir, '.git'));
    expect(cli(['init', dir], dir).status).toBe(0);
    const fireIt = (event: string, extra: Record<string, unknown>) => {
      const doc = JSON.parse(fs.readFileSync(path.join(dir, '.cursor/hooks.json'), 'utf8'));
      const env = { ...process.env, HOOKSHIM_STATE_DIR: state, CURSOR_PROJECT_DIR: dir, CURSOR_VERSION: '3.24.12' };
      const input = JSON.stringify({
        conversation_id: 'c-doc',
        hook_event_name: event,
        workspace_roots: [dir],
        ...extra,
      });
      spawnSync('sh', ['-c', doc.hooks[event][0].command], { cwd: dir, input, env, encoding: 'utf8' });
    };
    return { dir, state, fire: fireIt };
  }
  const doctor = (dir: string, state: string, env: NodeJS.ProcessEnv = {}) => {
    const r = cli(['doctor', '--json', dir], dir, { HOOKSHIM_STATE_DIR: state, CI: '', ...env });
    return JSON.parse(r.stdout) as {
      findings: { code: string; message: string }[];
      lastRan: { events: { event: string }[] }[];
    };
  };

  it('a project that never ran: never-ran names the causes in order, trust first', () => {
    const p = project();
    const never = doctor(p.dir, p.state).findings.find((f) => f.code === 'never-ran');
    expect(never?.message).toMatch(
      /\(1\) the workspace is not trusted.*\(2\) `cursor-agent -p` without `--trust`.*\(3\) `"version": 1`.*\(4\) Cursor's own hook settings/,
    );
  });

  it('a project that ran: when, and for which events; no never-ran', () => {
    const p = project();
    p.fire('preToolUse', shell('t-doc-1', 'ls'));
    p.fire('stop', { status: 'completed', loop_count: 0 });
    const report = doctor(p.dir, p.state);
    expect(report.findings.map((f) => f.code)).not.toContain('never-ran');
    expect(report.lastRan[0]?.events.map((e) => e.event).sort()).toEqual(['preToolUse', 'stop']);
    expect(report.findings.find((f) => f.code === 'last-ran')?.message).toMatch(
      /last ran for this project .*Cursor 3\.24\.12/,
    );
  });

  it('an untrusted CI run (cursor-agent refused, nothing ran): never-ran puts --trust first', () => {
    const p = project();
    const never = doctor(p.dir, p.state, { CI: 'true' }).findings.find((f) => f.code === 'never-ran');
    expect(never?.message).toMatch(
      /a CI run.*\(1\) `cursor-agent -p` without `--trust`.*\(2\) the workspace is not trusted/,
    );
  });

  it('a heartbeat planted in the state dir changes no answer: the deny stands', () => {
    const p = project();
    p.fire('preToolUse', shell('t-plant-0', 'ls'));
    for (const f of fs.readdirSync(path.join(p.state, 'beat')))
      fs.writeFileSync(
        path.join(p.state, 'beat', f),
        JSON.stringify({ project: p.dir, binding: '', event: 'preToolUse', permission: 'allow' }),
      );
    const doc = JSON.parse(fs.readFileSync(path.join(p.dir, '.cursor/hooks.json'), 'utf8'));
    const env = { ...process.env, HOOKSHIM_STATE_DIR: p.state, CURSOR_PROJECT_DIR: p.dir };
    const input = JSON.stringify({
      conversation_id: 'c-doc',
      hook_event_name: 'preToolUse',
      workspace_roots: [p.dir],
      ...shell('t-plant-1', 'rm -rf /'),
    });
    const r = spawnSync('sh', ['-c', doc.hooks.preToolUse[0].command], { cwd: p.dir, input, env, encoding: 'utf8' });
    expect(JSON.parse(r.stdout).permission).toBe('deny');
  });
});

describe('other hosts that run .claude/settings.json natively (docs/hosts.md)', () => {
  it('check names VS Code agent hooks and the GitHub Copilot app beside Cursor’s loader', () => {
    const dir = temp();
    fs.mkdirSync(path.join(dir, '.git'));
    put(path.join(dir, 'guard.sh'), '#!/bin/sh\nexit 0\n', 0o755);
    const settings = {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/guard.sh' }] }],
      },
    };
    put(path.join(dir, '.claude/settings.json'), JSON.stringify(settings));
    expect(cli(['init', dir], dir).status).not.toBeNull();
    const r = cli(['check', '--json', dir], dir);
    const f = JSON.parse(r.stdout).findings.find((x: { code: string }) => x.code === 'settings-other-loaders');
    expect(f?.message).toMatch(/VS Code's agent hooks.*ignore its matchers.*GitHub Copilot app/);
  });
});
