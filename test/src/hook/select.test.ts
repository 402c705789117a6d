// src/hook/select.ts: the catalog rows each invocation of a plan runs, every skipped row reported; result gating.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import type { Invocation, EventPlan } from '../../../adapters/types.ts';
import type { CatalogRow } from '../../../catalog/types.ts';
import { createLog } from '../../../src/hook/log.ts';
import { resultGated, select, type Chosen } from '../../../src/hook/select.ts';

const row = (locator: string, over: Partial<CatalogRow> = {}): CatalogRow => ({
  event: 'PreToolUse',
  locator,
  type: 'command',
  command: `hooks/${locator}.sh`,
  ...over,
});
const inv = (
  claudeEvent: Invocation['claudeEvent'],
  values: string[],
  toolInput: Record<string, unknown> = {},
): Invocation => ({ claudeEvent, subject: { values, toolInput, projectDir: '/repo' }, payload: () => ({}) });
const plan = (...invocations: Invocation[]): EventPlan => ({ invocations, notes: [] });
const recorder = (env: NodeJS.ProcessEnv = {}) => {
  const out: string[] = [];
  return { out, log: createLog(env, (t) => out.push(t)) };
};
const picked = (chosen: Chosen[]) => chosen.map((c) => [c.inv.claudeEvent, c.row.locator, c.matched]);

describe('select: the rows each invocation runs, with the value they matched through', () => {
  const shell = inv('PreToolUse', ['Bash', 'Shell'], { command: 'ls' });
  it.each([
    ['an exact matcher on the Claude name', row('a', { matcher: 'Bash' }), 'Bash'],
    ['an exact matcher on the raw Cursor name', row('a', { matcher: 'Shell' }), 'Shell'],
    ['no matcher: the first candidate', row('a'), 'Bash'],
    ['"*": the first candidate', row('a', { matcher: '*' }), 'Bash'],
    ['a regular expression', row('a', { matcher: '^Sh' }), 'Shell'],
  ])('%s', (_name, r, matched) => {
    const { out, log } = recorder();
    expect(picked(select(plan(shell), [r], '/repo', log))).toEqual([['PreToolUse', 'a', matched]]);
    expect(out).toEqual([]);
  });

  it('rows of other events and rows that do not match are left out without a word', () => {
    const { out, log } = recorder();
    expect(select(plan(shell), [row('a', { matcher: 'Read' }), row('b', { event: 'Stop' })], '/repo', log)).toEqual([]);
    expect(out).toEqual([]);
  });

  it('matcherless events: matched is undefined', () => {
    const { log } = recorder();
    expect(
      picked(select(plan(inv('Stop', [])), [row('s', { event: 'Stop', matcher: 'ignored' })], '/repo', log)),
    ).toEqual([['Stop', 's', undefined]]);
  });

  it('each invocation selects on its own, in plan order, and keeps its invocation', () => {
    const { log } = recorder();
    const a = inv('PreToolUse', ['Write', 'ApplyPatch']);
    const b = inv('PreToolUse', ['Edit', 'ApplyPatch']);
    const rows = [row('w', { matcher: 'Write' }), row('e', { matcher: 'Edit' }), row('p', { matcher: 'ApplyPatch' })];
    const chosen = select(plan(a, b), rows, '/repo', log);
    expect(picked(chosen)).toEqual([
      ['PreToolUse', 'w', 'Write'],
      ['PreToolUse', 'p', 'ApplyPatch'],
      ['PreToolUse', 'e', 'Edit'],
      ['PreToolUse', 'p', 'ApplyPatch'],
    ]);
    expect(chosen.map((c) => c.inv)).toEqual([a, a, b, b]);
  });

  it("`if` rules see ~/ as the user's home", () => {
    const { log } = recorder();
    const read = inv('PreToolUse', ['Read'], { file_path: `${os.homedir()}/.ssh/id_rsa` });
    expect(picked(select(plan(read), [row('k', { matcher: 'Read', if: 'Read(~/.ssh/**)' })], '/repo', log))).toEqual([
      ['PreToolUse', 'k', 'Read'],
    ]);
  });

  it.each([
    [
      'an unknown handler type',
      row('x', { type: 'script', command: undefined }),
      /^hookshim: skipped x: unknown handler type "script"\n$/,
    ],
    [
      'a command handler with no command',
      row('x', { command: undefined }),
      /^hookshim: skipped x: command handler has no command\n$/,
    ],
    ['the same command twice', row('x', { command: 'hooks/a.sh' }), /^hookshim: skipped x: same command as a\n$/],
  ])('a skipped row is reported: %s', (_name, r, line) => {
    const { out, log } = recorder();
    expect(picked(select(plan(shell), [row('a'), r], '/repo', log))).toEqual([['PreToolUse', 'a', 'Bash']]);
    expect(out).toEqual([expect.stringMatching(line)]);
  });

  it('HOOKSHIM_DEBUG=1: the values tried, the count, and why each unmatched row did not run', () => {
    const { out, log } = recorder({ HOOKSHIM_DEBUG: '1' });
    select(plan(shell), [row('a', { matcher: 'Bash' }), row('b', { matcher: 'Read' })], '/repo', log);
    expect(out).toEqual([
      'hookshim[debug]: PreToolUse: matcher values ["Bash","Shell"] → 1 row(s) in /repo\n',
      'hookshim[debug]: not run: b: matcher "Read" (exact names) matches none of: Bash, Shell\n',
    ]);
  });
});

