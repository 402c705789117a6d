// The Cursor users run today (IDE 3.14–3.15, CLI 2026.09) and the Claude Code catalogs are written for (2.1.29x): one
// test per behaviour where the two differ, each case taken from the references (the section is in its title) and fired
// end to end as Cursor fires it: the bound command through `sh -c`, from the repository root, the payload on stdin.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';
import { spawnSync } from 'node:child_process';

const repos: Repo[] = [];
beforeAll(() => ensureBuilt());
afterAll(() => {
  for (const r of repos) r.cleanup();
});

/** A repository with this catalog (scripts under hooks/), optionally a .cursor/hookshim.json, bound by `hookshim init`. */
function bound(
  hooks: Record<string, unknown>,
  scripts: Record<string, string>,
  config?: Record<string, unknown>,
): Repo {
  const repo = makeRepo({ hooks }, scripts);
  repos.push(repo);
  if (config) repo.write('.cursor/hookshim.json', JSON.stringify(config));
  const r = repo.init();
  expect(r.status, r.stderr).toBe(0);
  return repo;
}

const run = (script: string, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  command: `"\${CLAUDE_PLUGIN_ROOT}"/hooks/${script}`,
  ...extra,
});
/** A node script that reads the Claude payload as `input` and runs `body`. */
const node = (body: string) => `#!/usr/bin/env node
import fs from 'node:fs';
const input = JSON.parse(fs.readFileSync(0, 'utf8'));
${body}
`;
/** A script that appends its Claude payload to <project>/<file>, one JSON line per run. */
const CAPTURE = node(
  `fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/' + process.argv[2], JSON.stringify(input) + '\\n');`,
);
const lines = (repo: Repo, file: string): Record<string, unknown>[] => {
  const p = path.join(repo.dir, file);
  return fs.existsSync(p)
    ? fs
        .readFileSync(p, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
};
/** What IDE 3.15.6 sends besides the common fields (docs/cursor-hooks.md §3). */
const IDE = { cursor_version: '3.15.6' };
/** A postToolUse of a Read in conversation `ids`: the tool event that takes a turn's pending prompt context. */
const readPost = (repo: Repo, ids: Record<string, string>) =>
  cursorPayload('postToolUse', repo, {
    ...ids,
    tool_name: 'Read',
    tool_input: { file_path: 'a' },
    tool_output: '{}',
    tool_use_id: toolUseId(),
    duration: 1,
  });

describe('1. reads that skip preToolUse (docs/cursor-hooks.md §11: ReadFile fires only beforeReadFile; §4 beforeReadFile)', () => {
  it('a Read guard denies a .env read that reaches only beforeReadFile, and runs in each event that reports a read (no id names a read: docs/design.md §7)', () => {
    const repo = bound(
      { PreToolUse: [{ matcher: 'Read', hooks: [run('no-env-reads.mjs')] }] },
      {
        'no-env-reads.mjs':
          node(`fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/reads.log', input.tool_name + ' ' + input.tool_input.file_path + '\\n');
if (input.tool_input.file_path.endsWith('.env')) { console.error('Reading .env is blocked: secrets stay out of the context.'); process.exit(2); }`),
      },
    );
    const doc = JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor/hooks.json'), 'utf8'));
    expect(doc.hooks.beforeReadFile).toEqual([
      {
        command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs beforeReadFile',
        matcher: 'Read',
        timeout: 30,
        failClosed: true,
      },
    ]);
    const read = (file: string, extra: Record<string, unknown> = {}) =>
      cursorPayload('beforeReadFile', repo, {
        ...IDE,
        file_path: path.join(repo.dir, file),
        content: 'SECRET=1\n',
        attachments: [],
        ...extra,
      });
    // 3.15.6: ReadFile without a preToolUse.
    const env = repo.fire('beforeReadFile', read('.env'));
    expect(env.json).toEqual({
      permission: 'deny',
      user_message: 'Reading .env is blocked: secrets stay out of the context.',
    });
    // 3.14.27: preToolUse (Read, with a tool_use_id) and then beforeReadFile for the same read, no tool_use_id.
    const pre = repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, {
        cursor_version: '3.14.27',
        tool_name: 'Read',
        tool_input: { file_path: 'src/app.ts' },
        tool_use_id: toolUseId(),
      }),
    );
    expect(pre.json).toEqual({ permission: 'allow' });
    expect(repo.fire('beforeReadFile', read('src/app.ts', { cursor_version: '3.14.27' })).json).toEqual({
      permission: 'allow',
    });
    // Reading the file again is another read (another tool_use_id): its guard runs again, in both events.
    expect(
      repo.fire(
        'preToolUse',
        cursorPayload('preToolUse', repo, {
          cursor_version: '3.14.27',
          tool_name: 'Read',
          tool_input: { file_path: 'src/app.ts' },
          tool_use_id: toolUseId(),
        }),
      ).json,
    ).toEqual({ permission: 'allow' });
    expect(repo.fire('beforeReadFile', read('src/app.ts', { cursor_version: '3.14.27' })).json).toEqual({
      permission: 'allow',
    });
    // Cursor 3.15's own tool name reaches Read rows too.
    expect(
      repo.fire(
        'preToolUse',
        cursorPayload('preToolUse', repo, {
          ...IDE,
          tool_name: 'ReadFile',
          tool_input: { file_path: 'config/.env' },
          tool_use_id: toolUseId(),
        }),
      ).json,
    ).toMatchObject({ permission: 'deny' });
    expect(fs.readFileSync(path.join(repo.dir, 'reads.log'), 'utf8')).toBe(
      `Read ${repo.dir}/.env\n${`Read ${repo.dir}/src/app.ts\n`.repeat(4)}Read ${repo.dir}/config/.env\n`,
    );
  });
});

