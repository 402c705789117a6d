// adapters/asyncContext.ts: what a finished async row gives the model (docs/claude-hooks.md §10 Async context).
import { describe, expect, it } from 'vitest';
import { asyncMessages } from '../../adapters/asyncContext.ts';

const out = (stdout: string, exitCode: number | null = 0) => ({
  label: 'hooks/lint.sh',
  claudeEvent: 'PreToolUse' as const,
  stdout,
  exitCode,
  truncated: false,
});

describe('asyncMessages', () => {
  it.each([
    [
      'additionalContext and systemMessage',
      out('{"systemMessage":"s","hookSpecificOutput":{"additionalContext":"c"}}'),
      ['c', 's'],
      /goes to the model now/,
    ],
    [
      'a deny decides nothing, its context still goes',
      out('{"hookSpecificOutput":{"permissionDecision":"deny","additionalContext":"c"}}'),
      ['c'],
      /decision has no effect/,
    ],
    ['plain stdout reaches nobody', out('hello'), [], /plain stdout of an async row reaches nobody/],
    ['nothing printed, nothing said', out(''), [], undefined],
    ['exit 2 is a decision, and has no effect', out('', 2), [], /decision has no effect/],
  ])('%s', (_n, o, texts, note) => {
    const r = asyncMessages(o);
    expect(r.messages).toEqual(texts.map((text) => ({ from: 'hooks/lint.sh (async)', text })));
    if (note) expect(r.notes.join('\n')).toMatch(note);
    else expect(r.notes).toEqual([]);
  });
});
