// adapters/text.ts: text handed to Cursor is capped as Claude Code caps it, deduplicated and joined.
import { describe, expect, it } from 'vitest';
import { cap, joinMessages, MAX_TEXT, messages } from '../../adapters/text.ts';
import { msg } from './helpers.ts';

describe('cap (docs/claude-hooks.md §3.2: 10,000 characters)', () => {
  it('MAX_TEXT is 10,000', () => expect(MAX_TEXT).toBe(10_000));

  it.each([
    ['shorter than the cap', 'abc', 5, 'abc'],
    ['exactly the cap', 'abcde', 5, 'abcde'],
  ])('%s: unchanged', (_name, text, max, want) => expect(cap(text, max)).toBe(want));

  it('longer: cut to exactly the cap, with a note saying how much was cut', () => {
    const note = '\n[hookshim: truncated, 100 more characters]';
    const out = cap('x'.repeat(MAX_TEXT + 100));
    expect(out).toBe('x'.repeat(MAX_TEXT - note.length) + note);
    expect(out).toHaveLength(MAX_TEXT);
  });
});

describe('joinMessages (docs/design.md §5: an identical message is sent once)', () => {
  it.each([
    ['nothing', [], ''],
    ['only blank texts', [msg('  '), msg('\n')], ''],
    ['one message, trimmed and unlabelled', [msg('  hi \n', 'a.sh')], 'hi'],
    ['the same text from two scripts: once, unlabelled', [msg('hi', 'a.sh'), msg('hi', 'b.sh')], 'hi'],
    ['two texts: each labelled with its script', [msg('one', 'a.sh'), msg('two', 'b.sh')], '[a.sh] one\n\n[b.sh] two'],
    ['a repeated text names every script once', [msg('one', 'a.sh'), msg('two', 'b.sh'), msg('one', 'c.sh'), msg('one', 'a.sh')], '[a.sh, c.sh] one\n\n[b.sh] two'],
    ['texts differing only in surrounding blanks are identical', [msg('one ', 'a.sh'), msg(' one', 'b.sh'), msg('two', 'c.sh')], '[a.sh, b.sh] one\n\n[c.sh] two'],
  ])('%s', (_name, ms, want) => expect(joinMessages(ms)).toBe(want));

  it('each text is capped before joining', () => {
    const long = 'y'.repeat(MAX_TEXT + 1);
    expect(joinMessages([msg(long, 'a.sh'), msg('short', 'b.sh')])).toBe(`[a.sh] ${cap(long)}\n\n[b.sh] short`);
  });
});

describe('messages: texts from one source, blank ones dropped', () => {
  it.each([
    [['a', undefined, '', '  ', 'b'], [msg('a', 's.sh'), msg('b', 's.sh')]],
    [[], []],
    [[undefined], []],
  ])('%j', (texts, want) => expect(messages('s.sh', ...texts)).toEqual(want));
});
