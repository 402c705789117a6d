// A UTC timestamp in the form `Date.prototype.toISOString` gives (ECMA-262, "Date Time String Format",
// https://tc39.es/ecma262/#sec-date-time-string-format), computed from epoch milliseconds with integer arithmetic:
// V8's first `toISOString` in a process builds its date cache and time-zone data (~0.8 ms here), which an event that
// only stamps a record never needs (docs/performance.md).

const DAY_MS = 86_400_000;

/** `new Date(ms).toISOString()` for years 0000-9999 (the proleptic Gregorian calendar); Date itself outside them. */
export function isoTime(ms: number): string {
  if (!Number.isFinite(ms)) return new Date(ms).toISOString();
  const t = Math.trunc(ms);
  const days = Math.floor(t / DAY_MS);
  const inDay = t - days * DAY_MS;
  const { year, month, day } = civilDate(days);
  if (year < 0 || year > 9999) return new Date(t).toISOString();
  return (
    `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(Math.floor(inDay / 3_600_000), 2)}:` +
    `${pad(Math.floor(inDay / 60_000) % 60, 2)}:${pad(Math.floor(inDay / 1000) % 60, 2)}.${pad(inDay % 1000, 3)}Z`
  );
}

/** Year, month (1-12) and day (1-31) of a count of days since 1970-01-01, counted in 400-year eras from 0000-03-01. */
function civilDate(daysSinceEpoch: number): { year: number; month: number; day: number } {
  const z = daysSinceEpoch + 719_468; // days since 0000-03-01
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
