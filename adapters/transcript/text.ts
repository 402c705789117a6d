// Text of transcript lines: the last assistant words, and Cursor's wrapped user prompts with their <timestamp>.
import { isRecord } from '../json.ts';
import type { Run } from './types.ts';
import { isoTime } from '../isoTime.ts';

/** Remember the text of an assistant message that has text. */
export function noteText(run: Run, content: readonly unknown[]): void {
  const texts = content.filter(
    (b): b is { type: 'text'; text: string } =>
      isRecord(b) && b.type === 'text' && typeof b.text === 'string' && b.text.trim() !== '',
  );
  if (texts.length) {
    run.working.lastText = texts.map((b) => b.text).join('\n');
    run.textRef = null;
  }
}

const TIMESTAMP = /^\s*<timestamp>([\s\S]*?)<\/timestamp>\s{0,}/;

const USER_QUERY = /<user_query>\n?([\s\S]*?)\n?<\/user_query>/;

/** User content: text blocks unwrapped from <user_query>, the <timestamp> lifted out; one text block → a string. */
export function userContent(content: unknown): { text: unknown; timestamp?: string; cursorTimestamp?: string } {
  let stamp: string | undefined;
  const unwrap = (t: string): string => {
    const m = TIMESTAMP.exec(t);
    if (m) {
      stamp ??= (m[1] ?? '').trim();
      t = t.slice(m[0].length);
    }
    return t.replace(USER_QUERY, (_all, inner: string) => inner);
  };
  let text: unknown = content;
  if (typeof content === 'string') text = unwrap(content);
  else if (Array.isArray(content)) {
    const blocks = content.map((b) =>
      isRecord(b) && b.type === 'text' && typeof b.text === 'string' ? { ...b, text: unwrap(b.text) } : b,
    );
    const only = blocks.length === 1 ? blocks[0] : undefined;
    text = isRecord(only) && only.type === 'text' && Object.keys(only).length === 2 ? only.text : blocks;
  }
  if (stamp === undefined) return { text };
  const iso = parseCursorTimestamp(stamp);
  return iso ? { text, timestamp: iso } : { text, cursorTimestamp: stamp };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Weekday (optional), month day, year, time, AM/PM (optional), then an optional (UTC±h[:mm]) zone. */
const CURSOR_TIME = new RegExp(
  /^(?:[A-Za-z]+,\s*)?([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),\s*(\d{4}),?\s+/.source +
    /(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?\s{0,}/.source +
    /(?:\((?:UTC|GMT)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?\))?$/.source,
);

/** "Tuesday, Sep 8, 2026, 1:56 PM (UTC-7)" → "2026-09-08T20:56:00.000Z"; undefined when it does not parse. */
export function parseCursorTimestamp(text: string): string | undefined {
  const m = CURSOR_TIME.exec(text.trim());
  if (!m) return undefined;
  const month = MONTHS.indexOf((m[1] ?? '').toLowerCase());
  if (month < 0) return undefined;
  let hour = Number(m[4]);
  const ampm = m[7]?.toLowerCase();
  if (ampm === 'pm' && hour < 12) hour += 12;
  if (ampm === 'am' && hour === 12) hour = 0;
  const offset = m[8] ? (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10] ?? 0)) : 0;
  const ms = Date.UTC(Number(m[3]), month, Number(m[2]), hour, Number(m[5]), Number(m[6] ?? 0)) - offset * 60_000;
  return Number.isFinite(ms) && hour < 24 ? isoTime(ms) : undefined;
}
