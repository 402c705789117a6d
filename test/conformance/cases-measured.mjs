// Cases on what the real Claude Code 2.1.328 gives beyond its docs (docs/claude-hooks.md §8, §10):
// the Bash result's noOutputExpected, the formatter note after a PostToolUse row rewrote the edited file, colour
// codes in a prompt block's reason. The other points of item 11 are seen in the probe cases and plugin-deny.
import { answer, cmd, group, settings } from './dsl.mjs';

const ups = (o) => ({ hookEventName: 'UserPromptSubmit', ...o });

export const MEASURED_CASES = [
  {
    id: 'post-probe-quiet',
    title: 'the tool_response of a Bash call whose commands print nothing (noOutputExpected)',
    catalog: settings({ PostToolUse: [group('Bash', cmd('g'))] }),
    scripts: { g: 'cat >/dev/null' },
    action: { tool: 'Bash', input: { command: 'mkdir -p d && touch effect.txt' } },
    probe: true,
  },
  {
    id: 'post-formatter',
    title: 'a PostToolUse row rewrites the file just edited: the model is told (likely a formatter)',
    catalog: settings({ PostToolUse: [group('Edit', cmd('g'))] }),
    scripts: { g: `cat >/dev/null\nprintf 'after QQFMT\\n' > effect.txt` },
    action: {
      tools: [
        { tool: 'Read', input: { file_path: '$DIR/effect.txt' } },
        {
          tool: 'Edit',
          input: { file_path: '$DIR/effect.txt', old_string: 'before', new_string: 'after' },
        },
      ],
    },
    projectFiles: { 'effect.txt': 'before\n' },
  },
  {
    id: 'ups-block-ansi',
    title: 'UserPromptSubmit block whose reason holds colour codes: they are stripped',
    catalog: settings({ UserPromptSubmit: [group(undefined, cmd('g'))] }),
    scripts: { g: answer({ decision: 'block', reason: '\u001b[31mQQANSI\u001b[0m stop' }) },
    action: { tool: 'Bash', input: { command: 'echo ran > effect.txt' } },
  },
];
