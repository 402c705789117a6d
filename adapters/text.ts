// Text handed to Cursor: capped like Claude Code caps hook output and as Cursor needs it, deduplicated, joined.
import type { Message } from './types.ts';

/**
 * Claude Code caps additionalContext, systemMessage and plain stdout at 10,000 characters (docs/claude-hooks.md §3.2);
 * Cursor drops an additional_context over 10,000 characters whole (docs/cursor-hooks.md §11): every joined text
 * hookshim answers with (additional_context, followup_message, user_message) stays within it.
 */
export const MAX_TEXT = 10_000;

/** Below this many characters per message, fair shares say nothing: the joined text is cut at its end instead. */
const MIN_SHARE = 120;

const SEPARATOR = '\n\n';

/** Cap one text at `max` characters with a visible note saying how much was cut. */
export function cap(text: string, max = MAX_TEXT): string {
  if (text.length <= max) return text;
  const note = `\n[hookshim: truncated, ${text.length - max} more characters]`;
  return note.length > max ? text.slice(0, max) : text.slice(0, max - note.length) + note;
}

/**
 * Join messages into one text of at most `max` characters: identical texts sent once, labelled with their scripts
 * when several spoke. When the whole is too long, the room is shared fairly: short messages are kept whole and the
 * long ones cut to equal shares, each cut marked.
 */
export function joinMessages(messages: readonly Message[], max = MAX_TEXT): string {
  const seen = new Map<string, string[]>();
  for (const m of messages) {
    const text = m.text.trim();
    if (!text) continue;
    const froms = seen.get(text);
    if (froms) {
      if (!froms.includes(m.from)) froms.push(m.from);
    } else seen.set(text, [m.from]);
  }
  if (seen.size <= 1) return cap([...seen.keys()][0] ?? '', max);
  const pieces = [...seen.entries()].map(([text, froms]) => ({ label: `[${froms.join(', ')}] `, text }));
  const whole = pieces.map((p) => p.label + p.text).join(SEPARATOR);
  if (whole.length <= max) return whole;
  const room = max - pieces.reduce((n, p) => n + p.label.length, 0) - SEPARATOR.length * (pieces.length - 1);
  if (room < MIN_SHARE * pieces.length) return cap(whole, max);
  const shares = fairShares(
    pieces.map((p) => p.text.length),
    room,
  );
  return pieces.map((p, i) => p.label + cap(p.text, shares[i])).join(SEPARATOR);
}

/** Split `room` among texts of these lengths: the shortest are served whole, the rest get equal shares of what is left. */
export function fairShares(lengths: readonly number[], room: number): number[] {
  const order = lengths.map((len, i) => ({ len, i })).sort((a, b) => a.len - b.len);
  const shares = new Array<number>(lengths.length).fill(0);
  let left = room;
  order.forEach(({ len, i }, k) => {
    const share = Math.min(len, Math.floor(left / (order.length - k)));
    shares[i] = share;
    left -= share;
  });
  return shares;
}

/** Messages from several sources, with empty ones dropped. */
export function messages(from: string, ...texts: (string | undefined)[]): Message[] {
  return texts.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((text) => ({ from, text }));
}

/**
 * ANSI escape sequences: CSI (`ESC [ … m`, the colour codes, and the 8-bit CSI), OSC (`ESC ] … BEL` or `ESC \\`), and
 * two-character escapes.
 */
const ANSI = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** Text without its ANSI escape sequences, as Claude Code shows a prompt block's reason (docs/claude-hooks.md §8, §10 Colour codes). */
export function stripAnsi(text: string): string {
  return text.includes('\u001b') || text.includes('\u009b') ? text.replace(ANSI, '') : text;
}
