// .cursor/hooks.json (src/project/binding.ts): merging before → after (lefthook install_ai style) and the plan init writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog, CatalogRow } from '../../../catalog/types.ts';
import { planBinding } from '../../../src/project/bindingPlan.ts';
import { COPILOT } from '../../../adapters/hosts/copilot/index.ts';
import { CODEX } from '../../../adapters/hosts/codex/index.ts';
import { everyCallEvents, mergeHooksJson, readBinding, type BindingPlan } from '../../../src/project/binding.ts';

const P = {
  command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse',
  timeout: 30,
  failClosed: true,
};
const S = {
  command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs stop',
  timeout: 60,
  failClosed: false,
  loop_limit: 5,
};
const plan: Pick<BindingPlan, 'events' | 'entries'> = {
  events: ['preToolUse', 'stop'],
  entries: { preToolUse: P, stop: S },
};
const USER = { command: '.cursor/hooks/audit.sh', timeout: 5 };
const PKG_P = {
  command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse',
  timeout: 30,
  failClosed: true,
};
const USER2 = { command: 'afplay /System/Library/Sounds/Glass.aiff' };
const LOOKALIKE = { command: './scripts/hookshim-audit.sh' };
const OLD_P = {
  command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse',
  timeout: 10,
  failClosed: true,
};

