import { describe, expect, it } from 'vitest';
import { parsePatch, patchText } from '../../adapters/applyPatch.ts';
import { preToolUse } from '../../adapters/events/preToolUse.ts';
import { EMPTY_STATE } from '../../adapters/types.ts';
import { ctx, LATE } from './helpers.ts';

const PATCH = [
  '*** Begin Patch',
  '*** Add File: .env',
  '+AWS_SECRET=abc',
  '+DEBUG=1',
  '*** Update File: src/sum.ts',
  '@@ export function sum',
  ' export function sum(a, b) {',
  '-  return a + b + 1;',
  '+  return a + b;',
  ' }',
  '*** Delete File: old.txt',
  '*** End Patch',
].join('\n');

describe('ApplyPatch (docs/cursor-hooks.md §6: GPT-served models edit with patch text)', () => {
  it('splits a patch into an added, an updated and a deleted file', () => {
    expect(parsePatch(PATCH)).toEqual([
      { op: 'add', file_path: '.env', content: 'AWS_SECRET=abc\nDEBUG=1\n' },
      {
        op: 'update',
        file_path: 'src/sum.ts',
        old_string: 'export function sum(a, b) {\n  return a + b + 1;\n}',
        new_string: 'export function sum(a, b) {\n  return a + b;\n}',
      },
      { op: 'delete', file_path: 'old.txt' },
    ]);
  });

  it.each([
    [PATCH, PATCH],
    [{ patch: 'p' }, 'p'],
    [{ input: 'i' }, 'i'],
    [{ other: 1 }, undefined],
    [5, undefined],
  ])('patch text of %j', (input, text) => {
    expect(patchText(input)).toBe(text);
  });

  it('is offered to Write rows per added file and Edit rows per updated file, paths made absolute', () => {
    const c = ctx('preToolUse', { tool_name: 'ApplyPatch', tool_input: PATCH, tool_use_id: 'p1' });
    const plan = preToolUse.plan(c, EMPTY_STATE);
    expect(plan.invocations.map((i) => i.subject.values)).toEqual([
      ['Write', 'ApplyPatch'],
      ['Edit', 'ApplyPatch'],
      ['ApplyPatch'],
    ]);
    expect(plan.invocations[0]?.payload('Write', LATE)).toMatchObject({
      tool_name: 'Write',
      tool_input: { file_path: '/repo/.env', content: 'AWS_SECRET=abc\nDEBUG=1\n' },
    });
    expect(plan.invocations[1]?.payload('Edit', LATE)).toMatchObject({
      tool_name: 'Edit',
      tool_input: { file_path: '/repo/src/sum.ts', new_string: 'export function sum(a, b) {\n  return a + b;\n}' },
    });
    expect(plan.notes).toEqual([
      'ApplyPatch touches 3 file(s): each is offered to Write/Edit rows as its own tool call',
    ]);
  });

  it('a patch hookshim cannot read still reaches ApplyPatch rows, and says so', () => {
    const plan = preToolUse.plan(ctx('preToolUse', { tool_name: 'ApplyPatch', tool_input: { what: 1 } }), EMPTY_STATE);
    expect(plan.invocations.map((i) => i.subject.values)).toEqual([['ApplyPatch']]);
    expect(plan.notes[0]).toMatch(/holds no patch/);
  });
});
