import { describe, expect, it } from 'vitest';
import { isoTime } from '../../adapters/isoTime.ts';

// The reference is the engine's own Date.prototype.toISOString (ECMA-262 "Date Time String Format").
const same = (ms: number) => expect(isoTime(ms)).toBe(new Date(ms).toISOString());

describe('isoTime: what Date.prototype.toISOString gives, without Date', () => {
  it.each([
    ['the epoch', 0],
    ['a millisecond before it', -1],
    ['a leap day', Date.UTC(2024, 1, 29, 23, 59, 59, 999)],
    ['the day after a century that is not a leap year', Date.UTC(2100, 2, 1)],
    ['a 400-year leap day', Date.UTC(2000, 1, 29, 12)],
    ['the last day of a year', Date.UTC(2026, 11, 31, 23, 59, 59, 1)],
    ['year 0000', new Date('0000-01-01T00:00:00Z').getTime()],
    ['year 9999, its last millisecond', new Date('9999-12-31T23:59:59.999Z').getTime()],
    ['a fraction of a millisecond', 1764633600000.75],
    ['before 1900', Date.UTC(1899, 11, 31, 1, 2, 3, 4)],
  ])('%s', (_name, ms) => same(ms));
  it('every day from 1969 to 2101, at a varying time of day', () => {
    for (let day = -366; day < 48_000; day++) same(day * 86_400_000 + ((day * 7_919_137) % 86_400_000));
  });
  it("years outside 0000-9999 and times that are no number are Date's own answer", () => {
    same(new Date('+010000-01-01T00:00:00Z').getTime());
    same(new Date('-000001-06-01T00:00:00Z').getTime());
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
