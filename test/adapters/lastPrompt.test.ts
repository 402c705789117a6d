// adapters/lastPrompt.ts: the prompt a Cursor transcript ends with.
import { describe, expect, it } from 'vitest';
import { lastUserPrompt } from '../../adapters/lastPrompt.ts';

describe('lastUserPrompt (docs/cursor-hooks.md §7: role "user", text in <user_query>)', () => {
  const user = (text: string) => JSON.stringify({ role: 'user', message: { content: [{ type: 'text', text }] } });
  const said = JSON.stringify({ role: 'assistant', message: { content: [{ type: 'text', text: 'ok' }] } });
  it.each([
    [
      'the last user line, unwrapped',
      [
        user('<user_query>\nfirst\n</user_query>'),
        said,
        user('<timestamp>Tuesday, Sep 8, 2026, 1:56 PM (UTC-7)</timestamp>\n<user_query>\nsecond\n</user_query>'),
        said,
      ].join('\n'),
      'second',
    ],
    ['a cut first line is skipped', `ext"}]}}\n${user('<user_query>\nwhole\n</user_query>')}\n`, 'whole'],
    [
      'a Claude-shaped string prompt',
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'plain' } }),
      'plain',
    ],
    [
      'tool results only are no prompt',
      JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', content: 'x' }] } }),
      undefined,
    ],
    ['no user line', said, undefined],
    ['empty', '', undefined],
  ])('%s', (_n, tail, want) => expect(lastUserPrompt(tail)).toBe(want));
});
