// Every row gets what Claude Code would give it, and its answer reaches whom Claude would show it: one block per
// behaviour, each written from the contracts (docs/claude-hooks.md,
// docs/cursor-hooks.md; the section is named), fired as Cursor fires hooks: a temp repo bound by `hookshim init`,
// the bound command through `sh -c` from the project root, the Cursor payload on stdin.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, ROOT, toolUseId, type Repo } from './harness.ts';

beforeAll(() => ensureBuilt());

let repo: Repo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

/** A PreToolUse row on Bash for each script. */
function preToolUse(...scripts: string[]): unknown {
  return {
    hooks: {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: scripts.map((s) => ({ type: 'command', command: `"\${CLAUDE_PLUGIN_ROOT}"/hooks/${s}` })),
        },
      ],
    },
  };
}

const WARN = (n: number) =>
  `#!/bin/sh\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"guard ${n} warns"}}'\n`;

describe('no warning lost under load (docs/claude-hooks.md §3: a PreToolUse additionalContext reaches the model)', () => {
  it("a guard's answer written before it exits is read even when hookshim's event loop is starved past the pipe grace", () => {
    const scripts = Object.fromEntries([0, 1, 2, 3, 4].map((n) => [`w${n}.sh`, WARN(n)]));
    repo = makeRepo(preToolUse(...Object.keys(scripts)), scripts);
    expect(repo.init().status).toBe(0);
    const starve = `--require ${path.join(ROOT, 'test', 'fixtures', 'preload', 'starve.cjs')}`;
    // Five events, each with five guards: before the fix one in two to four lost a warning here.
    for (let i = 0; i < 5; i++) {
      const id = toolUseId();
      const input = { tool_name: 'Shell', tool_input: { command: 'ls', cwd: '' }, tool_use_id: id };
      const pre = repo.fire('preToolUse', cursorPayload('preToolUse', repo, input), { env: { NODE_OPTIONS: starve } });
      expect(pre.json).toEqual({ permission: 'allow' });
      const post = repo.fire(
        'postToolUse',
        cursorPayload('postToolUse', repo, { ...input, tool_output: '{"output":"","exitCode":0}', duration: 1 }),
      );
      const context = String(post.json.additional_context);
      for (const n of [0, 1, 2, 3, 4]) expect(context).toContain(`guard ${n} warns`);
    }
  }, 120_000);
});

const line = (o: unknown) => `${JSON.stringify(o)}\n`;
const userQuery = (text: string) =>
  line({ role: 'user', message: { content: [{ type: 'text', text: `<user_query>\n${text}\n</user_query>` }] } });
const toolUse = (name: string, input: unknown) =>
  line({ role: 'assistant', message: { content: [{ type: 'tool_use', name, input }] } });

// hookify's shape: a stop script only hands its input to an imported rule engine, which reads transcript_path.
const HOOKIFY_STOP = `#!/usr/bin/env node
import { evaluate } from '../core/rule_engine.mjs';
let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => { const out = evaluate(JSON.parse(s)); if (out) console.log(JSON.stringify(out)); });
`;
const HOOKIFY_ENGINE = `import fs from 'node:fs';
// "tests must run": block the stop unless a Bash tool_use of npm test has a passing tool_result.
export function evaluate(input) {
  const ids = new Set(); let ok = false;
  for (const l of fs.readFileSync(input['transcript_' + 'path'], 'utf8').split('\\n').filter(Boolean)) {
    const e = JSON.parse(l);
    for (const b of Array.isArray(e.message?.content) ? e.message.content : []) {
      if (b.type === 'tool_use' && b.name === 'Bash' && /npm test/.test(b.input.command)) ids.add(b.id);
      if (b.type === 'tool_result' && ids.has(b.tool_use_id) && !b.is_error) ok = true;
    }
  }
  return ok ? undefined : { decision: 'block', reason: 'hookify: tests must run before you stop.' };
}
`;
// claudekit's shape: a tool on PATH (claudekit-hooks run check-todos) reads the last TodoWrite result's newTodos.
const CLAUDEKIT = `#!/usr/bin/env node
import fs from 'node:fs';
let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => {
  const input = JSON.parse(s); let todos = [];
  for (const l of fs.readFileSync(input.transcript_path, 'utf8').split('\\n').filter(Boolean)) {
    const r = JSON.parse(l).toolUseResult; if (r && Array.isArray(r.newTodos)) todos = r.newTodos;
  }
  const open = todos.filter((t) => t.status !== 'completed').map((t) => t.content);
  if (open.length) console.log(JSON.stringify({ decision: 'block', reason: 'Unfinished todos: ' + open.join(', ') }));
});
`;

