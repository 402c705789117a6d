// adapters/cursorMatcher.ts: the Cursor matcher init writes (docs/cursor-hooks.md §1, §11: a JavaScript regex, unanchored,
// tested against the tool type or the subagent type; "" and "*" match all) starts hookshim for every call a row needs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addNeeds,
  cursorAccepts,
  cursorMatcher,
  KNOWN_NAMES,
  MCP_TOOLS,
  missedBy,
  NOTHING,
  postToolNeeds,
  skippedBy,
  skippedNeeds,
} from '../../adapters/cursorMatcher.ts';
import { ADAPTERS } from '../../adapters/events/index.ts';
import { EMPTY_STATE, type EventContext } from '../../adapters/types.ts';
import { compileMatcher } from '../../catalog/matcher.ts';

const toolMatcher = (...matchers: (string | undefined)[]) =>
  cursorMatcher('tool', addNeeds(NOTHING(), 'tool', matchers));
const subagentMatcher = (...matchers: (string | undefined)[]) =>
  cursorMatcher('subagent', addNeeds(NOTHING(), 'subagent', matchers));
/** The Cursor tool names a matcher lets through, of the known ones. */
const started = (m: string | undefined) => KNOWN_NAMES.tool.filter((n) => cursorAccepts(m, n));

const WRITE = ['Write', 'StrReplace', 'EditNotebook', 'ApplyPatch', 'search_replace', 'edit_file', 'Delete'];
const READ = ['Read', 'ReadFile', 'ReadLints'];
const GREP = ['Grep', 'rg', 'Glob', 'codebase_search'];
const SHELL = ['Shell', 'run_terminal_cmd', 'AwaitShell'];
const TASK = ['Task', 'Subagent'];

describe('tool events: the calls a catalog shape starts hookshim for (whole coarse groups: docs/cursor-hooks.md §6)', () => {
  it.each([
    ['an exact name: Bash', ['Bash'], SHELL, false],
    ['an exact list: Write|Edit|MultiEdit|NotebookEdit', ['Write|Edit|MultiEdit|NotebookEdit'], WRITE, false],
    ['a comma list with blanks: Read, Grep', ['Read, Grep'], [...READ, ...GREP], false],
    ['a Cursor name as written (the raw name is a candidate too)', ['Delete'], WRITE, false],
    ['Agent: every subagent tool', ['Agent'], TASK, false],
    ['Edit alone: an ApplyPatch is offered per file as Edit, and its group starts', ['Edit'], WRITE, false],
    [
      'a regex: Web.* (and, being a regex, any MCP tool and the MCP wrapper tools)',
      ['Web.*'],
      ['WebFetch', 'WebSearch', ...MCP_TOOLS],
      true,
    ],
    ['an MCP server: mcp__github__.* (a regex)', ['mcp__github__.*'], MCP_TOOLS, true],
    ['an exact MCP tool name', ['mcp__github__create_issue'], MCP_TOOLS, true],
    ['two rows: their union', ['Bash', 'TodoWrite'], [...SHELL, 'TodoWrite'], false],
  ])('%s', (_name, matchers, names, mcp) => {
    const m = toolMatcher(...matchers);
    expect(m).toBeDefined();
    expect(new Set(started(m))).toEqual(new Set(names));
    expect(cursorAccepts(m, 'MCP:create_issue')).toBe(mcp);
    // A tool hookshim does not know yet still starts it: the matcher lists what it skips, never what runs.
    expect(cursorAccepts(m, 'SomeFutureTool')).toBe(true);
  });

  it.each([
    ['no matcher', [undefined]],
    ['"*"', ['*']],
    ['""', ['']],
    ['one row for everything beside narrow ones', ['Bash', '*']],
    ['an invalid regex (a newer engine might accept it: counted as matching all)', ['(?i:bash)']],
  ])('%s: no Cursor matcher (every call)', (_name, matchers) => {
    expect(toolMatcher(...matchers)).toBeUndefined();
  });

  it('every known name needed and MCP too: no matcher', () => {
    expect(toolMatcher(KNOWN_NAMES.tool.join('|'), 'mcp__.*')).toBeUndefined();
  });

  it('the written form: one lookahead per skipped name, then the name; no `|`, so searched, anchored or split it means the same', () => {
    const m = toolMatcher('Bash') as string;
    expect(m).toBe(
      `^${KNOWN_NAMES.tool
        .filter((n) => !SHELL.includes(n))
        .map((n) => `(?!${n}$)`)
        .join('')}(?!MCP:).*`,
    );
    expect(m).not.toContain('|');
    for (const name of ['Shell', 'Read', 'MCP:x', 'Future'])
      expect(new RegExp(`^(?:${m})$`).test(name)).toBe(new RegExp(m).test(name));
  });

  it('skippedBy names what a matcher skips, MCP:* included', () => {
    expect(skippedBy('tool', toolMatcher('mcp__github__.*'))).toEqual(
      KNOWN_NAMES.tool.filter((n) => !MCP_TOOLS.includes(n)),
    );
    expect(skippedBy('tool', toolMatcher('Bash'))).toContain('MCP:*');
    expect(skippedBy('tool', undefined)).toEqual([]);
  });

  it.each([
    ['nothing new', ['Bash'], []],
    ['a Read row', ['Bash', 'Read'], ['Read', 'ReadFile']],
    ['an MCP row', ['Bash', 'mcp__x__y'], ['MCP:*']],
    ['a row for every tool', ['Bash', '*'], [...KNOWN_NAMES.tool.filter((n) => !SHELL.includes(n)), 'MCP:*']],
  ])("skippedNeeds (the hook path's check of a Bash-only matcher): %s", (_name, rows, want) => {
    expect(skippedNeeds('tool', toolMatcher('Bash') as string, rows)).toEqual(want);
  });

  it('missedBy: what a bound matcher skips that the rows now need', () => {
    expect(missedBy('tool', toolMatcher('Bash'), toolMatcher('Bash', 'Read'))).toEqual(READ);
    expect(missedBy('tool', toolMatcher('Bash', 'Read'), toolMatcher('Bash'))).toEqual([]);
    expect(missedBy('tool', toolMatcher('Bash'), undefined)).toEqual([
      ...KNOWN_NAMES.tool.filter((n) => !SHELL.includes(n)),
      'MCP:*',
    ]);
  });
});

