// What the real Claude Code 2.1.328 gives beyond its docs, measured against it (docs/claude-hooks.md §8 "measured",
// §10; docs/conformance.md), fired as Cursor fires hooks: a temp repo bound by `hookshim init`, the bound command
// through `sh -c` from the project root, the Cursor payload on stdin (docs/cursor-hooks.md §3, §4).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

beforeAll(() => ensureBuilt());

let repo: Repo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

/** A script that saves its stdin as .probe/<name>.json. */
const PROBE = (name: string) =>
  `#!/bin/sh\nmkdir -p "$CLAUDE_PROJECT_DIR/.probe"\ncat > "$CLAUDE_PROJECT_DIR/.probe/${name}.json"\n`;
const probed = (r: Repo, name: string) =>
  JSON.parse(fs.readFileSync(path.join(r.dir, '.probe', `${name}.json`), 'utf8')) as Record<string, unknown>;
const row = (event: string, matcher: string | undefined, script: string) => ({
  [event]: [
    {
      ...(matcher ? { matcher } : {}),
      hooks: [{ type: 'command', command: `"\${CLAUDE_PLUGIN_ROOT}"/hooks/${script}` }],
    },
  ],
});
/** The IDE's ids: a conversation, and a generation per turn (docs/cursor-hooks.md §3). */
const IDE = {
  conversation_id: 'c0nv-ide-0000-4000-8000-000000000001',
  session_id: 'c0nv-ide-0000-4000-8000-000000000001',
};

describe('prompt_id (docs/claude-hooks.md §10 `prompt_id`; docs/cursor-hooks.md §3 generation_id)', () => {
  it("tool and prompt payloads carry the turn's generation_id as prompt_id; CLI ids (generation = conversation) give none", () => {
    repo = makeRepo(
      { hooks: { ...row('PreToolUse', 'Bash', 'pre.sh'), ...row('UserPromptSubmit', undefined, 'ups.sh') } },
      {
        'pre.sh': PROBE('pre'),
        'ups.sh': PROBE('ups'),
      },
    );
    expect(repo.init().status).toBe(0);
    const gen = 'a9e0e000-gen-4000-8000-000000000007';
    repo.fire(
      'beforeSubmitPrompt',
      cursorPayload('beforeSubmitPrompt', repo, { ...IDE, generation_id: gen, prompt: 'go' }),
    );
    const tool = { tool_name: 'Shell', tool_input: { command: 'ls', cwd: '' }, tool_use_id: toolUseId() };
    repo.fire('preToolUse', cursorPayload('preToolUse', repo, { ...IDE, generation_id: gen, ...tool }));
    expect(probed(repo, 'ups').prompt_id).toBe(gen);
    expect(probed(repo, 'pre').prompt_id).toBe(gen);
    // cursor-agent sends generation_id = conversation_id: the same for every prompt, so no prompt_id is made of it.
    repo.fire('preToolUse', cursorPayload('preToolUse', repo, { ...tool, tool_use_id: toolUseId() }));
    expect(probed(repo, 'pre')).not.toHaveProperty('prompt_id');
    // effort has no Cursor source (docs/events.md, Known limits): never invented.
    expect(probed(repo, 'pre')).not.toHaveProperty('effort');
  });
});

describe('tool inputs and results as Claude Code 2.1.328 gives them (docs/claude-hooks.md §8 Inputs)', () => {
  it('an Edit (Cursor StrReplace) arrives with replace_all: false filled in', () => {
    repo = makeRepo({ hooks: row('PreToolUse', 'Edit', 'pre.sh') }, { 'pre.sh': PROBE('pre') });
    expect(repo.init().status).toBe(0);
    const input = { path: 'src/a.ts', old_string: 'a', new_string: 'b' };
    repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, { tool_name: 'StrReplace', tool_input: input, tool_use_id: toolUseId() }),
    );
    expect(probed(repo, 'pre').tool_input).toEqual({
      file_path: path.join(repo.dir, 'src/a.ts'),
      old_string: 'a',
      new_string: 'b',
      replace_all: false,
    });
  });

  it('a Bash tool_response: stdout without its last newline, and noOutputExpected', () => {
    repo = makeRepo({ hooks: row('PostToolUse', 'Bash', 'post.sh') }, { 'post.sh': PROBE('post') });
    expect(repo.init().status).toBe(0);
    const post = (command: string, output: string) =>
      repo!.fire(
        'postToolUse',
        cursorPayload('postToolUse', repo!, {
          tool_name: 'Shell',
          tool_input: { command, cwd: '' },
          tool_output: JSON.stringify({ output, exitCode: 0 }),
          tool_use_id: toolUseId(),
          duration: 5,
        }),
      );
    post('echo hi', 'hi\n');
    expect(probed(repo, 'post').tool_response).toMatchObject({ stdout: 'hi', noOutputExpected: false });
    post('mkdir -p d && touch d/f', '');
    expect(probed(repo, 'post').tool_response).toMatchObject({ stdout: '', noOutputExpected: true });
  });
});