describe('every row gets a real Claude-shaped transcript (docs/claude-hooks.md §4; docs/cursor-hooks.md §7)', () => {
  const conv = 'c0nv-item1-0000-4000-8000-000000000001';
  const ids = (gen: string) => ({ conversation_id: conv, session_id: conv, generation_id: gen });
  const stop = (r: Repo, tx: string, gen: string) =>
    r.fire('stop', cursorPayload('stop', r, { ...ids(gen), status: 'completed', loop_count: 0, transcript_path: tx }));

  it('hookify: a stop script whose imported rule engine reads transcript_path sees the npm test result', () => {
    repo = makeRepo(
      { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}"/hooks/stop.mjs' }] }] } },
      {
        'stop.mjs': HOOKIFY_STOP,
      },
    );
    repo.write('core/rule_engine.mjs', HOOKIFY_ENGINE);
    expect(repo.init().status).toBe(0);
    // Post-tool events start for every tool, so every result is recorded for the transcript (docs/transcripts.md).
    expect(repo.starts('postToolUse', 'Shell')).toBe(true);
    const tx = repo.write('cursor.jsonl', userQuery('run the tests') + toolUse('Shell', { command: 'npm test' }));
    expect(stop(repo, tx, 'g1').json).toEqual({ followup_message: 'hookify: tests must run before you stop.' });
    const post = cursorPayload('postToolUse', repo, {
      ...ids('g1'),
      tool_name: 'Shell',
      tool_input: { command: 'npm test', cwd: '' },
      tool_output: '{"output":"3 passed\\n","exitCode":0}',
      tool_use_id: toolUseId(),
      transcript_path: tx,
    });
    expect(repo.fire('postToolUse', post).json).toEqual({});
    expect(stop(repo, tx, 'g2').json).toEqual({});
  });

  it('claudekit: a tool on PATH reads the TodoWrite result from the transcript and continues the turn', () => {
    repo = makeRepo({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'claudekit-hooks run check-todos' }] }] },
    });
    const bin = path.dirname(repo.write('bin/claudekit-hooks', CLAUDEKIT, 0o755));
    // The tool is on the PATH the hook runs with, not this test's: init says so (command-not-found), and binds.
    const bound = repo.init();
    expect(bound.status).toBe(1);
    expect(bound.stdout).toMatch(/command-not-found/);
    const todos = { todos: [{ id: '1', content: 'write the docs', status: 'in_progress' }], merge: false };
    const tx = repo.write('cursor.jsonl', userQuery('plan it') + toolUse('TodoWrite', todos));
    const env = { PATH: `${bin}:${process.env.PATH}` };
    const post = cursorPayload('postToolUse', repo, {
      ...ids('g1'),
      tool_name: 'TodoWrite',
      tool_input: todos,
      tool_output: '{"success":true}',
      tool_use_id: toolUseId(),
      transcript_path: tx,
    });
    repo.fire('postToolUse', post, { env });
    const r = repo.fire(
      'stop',
      cursorPayload('stop', repo, { ...ids('g2'), status: 'completed', loop_count: 0, transcript_path: tx }),
      { env },
    );
    expect(r.json).toEqual({ followup_message: 'Unfinished todos: write the docs' });
  });

  it('transcripts: false is the explicit opt-out: scripts get an empty transcript and no result is recorded', () => {
    repo = makeRepo(
      { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}"/hooks/stop.mjs' }] }] } },
      {
        'stop.mjs': HOOKIFY_STOP,
      },
    );
    repo.write('core/rule_engine.mjs', HOOKIFY_ENGINE);
    repo.write('.cursor/hookshim.json', JSON.stringify({ catalogs: ['hooks/hooks.json'], transcripts: false }));
    expect(repo.init().status).toBe(0);
    const tx = repo.write('cursor.jsonl', userQuery('run the tests') + toolUse('Shell', { command: 'npm test' }));
    expect(stop(repo, tx, 'g1').json).toEqual({ followup_message: 'hookify: tests must run before you stop.' });
    const results = path.join(repo.stateDir, 'results');
    expect(fs.existsSync(results) ? fs.readdirSync(results) : []).toEqual([]);
  });
});