describe('rows that cannot run, and fail-safe matchers (docs/claude-hooks.md §9)', () => {
  const shell = inv('PreToolUse', ['Bash', 'Shell'], { command: 'ls' });
  const stop = inv('Stop', []);
  const prompt = row('p', { type: 'prompt', command: undefined });
  const mod = row('modules[0]', { event: '*', type: 'mod', command: undefined, module: './register.ts' });
  it('a prompt row on PreToolUse denies, naming the row and the fix', () => {
    const { out, log } = recorder();
    const [c] = select(plan(shell), [prompt], '/repo', log);
    expect(c?.refuse).toMatch(
      /^hookshim: p guards this call, but a "prompt" hook needs Claude Code itself.*denied\. Fix: .*"unsupported": "skip"/,
    );
    expect(out).toEqual([expect.stringMatching(/^hookshim: p: a "prompt" hook .*denying the call \(fail safe\)\n$/)]);
  });
  it('with "unsupported": "skip" the call goes on, said on stderr', () => {
    const { out, log } = recorder();
    expect(select(plan(shell), [prompt], '/repo', log, { unsupported: 'skip' })).toEqual([]);
    expect(out).toEqual([expect.stringMatching(/not run: p: .*"unsupported": "skip"/)]);
  });
  it('off a permission event it is named on stderr only', () => {
    const { out, log } = recorder();
    expect(select(plan(stop), [{ ...prompt, event: 'Stop' }], '/repo', log)).toEqual([]);
    expect(out).toEqual([expect.stringMatching(/not run: p: a "prompt" hook .*\(Stop\)/)]);
  });
  it('a hooks module denies every guarded call and is named on every other event', () => {
    const { out, log } = recorder();
    const chosen = select(plan(shell, stop), [], '/repo', log, { modules: [mod] });
    expect(chosen.map((c) => [c.inv.claudeEvent, c.refuse !== undefined])).toEqual([['PreToolUse', true]]);
    expect(out).toEqual([
      expect.stringMatching(/modules\[0\]: hooks module "\.\/register\.ts"/),
      expect.stringMatching(/not run: modules\[0\].*\(Stop\)/),
    ]);
  });
  it('an invalid PreToolUse matcher denies the call, naming the row', () => {
    const { log } = recorder();
    const [c] = select(plan(shell), [row('x', { matcher: '(' })], '/repo', log);
    expect(c?.refuse).toMatch(
      /^hookshim: x cannot be matched against this call \(matcher "\(" is not a valid regular expression.*Fix the matcher\.$/,
    );
  });
});

describe('resultGated: rows marked in .cursor/hookshim.json run only once tool results are recorded', () => {
  const i = inv('Stop', []);
  const chosen: Chosen[] = [
    {
      inv: i,
      row: row('Stop[0].hooks[0]', { event: 'Stop', command: 'node "${CLAUDE_PLUGIN_ROOT}"/hooks/require-tests.mjs' }),
      matched: undefined,
    },
    { inv: i, row: row('Stop[0].hooks[1]', { event: 'Stop', command: 'hooks/other.sh' }), matched: undefined },
    { inv: i, row: row('Stop[1].hooks[0]', { event: 'Stop', type: 'prompt', command: undefined }), matched: undefined },
  ];
  const locs = (cs: Chosen[]) => cs.map((c) => c.row.locator);

  it.each([
    ['no marks', {}, false, ['Stop[0].hooks[0]', 'Stop[0].hooks[1]', 'Stop[1].hooks[0]'], []],
    ['an empty list', { resultGated: [] }, false, ['Stop[0].hooks[0]', 'Stop[0].hooks[1]', 'Stop[1].hooks[0]'], []],
    [
      'results recorded: everything runs',
      { resultGated: ['require-tests'] },
      true,
      ['Stop[0].hooks[0]', 'Stop[0].hooks[1]', 'Stop[1].hooks[0]'],
      [],
    ],
    [
      'marked by a command substring',
      { resultGated: ['require-tests'] },
      false,
      ['Stop[0].hooks[1]', 'Stop[1].hooks[0]'],
      ['Stop[0].hooks[0]: marked result-gated ("require-tests")'],
    ],
    [
      'marked by locator (no command needed)',
      { resultGated: ['Stop[1].hooks[0]'] },
      false,
      ['Stop[0].hooks[0]', 'Stop[0].hooks[1]'],
      ['Stop[1].hooks[0]: marked result-gated ("Stop[1].hooks[0]")'],
    ],
    [
      'a mark that matches nothing',
      { resultGated: ['nothing-like-it'] },
      false,
      ['Stop[0].hooks[0]', 'Stop[0].hooks[1]', 'Stop[1].hooks[0]'],
      [],
    ],
  ])('%s', (_name, config, available, kept, skipped) => {
    const { out, log } = recorder();
    const r = resultGated(chosen, config, available, log);
    expect(locs(r)).toEqual(kept);
    expect(r).not.toBe(chosen);
    expect(out).toEqual(
      skipped.map((s) => `hookshim: skipped ${s} and no tool results are recorded for this conversation yet\n`),
    );
  });
});
