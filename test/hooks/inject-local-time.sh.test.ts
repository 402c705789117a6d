import { describe, expect, it } from 'vitest';
import { claudeInput, entryFor, runHook } from './run-hook.ts';

/** What the line should say at `when` in IANA zone `zone`, computed independently with Intl. */
function expectedLine(when: Date, zone: string, shownZone = zone): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'long',
      timeZoneName: 'longOffset',
    })
      .formatToParts(when)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `Local time: ${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}, ${parts.weekday} (UTC${offset}, ${shownZone})\n`;
}

function runAt(tz: string | undefined) {
  const before = new Date();
  const run = runHook('inject-local-time.sh', claudeInput('UserPromptSubmit', { prompt: 'what day is it?' }), {
    env: { TZ: tz },
  });
  return { run, before, after: new Date() };
}

describe('inject-local-time.sh', () => {
  it('is a UserPromptSubmit row without a matcher (Claude ignores matchers there)', () => {
    const { event, matcher } = entryFor('inject-local-time.sh');
    expect([event, matcher]).toEqual(['UserPromptSubmit', undefined]);
  });

  it.each<[string, string, string]>([
    // [TZ value, IANA zone for the expected time, zone name shown]
    ['Europe/Berlin', 'Europe/Berlin', 'Europe/Berlin'],
    ['Asia/Kolkata', 'Asia/Kolkata', 'Asia/Kolkata'],
    ['America/St_Johns', 'America/St_Johns', 'America/St_Johns'],
    ['Pacific/Chatham', 'Pacific/Chatham', 'Pacific/Chatham'],
    [':Asia/Tokyo', 'Asia/Tokyo', 'Asia/Tokyo'],
    ['UTC', 'UTC', 'UTC'],
  ])('TZ=%s', (tz, zone, shown) => {
    const { run, before, after } = runAt(tz);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect([expectedLine(before, zone, shown), expectedLine(after, zone, shown)]).toContain(run.stdout);
  });

  it('without TZ: one plain-text line with date, weekday, time, offset and a zone from the system', () => {
    const { run } = runAt(undefined);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(
      /^Local time: \d{4}-\d\d-\d\d \d\d:\d\d, [A-Z][a-z]+day \(UTC[+-]\d\d:\d\d(, \S+)?\)\n$/,
    );
  });

  it('ignores stdin it cannot read', () => {
    const run = runHook('inject-local-time.sh', 'not json', { env: { TZ: 'UTC' } });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Local time: .*\(UTC\+00:00, UTC\)\n$/);
  });
});