describe('each audience its field (docs/claude-hooks.md §10 Audiences; docs/cursor-hooks.md §4 preToolUse answer)', () => {
  const fire = (r: Repo, tool = 'Shell', input: unknown = { command: 'curl https://x', cwd: '' }) =>
    r.fire(
      'preToolUse',
      cursorPayload('preToolUse', r, { tool_name: tool, tool_input: input, tool_use_id: toolUseId() }),
    );
  const DENY_BOTH = `#!/bin/sh\ncat >/dev/null\necho '{"systemMessage":"WebFetch detected. AI is directed to use Tavily extract instead.","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Use mcp__tavily__extract for this URL."}}'\n`;
  const DENY_BARE = `#!/bin/sh\ncat >/dev/null\necho '{"systemMessage":"Network calls are reviewed.","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'\n`;

  // user_message leads with the systemMessage and keeps the reason: the Cursor measured gave the model user_message,
  // never agent_message (docs/cursor-hooks.md §9), and Claude shows the user both.
  it("a deny with a reason and a systemMessage: the user's text in user_message, the model's in agent_message", () => {
    repo = makeRepo(preToolUse('deny.sh'), { 'deny.sh': DENY_BOTH });
    expect(repo.init().status).toBe(0);
    expect(fire(repo).json).toEqual({
      permission: 'deny',
      user_message:
        'WebFetch detected. AI is directed to use Tavily extract instead.\n\nUse mcp__tavily__extract for this URL.',
      agent_message: 'Use mcp__tavily__extract for this URL.',
    });
  });

  it('a deny without a reason reaches the model as "Blocked by hook"; its systemMessage goes to the user', () => {
    repo = makeRepo(preToolUse('bare.sh'), { 'bare.sh': DENY_BARE });
    expect(repo.init().status).toBe(0);
    expect(fire(repo).json).toEqual({
      permission: 'deny',
      user_message: 'Network calls are reviewed.',
      agent_message: 'Blocked by hook',
    });
  });

  it('a deny with a reason only: the reason in both fields, as before', () => {
    repo = makeRepo(preToolUse('r.sh'), { 'r.sh': '#!/bin/sh\ncat >/dev/null\necho "no curl" >&2\nexit 2\n' });
    expect(repo.init().status).toBe(0);
    expect(fire(repo).json).toEqual({ permission: 'deny', user_message: 'no curl', agent_message: 'no curl' });
  });
});

describe('the smaller differences, as Claude does them (docs/claude-hooks.md §10)', () => {
  it('SessionStart exit 2: its stderr goes to the user, not the model; its dropped fields are named on stderr', () => {
    const script = `#!/bin/sh\ncat >/dev/null\necho "setup is incomplete" >&2\nexit 2\n`;
    const fields = `#!/bin/sh\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"ctx","sessionTitle":"t","watchPaths":["a"],"initialUserMessage":"hi"}}'\n`;
    repo = makeRepo(
      {
        hooks: {
          SessionStart: [
            {
              hooks: [
                { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/s.sh' },
                { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/f.sh' },
              ],
            },
          ],
        },
      },
      { 's.sh': script, 'f.sh': fields },
    );
    expect(repo.init().status).toBe(0);
    const r = repo.fire(
      'sessionStart',
      cursorPayload('sessionStart', repo, { session_id: 'sess-10', is_background_agent: false }),
    );
    expect(r.json.additional_context).toBe('ctx');
    expect(String(r.json.user_message)).toContain('setup is incomplete');
    for (const f of ['initialUserMessage', 'sessionTitle', 'watchPaths'])
      expect(r.stderr).toContain(`hookSpecificOutput.${f} dropped`);
  });

  it('defer: its updatedInput and additionalContext are ignored, and stderr says so', () => {
    const defer = `#!/bin/sh\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"defer","updatedInput":{"command":"echo rewritten"},"additionalContext":"ctx"}}'\n`;
    repo = makeRepo(preToolUse('d.sh'), { 'd.sh': defer });
    expect(repo.init().status).toBe(0);
    const r = repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, {
        tool_name: 'Shell',
        tool_input: { command: 'ls', cwd: '' },
        tool_use_id: toolUseId(),
      }),
    );
    expect(r.json).toEqual({ permission: 'allow' });
    expect(r.stderr).toMatch(/answered "defer"; its updatedInput and additionalContext are ignored/);
  });
});