describe('mergeHooksJson: before → after', () => {
  it.each<[string, unknown, unknown]>([
    ['no file', undefined, { version: 1, hooks: { preToolUse: [P], stop: [S] } }],
    ['empty object: version first, hooks last', {}, { version: 1, hooks: { preToolUse: [P], stop: [S] } }],
    [
      "a user's hand-written hook stays first; unknown top-level keys keep their place",
      { $schema: 'x', hooks: { preToolUse: [USER] }, 'x-team': { owner: 'infra' }, version: 1 },
      { $schema: 'x', hooks: { preToolUse: [USER, P], stop: [S] }, 'x-team': { owner: 'infra' }, version: 1 },
    ],
    [
      'our old entry is replaced in place, between foreign ones (its extra keys go)',
      { version: 1, hooks: { preToolUse: [USER, OLD_P, USER2] } },
      { version: 1, hooks: { preToolUse: [USER, P, USER2], stop: [S] } },
    ],
    [
      "two of ours collapse into one, at the first one's place",
      { version: 1, hooks: { preToolUse: [P, USER, OLD_P] } },
      { version: 1, hooks: { preToolUse: [P, USER], stop: [S] } },
    ],
    [
      'package-mode entry replaced by the planned vendored one',
      { version: 1, hooks: { preToolUse: [PKG_P] } },
      { version: 1, hooks: { preToolUse: [P], stop: [S] } },
    ],
    [
      'a stale hookshim entry (event the catalog no longer needs) is removed with its now-empty event',
      {
        version: 1,
        hooks: {
          subagentStop: [
            {
              command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs subagentStop',
              timeout: 60,
              loop_limit: 5,
            },
          ],
          preToolUse: [P],
          stop: [S],
        },
      },
      { version: 1, hooks: { preToolUse: [P], stop: [S] } },
    ],
    [
      'a stale entry next to a user hook: only ours goes',
      {
        version: 1,
        hooks: {
          sessionEnd: [
            USER2,
            { command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs sessionEnd', timeout: 15 },
          ],
        },
      },
      { version: 1, hooks: { sessionEnd: [USER2], preToolUse: [P], stop: [S] } },
    ],
    [
      'foreign events and an event the user left empty stay untouched',
      { version: 1, hooks: { afterFileEdit: [USER2], sessionEnd: [] } },
      { version: 1, hooks: { afterFileEdit: [USER2], sessionEnd: [], preToolUse: [P], stop: [S] } },
    ],
    [
      'a look-alike command (hookshim-audit.sh) is not ours',
      { version: 1, hooks: { stop: [LOOKALIKE] } },
      { version: 1, hooks: { stop: [LOOKALIKE, S], preToolUse: [P] } },
    ],
    [
      'an unknown version is left alone',
      { version: 2, hooks: {} },
      { version: 2, hooks: { preToolUse: [P], stop: [S] } },
    ],
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

const row = (event: string, extra: Partial<CatalogRow> = {}, i = 0): CatalogRow => ({
  event,
  locator: `${event}[${i}].hooks[0]`,
  type: 'command',
  command: `hooks/${event}-${i}.sh`,
  ...extra,
});
const catalog = (...rows: CatalogRow[]): Catalog => ({ rows, warnings: [] });

describe('planBinding', () => {
  it('binds exactly the Cursor events the Claude events need, in a stable order', () => {
    expect(planBinding(catalog(row('Stop'), row('PreToolUse', { matcher: 'Bash' })), 'vendored').events).toEqual([
      'preToolUse',
      'postToolUse',
      'postToolUseFailure',
      'stop',
    ]);
    // A row for every tool also sees reads that skip preToolUse and MCP calls with their server (docs/cursor-hooks.md §11, §4).
    expect(planBinding(catalog(row('PreToolUse')), 'vendored').events).toEqual([
      'preToolUse',
      'beforeReadFile',
      'beforeMCPExecution',
      'postToolUse',
      'postToolUseFailure',
    ]);
    expect(planBinding(catalog(row('SessionEnd')), 'vendored').events).toEqual(['sessionEnd']);
    expect(planBinding(catalog(), 'vendored').events).toEqual([]);
  });

  it.each([
    ['Stop rows that read no transcript: no post-tool event', [row('Stop')], false, ['stop']],
    [
      'Stop rows that read the transcript: results of every tool are recorded',
      [row('Stop')],
      true,
      ['postToolUse', 'postToolUseFailure', 'stop'],
    ],
    ['a SessionStart row: nothing else', [row('SessionStart')], false, ['sessionStart']],
    [
      'a SessionEnd row that reads the transcript: every result recorded',
      [row('SessionEnd')],
      true,
      ['postToolUse', 'postToolUseFailure', 'sessionEnd'],
    ],
  ])('post-tool events only where needed: %s', (_name, rows, keepsTranscripts, events) => {
    expect(planBinding(catalog(...rows), 'vendored', { keepsTranscripts }).events).toEqual(events);
  });

  it('Cursor matchers from the rows (adapters/cursorMatcher.ts): a Bash guard starts hookshim for Shell, never for a Read', () => {
    const p = planBinding(catalog(row('PreToolUse', { matcher: 'Bash' }), row('Stop')), 'vendored', {
      keepsTranscripts: false,
    });
    for (const ev of ['preToolUse', 'postToolUse', 'postToolUseFailure'] as const) {
      const m = p.entries[ev]?.matcher as string;
      expect([
        ev,
        new RegExp(m).test('Shell'),
        new RegExp(m).test('Read'),
        new RegExp(m).test('MCP:x'),
        new RegExp(m).test('NewTool'),
      ]).toEqual([ev, true, false, false, true]);
    }
    expect(p.entries.stop).not.toHaveProperty('matcher');
    // A row for every tool: no matcher; the transcript read: post-tool events for every tool.
    expect(
      planBinding(catalog(row('PreToolUse')), 'vendored', { keepsTranscripts: true }).entries.preToolUse,
    ).not.toHaveProperty('matcher');
    expect(
      planBinding(catalog(row('PreToolUse', { matcher: 'Bash' })), 'vendored', { keepsTranscripts: true }).entries
        .postToolUse,
    ).not.toHaveProperty('matcher');
  });

  it('subagent events take the subagent types; the key order is command, matcher, timeout, failClosed, loop_limit', () => {
    const p = planBinding(catalog(row('SubagentStop', { matcher: 'Explore' })), 'vendored');
    expect(Object.keys(p.entries.subagentStop ?? {})).toEqual([
      'command',
      'matcher',
      'timeout',
      'failClosed',
      'loop_limit',
    ]);
    expect(new RegExp(p.entries.subagentStop?.matcher as string).test('explore')).toBe(true);
    expect(new RegExp(p.entries.subagentStop?.matcher as string).test('plan')).toBe(false);
  });

  it('raises a wrapper timeout so the longest row fits inside it minus the slack and a Windows launch (5 s), capped at 600 s', () => {
    const t = (timeout: number) =>
      planBinding(catalog(row('PreToolUse', { timeout })), 'vendored').entries.preToolUse?.timeout;
    expect(t(20)).toBe(30); // 30 s − 4.5 s slack − 5 s for PowerShell's cold start on Windows = 20.5 s
    expect(t(21)).toBe(35);
    expect(t(25)).toBe(35);
    expect(t(26)).toBe(40);
    expect(t(100)).toBe(110);
    expect(t(700)).toBe(600);
    // A timeout that looks like milliseconds (5000) does not raise the wrapper: check reports it (timeout-milliseconds).
    expect(t(5000)).toBe(30);
    // async rows do not wait, so they do not stretch the wrapper.
    expect(
      planBinding(catalog(row('PreToolUse', { timeout: 100, async: true })), 'vendored').entries.preToolUse?.timeout,
    ).toBe(30);
  });

  it("package mode runs the installed bundle; stop gets loop_limit 8, Claude Code's own cap (docs/claude-hooks.md §7)", () => {
    const p = planBinding(catalog(row('Stop')), 'package');
    expect(p.entries.stop).toEqual({
      command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs stop',
      timeout: 60,
      failClosed: false,
      loop_limit: 8,
    });
  });

  it.each([
    [3, 3],
    [null, null],
  ])('.cursor/hookshim.json loopLimit %j → loop_limit %j on stop and subagentStop', (loopLimit, want) => {
    const p = planBinding(catalog(row('Stop'), row('SubagentStop')), 'vendored', { loopLimit });
    expect([p.entries.stop?.loop_limit, p.entries.subagentStop?.loop_limit]).toEqual([want, want]);
  });

  it('beforeReadFile is bound with the matcher Read (docs/cursor-hooks.md §11: its matcher value is Read)', () => {
    const p = planBinding(catalog(row('PreToolUse', { matcher: 'Read' })), 'vendored');
    expect(p.entries.beforeReadFile).toEqual({
      command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs beforeReadFile',
      matcher: 'Read',
      timeout: 30,
      failClosed: true,
    });
    expect(p.entries.beforeMCPExecution).toBeUndefined();
  });

  it('lists the rows that can never run under Cursor, with the reason', () => {
    const p = planBinding(
      catalog(row('Notification'), row('PreToolUse', { type: 'prompt', command: undefined }), row('Bogus')),
      'vendored',
    );
    expect(p.never.map((n) => n.reason)).toEqual([
      expect.stringMatching(/^Notification has no Cursor analog: Cursor has no notification hook/),
      'unknown Claude event Bogus',
    ]);
    // A prompt row is bound: where it guards a tool call it denies (docs/fail-matrix.md).
    expect(p.events).toContain('preToolUse');
  });

  it('says which used events run only on some surfaces', () => {
    expect(planBinding(catalog(row('SessionStart')), 'vendored').limits).toEqual([
      { event: 'SessionStart', note: 'Cloud agents: no (Cloud agents do not run sessionStart)' },
    ]);
  });
});

describe('readBinding / everyCallEvents: what the hook path reads of .cursor/hooks.json', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-binding-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (text: string) => (
    fs.mkdirSync(path.join(dir, '.cursor'), { recursive: true }),
    fs.writeFileSync(path.join(dir, '.cursor', 'hooks.json'), text)
  );
  const cmd = (ev: string) => `node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs ${ev}`;

  it('our entries: their timeout, loop_limit and matcher; the events started on every call', () => {
    write(
      `\uFEFF${JSON.stringify({ version: 1, hooks: { stop: [{ command: './mine.sh' }, { command: cmd('stop'), timeout: 42, loop_limit: null }], postToolUse: [{ command: cmd('postToolUse') }], preToolUse: [{ command: cmd('preToolUse'), matcher: '^(?!Read$).*' }], afterFileEdit: [{ command: './audit.sh' }] } })}`,
    );
    expect(readBinding(dir, 'stop')).toEqual({ timeoutS: 42, loopLimit: null, source: '.cursor/hooks.json stop' });
    expect(readBinding(dir, 'postToolUse')).toEqual({
      timeoutS: 60,
      loopLimit: 5,
      source: '.cursor/hooks.json postToolUse',
    });
    expect(readBinding(dir, 'preToolUse')).toEqual({
      timeoutS: 60,
      loopLimit: 5,
      source: '.cursor/hooks.json preToolUse',
      matcher: '^(?!Read$).*',
    });
    // Started on every call: bound, and no matcher narrows it.
    expect(everyCallEvents(dir)).toEqual(['stop', 'postToolUse']);
  });

  it.each([
    ['not JSON', '{'],
    ['no hooks', '{"version":1}'],
    ["an entry of another event's command", JSON.stringify({ hooks: { stop: [{ command: cmd('preToolUse') }] } })],
  ])("%s: Cursor's defaults, nothing bound", (_name, text) => {
    write(text);
    expect([readBinding(dir, 'stop'), everyCallEvents(dir)]).toEqual([
      { timeoutS: 60, loopLimit: 5, source: 'Cursor defaults' },
      [],
    ]);
  });
});

describe("readBinding under Copilot and Codex: the host's own timeout, so hookshim's deadline comes first", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-binding-hosts-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const copilotFile = path.join(dir, '.github', 'hooks', 'hookshim.json');
  const codexFile = path.join(dir, '.codex', 'hooks.json');
  const pre = 'node --inspect-publish-uid stderr .github/hooks/hookshim.cjs --host copilot preToolUse';
  const write = (file: string, doc: unknown) => (
    fs.mkdirSync(path.dirname(file), { recursive: true }),
    fs.writeFileSync(file, JSON.stringify(doc))
  );
  const copilot = (entry: Record<string, unknown>) => {
    write(copilotFile, { version: 1, hooks: { preToolUse: [{ type: 'command', bash: pre, ...entry }] } });
    return readBinding(dir, 'preToolUse', copilotFile, COPILOT.binding, 'Copilot').timeoutS;
  };

  it.each([
    ['timeoutSec 10', { timeoutSec: 10 }, 10],
    ['its alias timeout 4 (docs/copilot-hooks.md §2), which Copilot honours as well', { timeout: 4 }, 4],
    ['both: the shorter, whichever Copilot reads', { timeoutSec: 10, timeout: 4 }, 4],
    ['both, the other way round', { timeoutSec: 3, timeout: 20 }, 3],
    ["neither: Copilot's 30 s default", {}, 30],
    ['a string or a negative number: the default', { timeoutSec: '5', timeout: -1 }, 30],
  ])('Copilot, %s → %i s', (_name, entry, want) => expect(copilot(entry)).toBe(want));

  it("Codex: the handler's timeout; none → Codex's 600 s (docs/codex-hooks.md §2)", () => {
    const cmd = 'node --inspect-publish-uid stderr .codex/hooks/hookshim.cjs --host codex PreToolUse || exit 2';
    const doc = (h: Record<string, unknown>) => ({
      hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: cmd, ...h }] }] },
    });
    write(codexFile, doc({ timeout: 7 }));
    expect(readBinding(dir, 'PreToolUse', codexFile, CODEX.binding, 'Codex').timeoutS).toBe(7);
    write(codexFile, doc({}));
    expect(readBinding(dir, 'PreToolUse', codexFile, CODEX.binding, 'Codex').timeoutS).toBe(600);
  });
});
