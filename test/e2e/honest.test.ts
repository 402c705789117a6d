// What the tools say agrees with what they do, through the built CLI: the exit codes of
// docs/tooling.md's table, row by row, with and without --json; init --plugin merging into a hand-written manifest;
// --dry-run's per-file diff; check's words for a missing bundle and an inline row; acknowledged double binding; the
// demo's output; no message split by a rewrap.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cursorPayload, ensureBuilt, makeRepo, ROOT, toolUseId, type Repo } from './harness.ts';

const DENY = '#!/bin/sh\ncat >/dev/null\necho "no" >&2\nexit 2\n';
const CATALOG = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/deny.sh', timeout: 10 }] },
    ],
  },
};
const repos: Repo[] = [];
const temps: string[] = [];
afterAll(() => {
  for (const r of repos) r.cleanup();
  for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
});
beforeAll(() => ensureBuilt());

/** The built CLI in `cwd`, no colours, a state dir of its own. */
function cli(args: readonly string[], cwd: string, input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    input: input ?? '',
    env: { ...process.env, NO_COLOR: '1', HOOKSHIM_STATE_DIR: path.join(cwd, '.state'), HOME: cwd },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A bound repository (the deny guard on Bash). */
function bound(catalog: unknown = CATALOG): Repo {
  const repo = makeRepo(catalog, { 'deny.sh': DENY });
  repos.push(repo);
  spawnSync('git', ['init', '-q'], { cwd: repo.dir });
  const r = repo.init();
  if (r.status !== 0 && r.status !== 1) throw new Error(`init failed: ${r.stderr}`);
  return repo;
}

/** A settings catalog: .claude/settings.json with one PreToolUse row. */
function settingsRepo(extraConfig: Record<string, unknown> = {}): Repo {
  const repo = makeRepo({ hooks: {} }, { 'deny.sh': DENY });
  repos.push(repo);
  fs.rmSync(path.join(repo.dir, 'hooks/hooks.json'));
  repo.write(
    '.claude/settings.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/hooks/deny.sh' }] }],
      },
    }),
  );
  expect(repo.init().status).toBeLessThanOrEqual(1);
  if (Object.keys(extraConfig).length) {
    const file = path.join(repo.dir, '.cursor/hookshim.json');
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), ...extraConfig }));
  }
  return repo;
}

/** A Claude plugin repository at a fresh folder, optionally with a hand-written Cursor manifest. */
function pluginRepo(cursorManifest?: Record<string, unknown>): string {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-honest-')));
  temps.push(d);
  const put = (rel: string, text: string, mode = 0o644) => {
    fs.mkdirSync(path.dirname(path.join(d, rel)), { recursive: true });
    fs.writeFileSync(path.join(d, rel), text, { mode });
  };
  put('.claude-plugin/plugin.json', JSON.stringify({ name: 'guard', version: '1.2.0', description: 'From Claude' }));
  put('hooks/hooks.json', JSON.stringify(CATALOG));
  put('hooks/deny.sh', DENY, 0o755);
  if (cursorManifest) put('.cursor-plugin/plugin.json', `${JSON.stringify(cursorManifest, null, 2)}\n`);
  return d;
}

/** A trace of one denied Shell call, recorded with payloads. */
function traced(): { repo: Repo; log: string } {
  const repo = bound();
  const log = path.join(repo.dir, 'trace.ndjson');
  const payload = cursorPayload('preToolUse', repo, {
    tool_name: 'Shell',
    tool_input: { command: 'ls', cwd: '' },
    tool_use_id: toolUseId(),
  });
  repo.fire('preToolUse', payload, { env: { HOOKSHIM_LOG: log, HOOKSHIM_LOG_PAYLOADS: '1' } });
  return { repo, log };
}

