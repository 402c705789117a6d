// Cases on what the real Claude Code 2.1.328 gives beyond its docs (docs/claude-hooks.md §8, §10):
// the Bash result's noOutputExpected, the formatter note after a PostToolUse row rewrote the edited file, colour
// codes in a prompt block's reason. The other points of item 11 are seen in the probe cases and plugin-deny. Last, rows
// that crash or say nothing, which Codex's own hooks let through (docs/codex-hooks.md §4).
import { answer, BASH, cmd, fail, group, plugin, settings, TALK } from './dsl.mjs';

const pre = (o) => ({ hookEventName: 'PreToolUse', ...o });

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
    action: BASH,
  },
  {
    id: 'ups-stop-ansi',
    title: 'UserPromptSubmit continue:false whose stopReason holds colour codes',
    catalog: settings({ UserPromptSubmit: [group(undefined, cmd('g'))] }),
    scripts: { g: answer({ continue: false, stopReason: '\u001b[1mQQANSISTOP\u001b[0m' }) },
    action: BASH,
  },
  {
    id: 'pre-deny-noreason-lines',
    title: 'PreToolUse deny without a reason, with a two-line systemMessage',
    catalog: settings({ PreToolUse: [group('Bash', cmd('g'))] }),
    scripts: {
      g: answer({ systemMessage: 'QQLINE1\nQQLINE2', hookSpecificOutput: pre({ permissionDecision: 'deny' }) }),
    },
    action: BASH,
  },
  {
    id: 'plugin-deny-json',
    title: 'a plugin PreToolUse row denies with a reason (JSON)',
    catalog: plugin({ PreToolUse: [group('Bash', cmd('g'))] }),
    scripts: {
      g: answer({ hookSpecificOutput: pre({ permissionDecision: 'deny', permissionDecisionReason: 'QQPLUGJSON' }) }),
    },
    action: BASH,
  },
  {
    id: 'plugin-post-context',
    title: 'a plugin PostToolUse row adds context: is the plugin named?',
    catalog: plugin({ PostToolUse: [group('Bash', cmd('g'))] }),
    scripts: { g: answer({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'QQPLUGCTX' } }) },
    action: BASH,
  },
  {
    id: 'plugin-post-exit2',
    title: 'a plugin PostToolUse row exits 2: is the plugin named?',
    catalog: plugin({ PostToolUse: [group('Bash', cmd('g'))] }),
    scripts: { g: fail('QQPLUGPOST2', 2) },
    action: BASH,
  },
  {
    id: 'plugin-stop-exit2',
    title: 'a plugin Stop row exits 2 once: is the plugin named?',
    catalog: plugin({ Stop: [group(undefined, cmd('g'))] }),
    scripts: { g: `in=$(cat)\ncase "$in" in *'"stop_hook_active":true'*) exit 0;; esac\necho QQPLUGSTOP2 >&2\nexit 2` },
    action: TALK,
  },
  {
    id: 'pre-exit2-silent',
    title: 'PreToolUse exit 2 with nothing on stderr',
    catalog: settings({ PreToolUse: [group('Bash', cmd('g'))] }),
    scripts: { g: 'cat >/dev/null\nexit 2' },
    action: BASH,
  },
  {
    id: 'pre-killed',
    title: 'a PreToolUse row killed by a signal (SIGKILL) after printing a deny',
    catalog: settings({ PreToolUse: [group('Bash', cmd('g'))] }),
    scripts: {
      g: `cat >/dev/null\nprintf '%s\\n' '${JSON.stringify({ hookSpecificOutput: pre({ permissionDecision: 'deny', permissionDecisionReason: 'QQKILLED' }) })}'\nkill -KILL $$`,
    },
    action: BASH,
  },
  {
    id: 'stop-exit2-silent',
    title: 'a Stop row exits 2 once with nothing on stderr',
    catalog: settings({ Stop: [group(undefined, cmd('g'))] }),
    scripts: { g: `in=$(cat)\ncase "$in" in *'"stop_hook_active":true'*) exit 0;; esac\nexit 2` },
    action: TALK,
  },
];