describe('2. MCP calls without their server (docs/cursor-hooks.md §4, §6: preToolUse sends MCP:<tool>, beforeMCPExecution adds mcp_server_name)', () => {
  it('a server-wildcard row fires on MCP:write_file; a row for every tool sees a server-qualified name; beforeMCPExecution runs the rows again with the server it names', () => {
    const repo = bound(
      {
        PreToolUse: [
          { matcher: 'mcp__.*__write.*', hooks: [run('mcp-writes.sh')] },
          { matcher: '*', hooks: [run('mcp-health.mjs')] },
        ],
      },
      {
        'mcp-writes.sh': '#!/bin/sh\ncat >/dev/null\necho "MCP writes go through review." >&2\nexit 2\n',
        // everything-claude-code's MCP health check keys on the server in tool_name.
        'mcp-health.mjs': node(`const server = /^mcp__(.+?)__/.exec(input.tool_name)?.[1];
fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/seen.log', input.tool_name + '\\n');
if (server && fs.existsSync(process.env.CLAUDE_PROJECT_DIR + '/' + server + '.down')) { console.error('MCP server ' + server + ' is unhealthy.'); process.exit(2); }`),
      },
    );
    expect(() => repo.command('beforeMCPExecution')).not.toThrow();
    const env = { HOME: repo.dir };
    const pre = (tool: string, input: Record<string, unknown>) =>
      repo.fire(
        'preToolUse',
        cursorPayload('preToolUse', repo, {
          ...IDE,
          tool_name: `MCP:${tool}`,
          tool_input: input,
          tool_use_id: toolUseId(),
        }),
        { env },
      );
    const exec = (tool: string, input: Record<string, unknown>, server: string) =>
      repo.fire(
        'beforeMCPExecution',
        cursorPayload('beforeMCPExecution', repo, {
          ...IDE,
          tool_name: tool,
          tool_input: JSON.stringify(input),
          mcp_server_name: server,
          command: 'npx server',
        }),
        { env },
      );
    expect(pre('write_file', { path: 'a.txt', content: 'x' }).json).toMatchObject({
      permission: 'deny',
      user_message: 'MCP writes go through review.',
    });
    repo.write('github.down', '');
    expect(pre('list_issues', { repo: 'r' }).json).toMatchObject({
      permission: 'deny',
      user_message: 'MCP server github is unhealthy.',
    });
    // The server is unknown to preToolUse, known to beforeMCPExecution: the row runs again with the true name.
    expect(pre('post_message', { text: 'hi' }).json).toEqual({ permission: 'allow' });
    expect(exec('post_message', { text: 'hi' }, 'slack').json).toEqual({ permission: 'allow' });
    // With the server known to Cursor's MCP config, preToolUse names it right; beforeMCPExecution runs the guard again.
    repo.write('.cursor/mcp.json', JSON.stringify({ mcpServers: { linear: { command: 'npx linear-mcp' } } }));
    expect(pre('create_ticket', { title: 't' }).json).toEqual({ permission: 'allow' });
    expect(exec('create_ticket', { title: 't' }, 'linear').json).toEqual({ permission: 'allow' });
    expect(fs.readFileSync(path.join(repo.dir, 'seen.log'), 'utf8').trim().split('\n')).toEqual([
      'mcp__unknown__write_file',
      'mcp__github__list_issues',
      'mcp__unknown__post_message',
      'mcp__slack__post_message',
      'mcp__linear__create_ticket',
      'mcp__linear__create_ticket',
    ]);
  });
});