type Case = () => { cwd: string; args: string[]; stdin?: string };
/** One way to bring about each row of docs/tooling.md's exit-code table, keyed by "command | when". */
const CASES: Record<string, Case> = {
  "init | a repository whose catalog's scripts are all in place": () => {
    const repo = makeRepo(CATALOG, { 'deny.sh': DENY });
    repos.push(repo);
    return { cwd: repo.dir, args: ['init'] };
  },
  "init | a catalog row's script is missing (the binding is written all the same)": () => {
    const repo = makeRepo(CATALOG);
    repos.push(repo);
    return { cwd: repo.dir, args: ['init'] };
  },
  'init | the repository has no catalog': () => {
    const repo = makeRepo(CATALOG);
    repos.push(repo);
    fs.rmSync(path.join(repo.dir, 'hooks'), { recursive: true });
    return { cwd: repo.dir, args: ['init'] };
  },
  'init | `.cursor/hooks.json` is not valid JSON': () => {
    const repo = bound();
    repo.write('.cursor/hooks.json', '{,');
    return { cwd: repo.dir, args: ['init'] };
  },
  'init | `.cursor/hookshim.json` is not valid JSON': () => {
    const repo = bound();
    repo.write('.cursor/hookshim.json', '{"catalogs": ["hooks/hooks.json"],}');
    return { cwd: repo.dir, args: ['init'] };
  },
  'init | DIR is not a folder': () => {
    const repo = bound();
    return { cwd: repo.dir, args: ['init', 'hooks/hooks.json'] };
  },
  'init --plugin | the folder holds no Claude plugin': () => {
    const repo = bound();
    return { cwd: repo.dir, args: ['init', '--plugin'] };
  },
  'init --plugin | `.cursor-plugin/plugin.json` points `hooks` at a file `init --plugin` does not write': () => ({
    cwd: pluginRepo({ name: 'guard', hooks: './hooks/cursor.json' }),
    args: ['init', '--plugin'],
  }),
  'check | the binding is what `init` writes': () => ({ cwd: bound().dir, args: ['check'] }),
  "check | a catalog row's script is not executable": () => {
    const repo = bound();
    fs.chmodSync(path.join(repo.dir, 'hooks/deny.sh'), 0o644);
    return { cwd: repo.dir, args: ['check'] };
  },
  'check --strict | a warning only: a `.claude/settings.json` catalog whose double binding is not acknowledged':
    () => ({
      cwd: settingsRepo().dir,
      args: ['check', '--strict'],
    }),
  'check --strict | a `.claude/settings.json` catalog whose double binding `.cursor/hookshim.json` acknowledges':
    () => ({
      cwd: settingsRepo({ check: { knownDoubleBinding: ['.claude/settings.json'] } }).dir,
      args: ['check', '--strict'],
    }),
  'check | no catalog can be read': () => {
    const repo = bound();
    repo.write('hooks/hooks.json', '{"hooks": ');
    return { cwd: repo.dir, args: ['check'] };
  },
  'check | `.cursor/hooks.json` is not valid JSON': () => {
    const repo = bound();
    repo.write('.cursor/hooks.json', '{,');
    return { cwd: repo.dir, args: ['check'] };
  },
  'check | `.cursor/hookshim.json` is not valid JSON': () => {
    const repo = bound();
    repo.write('.cursor/hookshim.json', '{"catalogs": ["hooks/hooks.json"],}');
    return { cwd: repo.dir, args: ['check'] };
  },
  'check | the vendored bundle `.cursor/hooks/hookshim.cjs` is missing': () => {
    const repo = bound();
    fs.rmSync(path.join(repo.dir, '.cursor/hooks/hookshim.cjs'));
    return { cwd: repo.dir, args: ['check'] };
  },
  'doctor | `.cursor/hooks.json` is not valid JSON': () => {
    const repo = bound();
    repo.write('.cursor/hooks.json', '{,');
    return { cwd: repo.dir, args: ['doctor'] };
  },
  'doctor | the vendored bundle `.cursor/hooks/hookshim.cjs` is missing': () => {
    const repo = bound();
    fs.rmSync(path.join(repo.dir, '.cursor/hooks/hookshim.cjs'));
    return { cwd: repo.dir, args: ['doctor'] };
  },
  'explain | the payload is not a JSON object': () => ({ cwd: bound().dir, args: ['explain'], stdin: '[1, 2]' }),
  'replay | a replayed decision changed': () => {
    const { repo, log } = traced();
    repo.write('hooks/deny.sh', '#!/bin/sh\ncat >/dev/null\nexit 0\n');
    return { cwd: repo.dir, args: ['replay', log] };
  },
  'replay | no record of the trace has a payload': () => {
    const repo = bound();
    repo.write('trace.ndjson', '{"v":1,"event":"preToolUse"}\n');
    return { cwd: repo.dir, args: ['replay', 'trace.ndjson'] };
  },
  'any | an unknown command or option': () => ({ cwd: bound().dir, args: ['check', '--strit'] }),
  'any | an option that takes a value is given none': () => ({ cwd: bound().dir, args: ['init', '--catalog'] }),
};

