// doctor's "is it loaded?" (src/commands/loaded.ts): the causes of a binding that never ran, in order, and the
// findings from heartbeats.
import { describe, expect, it } from 'vitest';
import type { HooksFile } from '../../../src/project/binding.ts';
import { ago, loadedFindings, neverRanCauses } from '../../../src/commands/loaded.ts';

const bound = (version: unknown): HooksFile => ({
  kind: 'ok',
  file: '/p/.cursor/hooks.json',
  text: '',
  doc: { ...(version !== undefined ? { version } : {}), hooks: {} } as Record<string, unknown>,
  hooks: { preToolUse: [{ command: 'node .cursor/hooks/hookshim.cjs preToolUse' }] },
});

describe('neverRanCauses (docs/cursor-hooks.md §12: headless CLI and trust; hooks.json shape)', () => {
  it('trust, cursor-agent --trust, version, Cursor settings', () => {
    const c = neverRanCauses(bound(1), false);
    expect(c.map((x) => x.split(' ')[0])).toEqual(['the', '`cursor-agent', '`"version":', "Cursor's"]);
  });
  it('in CI, cursor-agent without --trust first', () => expect(neverRanCauses(bound(1), true)[0]).toMatch(/--trust/));
  it('says when version is missing', () => expect(neverRanCauses(bound(undefined), false)[2]).toMatch(/is missing/));
});

describe('loadedFindings', () => {
  const now = 1_000_000_000;
  it('never ran: one warning', () =>
    expect(loadedFindings([], bound(1), {}, now).map((f) => [f.code, f.severity])).toEqual([['never-ran', 'warning']]));
  it('ran: an info per binding, no warning', () => {
    const runs = [
      { binding: 'project', at: now - 120_000, events: [{ event: 'stop', at: now - 120_000, host: '3.24' }] },
    ];
    const f = loadedFindings(runs, bound(1), {}, now);
    expect(f.map((x) => x.code)).toEqual(['last-ran']);
    expect(f[0]?.message).toContain('stop 2 min ago (Cursor 3.24)');
  });
  it('only a plugin ran: the project binding still never ran', () => {
    const runs = [{ binding: '/plug', at: now, events: [{ event: 'stop', at: now }] }];
    expect(loadedFindings(runs, bound(1), {}, now).map((x) => x.code)).toEqual(['last-ran', 'never-ran']);
  });
  it('not bound: nothing to say about loading', () =>
    expect(loadedFindings([], { kind: 'absent', file: '/p/.cursor/hooks.json' }, {}, now)).toEqual([]));
  it('ago', () =>
    expect([ago(5_000), ago(600_000), ago(7_200_000), ago(3 * 86_400_000)]).toEqual([
      '5 s ago',
      '10 min ago',
      '2 h ago',
      '3 days ago',
    ]));
});
