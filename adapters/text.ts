// Text handed to Cursor: capped like Claude Code caps hook output, deduplicated, joined.
import type { Message } from './types.ts';

/** Claude Code caps additionalContext, systemMessage and plain stdout at 10,000 characters (docs/claude-hooks.md §3.2). */
export const MAX_TEXT = 10_000;

/** Cap one text at `max` characters with a visible note saying how much was cut. */
export function cap(text: string, max = MAX_TEXT): string {
  if (text.length <= max) return text;
  const note = `\n[hookshim: truncated, ${text.length - max} more characters]`;
  return text.slice(0, max - note.length) + note;
}

/** Join messages into one text: identical texts sent once; each capped; labelled when several scripts spoke. */
export function joinMessages(messages: readonly Message[]): string {
  const seen = new Map<string, string[]>();
  for (const m of messages) {
    const text = cap(m.text.trim());
    if (!text) continue;
    const froms = seen.get(text);
    if (froms) {
      if (!froms.includes(m.from)) froms.push(m.from);
    } else seen.set(text, [m.from]);
  }
  if (seen.size <= 1) return [...seen.keys()][0] ?? '';
  return [...seen.entries()].map(([text, froms]) => `[${froms.join(', ')}] ${text}`).join('\n\n');
}

/** Messages from several sources, with empty ones dropped. */
export function messages(from: string, ...texts: (string | undefined)[]): Message[] {
  return texts.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((text) => ({ from, text }));
}