describe('UserPromptSubmit where beforeSubmitPrompt never fires (docs/cursor-hooks.md §5 Cloud agents; docs/claude-hooks.md §8 UserPromptSubmit)', () => {
  const conv = 'c0nv-cloud-0000-4000-8000-000000000002';
  const ids = (gen: string) => ({ conversation_id: conv, session_id: conv, generation_id: gen });
  // Records each prompt it was given, and adds it to the model's context (plain stdout is context on UserPromptSubmit).
  const UPS = `#!/usr/bin/env node
import fs from 'node:fs';
let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => {
  const p = JSON.parse(s).prompt; fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/prompts.log', JSON.stringify(p) + '\\n');
  if (/deploy/.test(p)) { process.stderr.write('no deploys from a prompt'); process.exit(2); }
  console.log('Prompt was: ' + p);
});
`;
  const cloud = () => {
    repo = makeRepo(
      {
        hooks: {
          UserPromptSubmit: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/ups.mjs' }] }],
        },
      },
      { 'ups.mjs': UPS },
    );
    expect(repo.init().status).toBe(0);
    return repo;
  };
  const post = (r: Repo, gen: string, tx: string | null, extra: Record<string, unknown> = {}) =>
    cursorPayload('postToolUse', r, {
      ...ids(gen),
      tool_name: 'Shell',
      tool_input: { command: 'ls', cwd: '' },
      tool_output: '{"output":"","exitCode":0}',
      tool_use_id: toolUseId(),
      duration: 1,
      transcript_path: tx,
      ...extra,
    });
  const prompts = (r: Repo) => fs.readFileSync(path.join(r.dir, 'prompts.log'), 'utf8');

  it('init binds the post-tool events for every tool; two tool events of one generation at once run the rows once, with the prompt from the transcript', async () => {
    const r = cloud();
    expect(['Shell', 'Read', 'MCP:x'].map((t) => r.starts('postToolUse', t))).toEqual([true, true, true]);
    expect(r.starts('postToolUseFailure', 'Shell')).toBe(true);
    const tx = r.write('cursor.jsonl', userQuery('fix the flaky test') + toolUse('Shell', { command: 'ls' }));
    const both = await Promise.all([
      r.fireAsync('postToolUse', post(r, 'g1', tx)),
      r.fireAsync('postToolUse', post(r, 'g1', tx)),
    ]);
    expect(both.map((f) => f.json.additional_context ?? null).sort()).toEqual(['Prompt was: fix the flaky test', null]);
    expect(both.map((f) => f.stderr).join('')).toMatch(/no beforeSubmitPrompt fired for this generation/);
    expect(r.fire('postToolUse', post(r, 'g1', tx)).json).toEqual({});
    // The next generation runs them again, once, with its own prompt.
    fs.appendFileSync(tx, userQuery('now the docs'));
    expect(r.fire('postToolUse', post(r, 'g2', tx)).json).toEqual({ additional_context: 'Prompt was: now the docs' });
    expect(prompts(r)).toBe('"fix the flaky test"\n"now the docs"\n');
  });

  it('a block cannot stop the running prompt: the model is told, stderr says so; a denied first call carries it to the next postToolUse', () => {
    const r = cloud();
    const tx = r.write('cursor.jsonl', userQuery('deploy to prod'));
    const denied = cursorPayload('postToolUseFailure', r, {
      ...ids('g1'),
      tool_name: 'Shell',
      tool_input: { command: 'ls', cwd: '' },
      tool_use_id: toolUseId(),
      error_message: 'denied',
      failure_type: 'permission_denied',
      duration: 0,
      transcript_path: tx,
    });
    const failure = r.fire('postToolUseFailure', denied);
    expect(failure.json).toEqual({});
    expect(failure.stderr).toMatch(/blocked the prompt, but the prompt is already running .*: it cannot be stopped/);
    const next = String(r.fire('postToolUse', post(r, 'g1', tx)).json.additional_context);
    expect(next).toMatch(
      /^UserPromptSubmit operation blocked by hook: no deploys from a prompt\nhookshim could not stop this prompt/,
    );
    expect(prompts(r)).toBe('"deploy to prod"\n');
  });

  it('where beforeSubmitPrompt fires (desktop, CLI), tool events never run the rows again; with no readable prompt they run with "", loudly', () => {
    const r = cloud();
    const tx = r.write('cursor.jsonl', userQuery('hello'));
    const bsp = cursorPayload('beforeSubmitPrompt', r, {
      ...ids('g1'),
      prompt: 'hello',
      attachments: [],
      cursor_version: '3.15.6',
    });
    expect(r.fire('beforeSubmitPrompt', bsp).json).toEqual({ continue: true, additional_context: 'Prompt was: hello' });
    expect(r.fire('postToolUse', post(r, 'g2', tx)).json).toEqual({});
    expect(prompts(r)).toBe('"hello"\n');
    const other = post(r, 'g3', null, { conversation_id: 'c-no-tx', session_id: 'c-no-tx' });
    const blind = r.fire('postToolUse', other);
    expect(blind.json).toEqual({ additional_context: 'Prompt was:' });
    expect(blind.stderr).toMatch(
      /no user message can be read from Cursor's transcript: the UserPromptSubmit rows run now with prompt ""/,
    );
  });
});

