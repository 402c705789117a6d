// src/commands/render.ts: renderReplay, the one text view no unit test reads (init, check, doctor and explain are read
// through the CLI in their own specs; replay only end to end in test/e2e/tooling.test.ts). Plain paint.
import { describe, expect, it } from 'vitest';
import { paint } from '../../../src/commands/io.ts';
import { renderReplay } from '../../../src/commands/render.ts';
import type { ReplayReport } from '../../../src/commands/replay.ts';

const plain = paint({ isTTY: false }, {});
const report = (events: ReplayReport['events'], over: Partial<ReplayReport> = {}): ReplayReport => {
  const counts: ReplayReport['counts'] = { same: 0, wording: 0, changed: 0, error: 0, skipped: 0 };
  for (const e of events) counts[e.status]++;
  return {
    file: '/t/trace.ndjson',
    bundle: '/b/hookshim.cjs',
    events,
    unreadable: { count: 0, examples: [] },
    counts,
    ...over,
  };
};

describe('renderReplay', () => {
  it.each([
    [
      'same',
      {
        line: 1,
        event: 'preToolUse',
        tool: 'Shell',
        toolUseId: 't1',
        status: 'same',
        before: { permission: 'allow' },
        after: { permission: 'allow' },
      },
      ['  = line 1 preToolUse Shell t1  {"permission":"allow"}'],
    ],
    [
      'skipped',
      { line: 2, event: 'stop', status: 'skipped', detail: 'no payload recorded' },
      ['  - line 2 stop  no payload recorded'],
    ],
    [
      'error',
      { line: 3, event: 'stop', status: 'error', detail: 'the bundle did not answer with JSON' },
      ['  ! line 3 stop  the bundle did not answer with JSON'],
    ],
    [
      'changed',
      {
        line: 4,
        event: 'preToolUse',
        status: 'changed',
        before: { permission: 'deny' },
        after: { permission: 'allow' },
      },
      [
        '  ≠ line 4 preToolUse  decision changed',
        '      was {"permission":"deny"}',
        '      now {"permission":"allow"}',
      ],
    ],
    [
      'wording',
      {
        line: 5,
        event: 'stop',
        status: 'wording',
        before: { followup_message: 'a' },
        after: { followup_message: 'b' },
      },
      [
        '  ~ line 5 stop  same decision, different wording',
        '      was {"followup_message":"a"}',
        '      now {"followup_message":"b"}',
      ],
    ],
  ] as const)('a %s event', (status, event, lines) => {
    const counts = { same: 0, wording: 0, changed: 0, error: 0, skipped: 0, [status]: 1 };
    expect(renderReplay(report([event]), plain, false)).toBe(
      [
        'hookshim replay /t/trace.ndjson (bundle /b/hookshim.cjs)',
        ...lines,
        `replay: ${counts.same} same, ${counts.wording} wording only, ${counts.changed} changed, ${counts.error} errors, ${counts.skipped} skipped`,
        '',
      ].join('\n'),
    );
  });

  it.each([
    [1, '  1 unreadable line skipped: line 3: Unexpected token'],
    [4, '  4 unreadable lines skipped: line 3: Unexpected token'],
  ])('%i unreadable line(s) are reported', (count, line) => {
    const out = renderReplay(
      report([], { unreadable: { count, examples: ['line 3: Unexpected token'] } }),
      plain,
      false,
    );
    expect(out.split('\n')).toContain(line);
  });

  it.each([
    ['wording only, not strict: green', 'wording', false, '\x1b[32mreplay:\x1b[0m'],
    ['wording only, strict: red', 'wording', true, '\x1b[31mreplay:\x1b[0m'],
    ['a changed decision: red', 'changed', false, '\x1b[31mreplay:\x1b[0m'],
    ['an error: red', 'error', false, '\x1b[31mreplay:\x1b[0m'],
    ['all the same: green', 'same', false, '\x1b[32mreplay:\x1b[0m'],
  ] as const)('the summary colour: %s', (_name, status, strict, head) => {
    const colour = paint({ isTTY: true }, { TERM: 'xterm' });
    const out = renderReplay(report([{ line: 1, event: 'stop', status, before: {}, after: {} }]), colour, strict);
    expect(out.trimEnd().split('\n').at(-1)?.startsWith(head)).toBe(true);
  });
});
