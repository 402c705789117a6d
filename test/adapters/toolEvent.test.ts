// adapters/toolEvent.ts: the shared half of the tool events: which tool, which Claude names, the tool fields.
import { describe, expect, it } from 'vitest';
import { editedFiles, toolOf, toolPayload, toolPlan } from '../../adapters/toolEvent.ts';
import { ctx, LATE } from './helpers.ts';

const pre = (input: Record<string, unknown>, over = {}) => ctx('preToolUse', input, over);

describe('toolOf: the Cursor tool and its Claude candidates (docs/design.md §4)', () => {
  it.each([
    [
      'Shell → Bash, then the raw name',
      { tool_name: 'Shell', tool_input: { command: 'ls' } },
      'Shell',
      { command: 'ls' },
      ['Bash', 'Shell'],
      [],
    ],
    [
      'Read keeps its name',
      { tool_name: 'Read', tool_input: { path: 'a.ts' } },
      'Read',
      { path: 'a.ts' },
      ['Read'],
      [],
    ],
    [
      'a JSON-string tool_input is parsed (docs/cursor-hooks.md §6)',
      { tool_name: 'Write', tool_input: '{"path":"a","contents":"x"}' },
      'Write',
      { path: 'a', contents: 'x' },
      ['Write'],
      [],
    ],
    [
      'no tool_name: inferred from the input keys',
      { tool_input: { old_string: 'a', new_string: 'b', path: 'f' } },
      'StrReplace',
      { old_string: 'a', new_string: 'b', path: 'f' },
      ['Edit', 'StrReplace'],
      ['payload has no tool_name; inferred "StrReplace" from tool_input keys'],
    ],
    [
      'no tool_name, nothing to infer from: "Unknown"',
      { tool_input: { path: 'f' } },
      'Unknown',
      { path: 'f' },
      ['Unknown'],
      ['payload has no tool_name; inferred "Unknown" from tool_input keys'],
    ],
    [
      'a Shell command sent as a bare string is the command',
      { tool_name: 'Shell', tool_input: 'git push -f' },
      'Shell',
      { command: 'git push -f' },
      ['Bash', 'Shell'],
      ['tool_input: a string that is not JSON ("git push -f")', 'the Shell tool_input string is used as the command'],
    ],
    [
      "another tool's bare string is no input",
      { tool_name: 'Read', tool_input: 'a.ts' },
      'Read',
      {},
      ['Read'],
      ['tool_input: a string that is not JSON ("a.ts")'],
    ],
    ['a missing tool_input is reported', { tool_name: 'Glob' }, 'Glob', {}, ['Glob'], ['tool_input: missing']],
  ])('%s', (_name, input, cursorName, toolInput, candidates, notes) => {
    const t = toolOf(pre(input));
    expect({ cursorName: t.cursorName, input: t.input, candidates: t.candidates, notes: t.notes }).toEqual({
      cursorName,
      input: toolInput,
      candidates,
      notes,
    });
    expect(t.views).toEqual([{ cursorName, input: toolInput, candidates }]);
  });

  it('ApplyPatch: one view per file, offered to Write (added) or Edit (updated) rows (docs/cursor-hooks.md §6)', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: new.txt',
      '+hi',
      '*** Update File: a.ts',
      '@@',
      '-x',
      '+y',
      '*** Delete File: old.txt',
      '*** End Patch',
    ].join('\n');
    const t = toolOf(pre({ tool_name: 'ApplyPatch', tool_input: patch }));
    expect(t.views).toEqual([
      {
        cursorName: 'ApplyPatch',
        input: { file_path: 'new.txt', content: 'hi\n' },
        candidates: ['Write', 'ApplyPatch'],
      },
      {
        cursorName: 'ApplyPatch',
        input: { file_path: 'a.ts', old_string: 'x', new_string: 'y' },
        candidates: ['Edit', 'ApplyPatch'],
      },
      { cursorName: 'ApplyPatch', input: { file_path: 'old.txt' }, candidates: ['ApplyPatch'] },
    ]);
    expect(t.notes).toEqual(['ApplyPatch touches 3 file(s): each is offered to Write/Edit rows as its own tool call']);
    expect({ cursorName: t.cursorName, input: t.input, candidates: t.candidates }).toEqual(t.views[0]);
  });

  it('ApplyPatch without a readable patch: one view, for ApplyPatch rows only', () => {
    const t = toolOf(pre({ tool_name: 'ApplyPatch', tool_input: { other: 1 } }));
    expect(t.views).toEqual([{ cursorName: 'ApplyPatch', input: { other: 1 }, candidates: ['ApplyPatch'] }]);
    expect(t.notes).toEqual(['ApplyPatch tool_input holds no patch hookshim can read; only ApplyPatch rows see it']);
  });
});

