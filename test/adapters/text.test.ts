// Texts handed to Cursor: capped as a whole, the room shared fairly (docs/cursor-hooks.md §11: additional_context over
// 10,000 characters is dropped whole; docs/claude-hooks.md §3.2: Claude caps each at 10,000).
import { describe, expect, it } from 'vitest';
import { cap, fairShares, joinMessages, MAX_TEXT, messages, stripAnsi } from '../../adapters/text.ts';
import { msg } from './helpers.ts';

describe('cap', () => {
  it.each([
    ['short text unchanged', 'abc', 10, 'abc'],
    [
      'long text cut with a note',
      'x'.repeat(100),
      60,
      `${'x'.repeat(60 - '\n[hookshim: truncated, 40 more characters]'.length)}\n[hookshim: truncated, 40 more characters]`,
    ],
  ])('%s', (_n, text, max, want) => {
    expect(cap(text, max)).toBe(want);
    expect(cap(text, max).length).toBeLessThanOrEqual(max);
  });
});

describe('fairShares: the shortest served whole, the rest equal shares', () => {
  it.each([
    [[6000, 6000], 9000, [4500, 4500]],
    [[100, 6000, 6000], 9000, [100, 4450, 4450]],
    [[100, 200], 9000, [100, 200]],
  ])('%j in %i → %j', (lengths, room, shares) => {
    expect(fairShares(lengths, room)).toEqual(shares);
  });
});

describe('joinMessages: one text within MAX_TEXT', () => {
  it.each([
    ['nothing', [], ''],
    ['only blank texts', [msg('  '), msg('\n')], ''],
    ['one message, trimmed and unlabelled', [msg('  hi \n', 'a.sh')], 'hi'],
    ['the same text from two scripts: once, unlabelled', [msg('hi', 'a.sh'), msg('hi', 'b.sh')], 'hi'],
    ['two texts: each labelled with its script', [msg('one', 'a.sh'), msg('two', 'b.sh')], '[a.sh] one\n\n[b.sh] two'],
    [
      'a repeated text names every script once',
      [msg('one', 'a.sh'), msg('two', 'b.sh'), msg('one', 'c.sh'), msg('one', 'a.sh')],
      '[a.sh, c.sh] one\n\n[b.sh] two',
    ],
    [
      'texts differing only in surrounding blanks are identical',
      [msg('one ', 'a.sh'), msg(' one', 'b.sh'), msg('two', 'c.sh')],
      '[a.sh, b.sh] one\n\n[c.sh] two',
    ],
  ])('%s', (_name, ms, want) => expect(joinMessages(ms)).toBe(want));

  it('two 6,000-character messages (12,050 joined) share the room, each cut marked, each labelled', () => {
    const text = joinMessages([msg('a'.repeat(6000), 'a.sh'), msg('b'.repeat(6000), 'b.sh')]);
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT);
    const [a, b] = text.split('\n\n');
    expect(a).toMatch(/^\[a\.sh\] a+\n\[hookshim: truncated, \d+ more characters\]$/);
    expect(b).toMatch(/^\[b\.sh\] b+\n\[hookshim: truncated, \d+ more characters\]$/);
    expect(Math.abs((a as string).length - (b as string).length)).toBeLessThanOrEqual(1);
  });

  it('a short message stays whole beside a long one', () => {
    const text = joinMessages([msg('keep me', 's.sh'), msg('z'.repeat(20000), 'l.sh')]);
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT);
    expect(text.startsWith('[s.sh] keep me\n\n[l.sh] zzz')).toBe(true);
  });

  it('one long message is capped on its own', () => {
    expect(joinMessages([msg('q'.repeat(20000))]).length).toBe(MAX_TEXT);
  });

  it('many messages too many to share: the joined text is cut at its end, still within the cap', () => {
    const text = joinMessages(Array.from({ length: 200 }, (_, i) => msg(`${i}`.repeat(100), `s${i}.sh`)));
    expect(text.length).toBe(MAX_TEXT);
    expect(text).toMatch(/\[hookshim: truncated, \d+ more characters\]$/);
  });

  it('identical texts are sent once, naming every script', () => {
    expect(joinMessages([msg('same', 'a'), msg('same', 'b'), msg('other', 'c')])).toBe('[a, b] same\n\n[c] other');
  });
});

describe('messages: texts from one source, blank ones dropped', () => {
  it.each([
    [
      ['a', undefined, '', '  ', 'b'],
      [msg('a', 's.sh'), msg('b', 's.sh')],
    ],
    [[], []],
    [[undefined], []],
  ])('%j', (texts, want) => expect(messages('s.sh', ...texts)).toEqual(want));
});

describe('stripAnsi (Claude Code strips colour codes from a prompt block reason, docs/claude-hooks.md §8)', () => {
  it.each([
    ['\u001b[31mno\u001b[0m secrets', 'no secrets'],
    ['\u001b[1;32mbold green\u001b[K', 'bold green'],
    ['\u001b]8;;https://x\u0007link\u001b]8;;\u0007', 'link'],
    ['\u009b31mred', 'red'],
    ['plain [31m text', 'plain [31m text'],
  ])('%j → %j', (text, want) => expect(stripAnsi(text)).toBe(want));
});
