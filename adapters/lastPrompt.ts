// The prompt a Cursor transcript ends with (docs/cursor-hooks.md §7): what UserPromptSubmit rows get as `prompt` where
// beforeSubmitPrompt never fires (adapters/promptRun.ts). Its own module: the state half reads it, nothing else.
import { isRecord } from './json.ts';
import { userContent } from './transcript/text.ts';

/**
 * The prompt of the last user message in the tail of a Cursor transcript (docs/cursor-hooks.md §7: `role: "user"`,
 * the text wrapped in <user_query>), unwrapped; undefined when none can be read (a cut first line is skipped).
 */
export function lastUserPrompt(tail: string): string | undefined {
  const lines = tail.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? '').trim();
    if (!line.startsWith('{')) continue;
    let rec: unknown;
    try {
      rec = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isRecord(rec) || (rec.role !== 'user' && rec.type !== 'user') || !isRecord(rec.message)) continue;
    const text = promptText(userContent(rec.message.content).text);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The text of user content: a string, or its text blocks joined; undefined for tool results only. */
function promptText(content: unknown): string | undefined {
  if (typeof content === 'string') return content.trim() || undefined;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((b) => isRecord(b) && b.type === 'text' && typeof b.text === 'string');
  const joined = texts
    .map((b) => String((b as { text: string }).text))
    .join('\n')
    .trim();
  return joined || undefined;
}