describe('subagent events: the subagent types (docs/cursor-hooks.md §4 subagentStart M)', () => {
  it.each([
    ['Explore', ['Explore'], ['explore']],
    ["Cursor's own name", ['generalPurpose'], ['generalPurpose']],
    ['a regex', ['Plan|Explore'], ['explore', 'plan']],
  ])('%s', (_name, matchers, names) => {
    const m = subagentMatcher(...matchers);
    expect(KNOWN_NAMES.subagent.filter((n) => cursorAccepts(m, n))).toEqual(names);
    // A custom subagent type is unknown to hookshim: it always starts.
    expect(cursorAccepts(m, 'my-reviewer')).toBe(true);
  });

  it('no matcher: every subagent', () => expect(subagentMatcher(undefined)).toBeUndefined());
});

describe("cursorAccepts: Cursor's reading of a matcher", () => {
  it.each([
    [undefined, 'Shell', true],
    ['', 'Shell', true],
    ['*', 'Shell', true],
    ['Shell', 'Shell', true],
    ['Read', 'TabRead', true],
    ['^Shell$', 'Shell', true],
    ['^Shell$', 'AwaitShell', false],
    ['[', 'Shell', false],
  ])('%j on %s → %s', (m, name, want) => expect(cursorAccepts(m, name)).toBe(want));
});

