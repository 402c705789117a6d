// adapters/json.ts: the value readers for outside JSON (Cursor payloads, script answers), one meaning each.
import { describe, expect, it } from 'vitest';
import { anyString, firstText, isRecord, kindOf, num, str, toolUseId } from '../../adapters/json.ts';

describe('isRecord: a plain object, never an array or null', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['x', false],
    [1, false],
    [undefined, false],
  ])('%j → %s', (v, want) => expect(isRecord(v)).toBe(want));
});

describe('str: a non-empty string ("" means not given)', () => {
  it.each([
    ['a', 'a'],
    [' ', ' '],
    ['', undefined],
    [0, undefined],
    [null, undefined],
    [['a'], undefined],
  ])('%j → %j', (v, want) => expect(str(v)).toBe(want));
});

describe('anyString: any string, "" included', () => {
  it.each([
    ['a', 'a'],
    ['', ''],
    [1, undefined],
    [null, undefined],
  ])('%j → %j', (v, want) => expect(anyString(v)).toBe(want));
});

describe('num: a finite number', () => {
  it.each([
    [0, 0],
    [-1.5, -1.5],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    ['1', undefined],
    [null, undefined],
  ])('%j → %j', (v, want) => expect(num(v)).toBe(want));
});

describe('firstText: the first value with non-blank text, trimmed', () => {
  it.each([
    [['  a  ', 'b'], 'a'],
    [['', '   ', 'b '], 'b'],
    [[undefined, 1, 'c'], 'c'],
    [['\n\t'], undefined],
    [[], undefined],
  ])('%j → %j', (values, want) => expect(firstText(...values)).toBe(want));
});

describe('toolUseId: the payload\'s tool_use_id, "" counting as absent (docs/cursor-hooks.md §3)', () => {
  it.each([
    [{ tool_use_id: 'tool_1' }, 'tool_1'],
    [{ tool_use_id: 'call-1\nfc_1_0' }, 'call-1\nfc_1_0'],
    [{ tool_use_id: '' }, undefined],
    [{ tool_use_id: 7 }, undefined],
    [{}, undefined],
  ])('%j → %j', (input, want) => expect(toolUseId(input)).toBe(want));
});

describe('kindOf: what a value is, for messages', () => {
  it.each([
    [null, 'null'],
    [[1], 'an array'],
    [{}, 'an object'],
    ['s', 'a string'],
    [1, 'a number'],
    [true, 'a boolean'],
    [undefined, 'a undefined'],
  ])('%j → %s', (v, want) => expect(kindOf(v)).toBe(want));
});
