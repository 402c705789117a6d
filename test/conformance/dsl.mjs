// Small builders for the cases (docs/conformance.md §5): handlers, matcher groups, catalogs and actions.

/** A command handler running the guard script `name` (`$G/` is the catalog's script folder). */
export const cmd = (name, extra = {}) => ({ type: 'command', command: `$G/${name}`, ...extra });
/** A matcher group. */
export const group = (matcher, ...hooks) => (matcher === undefined ? { hooks } : { matcher, hooks });
/** A project settings catalog (`.claude/settings.json`). */
export const settings = (hooks, extra) => ({ kind: 'settings', hooks, extra });
/** A plugin catalog (`plugins/p1`, loaded with `--plugin-dir`, bound with `init --catalog`). */
export const plugin = (hooks, extra) => ({ kind: 'plugin', hooks, extra });

/** A script that prints `json` (an object) on stdout and exits `code`. */
export const answer = (json, code = 0) => `cat >/dev/null\nprintf '%s\\n' '${JSON.stringify(json)}'\nexit ${code}`;
/** A script that writes `err` to stderr and exits `code`. */
export const fail = (err, code) => `cat >/dev/null\necho '${err}' >&2\nexit ${code}`;
/** A script that prints plain `text` and exits 0. */
export const say = (text) => `cat >/dev/null\necho '${text}'`;
/** A script that reads its input and does nothing. */
export const quiet = 'cat >/dev/null';

/** The agent's actions. Every one leaves its mark in effect.txt, so whether it ran is a side effect both sides show. */
export const BASH = { tool: 'Bash', input: { command: 'echo ran > effect.txt' } };
export const BASH_FAIL = { tool: 'Bash', input: { command: 'echo ran > effect.txt; exit 3' } };
export const WRITE = { tool: 'Write', input: { file_path: '$DIR/effect.txt', content: 'written' } };
export const EDIT = {
  tool: 'Edit',
  input: { file_path: '$DIR/effect.txt', old_string: 'before', new_string: 'after' },
};
export const READ = { tool: 'Read', input: { file_path: '$DIR/notes.txt' } };
export const TALK = {};
/** A call of the conformance MCP server's echo tool (test/conformance/mcp.mjs), which writes effect.txt. */
export const MCP = { tool: 'mcp__conf__echo', input: { text: 'ran' } };
/** A foreground general-purpose subagent; its prompt holds SUBTASK, so the stand-in answers it at once. */
export const AGENT = {
  tool: 'Agent',
  input: {
    description: 'look around',
    prompt: 'SUBTASK: look around',
    subagent_type: 'general-purpose',
    run_in_background: false,
  },
};
