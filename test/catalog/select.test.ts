import { describe, expect, it } from 'vitest';
import { selectRows, type Subject } from '../../catalog/select.ts';
import type { CatalogRow } from '../../catalog/types.ts';

let n = 0;
// A command row; the locator is unique per call so tests can name rows.
function row(event: string, fields: Partial<CatalogRow> = {}): CatalogRow {
  n += 1;
  return { event, locator: `${event}[${n}].hooks[0]`, type: 'command', command: `cmd-${n}`, ...fields };
}

const tool = (values: string[], toolInput: Record<string, unknown> = {}): Subject => ({
  values,
  toolInput,
  projectDir: '/proj',
});
const none: Subject = { values: [], projectDir: '/proj' };

// Locators of selected rows with their matched values, and skip reasons.
function pick(rows: CatalogRow[], event: string, subject: Subject) {
  const { selected, skipped } = selectRows(rows, event, subject);
  return {
    selected: selected.map((s) => [s.row.locator, s.matchedValue]),
    skipped: skipped.map((s) => [s.row.locator, s.reason]),
  };
}

describe('docs/claude-hooks.md §1.3 matcher, per event', () => {
  // [matcher, subject values, selected?, matchedValue]
  it.each<[string | undefined, string[], string | undefined | null]>([
    [undefined, ['Bash', 'Shell'], 'Bash'],
    ['', ['Bash', 'Shell'], 'Bash'],
    ['*', ['Bash', 'Shell'], 'Bash'],
    ['Bash', ['Bash', 'Shell'], 'Bash'],
    ['Shell', ['Bash', 'Shell'], 'Shell'],
    ['Shell|Bash', ['Bash', 'Shell'], 'Bash'],
    ['BashOutput', ['Bash', 'Shell'], null],
    ['Edit.*', ['Edit', 'StrReplace'], 'Edit'],
    ['Edit.*', ['NotebookEdit', 'EditNotebook'], 'NotebookEdit'],
    ['mcp__memory', ['mcp__memory__create_entities', 'MCP:memory-create_entities'], null],
    [
      'mcp__github__.*',
      ['mcp__github__merge_pull_request', 'MCP:github-merge_pull_request'],
      'mcp__github__merge_pull_request',
    ],
    ['Agent', ['Task', 'Agent'], 'Agent'],
  ])('PreToolUse matcher %j on %j → %j', (matcher, values, matched) => {
    const r = row('PreToolUse', matcher === undefined ? {} : { matcher });
    const { selected, skipped } = selectRows([r], 'PreToolUse', tool(values));
    expect(skipped).toEqual([]);
    expect(selected).toEqual(matched === null ? [] : [{ row: r, matchedValue: matched }]);
  });

  it.each([
    'UserPromptSubmit',
    'Stop',
    'PostToolBatch',
    'TeammateIdle',
    'TaskCreated',
    'TaskCompleted',
    'WorktreeCreate',
    'WorktreeRemove',
    'CwdChanged',
    'MessageDisplay',
  ])('%s ignores matchers: every row runs', (event) => {
    const rows = [row(event, { matcher: 'Bash' }), row(event, { matcher: '[' }), row(event)];
    const { selected, skipped } = selectRows(rows, event, none);
    expect(skipped).toEqual([]);
    expect(selected.map((s) => [s.row, s.matchedValue])).toEqual(rows.map((r) => [r, undefined]));
  });

  it.each<[string, string | undefined, string[], boolean]>([
    ['SessionStart', 'startup', ['startup'], true],
    ['SessionStart', 'resume|compact', ['startup'], false],
    ['SessionStart', undefined, ['startup'], true],
    ['SubagentStop', '^my-plugin:reviewer$', ['my-plugin:reviewer'], true],
    ['PreCompact', 'auto', ['manual'], false],
    // a match-all matcher still runs when the caller has no value to offer
    ['SessionEnd', undefined, [], true],
    ['SessionEnd', 'logout', [], false],
  ])('%s matcher %j on %j → %s', (event, matcher, values, runs) => {
    const r = row(event, matcher === undefined ? {} : { matcher });
    expect(selectRows([r], event, { values, projectDir: '/p' }).selected.length).toBe(runs ? 1 : 0);
  });

  it('only rows of the requested event are considered', () => {
    const rows = [row('PostToolUse'), row('PreToolUse'), row('Stop')];
    expect(pick(rows, 'PreToolUse', tool(['Bash'])).selected).toEqual([[rows[1]!.locator, 'Bash']]);
  });

  // docs/claude-hooks.md §9, fail safe on matching: Claude ≥ 2.1.288 blocks the call on PreToolUse and PermissionRequest.
  it.each(['PreToolUse', 'PermissionRequest'])('on %s an invalid matcher fails safe: the row denies', (event) => {
    const bad = row(event, { matcher: '[' });
    const other = row(event, { matcher: 'Edit' });
    const result = selectRows([bad, other], event, tool(['Bash']));
    expect(result.selected).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.failSafe.map((s) => [s.row, s.reason])).toEqual([
      [bad, expect.stringMatching(/^matcher "\[" is not a valid regular expression: Invalid regular expression/)],
    ]);
  });

  it('elsewhere an invalid matcher is skipped with the regex error; a plain non-match is not reported', () => {
    const bad = row('PostToolUse', { matcher: '[' });
    const other = row('PostToolUse', { matcher: 'Edit' });
    const result = pick([bad, other], 'PostToolUse', tool(['Bash']));
    expect(result.selected).toEqual([]);
    expect(result.skipped).toEqual([
      [
        bad.locator,
        expect.stringMatching(/^matcher "\[" is not a valid regular expression: Invalid regular expression/),
      ],
    ]);
  });
});