describe('toolPayload: the tool fields of the Claude payload (docs/claude-hooks.md §5.2)', () => {
  const view = { cursorName: 'Shell', input: { command: 'ls', cwd: '' }, candidates: ['Bash', 'Shell'] };
  it.each([
    [
      'the matched candidate names the tool; a name with no key table keeps its input as is',
      'Shell',
      { tool_use_id: 't1' },
      { tool_name: 'Shell', tool_input: { command: 'ls', cwd: '' }, tool_use_id: 't1' },
    ],
    [
      "Bash gets Claude's keys; an empty Cursor-only key is dropped",
      'Bash',
      { tool_use_id: 't1' },
      { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' },
    ],
    [
      'unmatched: the first candidate',
      undefined,
      { tool_use_id: 't1' },
      { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' },
    ],
    ['no tool_use_id: none passed on', 'Bash', {}, { tool_name: 'Bash', tool_input: { command: 'ls' } }],
    [
      'an empty tool_use_id counts as absent',
      'Bash',
      { tool_use_id: '' },
      { tool_name: 'Bash', tool_input: { command: 'ls' } },
    ],
  ])('%s', (_name, matched, input, want) => expect(toolPayload(pre(input), view, matched)).toEqual(want));

  it('no candidates: the Cursor name; relative paths made absolute against the project', () => {
    expect(
      toolPayload(pre({}), { cursorName: 'Read', input: { path: 'src/a.ts' }, candidates: [] }, undefined),
    ).toEqual({ tool_name: 'Read', tool_input: { file_path: '/repo/src/a.ts' } });
  });

  // docs/claude-hooks.md §8 (pre-edit-probe): Claude Code 2.1.328 fills in replace_all: false.
  const edit = (input: Record<string, unknown>) =>
    toolPayload(pre({}), { cursorName: 'StrReplace', input, candidates: ['Edit'] }, 'Edit').tool_input;
  it('an Edit without replace_all gets replace_all: false, last', () =>
    expect(JSON.stringify(edit({ path: '/a', old_string: 'x', new_string: 'y' }))).toBe(
      '{"file_path":"/a","old_string":"x","new_string":"y","replace_all":false}',
    ));
  it('an Edit with replace_all keeps it', () =>
    expect(edit({ path: '/a', old_string: 'x', new_string: 'y', replace_all: true })).toMatchObject({
      replace_all: true,
    }));
});

describe('toolPlan: one invocation per view', () => {
  const input = { tool_name: 'Shell', tool_input: { command: 'ls' }, tool_use_id: 't1', duration: 12.6 };

  it('the subject tries the candidates against the Claude input', () => {
    const plan = toolPlan(pre(input), 'PreToolUse');
    expect(plan.notes).toEqual([]);
    expect(plan.invocations.map((i) => [i.claudeEvent, i.subject])).toEqual([
      ['PreToolUse', { values: ['Bash', 'Shell'], toolInput: { command: 'ls' }, projectDir: '/repo' }],
    ]);
  });

  it.each([
    ['PreToolUse gets no duration_ms', 'PreToolUse', {}],
    ['PostToolUse gets duration_ms, rounded', 'PostToolUse', { duration_ms: 13 }],
  ] as const)('%s', (_name, event, extra) => {
    const [inv] = toolPlan(ctx('postToolUse', input), event).invocations;
    expect(inv?.payload('Bash', LATE)).toEqual({
      session_id: 'conv-1',
      transcript_path: '/state/tx/t.jsonl',
      cwd: '/repo',
      prompt_id: 'gen-1',
      permission_mode: 'default',
      hook_event_name: event,
      conversation_id: 'conv-1',
      generation_id: 'gen-1',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 't1',
      ...extra,
    });
  });

  it('extra fields are built from the view, the matched name and the Claude input', () => {
    const seen: unknown[] = [];
    const [inv] = toolPlan(
      pre(input),
      'PostToolUse',
      (view, name, claudeInput) => (seen.push([view.cursorName, name, claudeInput]), { tool_response: name }),
    ).invocations;
    expect(inv?.payload('Shell', LATE)).toMatchObject({ tool_name: 'Shell', tool_response: 'Shell' });
    expect(seen).toEqual([['Shell', 'Shell', { command: 'ls' }]]);
  });

  it('an ApplyPatch plans one invocation per file', () => {
    const patch = ['*** Begin Patch', '*** Add File: a.txt', '+a', '*** Add File: b.txt', '+b', '*** End Patch'].join(
      '\n',
    );
    const plan = toolPlan(pre({ tool_name: 'ApplyPatch', tool_input: patch }), 'PreToolUse');
    expect(plan.invocations.map((i) => [i.subject.values, i.payload(undefined, LATE).tool_input])).toEqual([
      [['Write', 'ApplyPatch'], { file_path: '/repo/a.txt', content: 'a\n' }],
      [['Write', 'ApplyPatch'], { file_path: '/repo/b.txt', content: 'b\n' }],
    ]);
  });
});

describe("editedFiles: where Claude Code looks for a formatter's change (docs/claude-hooks.md §8)", () => {
  it.each([
    ['StrReplace', { path: 'src/a.ts', old_string: 'a', new_string: 'b' }, ['/repo/src/a.ts']],
    ['Write', { file_path: '/repo/b.md', content: 'x' }, ['/repo/b.md']],
    ['Shell', { command: 'ls' }, []],
    ['EditNotebook', { target_notebook: 'n.ipynb', new_source: 'x' }, []],
    ['ApplyPatch', '*** Begin Patch\n*** Add File: c.txt\n+hi\n*** End Patch', ['/repo/c.txt']],
  ])('%s', (tool, input, want) =>
    expect(editedFiles(toolOf(ctx('postToolUse', { tool_name: tool, tool_input: input })), '/repo')).toEqual(want),
  );
});
