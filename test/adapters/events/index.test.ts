// adapters/events/index.ts: the adapter table: every handled Cursor event has its module's adapter, an empty answer and needs.
import { describe, expect, it } from 'vitest';
import { HANDLED_EVENTS, isPermissionEvent, type HandledEvent } from '../../../adapters/eventMap.ts';
import { ADAPTERS } from '../../../adapters/events/index.ts';

describe('ADAPTERS covers HANDLED_EVENTS exactly', () => {
  it('same keys, same order', () => expect(Object.keys(ADAPTERS)).toEqual([...HANDLED_EVENTS]));

  it.each([...HANDLED_EVENTS])('%s is the adapter exported by adapters/%s.ts under its own name', async (event) => {
    const mod = (await import(`../../../adapters/events/${event}.ts`)) as Record<string, unknown>;
    expect(mod[event]).toBe(ADAPTERS[event]);
    expect([typeof ADAPTERS[event].plan, typeof ADAPTERS[event].fold]).toEqual(['function', 'function']);
  });
});

describe('empty: the fail-open answer of each event (docs/fail-matrix.md)', () => {
  it.each([
    ['preToolUse', { permission: 'allow' }],
    ['postToolUse', {}],
    ['postToolUseFailure', {}],
    ['stop', {}],
    ['subagentStart', { permission: 'allow' }],
    ['subagentStop', {}],
    ['beforeSubmitPrompt', { continue: true }],
    ['sessionStart', {}],
    ['sessionEnd', {}],
    ['preCompact', {}],
  ] as const)('%s → %j', (event, empty) => expect(ADAPTERS[event].empty).toEqual(empty));
});

describe('needs: what each event asks of the shell, as data (docs/design.md §1)', () => {
  it.each([...HANDLED_EVENTS])('%s declares claims and a dedup with a replay rule', (event) => {
    const { needs } = ADAPTERS[event];
    expect(typeof needs.claims).toBe('object');
    expect(['decision', 'empty']).toContain(needs.dedup.replay);
  });

  it.each([
    [
      'a decision is replayed to duplicates',
      (e: HandledEvent) => ADAPTERS[e].needs.dedup.replay === 'decision',
      ['preToolUse', 'beforeReadFile', 'beforeMCPExecution', 'subagentStart', 'beforeSubmitPrompt'],
    ],
    [
      'a permission event: a catalog that cannot be read denies it (docs/security.md, guarantee 4)',
      (e: HandledEvent) => isPermissionEvent(e),
      ['preToolUse', 'beforeReadFile', 'beforeMCPExecution'],
    ],
    [
      'records the tool result',
      (e: HandledEvent) => ADAPTERS[e].needs.recordsResult === true,
      ['postToolUse', 'postToolUseFailure'],
    ],
    [
      'gets a CLAUDE_ENV_FILE (docs/claude-hooks.md §1.5)',
      (e: HandledEvent) => ADAPTERS[e].needs.envFile === true,
      ['sessionStart'],
    ],
    [
      'rewrites the agent transcript',
      (e: HandledEvent) => ADAPTERS[e].needs.agentTranscript === true,
      ['subagentStop'],
    ],
    [
      'drains no state (may answer without the state half)',
      (e: HandledEvent) => Object.keys(ADAPTERS[e].needs.claims).length === 0,
      [
        'preToolUse',
        'beforeReadFile',
        'beforeMCPExecution',
        'stop',
        'subagentStart',
        'subagentStop',
        'beforeSubmitPrompt',
        'sessionEnd',
        'preCompact',
      ],
    ],
  ])('%s', (_name, has, events) => {
    expect(HANDLED_EVENTS.filter(has)).toEqual(events);
  });
});