describe('docs/claude-hooks.md §1.2 if', () => {
  it.each([
    ['PreToolUse', 'git push --force', true],
    ['PostToolUse', 'git push --force', true],
    ['PostToolUseFailure', 'git push', true],
    ['PermissionRequest', 'git push', true],
    ['PermissionDenied', 'git push', true],
    ['PreToolUse', 'git status', false],
    ['PreToolUse', 'cd repo && git push --force', true],
  ])('on %s, Bash(git push:*) with %j runs: %s', (event, command, runs) => {
    const r = row(event, { matcher: 'Bash', if: 'Bash(git push:*)' });
    const result = selectRows([r], event, tool(['Bash', 'Shell'], { command }));
    expect(result.skipped).toEqual([]);
    expect(result.selected).toEqual(runs ? [{ row: r, matchedValue: 'Bash' }] : []);
  });

  it.each(['Stop', 'UserPromptSubmit', 'SessionStart', 'SubagentStop', 'PostToolBatch'])(
    'on %s a handler with if never runs (CLI >= 2.1.85)',
    (event) => {
      const r = row(event, { if: 'Bash' });
      expect(pick([r], event, { values: ['startup'], projectDir: '/p' })).toEqual({
        selected: [],
        skipped: [
          [
            r.locator,
            `"if" is only evaluated on tool events; on ${event} a handler with "if" never runs (Claude Code >= 2.1.85)`,
          ],
        ],
      });
    },
  );

  // docs/claude-hooks.md §9, `if` on Bash: a rule hookshim cannot evaluate runs its row, as Claude does when unsure.
  it('a rule hookshim cannot evaluate runs its row, with a note saying why', () => {
    const r = row('PreToolUse', { if: 'Grep(*.ts)' });
    const { selected, skipped } = selectRows([r], 'PreToolUse', tool(['Grep']));
    expect(skipped).toEqual([]);
    expect(selected.map((s) => [s.row, s.matchedValue, s.note])).toEqual([
      [
        r,
        'Grep',
        expect.stringMatching(
          /^cannot evaluate "if": "Grep\(\*\.ts\)": specifiers for Grep are not supported.*the row runs/,
        ),
      ],
    ]);
  });

  it('evaluates the rule against each name the matcher accepts, so candidate order cannot hide a call', () => {
    const r = row('PreToolUse', { if: 'Bash(git push:*)' });
    expect(pick([r], 'PreToolUse', tool(['Shell', 'Bash'], { command: 'git push' })).selected).toEqual([
      [r.locator, 'Bash'],
    ]);
  });

  it('the rule sees only names the matcher accepted', () => {
    const r = row('PreToolUse', { matcher: 'Shell', if: 'Bash' });
    expect(pick([r], 'PreToolUse', tool(['Bash', 'Shell'])).selected).toEqual([]);
  });

  it('Task/Agent aliases: an Agent rule runs for a Task call', () => {
    const r = row('PreToolUse', { if: 'Agent' });
    expect(pick([r], 'PreToolUse', tool(['Task'])).selected).toEqual([[r.locator, 'Task']]);
  });

  it('file rules use the subject project dir; a missing tool input matches no specifier', () => {
    const r = row('PreToolUse', { matcher: 'Read', if: 'Read(./secrets/**)' });
    expect(pick([r], 'PreToolUse', tool(['Read'], { file_path: '/proj/secrets/k' })).selected).toHaveLength(1);
    expect(pick([r], 'PreToolUse', { values: ['Read'], projectDir: '/proj' }).selected).toHaveLength(0);
  });

  it('passes the home dir to ~/ rules', () => {
    const r = row('PreToolUse', { if: 'Read(~/.ssh/**)' });
    const subject = { ...tool(['Read'], { file_path: '/home/u/.ssh/id_rsa' }), homeDir: '/home/u' };
    expect(selectRows([r], 'PreToolUse', subject).selected).toHaveLength(1);
  });
});

