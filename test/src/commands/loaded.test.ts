// doctor's "is it loaded?" (src/commands/loaded.ts): the causes of a binding that never ran, in order, and the
// findings from heartbeats.
import { describe, expect, it } from 'vitest';
import type { HooksFile } from '../../../src/project/binding.ts';
import { ago, hostOfBeat, loadedFindings, neverRanCauses } from '../../../src/commands/loaded.ts';

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
      {
        binding: 'project',
        hostId: 'cursor' as const,
        at: now - 120_000,
        events: [{ event: 'stop', at: now - 120_000, host: '3.24' }],
      },
    ];
    const f = loadedFindings(runs, bound(1), {}, now);
    expect(f.map((x) => x.code)).toEqual(['last-ran']);
    expect(f[0]?.message).toContain('stop 2 min ago (Cursor 3.24)');
  });
  it('only a plugin ran: the project binding still never ran', () => {
    const runs = [{ binding: '/plug', hostId: 'cursor' as const, at: now, events: [{ event: 'stop', at: now }] }];
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

describe('per host (docs/hosts.md "When hooks never run")', () => {
  const now = 1_000_000_000;
  const none: HooksFile = { kind: 'absent', file: '/p/.cursor/hooks.json' };
  it('a Copilot binding never run: what makes Copilot load repository hooks', () => {
    const f = loadedFindings([], none, {}, now, ['copilot']);
    expect(f.map((x) => [x.code, x.where])).toEqual([['never-ran', '.github/hooks/hookshim.json']]);
    expect(f[0]?.message).toMatch(
      /^Copilot never ran hookshim .*\(1\) Copilot CLI in `-p` mode .*trusted folder .*GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true/,
    );
  });
  it('Codex ran, Cursor did not: last-ran for Codex with its events, never-ran for Cursor', () => {
    const runs = [
      {
        binding: 'project',
        hostId: 'codex' as const,
        at: now - 5_000,
        events: [{ event: 'PreToolUse', at: now - 5_000 }],
      },
    ];
    const f = loadedFindings(runs, bound(1), {}, now, ['cursor', 'codex']);
    expect(f.map((x) => [x.code, x.where])).toEqual([
      ['last-ran', '.codex/hooks.json'],
      ['never-ran', '.cursor/hooks.json'],
    ]);
    expect(f[0]?.message).toBe(
      'Codex: hookshim last ran for this project 5 s ago (its own binding): PreToolUse 5 s ago',
    );
  });
  it('a Codex binding never run names both trust gates first', () =>
    expect(loadedFindings([], none, {}, now, ['codex'])[0]?.message).toMatch(
      /\(1\) the project is not trusted in \$CODEX_HOME\/config\.toml.*\(2\) hookshim's handlers are not trusted by hash/,
    ));
  it('a heartbeat written before hosts: its host from its event, Cursor where the name is shared', () =>
    expect(
      [
        { event: 'agentStop' },
        { event: 'PreToolUse' },
        { event: 'preToolUse' },
        { event: 'preToolUse', hostId: 'copilot' },
        { event: 'x', hostId: 'nope' },
      ].map(hostOfBeat),
    ).toEqual(['copilot', 'codex', 'cursor', 'copilot', 'cursor']));
});