describe('async rows: their context on the next event that carries it (docs/claude-hooks.md §10 Async context, §8 "an async row\'s additionalContext")', () => {
  const ASYNC = `#!/bin/sh
cat >/dev/null; sleep 0.3
echo '{"systemMessage":"lint ran","hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"lint: 2 warnings in a.ts"}}'
`;
  const catalog = {
    hooks: {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/lint.sh', async: true }],
        },
      ],
    },
  };
  const call = (id: string) => ({ tool_name: 'Shell', tool_input: { command: 'ls', cwd: '' }, tool_use_id: id });
  const post = (r: Repo, id: string, conv = 'c-async') =>
    r.fire(
      'postToolUse',
      cursorPayload('postToolUse', r, {
        conversation_id: conv,
        session_id: conv,
        generation_id: conv,
        ...call(id),
        tool_output: '{"output":"","exitCode":0}',
        duration: 1,
      }),
    );
  const finished = (r: Repo) => {
    const dir = path.join(r.stateDir, 'async');
    const end = Date.now() + 10_000;
    for (;;) {
      const done = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.done')) : [];
      if (done.length || Date.now() > end) return done;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  };

  it('answered first; once it finished, its additionalContext and systemMessage reach the model at the next postToolUse, once, for its own binding only', () => {
    repo = makeRepo(catalog, { 'lint.sh': ASYNC });
    expect(repo.init().status).toBe(0);
    const id = toolUseId();
    const pre = repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, {
        conversation_id: 'c-async',
        session_id: 'c-async',
        generation_id: 'c-async',
        ...call(id),
      }),
    );
    expect(pre.json).toEqual({ permission: 'allow' });
    const [done] = finished(repo);
    expect(done).toBeDefined();
    // Another project on the same state directory, in a conversation of the same id, gets none of it.
    const other = makeRepo(catalog, { 'lint.sh': '#!/bin/sh\ncat >/dev/null\n' });
    try {
      expect(other.init().status).toBe(0);
      expect(post(other, toolUseId(), 'c-async').json).toEqual({});
    } finally {
      other.cleanup();
    }
    const first = post(repo, id);
    expect(first.json).toEqual({
      additional_context: '[hooks/lint.sh (async)] lint: 2 warnings in a.ts\n\n[hooks/lint.sh (async)] lint ran',
    });
    expect(first.stderr).toMatch(/hooks\/lint.sh \(async\) finished after its event was answered/);
    expect(post(repo, toolUseId()).json).toEqual({});
  });

  it('a planted output is only ever context: its deny decides nothing, and stderr says the decision has no effect', () => {
    repo = makeRepo(catalog, { 'lint.sh': '#!/bin/sh\ncat >/dev/null\n' });
    expect(repo.init().status).toBe(0);
    expect(
      repo.fire(
        'preToolUse',
        cursorPayload('preToolUse', repo, { conversation_id: 'c-async', session_id: 'c-async', ...call(toolUseId()) }),
      ).json,
    ).toEqual({ permission: 'allow' });
    const [done] = finished(repo);
    const prefix = String(done).split('.')[0];
    const deny = {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'planted',
        additionalContext: 'planted words',
      },
    };
    fs.writeFileSync(
      path.join(repo.stateDir, 'async', `${prefix}.999999999999999-planted.0.done`),
      JSON.stringify(deny),
      { mode: 0o600 },
    );
    const pre = repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, { conversation_id: 'c-async', session_id: 'c-async', ...call(toolUseId()) }),
    );
    expect(pre.json).toEqual({ permission: 'allow' });
    const r = post(repo, toolUseId());
    expect(r.json).toEqual({ additional_context: 'planted words' });
    expect(r.stderr).toMatch(/its decision has no effect/);
  });
});