describe('what reaches the model and the user (docs/claude-hooks.md §8 audiences, §10)', () => {
  const deny = (r: Repo) =>
    r.fire(
      'preToolUse',
      cursorPayload('preToolUse', r, {
        tool_name: 'Shell',
        tool_input: { command: 'rm -rf x', cwd: '' },
        tool_use_id: toolUseId(),
      }),
    );

  it('a deny without a reason: "Blocked by hook" for the model; the systemMessage, every line, for the user', () => {
    const script = `#!/bin/sh\ncat >/dev/null\necho '{"systemMessage":"Deletes are reviewed.\\\\nAsk the owner.","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'\n`;
    repo = makeRepo({ hooks: row('PreToolUse', 'Bash', 'd.sh') }, { 'd.sh': script });
    expect(repo.init().status).toBe(0);
    // Claude shows the user each line as "PreToolUse:Bash says: <line>": its own UI's framing, not added under Cursor.
    expect(deny(repo).json).toEqual({
      permission: 'deny',
      user_message: 'Deletes are reviewed.\nAsk the owner.',
      agent_message: 'Blocked by hook',
    });
  });

  it("a plugin row's exit-2 message ends by naming the plugin of its manifest", () => {
    repo = makeRepo(
      { hooks: row('PreToolUse', 'Bash', 'g.sh') },
      { 'g.sh': '#!/bin/sh\ncat >/dev/null\necho "no rm -rf" >&2\nexit 2\n' },
    );
    repo.write('.claude-plugin/plugin.json', JSON.stringify({ name: 'safety-net', version: '1.0.0' }));
    expect(repo.init().status).toBe(0);
    const text = 'no rm -rf\n\nThis hook comes from the safety-net plugin.';
    expect(deny(repo).json).toEqual({ permission: 'deny', user_message: text, agent_message: text });
  });

  it("colour codes are stripped from a prompt block's reason", () => {
    const script = `#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '{"decision":"block","reason":"\\u001b[31mNo secrets in prompts.\\u001b[0m"}'\n`;
    repo = makeRepo({ hooks: row('UserPromptSubmit', undefined, 'u.sh') }, { 'u.sh': script });
    expect(repo.init().status).toBe(0);
    const r = repo.fire('beforeSubmitPrompt', cursorPayload('beforeSubmitPrompt', repo, { prompt: 'key=abc' }));
    expect(r.json).toEqual({ continue: false, user_message: 'No secrets in prompts.' });
  });

  it('after a PostToolUse row rewrote the edited file, the model is told (likely a formatter)', () => {
    const fmt = `#!/bin/sh\ncat >/dev/null\nprintf 'export const a = 1;\\n' > "$CLAUDE_PROJECT_DIR/src/a.ts"\n`;
    repo = makeRepo({ hooks: row('PostToolUse', 'Edit|Write', 'fmt.sh') }, { 'fmt.sh': fmt });
    expect(repo.init().status).toBe(0);
    const file = repo.write('src/a.ts', 'export const a=1\n');
    const post = (tool: string, input: unknown) =>
      repo!.fire(
        'postToolUse',
        cursorPayload('postToolUse', repo!, {
          tool_name: tool,
          tool_input: input,
          tool_output: '{}',
          tool_use_id: toolUseId(),
          duration: 3,
        }),
      );
    expect(post('StrReplace', { path: 'src/a.ts', old_string: 'a=0', new_string: 'a=1' }).json).toEqual({
      additional_context: `PostToolUse hook modified ${file} after your edit (likely a formatter). Your next Edit will not fail with a stale-file error, but if its old_string targets a region the hook reformatted, Read the file first.`,
    });
    // The row leaves the file as it found it this time: nothing to tell.
    expect(post('Write', { path: 'src/a.ts', contents: 'export const a = 1;\n' }).json).toEqual({});
  });
});

describe('dropped answer fields are named on stderr (docs/claude-hooks.md §10 Dropped SessionStart / UserPromptSubmit fields)', () => {
  it("UserPromptSubmit's sessionTitle and suppressOriginalPrompt: no Cursor field, each named", () => {
    const script = `#!/bin/sh\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","sessionTitle":"Fix the bug","suppressOriginalPrompt":true}}'\n`;
    repo = makeRepo({ hooks: row('UserPromptSubmit', undefined, 'u.sh') }, { 'u.sh': script });
    expect(repo.init().status).toBe(0);
    const r = repo.fire('beforeSubmitPrompt', cursorPayload('beforeSubmitPrompt', repo, { prompt: 'fix it' }));
    expect(r.json).toEqual({ continue: true });
    for (const f of ['sessionTitle', 'suppressOriginalPrompt'])
      expect(r.stderr).toContain(
        `hookSpecificOutput.${f} dropped: Cursor's beforeSubmitPrompt answer has no field for it`,
      );
  });
});
