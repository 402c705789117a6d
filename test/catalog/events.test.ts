// catalog/events.ts: Claude's event names, the groups whose matcher rules differ, and the time a row may take.
import { describe, expect, it } from 'vitest';
import {
  CLAUDE_DEFAULT_TIMEOUT_S,
  CLAUDE_PROMPT_TIMEOUT_S,
  KNOWN_EVENT_SET,
  KNOWN_EVENTS,
  MATCHERLESS_EVENTS,
  rowTimeoutS,
  TOOL_EVENTS,
} from '../../catalog/events.ts';

describe('rowTimeoutS (docs/claude-hooks.md §1.4)', () => {
  it('the defaults are 600 s, and 30 s on UserPromptSubmit', () =>
    expect([CLAUDE_DEFAULT_TIMEOUT_S, CLAUDE_PROMPT_TIMEOUT_S]).toEqual([600, 30]));

  it.each([
    ['PreToolUse', undefined, 600],
    ['Stop', undefined, 600],
    ['SessionStart', undefined, 600],
    ['UserPromptSubmit', undefined, 30],
    ['PreToolUse', 5, 5],
    ['UserPromptSubmit', 90, 90],
    ['Stop', 0.5, 0.5],
  ])('%s with timeout %j → %i s', (event, timeout, want) => {
    expect(rowTimeoutS(timeout === undefined ? { event } : { event, timeout })).toBe(want);
  });
});

describe('TOOL_EVENTS: matcher tested against tool_name, `if` evaluated (docs/claude-hooks.md §1.3)', () => {
  it('holds exactly the five tool events', () => {
    expect([...TOOL_EVENTS]).toEqual([
      'PreToolUse',
      'PostToolUse',
      'PostToolUseFailure',
      'PermissionRequest',
      'PermissionDenied',
    ]);
  });
});

describe('MATCHERLESS_EVENTS: a matcher there is ignored (docs/claude-hooks.md §1.3)', () => {
  it('holds exactly the events the docs list', () => {
    expect([...MATCHERLESS_EVENTS].sort()).toEqual([
      'CwdChanged',
      'MessageDisplay',
      'PostToolBatch',
      'Stop',
      'TaskCompleted',
      'TaskCreated',
      'TeammateIdle',
      'UserPromptSubmit',
      'WorktreeCreate',
      'WorktreeRemove',
    ]);
  });

  it.each(['SessionStart', 'SubagentStop', 'PreCompact', 'Notification', 'PreToolUse'])(
    '%s takes a matcher',
    (event) => {
      expect(MATCHERLESS_EVENTS.has(event)).toBe(false);
    },
  );
});

describe('KNOWN_EVENTS and its set', () => {
  it('the set holds every known event and nothing else', () => {
    expect([...KNOWN_EVENT_SET]).toEqual([...KNOWN_EVENTS]);
  });

  it.each(['preToolUse', 'pretooluse', 'Pre_Tool_Use', ''])(
    '%j is not a Claude event name (names are case-sensitive)',
    (name) => {
      expect(KNOWN_EVENT_SET.has(name)).toBe(false);
    },
  );

  it('the tool and matcherless events are known events', () => {
    expect([...TOOL_EVENTS, ...MATCHERLESS_EVENTS].filter((e) => !KNOWN_EVENT_SET.has(e))).toEqual([]);
  });
});
