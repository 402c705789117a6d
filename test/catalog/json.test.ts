// JSON text as every file hookshim reads it: a BOM dropped, and syntax errors placed at line:column (catalog/json.ts).
import { describe, expect, it } from 'vitest';
import { errorOffset, parseJsonOr, parseJsonText } from '../../catalog/json.ts';

describe('parseJsonOr: a value, or undefined when the text is not JSON', () => {
  it.each([
    ['\uFEFF{"a": 1}', { a: 1 }],
    ['[1]', [1]],
    ['null', null],
    ['{', undefined],
    ['', undefined],
  ])('%j → %j', (text, want) => expect(parseJsonOr(text)).toEqual(want));
});

describe('parseJsonText', () => {
  it('parses, dropping a BOM', () => {
    expect(parseJsonText('\uFEFF{"a": [1]}')).toEqual({ ok: true, value: { a: [1] } });
  });

  it.each([
    ['a missing colon on line 3', '{\n  "a": 1,\n  "b" 2\n}', 3, 7],
    ['a value missing after a colon (V8 names no position)', '{"a":}', 1, 6],
    ['a double comma in an array', '[1,,2]', 1, 4],
    ['text cut off', '{"hooks": {', 1, 12],
    ['empty text', '', 1, 1],
    ['text after the value', '{"a":1}x', 1, 8],
    ['a trailing comma', '{\n  "a": 1,\n}', 3, 1],
  ])('%s → line %i, column %i', (_name, text, line, column) => {
    const r = parseJsonText(text);
    expect(r).toMatchObject({ ok: false, line, column });
    expect(!r.ok && r.error).toMatch(new RegExp(`^at line ${line}, column ${column}: `));
  });

  it('errorOffset agrees with the positions V8 gives, where it gives one', () => {
    for (const text of ['{"a": 1 "b": 2}', '[1, 2', '{"a": tru}', '{"a": "x\ny"}', '{"a": -}']) {
      let pos: number | undefined;
      try {
        JSON.parse(text);
      } catch (err) {
        const m = /position (\d+)/.exec((err as Error).message);
        pos = m ? Number(m[1]) : undefined;
      }
      if (pos !== undefined) expect(errorOffset(text), text).toBe(pos);
    }
  });
});
