// `hookshim init`: merging .cursor/hooks.json (before/after tables, lefthook install_ai style), the plan, errors.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, CatalogRow } from '../../../catalog/types.ts';
import { init, mergeHooksJson, planBinding, type InitPlan } from '../../../src/commands/init.ts';
import { CommandError } from '../../../src/commands/io.ts';
import { ensureBuilt } from '../../e2e/harness.ts';
import { cleanupAll, cli, sh, tempRepo } from './helpers.ts';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupAll());

const P = { command: 'node .cursor/hooks/hookshim.cjs preToolUse', timeout: 30 };
const S = { command: 'node .cursor/hooks/hookshim.cjs stop', timeout: 60, loop_limit: 5 };
const plan: Pick<InitPlan, 'events' | 'entries'> = { events: ['preToolUse', 'stop'], entries: { preToolUse: P, stop: S } };
const USER = { command: '.cursor/hooks/audit.sh', timeout: 5 };
const USER2 = { command: 'afplay /System/Library/Sounds/Glass.aiff' };
const LOOKALIKE = { command: './scripts/hookshim-audit.sh' };
const OLD_P = { command: 'node .cursor/hooks/hookshim.cjs preToolUse', timeout: 10, failClosed: true };
const PKG_P = { command: 'node node_modules/hookshim/dist/hookshim.cjs preToolUse', timeout: 30 };

describe('mergeHooksJson: before → after', () => {
  it.each<[string, unknown, unknown]>([
    ['no file', undefined, { version: 1, hooks: { preToolUse: [P], stop: [S] } }],
    ['empty object: version first, hooks last', {}, { version: 1, hooks: { preToolUse: [P], stop: [S] } }],
    [
      "a user's hand-written hook stays first; unknown top-level keys keep their place",
      { $schema: 'x', hooks: { preToolUse: [USER] }, 'x-team': { owner: 'infra' }, version: 1 },
      { $schema: 'x', hooks: { preToolUse: [USER, P], stop: [S] }, 'x-team': { owner: 'infra' }, version: 1 },
    ],
    ['our old entry is replaced in place, between foreign ones (its extra keys go)', { version: 1, hooks: { preToolUse: [USER, OLD_P, USER2] } }, { version: 1, hooks: { preToolUse: [USER, P, USER2], stop: [S] } }],
    ['two of ours collapse into one, at the first one\'s place', { version: 1, hooks: { preToolUse: [P, USER, OLD_P] } }, { version: 1, hooks: { preToolUse: [P, USER], stop: [S] } }],
    ['package-mode entry replaced by the planned vendored one', { version: 1, hooks: { preToolUse: [PKG_P] } }, { version: 1, hooks: { preToolUse: [P], stop: [S] } }],
    [
      'a stale hookshim entry (event the catalog no longer needs) is removed with its now-empty event',
      { version: 1, hooks: { subagentStop: [{ command: 'node .cursor/hooks/hookshim.cjs subagentStop', timeout: 60, loop_limit: 5 }], preToolUse: [P], stop: [S] } },
      { version: 1, hooks: { preToolUse: [P], stop: [S] } },
    ],
    [
      'a stale entry next to a user hook: only ours goes',
      { version: 1, hooks: { sessionEnd: [USER2, { command: 'node .cursor/hooks/hookshim.cjs sessionEnd', timeout: 15 }] } },
      { version: 1, hooks: { sessionEnd: [USER2], preToolUse: [P], stop: [S] } },
    ],
    ['foreign events and an event the user left empty stay untouched', { version: 1, hooks: { afterFileEdit: [USER2], sessionEnd: [] } }, { version: 1, hooks: { afterFileEdit: [USER2], sessionEnd: [], preToolUse: [P], stop: [S] } }],
    ['a look-alike command (hookshim-audit.sh) is not ours', { version: 1, hooks: { stop: [LOOKALIKE] } }, { version: 1, hooks: { stop: [LOOKALIKE, S], preToolUse: [P] } }],
    ['an unknown version is left alone', { version: 2, hooks: {} }, { version: 2, hooks: { preToolUse: [P], stop: [S] } }],
  ])('%s', (_name, before, after) => {
    const merged = mergeHooksJson(before, plan);
    expect(merged).toEqual(after);
    expect(Object.keys(merged)).toEqual(Object.keys(after as object));
    // A rerun is a no-op.
    expect(JSON.stringify(mergeHooksJson(merged, plan))).toBe(JSON.stringify(merged));
  });

  it('does not mutate its input', () => {
    const before = { version: 1, hooks: { preToolUse: [USER, OLD_P] } };
    const copy = structuredClone(before);
    mergeHooksJson(before, plan);
    expect(before).toEqual(copy);
  });
});

