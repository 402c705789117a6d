// The small TOML reader doctor reads Codex's config.toml with (src/commands/toml.ts): the forms Codex writes trust in,
// and a file it cannot read said with its line.
import { describe, expect, it } from 'vitest';
import { parseToml } from '../../../src/commands/toml.ts';

describe('parseToml', () => {
  it('tables with quoted keys, as `codex exec --trust` and the /hooks view write them', () => {
    const r = parseToml(
      [
        'model = "gpt-5.5" # a comment',
        'approval_policy = "never"',
        '',
        '[projects."/work/my repo"]',
        'trust_level = "trusted"',
        '',
        '[hooks.state."/work/my repo/.codex/hooks.json:pre_tool_use:0:0"]',
        'trusted_hash = "sha256:abc"',
      ].join('\n'),
    );
    expect(r).toEqual({
      doc: {
        model: 'gpt-5.5',
        approval_policy: 'never',
        projects: { '/work/my repo': { trust_level: 'trusted' } },
        hooks: { state: { '/work/my repo/.codex/hooks.json:pre_tool_use:0:0': { trusted_hash: 'sha256:abc' } } },
      },
    });
  });
  it('dotted keys, inline tables, literal and multi-line strings, arrays across lines, other scalars as text', () => {
    const r = parseToml(
      [
        "projects.'/a'.trust_level = 'trusted'",
        'x = { y = "z", n = 3 }',
        'notes = """',
        'one \\',
        '   two"""',
        'list = [',
        '  "a", # first',
        '  [1, 2],',
        ']',
        'on = true',
        '[[servers]]',
        'name = "s1"',
        '[[servers]]',
        'name = "s2"',
        'esc = "tab\\there \\u00e9"',
      ].join('\r\n'),
    );
    expect(r).toEqual({
      doc: {
        projects: { '/a': { trust_level: 'trusted' } },
        x: { y: 'z', n: '3' },
        notes: 'one two',
        list: ['a', ['1', '2']],
        on: 'true',
        servers: [{ name: 's1' }, { name: 's2', esc: 'tab\there é' }],
      },
    });
  });
  it('an unclosed string, a key defined twice, garbage after a value: the line, never a guess', () => {
    expect(parseToml('a = 1\nb = "open\n')).toEqual({ error: 'line 2: a string is not closed' });
    expect(parseToml('a = 1\na = 2\n')).toEqual({ error: 'line 2: a is defined twice' });
    expect(parseToml('[p]\nk = "v" junk\n')).toEqual({ error: 'line 2: unexpected "j"' });
    expect(parseToml('= 3')).toEqual({ error: 'line 1: a key was expected' });
  });
});