describe('3. scripts get the environment Claude Code gives them (docs/claude-hooks.md §1.5, §7; docs/cursor-hooks.md §2, §11)', () => {
  it('no CURSOR_* variable, so a hook that skips itself under Cursor still runs; CLAUDECODE=1, the project, plugin root and a writable CLAUDE_PLUGIN_DATA that persists', () => {
    const repo = bound(
      { PreToolUse: [{ matcher: 'Bash', hooks: [run('probe.sh')] }] },
      {
        'probe.sh': `#!/bin/sh
cat >/dev/null
# The common guard: Cursor's own loader hands Claude hooks Cursor-shaped payloads, so skip there.
if [ -n "$CURSOR_VERSION" ]; then exit 0; fi
printf '%s\\n' "CLAUDECODE=$CLAUDECODE" "PROJECT=$CLAUDE_PROJECT_DIR" "ROOT=$CLAUDE_PLUGIN_ROOT" "DATA=$CLAUDE_PLUGIN_DATA" "CURSOR=$(env | grep -c '^CURSOR_')" > "$CLAUDE_PROJECT_DIR/env.txt"
echo run >> "$CLAUDE_PLUGIN_DATA/runs"
echo "runs so far: $(wc -l < "$CLAUDE_PLUGIN_DATA/runs" | tr -d ' ')" >&2
exit 2
`,
      },
    );
    const cursorEnv = {
      CURSOR_VERSION: '3.15.6',
      CURSOR_USER_EMAIL: 'dev@example.com',
      CURSOR_TRANSCRIPT_PATH: '/tmp/t.jsonl',
      CURSOR_PLUGIN_ROOT: '/opt/plugin',
    };
    const fire = () =>
      repo.fire(
        'preToolUse',
        cursorPayload('preToolUse', repo, {
          ...IDE,
          tool_name: 'Shell',
          tool_input: { command: 'ls', cwd: '', timeout: 30000 },
          tool_use_id: toolUseId(),
        }),
        { env: cursorEnv },
      );
    expect(fire().json).toMatchObject({ permission: 'deny', user_message: 'runs so far: 1' });
    expect(fire().json).toMatchObject({ permission: 'deny', user_message: 'runs so far: 2' });
    const env = Object.fromEntries(
      fs
        .readFileSync(path.join(repo.dir, 'env.txt'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(/=(.*)/s).slice(0, 2)),
    );
    expect(env).toMatchObject({ CLAUDECODE: '1', PROJECT: repo.dir, ROOT: repo.dir, CURSOR: '0' });
    expect(env.DATA).toMatch(new RegExp(`^${repo.stateDir}/plugin-data/[\\w.-]+$`));
  });
});

describe('4. onFailure "block" (docs/claude-hooks.md §1.2, §7: Claude Code 2.1.295)', () => {
  it('a row that exits unexpectedly blocks the event it can block; without the field it stays a non-blocking error; check reports fields it does not know', () => {
    const repo = bound(
      {
        PreToolUse: [
          { matcher: 'Grep', hooks: [run('index.sh', { onFailure: 'block' })] },
          { matcher: 'Glob', hooks: [run('index.sh')] },
        ],
        UserPromptSubmit: [
          { hooks: [run('policy.sh', { onFailure: 'block', statusMessage: 'checking', onFailur: 'block' })] },
        ],
      },
      {
        'index.sh': '#!/bin/sh\ncat >/dev/null\necho "search index unavailable" >&2\nexit 1\n',
        'policy.sh': '#!/bin/sh\ncat >/dev/null\nexit 3\n',
      },
    );
    const pre = (tool: string) =>
      repo.fire(
        'preToolUse',
        cursorPayload('preToolUse', repo, {
          ...IDE,
          tool_name: tool,
          tool_input: { pattern: 'x' },
          tool_use_id: toolUseId(),
        }),
      );
    expect(pre('Grep').json).toEqual({
      permission: 'deny',
      user_message: 'search index unavailable',
      agent_message: 'search index unavailable',
    });
    expect(pre('Glob').json).toEqual({ permission: 'allow' });
    const prompt = repo.fire(
      'beforeSubmitPrompt',
      cursorPayload('beforeSubmitPrompt', repo, { ...IDE, prompt: 'hi', attachments: [] }),
    );
    expect(prompt.json).toEqual({
      continue: false,
      user_message: 'hookshim: guard hooks/policy.sh exited 3; it sets onFailure "block", so this blocks',
    });
    const check = spawnSync(process.execPath, [CLI, 'check', '--verbose', repo.dir], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(check.stdout).toMatch(
      /warning +hooks\/hooks\.json UserPromptSubmit\[0\]\.hooks\[0\]: "onFailur": not a handler field Claude Code defines, and hookshim ignores it \(a misspelt field does nothing\) \[field-unknown\]/,
    );
    expect(check.stdout).toMatch(
      /"statusMessage": Claude Code's, but hookshim does not act on it under Cursor \[field-ignored\]/,
    );
  });
});

describe('5. rewritten inputs Cursor would drop (docs/cursor-hooks.md §9, §11: updated_input honoured for Shell only)', () => {
  it('a redacting Write guard denies and names the call to make instead (and says why on stderr); a Shell rewrite stays updated_input', () => {
    const repo = bound(
      { PreToolUse: [{ matcher: 'Write|Bash', hooks: [run('redact.mjs')] }] },
      {
        'redact.mjs': node(`const i = input.tool_input;
const out = (updatedInput) => console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput } }));
if (input.tool_name === 'Write' && i.content.includes('sk-live-')) out({ ...i, content: i.content.replace(/sk-live-\\w+/g, '\${API_KEY}') });
if (input.tool_name === 'Bash' && i.command.startsWith('rm -rf /')) out({ ...i, command: 'rm -rf ./build' });`),
      },
    );
    const pre = (tool: string, input: Record<string, unknown>) =>
      repo.fire(
        'preToolUse',
        cursorPayload('preToolUse', repo, { ...IDE, tool_name: tool, tool_input: input, tool_use_id: toolUseId() }),
      );
    const write = pre('Write', { file_path: 'config.js', content: 'const key = "sk-live-abc123";\n' });
    const text =
      'hooks/redact.mjs changed the input of this Write call, and Cursor does not apply a changed input to Write: the call is denied. Make the call again with this input instead: {"file_path":"config.js","content":"const key = \\"${API_KEY}\\";\\n"}';
    expect(write.json).toEqual({ permission: 'deny', user_message: text, agent_message: text });
    expect(write.stderr).toMatch(
      /hookshim: hooks\/redact\.mjs rewrote the Write input; Cursor applies updated_input only for Shell and would run the original, so the call is denied/,
    );
    expect(pre('Shell', { command: 'rm -rf /', cwd: '', timeout: 30000 }).json).toEqual({
      permission: 'allow',
      updated_input: { command: 'rm -rf ./build', cwd: '', timeout: 30000 },
    });
    expect(pre('Write', { file_path: 'README.md', content: 'hello\n' }).json).toEqual({ permission: 'allow' });
  });
});

describe('6. joined texts within what Cursor keeps (docs/cursor-hooks.md §11: additional_context over 10,000 characters is dropped whole)', () => {
  it('two 6,000-character contexts share 10,000 characters fairly, each cut marked; a follow-up and a deny are capped the same way', () => {
    const say = (field: string, ch: string) => node(`console.log(JSON.stringify((${field})('${ch}'.repeat(6000))));`);
    const ctx = `({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: t } })`;
    const block = `({ decision: 'block', reason: t })`;
    const deny = `({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: t } })`;
    const repo = bound(
      {
        PostToolUse: [{ matcher: 'Glob', hooks: [run('ctx-a.mjs'), run('ctx-b.mjs')] }],
        Stop: [{ hooks: [run('stop-a.mjs'), run('stop-b.mjs')] }],
        PreToolUse: [{ matcher: 'Glob', hooks: [run('deny-a.mjs'), run('deny-b.mjs')] }],
      },
      {
        'ctx-a.mjs': say(`(t) => ${ctx}`, 'a'),
        'ctx-b.mjs': say(`(t) => ${ctx}`, 'b'),
        'stop-a.mjs': say(`(t) => ${block}`, 'a'),
        'stop-b.mjs': say(`(t) => ${block}`, 'b'),
        'deny-a.mjs': say(`(t) => ${deny}`, 'a'),
        'deny-b.mjs': say(`(t) => ${deny}`, 'b'),
      },
    );
    const post = repo.fire(
      'postToolUse',
      cursorPayload('postToolUse', repo, {
        ...IDE,
        tool_name: 'Glob',
        tool_input: { glob_pattern: '*.ts' },
        tool_output: '{}',
        tool_use_id: toolUseId(),
        duration: 3,
      }),
    );
    const stop = repo.fire('stop', cursorPayload('stop', repo, { ...IDE, status: 'completed', loop_count: 0 }));
    const pre = repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, {
        ...IDE,
        tool_name: 'Glob',
        tool_input: { glob_pattern: '*.ts' },
        tool_use_id: toolUseId(),
      }),
    );
    for (const [text, stderr] of [
      [post.json.additional_context, post.stderr],
      [stop.json.followup_message, stop.stderr],
      [pre.json.user_message, pre.stderr],
    ] as [string, string][]) {
      expect(typeof text, stderr).toBe('string');
      expect(text.length).toBeLessThanOrEqual(10_000);
      const [a, b] = text.split('\n\n[hooks/');
      expect(a).toMatch(/^\[hooks\/(ctx|stop|deny)-a\.mjs\] a+\n\[hookshim: truncated, \d+ more characters\]$/);
      expect(b).toMatch(/^(ctx|stop|deny)-b\.mjs\] b+\n\[hookshim: truncated, \d+ more characters\]$/);
      expect(Math.abs((a as string).length - (b as string).length)).toBeLessThan(10);
    }
  });
});

