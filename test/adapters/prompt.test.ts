// adapters/prompt.ts: the context a UserPromptSubmit run adds, shared by beforeSubmitPrompt and sessionStart.
import { describe, expect, it } from 'vitest';
import { promptContext } from '../../adapters/prompt.ts';
import { msg, v } from './helpers.ts';

describe('promptContext (docs/claude-hooks.md §3.1: plain stdout is context on UserPromptSubmit)', () => {
  it.each([
    [
      'plain stdout on exit 0',
      [v('UserPromptSubmit', { label: 'a.sh', stdout: 'Local time: 14:05\n' })],
      [msg('Local time: 14:05', 'a.sh')],
    ],
    [
      'additionalContext',
      [
        v('UserPromptSubmit', {
          label: 'a.sh',
          stdout: '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"ctx"}}',
        }),
      ],
      [msg('ctx', 'a.sh')],
    ],
    [
      'systemMessage is not context',
      [v('UserPromptSubmit', { label: 'a.sh', stdout: '{"systemMessage":"warn"}' })],
      [],
    ],
    ['a block adds nothing', [v('UserPromptSubmit', { label: 'a.sh', exitCode: 2, stderr: 'no' })], []],
    ['a failed run adds nothing', [v('UserPromptSubmit', { label: 'a.sh', timedOut: true, stdout: 'late' })], []],
    [
      'a non-zero exit other than 2 adds nothing',
      [v('UserPromptSubmit', { label: 'a.sh', exitCode: 1, stdout: 'half' })],
      [],
    ],
    ["another event's verdict is ignored", [v('SessionStart', { label: 'a.sh', stdout: 'boot' })], []],
    [
      'several scripts, in order',
      [
        v('UserPromptSubmit', { label: 'a.sh', stdout: 'one' }),
        v('UserPromptSubmit', { label: 'b.sh', stdout: 'two' }),
      ],
      [msg('one', 'a.sh'), msg('two', 'b.sh')],
    ],
  ])('%s', (_name, verdicts, want) => expect(promptContext(verdicts)).toEqual(want));
});