describe('handler type, command and dedup', () => {
  it.each(['prompt', 'agent', 'mcp_tool'])(
    'a matched %s row is one hookshim cannot run (docs/claude-hooks.md §9)',
    (type) => {
      const r = row('PreToolUse', { type, command: undefined });
      const { selected, skipped, unrunnable } = selectRows([r], 'PreToolUse', tool(['Bash']));
      expect([selected, skipped]).toEqual([[], []]);
      expect(unrunnable.map((s) => [s.row, s.reason])).toEqual([
        [r, `a "${type}" hook needs Claude Code itself to run`],
      ]);
    },
  );

  it('an http row is selected; two rows posting to one url run once', () => {
    const a = row('PreToolUse', { type: 'http', command: undefined, url: 'http://127.0.0.1:9/x' });
    const b = row('PreToolUse', { type: 'http', command: undefined, url: 'http://127.0.0.1:9/x' });
    expect(pick([a, b], 'PreToolUse', tool(['Bash']))).toEqual({
      selected: [[a.locator, 'Bash']],
      skipped: [[b.locator, `same command as ${a.locator}`]],
    });
  });

  it('an unknown type is skipped with a reason', () => {
    const r = row('PreToolUse', { type: 'script', command: undefined });
    expect(pick([r], 'PreToolUse', tool(['Bash'])).skipped).toEqual([[r.locator, 'unknown handler type "script"']]);
  });

  it('a non-command row that does not match is not reported', () => {
    const r = row('PreToolUse', { type: 'prompt', matcher: 'Edit' });
    expect(pick([r], 'PreToolUse', tool(['Bash']))).toEqual({ selected: [], skipped: [] });
  });

  it('a command row without a command is skipped', () => {
    const r = row('Stop', { command: undefined });
    expect(pick([r], 'Stop', none).skipped).toEqual([[r.locator, 'command handler has no command']]);
  });

  it('async rows are selected (the runner decides)', () => {
    const r = row('PostToolUse', { async: true });
    expect(pick([r], 'PostToolUse', tool(['Write'])).selected).toEqual([[r.locator, 'Write']]);
  });

  it('docs/claude-hooks.md §1.5 dedup: same command + args runs once, the later row is skipped', () => {
    const a = row('PreToolUse', { matcher: 'Bash', command: 'python3 hooks/guard.py' });
    const b = row('PreToolUse', { matcher: 'Shell', command: 'python3 hooks/guard.py' });
    const c = row('PreToolUse', { matcher: 'Bash', command: 'node', args: ['x.js'] });
    const d = row('PreToolUse', { command: 'node', args: ['x.js'] });
    const e = row('PreToolUse', { command: 'node', args: ['y.js'] });
    const f = row('PreToolUse', { command: 'node' });
    expect(pick([a, b, c, d, e, f], 'PreToolUse', tool(['Bash', 'Shell']))).toEqual({
      selected: [
        [a.locator, 'Bash'],
        [c.locator, 'Bash'],
        [e.locator, 'Bash'],
        [f.locator, 'Bash'],
      ],
      skipped: [
        [b.locator, `same command as ${a.locator}`],
        [d.locator, `same command as ${c.locator}`],
      ],
    });
  });

  it('docs/claude-hooks.md §1.5 dedup across catalogs: settings files share one slot, each plugin keeps its own', () => {
    const settings = { catalog: '.claude/settings.json', kind: 'settings' } as const;
    const personal = { catalog: '.claude/settings.local.json', kind: 'personal' } as const;
    const pluginA = { catalog: 'plugins/a/hooks/hooks.json', kind: 'plugin', root: '/proj/plugins/a' } as const;
    const pluginB = { catalog: 'plugins/b/hooks/hooks.json', kind: 'plugin', root: '/proj/plugins/b' } as const;
    const cmd = '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh';
    const s1 = row('Stop', { command: cmd, source: settings });
    const s2 = row('Stop', { command: cmd, source: personal });
    const a = row('Stop', { command: cmd, source: pluginA });
    const b = row('Stop', { command: cmd, source: pluginB });
    expect(pick([s1, s2, a, b], 'Stop', none)).toEqual({
      selected: [
        [s1.locator, undefined],
        [a.locator, undefined],
        [b.locator, undefined],
      ],
      skipped: [[s2.locator, `same command as .claude/settings.json ${s1.locator}`]],
    });
  });

  it('a row whose if rule fails does not take the dedup slot', () => {
    const a = row('PreToolUse', { command: 'guard', if: 'Bash(rm:*)' });
    const b = row('PreToolUse', { command: 'guard' });
    expect(pick([a, b], 'PreToolUse', tool(['Bash'], { command: 'ls' }))).toEqual({
      selected: [[b.locator, 'Bash']],
      skipped: [],
    });
  });
});