describe('7. who sees what (docs/claude-hooks.md §3.1, §7)', () => {
  it("plain stdout of PreToolUse is debug output, of UserPromptSubmit and SessionStart context; on exit 2 the message is stderr, not an allow's reason", () => {
    const repo = bound(
      {
        PreToolUse: [{ matcher: 'Bash', hooks: [run('chatty.sh'), run('exit2.sh')] }],
        UserPromptSubmit: [{ hooks: [run('say.sh')] }],
        SessionStart: [{ hooks: [run('say.sh')] }],
      },
      {
        'chatty.sh': '#!/bin/sh\ncat >/dev/null\necho "debug: 3 rules checked"\n',
        'exit2.sh': `#!/bin/sh
case "$(cat)" in *deploy*) ;; *) exit 0 ;; esac
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"looks fine"}}'
echo "Deploys go through the release script." >&2
exit 2
`,
        'say.sh': '#!/bin/sh\ncat >/dev/null\necho "Branch: main"\n',
      },
    );
    // The prompt comes first, as on the IDE: its tool events then never run the UserPromptSubmit rows again.
    expect(
      repo.fire(
        'beforeSubmitPrompt',
        cursorPayload('beforeSubmitPrompt', repo, { ...IDE, prompt: 'go', attachments: [] }),
      ).json,
    ).toEqual({ continue: true, additional_context: 'Branch: main' });
    const id = toolUseId();
    const shell = (command: string, tool_use_id = toolUseId()) =>
      cursorPayload('preToolUse', repo, {
        ...IDE,
        tool_name: 'Shell',
        tool_input: { command, cwd: '', timeout: 30000 },
        tool_use_id,
      });
    const ls = repo.fire('preToolUse', shell('ls', id));
    expect(ls.json).toEqual({ permission: 'allow' });
    expect(ls.stderr).toMatch(
      /hooks\/chatty\.sh: plain stdout on PreToolUse is Claude's debug output, not the model's \(logged only\): debug: 3 rules checked/,
    );
    const post = cursorPayload('postToolUse', repo, {
      ...IDE,
      tool_name: 'Shell',
      tool_input: { command: 'ls', cwd: '' },
      tool_output: '{"output":"","exitCode":0}',
      tool_use_id: id,
      duration: 5,
    });
    expect(repo.fire('postToolUse', post).json).toEqual({});
    expect(repo.fire('preToolUse', shell('npm run deploy')).json).toMatchObject({
      permission: 'deny',
      user_message: 'Deploys go through the release script.',
    });
    expect(
      repo.fire(
        'sessionStart',
        cursorPayload('sessionStart', repo, { ...IDE, is_background_agent: false, composer_mode: 'agent' }),
      ).json,
    ).toEqual({ additional_context: 'Branch: main' });
  });
});

