// `hookshim init`: merging .cursor/hooks.json (before/after tables, lefthook install_ai style), the plan, errors.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../../src/commands/init.ts';
import { CommandError } from '../../../src/commands/io.ts';
import { ensureBuilt } from '../../e2e/harness.ts';
import { cleanupAll, cli, sh, tempRepo } from './helpers.ts';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupAll());

// A Bash-only catalog: Cursor's matcher skips the other known tools (adapters/cursorMatcher.ts).
const SKIPS = expect.stringMatching(/^\^\(\?!Read\$\)\(\?!ReadFile\$\)/) as unknown as string;
const P = {
  command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse',
  matcher: SKIPS,
  timeout: 30,
  failClosed: true,
};
const USER = { command: '.cursor/hooks/audit.sh', timeout: 5 };
const USER2 = { command: 'afplay /System/Library/Sounds/Glass.aiff' };
const PKG_P = {
  command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse',
  matcher: SKIPS,
  timeout: 30,
  failClosed: true,
};

describe('init on a repository', () => {
  const CATALOG = {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh', timeout: 10 }] },
    ],
    Notification: [{ hooks: [{ type: 'command', command: 'true' }] }],
  };

  it('writes .cursor/hooks.json (2-space JSON, trailing newline) and the executable vendored bundle; a rerun changes nothing', async () => {
    const repo = tempRepo();
    repo.catalog(CATALOG);
    repo.write('hooks/guard.sh', sh('exit 0'));
    const first = await cli(['init', repo.dir]);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(
      /preToolUse +timeout +30s, failClosed, skips Read, ReadFile, Write \+\d+ more +node --inspect-publish-uid stderr \.cursor\/hooks\/hookshim\.cjs preToolUse \(new\)/,
    );
    expect(first.out).toMatch(
      /can never run under Cursor:\n {2}hooks\/hooks\.json Notification\[0\]\.hooks\[0\]: Notification has no Cursor analog/,
    );
    expect(first.out).toMatch(
      /wrote: \.cursor\/hooks\.json, \.cursor\/hooks\/hookshim\.cjs, \.cursor\/\.cursor\/hooks\/hookshim\.cjs, \.cursor\/hookshim\.json\n/,
    );
    expect(JSON.parse(repo.read('.cursor/hookshim.json'))).toEqual({ catalogs: ['hooks/hooks.json'] });
    const text = repo.read('.cursor/hooks.json');
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expect(fs.statSync(path.join(repo.dir, '.cursor/hooks/hookshim.cjs')).mode & 0o111).toBeTruthy();
    const mtime = fs.statSync(path.join(repo.dir, '.cursor/hooks.json')).mtimeMs;
    const again = await cli(['init', repo.dir]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/unchanged: everything was already up to date/);
    expect(repo.read('.cursor/hooks.json')).toBe(text);
    expect(fs.statSync(path.join(repo.dir, '.cursor/hooks.json')).mtimeMs).toBe(mtime);
  });

  it("keeps a user's hook, unknown keys and foreign events, removes a stale entry, and says so", async () => {
    const repo = tempRepo();
    repo.catalog(CATALOG);
    repo.write('hooks/guard.sh', sh('exit 0'));
    const before = {
      version: 1,
      'x-owner': 'infra',
      hooks: {
        preToolUse: [USER],
        stop: [
          { command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs stop', timeout: 60, loop_limit: 5 },
        ],
        afterFileEdit: [USER2],
      },
    };
    repo.write('.cursor/hooks.json', JSON.stringify(before));
    const r = await cli(['init', repo.dir]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/removed stale hookshim entries: stop/);
    expect(r.out).toMatch(/kept 2 foreign entries \(preToolUse: 1, afterFileEdit: 1\)/);
    expect(JSON.parse(repo.read('.cursor/hooks.json'))).toEqual({
      version: 1,
      'x-owner': 'infra',
      hooks: {
        preToolUse: [USER, P],
        afterFileEdit: [USER2],
        postToolUse: [
          {
            command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs postToolUse',
            timeout: 30,
            failClosed: false,
          },
        ],
        postToolUseFailure: [
          {
            command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs postToolUseFailure',
            timeout: 30,
            failClosed: false,
          },
        ],
      },
    });
  });

  it('--package binds node_modules/hookshim, fails as check does while it is not installed, and a plain rerun keeps package mode', async () => {
    const repo = tempRepo();
    repo.catalog(CATALOG);
    repo.write('hooks/guard.sh', sh('exit 0'));
    const r = await cli(['init', repo.dir, '--package']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /error +node_modules\/hookshim\/dist\/hookshim\.cjs: missing: the bound command cannot start: Cursor denies every call on preToolUse \(failClosed\)[^\n]*\[package-missing\]/,
    );
    // Package mode commits launchers only: .cursor/hooks/hookshim.cjs runs the installed package's bundle.
    expect(repo.read('.cursor/hooks/hookshim.cjs')).toMatch(
      /^\/\/ hookshim launcher[\s\S]*'node_modules', 'hookshim', 'dist'/,
    );
    expect(repo.read('.cursor/.cursor/hooks/hookshim.cjs')).toMatch(/'\.\.', '\.\.', 'hooks', 'hookshim\.cjs'/);
    expect(JSON.parse(repo.read('.cursor/hooks.json')).hooks.preToolUse).toEqual([PKG_P]);
    const again = await cli(['init', repo.dir]);
    expect(again.out).toMatch(/installed package/);
    expect(again.out).toMatch(/unchanged/);
    const back = await cli(['init', repo.dir, '--no-package']);
    // The same command in both modes: only the file behind it changes.
    expect(back.out).toMatch(/wrote: \.cursor\/hooks\/hookshim\.cjs\n/);
    expect(repo.read('.cursor/hooks/hookshim.cjs')).toMatch(/^#!\/usr\/bin\/env node\n\/\/ hookshim \d/);
  });

  it('--dry-run writes nothing', async () => {
    const repo = tempRepo();
    repo.catalog(CATALOG);
    const r = await cli(['init', repo.dir, '--dry-run']);
    expect(r.out).toMatch(
      /would change \(nothing is written\):\n +new +\.cursor\/hooks\.json\n +new +\.cursor\/hooks\/hookshim\.cjs/,
    );
    expect(r.out).toMatch(/^--- \/dev\/null\n\+\+\+ b\/\.cursor\/hooks\.json\n@@ -0,0 \+1,\d+ @@\n\+\{$/m);
    expect(fs.existsSync(path.join(repo.dir, '.cursor'))).toBe(false);
  });

  it.each<[string, (r: ReturnType<typeof tempRepo>) => void, number, RegExp]>([
    [
      'no catalog → 3',
      () => {},
      3,
      /no catalog at .*hooks\/hooks\.json\. hookshim binds a Claude catalog: create hooks\/hooks\.json first/,
    ],
    [
      'a catalog that is not JSON → 3',
      (r) => r.write('hooks/hooks.json', '{ nope'),
      3,
      /not valid JSON at line 1, column 3[\s\S]*Fix the catalog, then run init again/,
    ],
    [
      '.cursor/hooks.json not JSON → 3, untouched',
      (r) => (r.catalog(CATALOG), r.write('.cursor/hooks.json', '{"version": 1,')),
      3,
      /\.cursor\/hooks\.json: not valid JSON .*hookshim does not overwrite a file it cannot read/,
    ],
    [
      '.cursor/hooks.json an array → 3',
      (r) => (r.catalog(CATALOG), r.write('.cursor/hooks.json', '[]')),
      3,
      /expected a JSON object like \{"version": 1, "hooks": \{\.\.\.\}\}, found an array/,
    ],
    [
      'an event that is not an array → 3',
      (r) => (r.catalog(CATALOG), r.write('.cursor/hooks.json', '{"version":1,"hooks":{"stop":{"command":"x"}}}')),
      3,
      /"hooks\.stop" must be an array of hook definitions, found an object/,
    ],
    ['DIR is not a directory → 2', (r) => r.write('file', ''), 2, /is not a directory/],
  ])('%s', async (_name, setup, code, message) => {
    const repo = tempRepo();
    setup(repo);
    const before = fs.existsSync(path.join(repo.dir, '.cursor/hooks.json'))
      ? repo.read('.cursor/hooks.json')
      : undefined;
    const r = await cli(['init', code === 2 ? path.join(repo.dir, 'file') : repo.dir]);
    expect(r.code).toBe(code);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
    if (before !== undefined) expect(repo.read('.cursor/hooks.json')).toBe(before);
  });

  it('throws CommandError (exit 3) when the bundle is missing', () => {
    const repo = tempRepo();
    repo.catalog(CATALOG);
    expect(() => init({ dir: repo.dir, bundle: path.join(repo.dir, 'nope.mjs') })).toThrow(CommandError);
    expect(() => init({ dir: repo.dir, bundle: path.join(repo.dir, 'nope.mjs') })).toThrow(/bundle is missing/);
  });
});

describe('init and the catalogs list (.cursor/hookshim.json)', () => {
  const GUARD = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] };

  it('keeps every other key of .cursor/hookshim.json, adding catalogs after $schema', async () => {
    const repo = tempRepo();
    repo.catalog(GUARD);
    repo.write('.cursor/hookshim.json', '{"$schema": "x.json", "promptContext": "beforeSubmitPrompt"}');
    expect((await cli(['init', repo.dir])).code).toBe(0);
    expect(repo.read('.cursor/hookshim.json')).toBe(
      '{\n  "$schema": "x.json",\n  "catalogs": [\n    "hooks/hooks.json"\n  ],\n  "promptContext": "beforeSubmitPrompt"\n}\n',
    );
  });

  it.each<[string, string, RegExp]>([
    [
      'not JSON: line and column',
      '{\n  "catalogs": [\n}',
      /\.cursor\/hookshim\.json: not valid JSON at line 3, column 1: [\s\S]*hookshim does not overwrite a file it cannot read/,
    ],
    ['catalogs not a list of paths', '{"catalogs": "hooks"}', /"catalogs" must be a list of paths/],
  ])('a .cursor/hookshim.json it cannot read stops it (exit 3, untouched): %s', async (_name, text, message) => {
    const repo = tempRepo();
    repo.catalog(GUARD);
    repo.write('.cursor/hookshim.json', text);
    const r = await cli(['init', repo.dir]);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(message);
    expect(repo.read('.cursor/hookshim.json')).toBe(text);
  });

  it('--catalog that names nothing usable is a usage error (exit 2)', async () => {
    const repo = tempRepo();
    repo.catalog(GUARD);
    const r = await cli(['init', repo.dir, '--catalog', 'plugins/nope'], { cwd: repo.dir });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--catalog plugins\/nope does not exist/);
  });

  it("--json: the report with check's findings", async () => {
    const repo = tempRepo();
    repo.catalog({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/gone.sh' }] }],
    });
    const r = await cli(['init', repo.dir, '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out);
    expect(out).toMatchObject({
      ok: false,
      errors: 1,
      dir: repo.dir,
      catalogs: [{ entry: 'hooks/hooks.json', kind: 'plugin', rows: 1 }],
      changed: [
        '.cursor/hooks.json',
        '.cursor/hooks/hookshim.cjs',
        '.cursor/.cursor/hooks/hookshim.cjs',
        '.cursor/hookshim.json',
      ],
    });
    expect(
      out.findings.filter((f: { severity: string }) => f.severity !== 'info').map((f: { code: string }) => f.code),
    ).toEqual(['script-missing']);
  });

  it('--dry-run checks the catalogs it would record, not the binding it has not written', async () => {
    const repo = tempRepo();
    repo.catalog(GUARD);
    repo.write(
      '.claude/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/gone.sh' }] }] } }),
    );
    const r = await cli(['init', repo.dir, '--dry-run', '--json']);
    const out = JSON.parse(r.out);
    expect(
      out.findings
        .filter((f: { severity: string }) => f.severity !== 'info')
        .map((f: { code: string }) => f.code)
        .sort(),
    ).toEqual(['script-missing', 'settings-double-binding', 'settings-other-loaders']);
    expect(fs.existsSync(path.join(repo.dir, '.cursor'))).toBe(false);
  });
});