/** The rows of docs/tooling.md's "Exit codes" table: command (backticks removed), when, exit. */
function documentedRows(): { command: string; when: string; exit: number }[] {
  const text = fs.readFileSync(path.join(ROOT, 'docs/tooling.md'), 'utf8');
  const section = text.slice(text.indexOf('### Exit codes'));
  const table = section.slice(
    section.indexOf('| Command | When | Exit |'),
    section.indexOf('\n\n', section.indexOf('| Command')),
  );
  return table
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((c) => c.trim()))
    .map(([, command, when, exit]) => ({ command: command!.replace(/`/g, ''), when: when!, exit: Number(exit) }));
}

describe("exit codes: docs/tooling.md's table, row by row", () => {
  const rows = documentedRows();

  it('every documented row has a case here, and every case a row', () => {
    expect(rows.length).toBeGreaterThan(15);
    expect(Object.keys(CASES).sort()).toEqual(rows.map((r) => `${r.command} | ${r.when}`).sort());
  });

  it.each(rows)('$command | $when → $exit (and with --json: one JSON document, the same code)', (row) => {
    const make = CASES[`${row.command} | ${row.when}`];
    expect(make, 'a documented row with no case in test/e2e/honest.test.ts').toBeDefined();
    const { cwd, args, stdin } = make!();
    const text = cli(args, cwd, stdin);
    expect(text.code, text.out + text.err).toBe(row.exit);
    const { cwd: cwd2, args: args2, stdin: stdin2 } = make!();
    const j = cli([...args2, '--json'], cwd2, stdin2);
    expect(j.code, j.out + j.err).toBe(row.exit);
    const doc = JSON.parse(j.out);
    expect(typeof doc).toBe('object');
    if (row.exit !== 0 && 'ok' in doc) expect(doc.ok).toBe(false);
  });
});

describe('flags', () => {
  it('an unknown option names the nearest known one; an option given no value is a usage error', () => {
    const dir = bound().dir;
    expect(cli(['check', '--strit'], dir).err).toMatch(/unknown option --strit \(did you mean --strict\?\)/);
    expect(cli(['chek'], dir).err).toMatch(/unknown command chek: did you mean check\?/);
    const bare = cli(['explain', '--dir='], dir, '{}');
    expect([bare.code, bare.err]).toEqual([2, expect.stringMatching(/--dir needs a value/)]);
    const last = cli(['init', '--catalog', '--json'], dir);
    expect([last.code, JSON.parse(last.out)]).toEqual([
      2,
      { ok: false, exitCode: 2, error: expect.stringMatching(/--catalog needs a value/) },
    ]);
  });
});

describe('check says what a missing bundle does, and names inline rows by their place', () => {
  it('a missing bundle: every call denied on preToolUse (failClosed), not "lets every action through"', () => {
    const repo = bound();
    fs.rmSync(path.join(repo.dir, '.cursor/hooks/hookshim.cjs'));
    const r = cli(['check'], repo.dir);
    expect(r.out).toMatch(
      /hookshim\.cjs: missing: the bound command cannot start: Cursor denies every call on preToolUse \(failClosed\)/,
    );
    expect(r.out).not.toMatch(/lets every action through/);
    // What Cursor then does: the bound command fails, and failClosed turns that into a block (docs/cursor-hooks.md §1).
    const fired = spawnSync('sh', ['-c', repo.command('preToolUse')], { cwd: repo.dir, input: '{}', encoding: 'utf8' });
    expect(fired.status).not.toBe(0);
  });

  it('an inline jq row is named by its catalog and locator in check, explain and the deny, never ".tool_input.command"', () => {
    const repo = bound({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: "jq -r .tool_input.command | grep -q 'rm -rf' && exit 2 || exit 0" }],
          },
        ],
      },
    });
    const payload = JSON.stringify(
      cursorPayload('preToolUse', repo, {
        tool_name: 'Shell',
        tool_input: { command: 'rm -rf x' },
        tool_use_id: toolUseId(),
      }),
    );
    const explained = cli(['explain', '--run'], repo.dir, payload);
    const checked = cli(['check', '-v'], repo.dir);
    for (const out of [explained.out, checked.out]) expect(out).not.toContain('.tool_input.command exited');
    expect(explained.out).toMatch(/^ {2}hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\] +exit /m);
    expect(checked.out).toMatch(/hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\]: /);
  });
});

describe('double binding is said for files another host reads, and can be acknowledged', () => {
  it('a .claude/settings.json catalog: both warnings, and with check.knownDoubleBinding info notes that say so', () => {
    const plain = cli(['check', '--json'], settingsRepo().dir);
    const codes = (out: string) =>
      JSON.parse(out).findings.map((f: { code: string; severity: string }) => `${f.code}:${f.severity}`);
    expect(codes(plain.out)).toEqual(
      expect.arrayContaining(['settings-double-binding:warning', 'settings-other-loaders:warning']),
    );
    const known = settingsRepo({ check: { knownDoubleBinding: ['.claude/settings.json'] } });
    const acked = cli(['check', '--json', '--strict'], known.dir);
    expect(acked.code, acked.out).toBe(0);
    expect(codes(acked.out)).toEqual(
      expect.arrayContaining(['settings-double-binding:info', 'settings-other-loaders:info']),
    );
    expect(cli(['check', '-v'], known.dir).out).toMatch(
      /known: \.cursor\/hookshim\.json check\.knownDoubleBinding lists \.claude\/settings\.json/,
    );
  });

  it("a settings file no other host reads (a package's, named with --catalog) gets neither warning", () => {
    const repo = makeRepo(CATALOG, { 'deny.sh': DENY });
    repos.push(repo);
    repo.write(
      'tools/claude/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    expect(repo.init(['--catalog', 'tools/claude/settings.json']).status).toBe(0);
    const r = cli(['check', '--strict', '--json'], repo.dir);
    expect(JSON.parse(r.out).findings.map((f: { code: string }) => f.code)).not.toContain('settings-other-loaders');
    expect(r.code, r.out).toBe(0);
  });
});

describe('init --plugin never overwrites a hand-written manifest without saying so (item 5)', () => {
  it("keeps its description and other keys and its own hooks pointer; says where it differs from Claude's manifest", () => {
    const dir = pluginRepo({
      name: 'guard',
      description: 'Hand-written',
      author: { name: 'Ann' },
      hooks: '.cursor-plugin/hooks.json',
    });
    const r = cli(['init', '--plugin'], dir);
    expect(r.code, r.out + r.err).toBe(0);
    const m = JSON.parse(fs.readFileSync(path.join(dir, '.cursor-plugin/plugin.json'), 'utf8'));
    expect(m).toMatchObject({ name: 'guard', description: 'Hand-written', author: { name: 'Ann' }, version: '1.2.0' });
    expect(m.hooks).toBe('.cursor-plugin/hooks.json');
    expect(r.out).toMatch(
      /keeps its own "description" "Hand-written"; \.claude-plugin\/plugin\.json says "From Claude"/,
    );
  });

  it('a hooks pointer elsewhere: refused (exit 3) naming the conflict and the fix; nothing written', () => {
    const dir = pluginRepo({ name: 'guard', hooks: './hooks/cursor.json' });
    const before = fs.readFileSync(path.join(dir, '.cursor-plugin/plugin.json'), 'utf8');
    const r = cli(['init', '--plugin'], dir);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /"hooks" is "\.\/hooks\/cursor\.json", but init --plugin binds the catalog in \.\/\.cursor-plugin\/hooks\.json/,
    );
    expect(r.err).toMatch(/set "hooks" to "\.\/\.cursor-plugin\/hooks\.json"/);
    expect(fs.readFileSync(path.join(dir, '.cursor-plugin/plugin.json'), 'utf8')).toBe(before);
    expect(fs.existsSync(path.join(dir, '.cursor-plugin/hooks.json'))).toBe(false);
  });

  it('--dry-run shows new / changed / unchanged per file with a unified diff, and writes nothing', () => {
    const dir = pluginRepo({ name: 'guard', keywords: ['x'] });
    const before = fs.readFileSync(path.join(dir, '.cursor-plugin/plugin.json'), 'utf8');
    const r = cli(['init', '--plugin', '--dry-run'], dir);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^ +new +\.cursor-plugin\/hooks\.json$/m);
    expect(r.out).toMatch(/^ +changed +\.cursor-plugin\/plugin\.json$/m);
    expect(r.out).toMatch(/^--- a\/\.cursor-plugin\/plugin\.json\n\+\+\+ b\/\.cursor-plugin\/plugin\.json\n@@ /m);
    expect(r.out).toMatch(/^\+  "hooks": "\.\/\.cursor-plugin\/hooks\.json",$/m);
    expect(fs.readFileSync(path.join(dir, '.cursor-plugin/plugin.json'), 'utf8')).toBe(before);
    expect(cli(['init', '--plugin'], dir).code).toBe(0);
    expect(cli(['init', '--plugin', '--dry-run'], dir).out).toMatch(/^ +unchanged +\.cursor-plugin\/plugin\.json$/m);
  });

  it('init --dry-run on a bound repository: changed .cursor/hookshim.json with its diff, the rest unchanged', () => {
    const repo = bound();
    repo.write('.cursor/hookshim.json', '{\n  "transcripts": false\n}\n');
    const r = cli(['init', '--dry-run'], repo.dir);
    expect(r.out).toMatch(/^ +changed +\.cursor\/hookshim\.json$/m);
    expect(r.out).toMatch(/^ +unchanged +\.cursor\/hooks\/hookshim\.cjs$/m);
    expect(r.out).toMatch(
      /^--- a\/\.cursor\/hookshim\.json\n\+\+\+ b\/\.cursor\/hookshim\.json\n@@ -1,3 \+1,6 @@\n \{\n\+  "catalogs": \[/m,
    );
    expect(fs.readFileSync(path.join(repo.dir, '.cursor/hookshim.json'), 'utf8')).toBe(
      '{\n  "transcripts": false\n}\n',
    );
  });
});

describe('no message split by a rewrap', () => {
  it('the demo prints no "\' +" fragment', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/demo.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Cursor gets');
    expect(r.stdout).not.toMatch(/['"`] \+/);
    const kept = /demo repo kept at (\S+)/.exec(r.stdout)?.[1];
    if (kept) fs.rmSync(kept, { recursive: true, force: true });
  });

  it('no template literal in src/, adapters/ or catalog/ holds a quote-plus-newline (a string concatenation swallowed by it)', () => {
    const bad: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts')) {
          const sf = ts.createSourceFile(p, fs.readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true);
          const visit = (n: ts.Node): void => {
            if (ts.isTemplateLiteralToken(n) && /['"] \+\s*\n\s*['"]/.test(n.getText()))
              bad.push(`${path.relative(ROOT, p)}: ${n.getText().slice(0, 80)}`);
            ts.forEachChild(n, visit);
          };
          visit(sf);
        }
      }
    };
    for (const d of ['src', 'adapters', 'catalog']) walk(path.join(ROOT, d));
    expect(bad).toEqual([]);
  });
});