const row = (event: string, extra: Partial<CatalogRow> = {}, i = 0): CatalogRow => ({ event, locator: `${event}[${i}].hooks[0]`, type: 'command', command: `hooks/${event}-${i}.sh`, ...extra });
const catalog = (...rows: CatalogRow[]): Catalog => ({ rows, warnings: [] });

describe('planBinding', () => {
  it('binds exactly the Cursor events the Claude events need, in a stable order', () => {
    expect(planBinding(catalog(row('Stop'), row('PreToolUse')), 'vendored').events).toEqual(['preToolUse', 'postToolUse', 'postToolUseFailure', 'stop']);
    expect(planBinding(catalog(row('SessionEnd')), 'vendored').events).toEqual(['sessionEnd']);
    expect(planBinding(catalog(), 'vendored').events).toEqual([]);
  });

  it('raises a wrapper timeout so the longest row fits inside it minus the slack, capped at 600 s', () => {
    const t = (timeout: number) => planBinding(catalog(row('PreToolUse', { timeout })), 'vendored').entries.preToolUse?.timeout;
    expect(t(10)).toBe(30);
    expect(t(25)).toBe(30); // 30 s − 4.5 s slack = 25.5 s
    expect(t(26)).toBe(35);
    expect(t(100)).toBe(105);
    expect(t(5000)).toBe(600);
    // async rows do not wait, so they do not stretch the wrapper.
    expect(planBinding(catalog(row('PreToolUse', { timeout: 100, async: true })), 'vendored').entries.preToolUse?.timeout).toBe(30);
  });

  it('package mode runs the installed bundle; stop gets loop_limit', () => {
    const p = planBinding(catalog(row('Stop')), 'package');
    expect(p.entries.stop).toEqual({ command: 'node node_modules/hookshim/dist/hookshim.cjs stop', timeout: 60, loop_limit: 5 });
  });

  it('lists the rows that can never run under Cursor, with the reason', () => {
    const p = planBinding(catalog(row('Notification'), row('PreToolUse', { type: 'prompt', command: undefined }), row('Bogus')), 'vendored');
    expect(p.never.map((n) => n.reason)).toEqual([
      expect.stringMatching(/^Notification has no Cursor analog: Cursor has no notification hook/),
      'type "prompt": only command handlers run under hookshim',
      'unknown Claude event Bogus',
    ]);
    expect(p.events).toEqual([]);
  });

  it('says which used events run only on some surfaces', () => {
    expect(planBinding(catalog(row('SessionStart')), 'vendored').limits).toEqual([{ event: 'SessionStart', note: 'Cloud agents: no (Cloud agents do not run sessionStart)' }]);
  });
});