describe('postToolNeeds: post-tool events only where needed', () => {
  const rows = (...r: [string, string?][]) =>
    r.map(([event, matcher]) => ({ event, ...(matcher !== undefined ? { matcher } : {}) }));
  const shape = (r: ReturnType<typeof rows>, use: Parameters<typeof postToolNeeds>[1]) => {
    const n = postToolNeeds(r, use);
    return {
      post: n.postToolUse.asked ? (cursorMatcher('tool', n.postToolUse) ?? 'all') : 'unbound',
      failure: n.postToolUseFailure.asked ? (cursorMatcher('tool', n.postToolUseFailure) ?? 'all') : 'unbound',
    };
  };
  it.each([
    ['Stop rows that read no transcript: neither is bound', rows(['Stop']), false, 'unbound', 'unbound'],
    ['Stop rows that read the transcript: every tool (results recorded)', rows(['Stop']), true, 'all', 'all'],
    [
      'SessionStart rows alone, transcripts kept: neither is bound (they run before any tool call)',
      rows(['SessionStart']),
      true,
      'unbound',
      'unbound',
    ],
    [
      'a SessionStart row beside a SessionEnd row, transcripts kept: every tool (SessionEnd reads results)',
      rows(['SessionStart'], ['SessionEnd']),
      true,
      'all',
      'all',
    ],
    [
      'a Bash PreToolUse row: the Bash calls (its warnings wait for that postToolUse)',
      rows(['PreToolUse', 'Bash']),
      false,
      toolMatcher('Bash'),
      toolMatcher('Bash'),
    ],
    [
      'a Write PostToolUse row beside a Bash PreToolUse row',
      rows(['PreToolUse', 'Bash'], ['PostToolUse', 'Write']),
      false,
      toolMatcher('Bash', 'Write'),
      toolMatcher('Bash', 'Write'),
    ],
    [
      'a PostToolUseFailure row: its tools fail; context carried to any next postToolUse',
      rows(['PostToolUseFailure', 'Bash']),
      false,
      'all',
      toolMatcher('Bash'),
    ],
    ['a SubagentStart row: its context goes to the next postToolUse', rows(['SubagentStart']), false, 'all', 'unbound'],
    [
      'a UserPromptSubmit row: every tool (where beforeSubmitPrompt never fires, its rows run at the first tool event)',
      rows(['UserPromptSubmit']),
      false,
      'all',
      'all',
    ],
    [
      'an Agent PreToolUse row: a Task has no postToolUse of its own, so its warnings wait for any next one',
      rows(['PreToolUse', 'Agent']),
      false,
      'all',
      toolMatcher('Agent'),
    ],
  ])('%s', (_name, r, reads, post, failure) => {
    expect(shape(r, { keepsTranscripts: reads })).toEqual({ post, failure });
  });

  it('an async row: postToolUse for every tool (its context waits for the next one, docs/claude-hooks.md §10 Async context)', () => {
    const n = postToolNeeds([{ event: 'PreToolUse', matcher: 'Bash', async: true }], { keepsTranscripts: false });
    expect({
      post: cursorMatcher('tool', n.postToolUse) ?? 'all',
      failure: cursorMatcher('tool', n.postToolUseFailure) ?? 'all',
    }).toEqual({
      post: 'all',
      failure: toolMatcher('Bash'),
    });
  });

  it('promptContext "postToolUse" with a UserPromptSubmit row: every tool (its context waits for the first postToolUse)', () => {
    expect(shape(rows(['UserPromptSubmit']), { keepsTranscripts: false, promptContext: 'postToolUse' })).toEqual({
      post: 'all',
      failure: 'all',
    });
  });
});

describe('a written matcher agrees with the hook path (property): every call a row selects starts hookshim', () => {
  const ctx = (name: string, input: unknown): EventContext => ({
    event: 'preToolUse',
    input: { tool_name: name, tool_input: input, tool_use_id: 't' },
    projectDir: '/repo',
    sessionId: 's',
    loopLimit: null,
  });
  /** Inputs that change what a call is offered as: an ApplyPatch that adds one file and updates another. */
  const INPUTS: Record<string, unknown[]> = {
    ApplyPatch: [
      '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Update File: b.txt\n@@\n-old\n+new\n*** End Patch\n',
      '*** Begin Patch\n*** Delete File: c.txt\n*** End Patch\n',
    ],
  };
  /** Every value the preToolUse adapter tries for a Cursor tool name, over its inputs: what Claude row matchers are tested against. */
  const values = (name: string) =>
    [{}, ...(INPUTS[name] ?? [])].flatMap((input) =>
      ADAPTERS.preToolUse.plan(ctx(name, input), EMPTY_STATE).invocations.flatMap((i) => i.subject.values),
    );
  const names = fc.constantFrom(
    'Bash',
    'Read',
    'Write',
    'Edit',
    'MultiEdit',
    'Grep',
    'Glob',
    'Agent',
    'Task',
    'WebFetch',
    'TodoWrite',
    'NotebookEdit',
    'Shell',
    'Delete',
    'mcp__github__x',
  );
  const matcher = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('*', '', 'Web.*', '^Read$', 'Edit|Write', 'mcp__.*', '.*Todo.*', '[', 'Bash(git push:*)'),
    fc.array(names, { minLength: 1, maxLength: 3 }).map((n) => n.join('|')),
  );
  it('for random rows: every known tool a row matches starts; an unknown tool always starts', () => {
    fc.assert(
      fc.property(fc.array(matcher, { maxLength: 4 }), (ms) => {
        const m = toolMatcher(...ms);
        if (m !== undefined) expect(() => new RegExp(m)).not.toThrow();
        for (const name of KNOWN_NAMES.tool) {
          const needed = ms.some((src) => values(name).some((v) => compileMatcher(src).test(v)));
          // Every tool a row needs starts; a tool that starts without being needed shares a coarse group (or MCP) with one.
          if (needed) expect(cursorAccepts(m, name), `${name} with ${JSON.stringify(ms)} → ${m}`).toBe(true);
        }
        expect(cursorAccepts(m, 'SomeFutureTool')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
