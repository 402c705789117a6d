import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARR, LIT, NUM, OBJ, skim, STR, str, Tape, utf8 } from '../../../adapters/transcript/skim.ts';

/** Skim a whole text (depth 5); the tape on success. */
function run(text: string | Buffer, depth = 5): Tape | undefined {
  const b = typeof text === 'string' ? Buffer.from(`${text}\n`) : text;
  const tape = new Tape();
  return skim(b, 0, b.length - (typeof text === 'string' ? 1 : 0), tape, depth) ? tape : undefined;
}

describe('skim — canonical JSON is exactly what JSON.stringify(JSON.parse(text)) gives back (docs/transcripts.md "Speed")', () => {
  it.each([
    '{}',
    '[]',
    '{"a":1,"b":[true,false,null],"c":{"d":"e"}}',
    '"plain"',
    '"esc \\" \\\\ \\b \\f \\n \\r \\t"',
    '"ctrl \\u0000 \\u001f \\u000b"',
    '"raw DEL \u007f, U+2028 \u2028, ünïcode →, emoji 😀"',
    '-1',
    '0',
    '123456789012345',
    '{"__proto__":1}',
  ])('accepts %s', (text) => {
    expect(JSON.stringify(JSON.parse(text))).toBe(text);
    expect(run(text)).toBeDefined();
  });

  it.each([
    ['a space between tokens', '{"a": 1}'],
    ['a newline between tokens', '[1,\n2]'],
    ['an escaped slash', '"a\\/b"'],
    ['a \\u escape of a printable character', '"caf\\u00e9"'],
    ['uppercase hex in \\u', '"\\u001F"'],
    ['\\u escape of a character with a short form', '"\\u000a"'],
    ['an escaped surrogate pair', '"\\ud83d\\ude00"'],
    ['a raw control character', '"a\tb"'],
    ['an invalid escape', '"\\x"'],
    ['a float', '1.5'],
    ['an exponent', '1e5'],
    ['-0', '-0'],
    ['a leading zero', '01'],
    ['16 digits', '1234567890123456'],
    ['a duplicate key', '{"a":1,"a":2}'],
    ['a numeric key (JSON.stringify moves it first)', '{"b":1,"1":2}'],
    ['trailing bytes', '{}x'],
    ['a trailing comma', '[1,]'],
    ['an unclosed string', '"abc'],
    ['an unclosed object', '{"a":1'],
    ['a bare word', 'nope'],
    ['empty', ''],
  ])('rejects %s', (_label, text) => {
    expect(run(text)).toBeUndefined();
  });

  it('rejects nesting deeper than it tracks (left to JSON.parse)', () => {
    expect(run(`${'['.repeat(300)}${']'.repeat(300)}`)).toBeUndefined();
    expect(run(`${'['.repeat(200)}${']'.repeat(200)}`)).toBeDefined();
  });

  it('utf8() catches invalid UTF-8, which skim does not look at', () => {
    const bad = Buffer.from([0x22, 0xff, 0x22]);
    expect(utf8(bad, 0, 3)).toBe(false);
    expect(utf8(Buffer.from('"é"'), 0, 4)).toBe(true);
  });

  it('records values down to the depth asked, with keys, parents and siblings', () => {
    const b = Buffer.from(
      '{"role":"assistant","message":{"content":[{"type":"text","text":"hi\\n"}]},"n":[1,{"deep":2}]}\n',
    );
    const tape = new Tape();
    expect(skim(b, 0, b.length - 1, tape, 3)).toBe(true);
    expect(tape.kind(0)).toBe(OBJ);
    expect(tape.count(0)).toBe(3);
    const message = tape.child(b, 0, 'message');
    const content = tape.child(b, message, 'content');
    expect(tape.kind(content)).toBe(ARR);
    const block = tape.first(content);
    expect(tape.kind(block)).toBe(OBJ);
    expect(tape.first(block)).toBe(-1); // depth 4: not recorded
    const n = tape.child(b, 0, 'n');
    expect([tape.kind(tape.first(n)), tape.kind(tape.next(tape.first(n)))]).toEqual([NUM, OBJ]);
    expect(tape.kind(tape.child(b, 0, 'role'))).toBe(STR);
    expect(str(b, tape, tape.child(b, 0, 'role'))).toBe('assistant');
    expect(tape.child(b, 0, 'nope')).toBe(-1);
    const lit = run('[true]');
    expect(lit && lit.kind(1)).toBe(LIT);
  });

  it('str() decodes escaped strings and copies plain ones', () => {
    const b = Buffer.from('["a\\nb","plain ü"]\n');
    const tape = new Tape();
    expect(skim(b, 0, b.length - 1, tape, 1)).toBe(true);
    expect([str(b, tape, 1), str(b, tape, 2)]).toEqual(['a\nb', 'plain ü']);
    expect([tape.escaped(1), tape.escaped(2)]).toEqual([true, false]);
  });

  it('whatever it accepts, JSON.stringify(JSON.parse(text)) gives back unchanged (property)', () => {
    const texts = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v, null, 1)),
      fc.string({ unit: 'binary', maxLength: 30 }).map((s) => JSON.stringify(s)),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(texts, (text) => {
        if (!run(text)) return;
        expect(JSON.stringify(JSON.parse(text))).toBe(text);
      }),
      { numRuns: 3000, seed: 14 },
    );
  });
});
