import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../catalog/matcher.ts';

// [matcher, value, expected]
type Case = [string | undefined, string, boolean];

describe('docs/claude-hooks.md §1.3 matcher', () => {
  it.each<Case>([
    // rule 1: omitted, "" or "*" match everything
    [undefined, 'Bash', true],
    ['', 'Bash', true],
    ['*', 'mcp__github__create_issue', true],
    // rule 2: exact names, or a list split on | or , with whitespace tolerated
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false],
    ['Write|Edit', 'Edit', true],
    ['Write|Edit', 'Write', true],
    ['Write|Edit', 'NotebookEdit', false],
    ['Notebook Edit , Write', 'Write', true],
    ['Notebook Edit , Write', 'Notebook Edit', true],
    ['Notebook Edit , Write', 'NotebookEdit', false],
    ['Read, Grep ,Glob', 'Grep', true],
    // rule 6: `-` belongs to the exact set, so `code-reviewer` is not a regex
    ['code-reviewer', 'code-reviewer', true],
    ['code-reviewer', 'senior-code-reviewer', false],
    // rule 3: anything else is an unanchored RegExp
    ['Edit.*', 'Edit', true],
    ['Edit.*', 'NotebookEdit', true],
    ['^Edit$', 'NotebookEdit', false],
    ['mcp__github__.*', 'mcp__github__merge_pull_request', true],
    ['mcp__github__.*', 'Bash', false],
    ['^my-plugin:reviewer$', 'my-plugin:reviewer', true],
    // rule 4: case-sensitive in all modes
    ['bash', 'Bash', false],
    ['edit.*', 'Edit', false],
    // rule 7: mcp__memory without .* is exact and matches no tool
    ['mcp__memory', 'mcp__memory__create_entities', false],
    ['mcp__memory__.*', 'mcp__memory__create_entities', true],
  ])('%j on %j → %s', (matcher, value, expected) => {
    expect(compileMatcher(matcher).test(value)).toBe(expected);
  });

  it.each<[string | undefined, string]>([
    [undefined, 'all'],
    ['', 'all'],
    ['*', 'all'],
    ['Bash', 'exact'],
    ['Notebook Edit , Write', 'exact'],
    ['code-reviewer', 'exact'],
    ['Edit.*', 'regex'],
    ['mcp__github__.*', 'regex'],
    ['[', 'invalid'],
  ])('%j is %s', (matcher, kind) => {
    expect(compileMatcher(matcher).kind).toBe(kind);
  });

  it('an invalid regex never matches and reports the RegExp error', () => {
    const m = compileMatcher('[');
    expect(m.test('[')).toBe(false);
    expect(m.test('Bash')).toBe(false);
    expect(m.error).toMatch(/Invalid regular expression/);
  });
});

describe('docs/peers.md §1.13 matcher unit cases', () => {
  it.each<Case>([
    ['', 'Bash', true],
    ['Bash', 'Bash', true],
    ['Bash', 'Agent', false],
    ['mcp__github__.*', 'mcp__github__merge_pull_request', true],
    ['mcp__github__.*', 'Bash', false],
  ])('%j on %j → %s', (matcher, value, expected) => {
    expect(compileMatcher(matcher).test(value)).toBe(expected);
  });
});

describe('compileMatcher', () => {
  it('caches one compiled matcher per string', () => {
    expect(compileMatcher('Edit.*')).toBe(compileMatcher('Edit.*'));
    expect(compileMatcher(undefined)).toBe(compileMatcher(undefined));
  });

  it('keeps no RegExp state between calls', () => {
    const m = compileMatcher('Ed.t');
    expect([m.test('Edit'), m.test('Edit'), m.test('Edit')]).toEqual([true, true, true]);
  });

  it.each<Case>([
    // Blank-only matcher: no name in it, treated like "" (our choice; the docs do not say)
    ['   ', 'Bash', true],
    // empty list items are ignored, they do not match an empty name
    ['Bash|', '', false],
    ['Bash||Edit', 'Edit', true],
  ])('%j on %j → %s', (matcher, value, expected) => {
    expect(compileMatcher(matcher).test(value)).toBe(expected);
  });
});
