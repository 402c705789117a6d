import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../adapters/events/index.ts';
import { KNOWN_EVENTS as CLAUDE_EVENTS } from '../../catalog/events.ts';
import { CURSOR_EVENTS, HANDLED_EVENTS, RUNS, UNBOUND_CURSOR_EVENTS } from '../../adapters/eventMap.ts';
import { CLAUDE_EVENT_CARRIERS, cursorEventsFor, noAnalogReason } from '../../adapters/hosts/cursor/carriers.ts';

const schema = JSON.parse(
  fs.readFileSync(new URL('../../catalog/schema/claude-code-plugin-hooks.schema.json', import.meta.url), 'utf8'),
);

describe('event tables are complete (docs/design.md §3)', () => {
  it("every Claude event (the vendored schema's and the newer ones) is either carried or in the no-analog table", () => {
    const schemaEvents = Object.keys(schema.properties.hooks.properties);
    for (const ev of schemaEvents) expect(CLAUDE_EVENTS).toContain(ev);
    expect(Object.keys(CLAUDE_EVENT_CARRIERS).sort()).toEqual([...CLAUDE_EVENTS].sort());
    for (const [ev, c] of Object.entries(CLAUDE_EVENT_CARRIERS)) {
      if ('none' in c) expect(c.none.length, ev).toBeGreaterThan(10);
      else expect(c.bind.length, ev).toBeGreaterThan(0);
    }
  });

  it('every carrier binds only handled Cursor events, and every handled event has an adapter', () => {
    for (const c of Object.values(CLAUDE_EVENT_CARRIERS))
      if ('bind' in c) for (const b of c.bind) expect(HANDLED_EVENTS).toContain(b);
    expect(Object.keys(ADAPTERS).sort()).toEqual([...HANDLED_EVENTS].sort());
    expect(Object.keys(RUNS).sort()).toEqual([...HANDLED_EVENTS].sort());
  });

  it('every Cursor event is handled or unbound with a reason', () => {
    const covered = [...HANDLED_EVENTS, ...Object.keys(UNBOUND_CURSOR_EVENTS)].sort();
    expect(covered).toEqual([...CURSOR_EVENTS].sort());
  });

  it('every Claude event a Cursor event runs is carried by it', () => {
    for (const [cursor, claude] of Object.entries(RUNS)) {
      for (const ev of claude) {
        const c = CLAUDE_EVENT_CARRIERS[ev];
        const binds = 'bind' in c ? [...c.bind, ...Object.keys(('bindWhen' in c && c.bindWhen) || {})] : [];
        expect(binds.includes(cursor), `${cursor} runs ${ev}`).toBe(true);
      }
    }
  });
});

describe('binding (docs/design.md §3: init binds exactly what the catalog needs)', () => {
  it.each([
    [['PreToolUse'], ['preToolUse', 'postToolUse', 'postToolUseFailure']],
    [['Stop'], ['postToolUse', 'postToolUseFailure', 'stop']],
    [['UserPromptSubmit'], ['postToolUse', 'postToolUseFailure', 'beforeSubmitPrompt']],
    [['SessionEnd'], ['sessionEnd']],
    [
      ['PreCompact', 'SessionStart'],
      ['postToolUse', 'sessionStart', 'preCompact'],
    ],
    [['SubagentStart'], ['postToolUse', 'subagentStart']],
    [['Notification', 'PermissionRequest'], []],
  ])('%j → %j', (claude, cursor) => {
    expect(cursorEventsFor(claude)).toEqual(cursor);
  });

  const pre = (matcher?: string) => ({ event: 'PreToolUse', ...(matcher !== undefined ? { matcher } : {}) });
  it.each([
    [
      'a Read row binds beforeReadFile (docs/cursor-hooks.md §11: ReadFile skips preToolUse)',
      [pre('Read')],
      ['preToolUse', 'beforeReadFile', 'postToolUse', 'postToolUseFailure'],
    ],
    [
      'a regex that accepts Read binds it too',
      [pre('^(Read|Grep)$')],
      ['preToolUse', 'beforeReadFile', 'postToolUse', 'postToolUseFailure'],
    ],
    [
      'a row for every tool binds both',
      [pre('*')],
      ['preToolUse', 'beforeReadFile', 'beforeMCPExecution', 'postToolUse', 'postToolUseFailure'],
    ],
    [
      'an MCP row binds beforeMCPExecution (docs/cursor-hooks.md §4: it alone names the server)',
      [pre('mcp__github__.*')],
      ['preToolUse', 'beforeMCPExecution', 'postToolUse', 'postToolUseFailure'],
    ],
    ['a Bash row binds neither', [pre('Bash')], ['preToolUse', 'postToolUse', 'postToolUseFailure']],
    ['an invalid matcher binds neither', [pre('(')], ['preToolUse', 'postToolUse', 'postToolUseFailure']],
  ])('%s', (_name, rows, cursor) => {
    expect(
      cursorEventsFor(
        rows.map((r) => r.event),
        rows,
      ),
    ).toEqual(cursor);
  });

  it.each(['Notification', 'PermissionRequest', 'PostToolBatch', 'Setup', 'UserPromptExpansion', 'PermissionDenied'])(
    '%s has no analog, with a reason',
    (ev) => {
      expect(noAnalogReason(ev)).toBeTruthy();
    },
  );

  it('SendMessage-style tool slices are a matcher matter, not an event: PreToolUse is carried', () => {
    expect(noAnalogReason('PreToolUse')).toBeUndefined();
  });
});

describe('CLAUDE_ENV_FILE is data: only an adapter whose Claude events are all SessionStart declares needs.envFile', () => {
  it('sessionStart alone', () =>
    expect(
      Object.entries(ADAPTERS)
        .filter(([, a]) => a.needs.envFile)
        .map(([e]) => e),
    ).toEqual(['sessionStart']));
});