describe('8. UserPromptSubmit once per prompt (docs/claude-hooks.md §2.2; docs/cursor-hooks.md §11: same-turn context on IDE ≥ 3.9.16, CLI ≥ 2026.09.18)', () => {
  it('sessionStart does not run it; each prompt runs it once with the real prompt; its context goes with the prompt where Cursor delivers it, else on the first postToolUse', () => {
    const repo = bound(
      { UserPromptSubmit: [{ hooks: [run('count.mjs')] }], SessionStart: [{ hooks: [run('hello.sh')] }] },
      {
        'count.mjs':
          node(`fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/prompts.log', JSON.stringify(input.prompt) + '\\n');
console.log('Prompt #' + fs.readFileSync(process.env.CLAUDE_PROJECT_DIR + '/prompts.log', 'utf8').trim().split('\\n').length);`),
        'hello.sh': '#!/bin/sh\ncat >/dev/null\necho "Session rules: small commits."\n',
      },
      // Even without transcripts, UserPromptSubmit rows need postToolUse for every tool (docs/events.md "Cloud agents").
      { transcripts: false },
    );
    const conv = (c: string, version: string) => ({
      conversation_id: c,
      session_id: c,
      generation_id: c,
      cursor_version: version,
    });
    const ide = conv('c-ide', '3.15.6');
    expect(
      repo.fire(
        'sessionStart',
        cursorPayload('sessionStart', repo, { ...ide, is_background_agent: false, composer_mode: 'agent' }),
      ).json,
    ).toEqual({ additional_context: 'Session rules: small commits.' });
    expect(
      repo.fire(
        'beforeSubmitPrompt',
        cursorPayload('beforeSubmitPrompt', repo, { ...ide, prompt: 'fix the bug', attachments: [] }),
      ).json,
    ).toEqual({ continue: true, additional_context: 'Prompt #1' });
    // postToolUse starts for every tool, so an older CLI's prompt context waits for the turn's first tool call, said on stderr.
    expect(repo.starts('postToolUse', 'Shell')).toBe(true);
    const cli = conv('c-cli', '2026.09.02-c22c1a3');
    const old = repo.fire(
      'beforeSubmitPrompt',
      cursorPayload('beforeSubmitPrompt', repo, { ...cli, prompt: 'and the docs', attachments: [] }),
    );
    expect(old.json).toEqual({ continue: true });
    expect(old.stderr).toMatch(
      /prompt context kept for the first postToolUse of this turn: Cursor 2026\.09\.02-c22c1a3/,
    );
    const post = readPost(repo, cli);
    // Delivered once; this conversation's prompts reach beforeSubmitPrompt, so the tool event runs no row itself.
    expect(repo.fire('postToolUse', post).json).toEqual({ additional_context: 'Prompt #2' });
    expect(fs.readFileSync(path.join(repo.dir, 'prompts.log'), 'utf8')).toBe('"fix the bug"\n"and the docs"\n');
  });

  it('promptContext "postToolUse": init binds postToolUse for every tool, and an older CLI gets the context on the turn\'s first tool call', () => {
    const repo = bound(
      { UserPromptSubmit: [{ hooks: [run('ctx.sh')] }] },
      { 'ctx.sh': '#!/bin/sh\ncat >/dev/null\necho "Local time: 14:05"\n' },
      { promptContext: 'postToolUse' },
    );
    expect(['Shell', 'Read', 'MCP:x'].map((t) => repo.starts('postToolUse', t))).toEqual([true, true, true]);
    const cli = {
      conversation_id: 'c-pt',
      session_id: 'c-pt',
      generation_id: 'c-pt',
      cursor_version: '2026.09.02-c22c1a3',
    };
    expect(
      repo.fire(
        'beforeSubmitPrompt',
        cursorPayload('beforeSubmitPrompt', repo, { ...cli, prompt: 'go', attachments: [] }),
      ).json,
    ).toEqual({ continue: true });
    const post = readPost(repo, cli);
    expect(repo.fire('postToolUse', post).json).toEqual({ additional_context: 'Local time: 14:05' });
  });
});