describe('init on a repository', () => {
  const CATALOG = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh', timeout: 10 }] }], Notification: [{ hooks: [{ type: 'command', command: 'true' }] }] };

  it('writes .cursor/hooks.json (2-space JSON, trailing newline) and the executable vendored bundle; a rerun changes nothing', async () => {
    const repo = tempRepo();
    repo.catalog(CATALOG);
    repo.write('hooks/guard.sh', sh('exit 0'));
    const first = await cli(['init', repo.dir]);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/preToolUse +timeout +30s +node \.cursor\/hooks\/hookshim\.cjs preToolUse \(new\)/);
    expect(first.out).toMatch(/can never run under Cursor:\n {2}Notification\[0\]\.hooks\[0\]: Notification has no Cursor analog/);
    expect(first.out).toMatch(/wrote: \.cursor\/hooks\.json, \.cursor\/hooks\/hookshim\.cjs/);
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
    const before = { version: 1, 'x-owner': 'infra', hooks: { preToolUse: [USER], stop: [{ command: 'node .cursor/hooks/hookshim.cjs stop', timeout: 60, loop_limit: 5 }], afterFileEdit: [USER2] } };
    repo.write('.cursor/hooks.json', JSON.stringify(before));
    const r = await cli(['init', repo.dir]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/removed stale hookshim entries: stop/);
    expect(r.out).toMatch(/kept 2 foreign entries \(preToolUse: 1, afterFileEdit: 1\)/);
    expect(JSON.parse(repo.read('.cursor/hooks.json'))).toEqual({
      version: 1,
      'x-owner': 'infra',
      hooks: { preToolUse: [USER, P], afterFileEdit: [USER2], postToolUse: [{ command: 'node .cursor/hooks/hookshim.cjs postToolUse', timeout: 30 }], postToolUseFailure: [{ command: 'node .cursor/hooks/hookshim.cjs postToolUseFailure', timeout: 30 }] },
    });
  });

  it('--package binds node_modules/hookshim, warns while it is not installed, and a plain rerun keeps package mode', async () => {
    const repo = tempRepo();
    repo.catalog(CATALOG);
    repo.write('hooks/guard.sh', sh('exit 0'));
    const r = await cli(['init', repo.dir, '--package']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/warning: node_modules\/hookshim\/dist\/hookshim\.cjs does not exist yet/);
    expect(fs.existsSync(path.join(repo.dir, '.cursor/hooks/hookshim.cjs'))).toBe(false);
    expect(JSON.parse(repo.read('.cursor/hooks.json')).hooks.preToolUse).toEqual([PKG_P]);
    const again = await cli(['init', repo.dir]);
    expect(again.out).toMatch(/installed package/);
    expect(again.out).toMatch(/unchanged/);
    const back = await cli(['init', repo.dir, '--no-package']);
    expect(back.out).toMatch(/wrote: \.cursor\/hooks\.json, \.cursor\/hooks\/hookshim\.cjs/);
  });

  it('--dry-run writes nothing', async () => {
    const repo = tempRepo();
    repo.catalog(CATALOG);
    const r = await cli(['init', repo.dir, '--dry-run']);
    expect(r.out).toMatch(/would write: \.cursor\/hooks\.json, \.cursor\/hooks\/hookshim\.cjs/);
    expect(fs.existsSync(path.join(repo.dir, '.cursor'))).toBe(false);
  });

  it.each<[string, (r: ReturnType<typeof tempRepo>) => void, number, RegExp]>([
    ['no catalog → 3', () => {}, 3, /no catalog at .*hooks\/hooks\.json\. hookshim binds a Claude catalog: create hooks\/hooks\.json first/],
    ['a catalog that is not JSON → 3', (r) => r.write('hooks/hooks.json', '{ nope'), 3, /not valid JSON at line 1, column 3[\s\S]*Fix the catalog, then run init again/],
    ['.cursor/hooks.json not JSON → 3, untouched', (r) => (r.catalog(CATALOG), r.write('.cursor/hooks.json', '{"version": 1,')), 3, /\.cursor\/hooks\.json: not valid JSON .*hookshim does not overwrite a file it cannot read/],
    ['.cursor/hooks.json an array → 3', (r) => (r.catalog(CATALOG), r.write('.cursor/hooks.json', '[]')), 3, /expected a JSON object like \{"version": 1, "hooks": \{\.\.\.\}\}, found an array/],
    ['an event that is not an array → 3', (r) => (r.catalog(CATALOG), r.write('.cursor/hooks.json', '{"version":1,"hooks":{"stop":{"command":"x"}}}')), 3, /"hooks\.stop" must be an array of hook definitions, found an object/],
    ['DIR is not a directory → 2', (r) => r.write('file', ''), 2, /is not a directory/],
  ])('%s', async (_name, setup, code, message) => {
    const repo = tempRepo();
    setup(repo);
    const before = fs.existsSync(path.join(repo.dir, '.cursor/hooks.json')) ? repo.read('.cursor/hooks.json') : undefined;
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