describe("9. no Stop row once no follow-up can come (docs/cursor-hooks.md §1 loop_limit; docs/claude-hooks.md §3.1: Claude's cap is 8)", () => {
  it('loopLimit in .cursor/hookshim.json becomes loop_limit; at loop_count = loop_limit the Stop rows do not run, so a loop counter does not advance', () => {
    const repo = bound(
      { Stop: [{ hooks: [run('ralph.sh')] }], SubagentStop: [{ hooks: [run('ralph.sh')] }] },
      {
        'ralph.sh':
          '#!/bin/sh\ncat >/dev/null\necho x >> "$CLAUDE_PLUGIN_DATA/iterations"\necho "{\\"decision\\":\\"block\\",\\"reason\\":\\"Iteration $(wc -l < "$CLAUDE_PLUGIN_DATA/iterations" | tr -d \' \'): keep going.\\"}"\n',
      },
      { loopLimit: 3 },
    );
    const doc = JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor/hooks.json'), 'utf8'));
    expect([doc.hooks.stop[0].loop_limit, doc.hooks.subagentStop[0].loop_limit]).toEqual([3, 3]);
    const stop = (n: number) =>
      repo.fire(
        'stop',
        cursorPayload('stop', repo, { ...IDE, status: 'completed', loop_count: n, generation_id: `g-${n}` }),
      );
    expect([0, 1, 2].map((n) => stop(n).json)).toEqual(
      [1, 2, 3].map((i) => ({ followup_message: `Iteration ${i}: keep going.` })),
    );
    const last = stop(3);
    expect(last.json).toEqual({});
    expect(last.stderr).toMatch(
      /loop_count 3 has reached loop_limit 3: no follow-up is sent now, so no Stop guard runs/,
    );
    const sub = repo.fire(
      'subagentStop',
      cursorPayload('subagentStop', repo, {
        ...IDE,
        subagent_type: 'generalPurpose',
        status: 'completed',
        loop_count: 3,
        summary: 'done',
        task: 't',
        description: 'd',
      }),
    );
    expect(sub.json).toEqual({});
    const data = fs
      .readdirSync(path.join(repo.stateDir, 'plugin-data'))
      .map((d) => path.join(repo.stateDir, 'plugin-data', d, 'iterations'));
    expect(
      fs
        .readFileSync(data[0] as string, 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(3);
  });
});

describe("10. tool results in Claude's shape (docs/claude-hooks.md §4, §5.3: toolUseResult; TodoWrite {oldTodos, newTodos})", () => {
  it('a merge:true TodoWrite is accumulated; PostToolUse and the transcript get newTodos; a check-todos Stop guard reads them', () => {
    const repo = bound(
      {
        PostToolUse: [{ matcher: 'TodoWrite', hooks: [run('capture.mjs post.jsonl')] }],
        Stop: [{ hooks: [run('check-todos.mjs')] }],
      },
      {
        'capture.mjs': CAPTURE,
        // claudekit's check-todos: the last TodoWrite result in the transcript decides.
        'check-todos.mjs': node(`let todos = [];
for (const l of fs.readFileSync(input.transcript_path, 'utf8').split('\\n')) { if (!l) continue; const r = JSON.parse(l); if (r.toolUseResult?.newTodos) todos = r.toolUseResult.newTodos; }
const open = todos.filter((t) => t.status !== 'completed');
if (open.length) console.log(JSON.stringify({ decision: 'block', reason: open.length + ' todo(s) unfinished: ' + open.map((t) => t.content).join(', ') }));`),
      },
    );
    const first = {
      merge: false,
      todos: [
        { id: '1', content: 'write code', status: 'completed' },
        { id: '2', content: 'run tests', status: 'in_progress' },
        { id: '4', content: 'old idea', status: 'pending' },
      ],
    };
    const second = {
      merge: true,
      todos: [
        { id: '2', status: 'completed' },
        { id: '4', status: 'cancelled' },
        { id: '3', content: 'update docs', status: 'pending' },
      ],
    };
    const tx = repo.write(
      'transcript.jsonl',
      [first, second]
        .map((input) =>
          JSON.stringify({ role: 'assistant', message: { content: [{ type: 'tool_use', name: 'TodoWrite', input }] } }),
        )
        .join('\n') + '\n',
    );
    for (const input of [first, second]) {
      repo.fire(
        'postToolUse',
        cursorPayload('postToolUse', repo, {
          ...IDE,
          tool_name: 'TodoWrite',
          tool_input: input,
          tool_output: '{"success":true}',
          tool_use_id: toolUseId(),
          duration: 2,
          transcript_path: tx,
        }),
      );
    }
    const post = lines(repo, 'post.jsonl');
    expect(post[1]?.tool_response).toEqual({
      oldTodos: [
        { content: 'write code', status: 'completed', activeForm: 'write code', id: '1' },
        { content: 'run tests', status: 'in_progress', activeForm: 'run tests', id: '2' },
        { content: 'old idea', status: 'pending', activeForm: 'old idea', id: '4' },
      ],
      newTodos: [
        { content: 'write code', status: 'completed', activeForm: 'write code', id: '1' },
        { content: 'run tests', status: 'completed', activeForm: 'run tests', id: '2' },
        { content: 'update docs', status: 'pending', activeForm: 'update docs', id: '3' },
      ],
    });
    const stop = repo.fire(
      'stop',
      cursorPayload('stop', repo, { ...IDE, status: 'completed', loop_count: 0, transcript_path: tx }),
    );
    expect(stop.json).toEqual({ followup_message: '1 todo(s) unfinished: update docs' });
  });
});

describe("11. the shell's working directory (docs/claude-hooks.md §2.1: cwd follows the shell; docs/cursor-hooks.md §6 Shell {command, cwd, timeout}, UNCONFIRMED whether cwd is filled)", () => {
  it("a non-empty Shell tool_input.cwd becomes the Claude payload's cwd; an empty one leaves the project root", () => {
    const repo = bound(
      {
        PreToolUse: [{ matcher: 'Bash', hooks: [run('capture.mjs pre.jsonl')] }],
        PostToolUse: [{ matcher: 'Bash', hooks: [run('capture.mjs post.jsonl')] }],
      },
      { 'capture.mjs': CAPTURE },
    );
    const pre = (cwd: string) =>
      repo.fire(
        'preToolUse',
        cursorPayload('preToolUse', repo, {
          ...IDE,
          tool_name: 'Shell',
          tool_input: { command: 'npm test', cwd, timeout: 30000 },
          tool_use_id: toolUseId(),
        }),
      );
    pre('packages/api');
    pre(`${repo.dir}/tools`);
    pre('');
    repo.fire(
      'postToolUse',
      cursorPayload('postToolUse', repo, {
        ...IDE,
        tool_name: 'Shell',
        tool_input: { command: 'npm test', cwd: 'packages/api' },
        tool_output: '{"output":"ok","exitCode":0}',
        tool_use_id: toolUseId(),
        duration: 9,
      }),
    );
    expect(lines(repo, 'pre.jsonl').map((p) => p.cwd)).toEqual([
      `${repo.dir}/packages/api`,
      `${repo.dir}/tools`,
      repo.dir,
    ]);
    expect(lines(repo, 'post.jsonl').map((p) => p.cwd)).toEqual([`${repo.dir}/packages/api`]);
  });
});

describe('Agent rows see every subagent type (docs/claude-hooks.md §7: since the Task→Agent rename, Explore and Plan included)', () => {
  it.each(['explore', 'plan', 'generalPurpose'])('a Task with subagent_type %s reaches an Agent row', (type) => {
    const repo =
      repos.find((r) => fs.existsSync(path.join(r.dir, 'hooks/brief.sh'))) ??
      bound(
        { PreToolUse: [{ matcher: 'Agent', hooks: [run('brief.sh')] }] },
        { 'brief.sh': '#!/bin/sh\ncat >/dev/null\necho "Give the subagent the acceptance criteria." >&2\nexit 2\n' },
      );
    const r = repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, {
        ...IDE,
        tool_name: 'Task',
        tool_input: { subagent_type: type, description: 'd', prompt: 'p' },
        tool_use_id: toolUseId(),
      }),
    );
    expect(r.json).toMatchObject({ permission: 'deny', user_message: 'Give the subagent the acceptance criteria.' });
  });
});
