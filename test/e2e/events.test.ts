// Every Cursor event hookshim binds: UserPromptSubmit, PostToolUse, SessionStart, SubagentStop end to end,
// with the built bundle in a repo bound by `hookshim init`, fired as Cursor fires them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

const sh = (body: string) => `#!/bin/sh\ncat >/dev/null\n${body}\n`;

let repo: Repo;
beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(
    {
      hooks: {
        UserPromptSubmit: [
          {
            hooks: [
              { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/context.sh' },
              { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no-secrets-in-prompt.mjs' },
            ],
          },
        ],
        PostToolUse: [
          { matcher: 'Write|Edit', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/lint.sh' }] },
        ],
        SessionStart: [
          {
            matcher: 'startup|clear|compact',
            hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/session.sh' }],
          },
        ],
        SubagentStop: [
          {
            matcher: 'general-purpose',
            hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/check-subagent.sh' }],
          },
        ],
      },
    },
    {
      'context.sh': sh('echo "Branch: main (prompt context)"'),
      'no-secrets-in-prompt.mjs': `#!/usr/bin/env node
let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const {prompt}=JSON.parse(s);
if(/password/i.test(prompt)){console.error('Do not paste passwords into prompts.');process.exit(2);}});
`,
      'lint.sh': sh(
        `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint: 2 warnings in the edited file"}}'`,
      ),
      'session.sh': sh(
        `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Session rules: small commits."}}'\necho "export PROJECT_DEMO_FLAG=on" >> "$CLAUDE_ENV_FILE"`,
      ),
      'check-subagent.sh': sh('echo "The subagent did not run the tests; ask it to." >&2; exit 2'),
    },
  );
  // The postToolUse route of prompt context, for Cursor builds before same-turn delivery: init binds postToolUse for it.
  repo.write('.cursor/hookshim.json', JSON.stringify({ promptContext: 'postToolUse' }));
  const r = repo.init();
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => repo?.cleanup());

const prompt = (conv: string, gen: string, text: string) =>
  cursorPayload('beforeSubmitPrompt', repo, {
    conversation_id: conv,
    session_id: conv,
    generation_id: gen,
    prompt: text,
    attachments: [],
  });
const post = (conv: string, gen: string, tool = 'Shell', input: unknown = { command: 'ls', cwd: '', timeout: 30000 }) =>
  cursorPayload('postToolUse', repo, {
    conversation_id: conv,
    session_id: conv,
    generation_id: gen,
    tool_name: tool,
    tool_input: input,
    tool_output: '{"output":"ok","exitCode":0}',
    tool_use_id: toolUseId(),
    duration: 12.5,
  });
const CTX = 'Branch: main (prompt context)';

describe('init binds exactly what the catalog needs', () => {
  it('UserPromptSubmit, PostToolUse, SessionStart and SubagentStop rows bind these Cursor events and no others', () => {
    expect(repo.init().stdout).toMatch(/bound: preToolUse|bound: postToolUse/);
    const bound = ['postToolUse', 'postToolUseFailure', 'subagentStop', 'beforeSubmitPrompt', 'sessionStart'];
    for (const ev of bound) expect(() => repo.command(ev)).not.toThrow();
    for (const ev of ['preToolUse', 'stop', 'sessionEnd', 'preCompact', 'subagentStart'])
      expect(() => repo.command(ev)).toThrow();
  });
});

describe('UserPromptSubmit context reaches the model exactly once per prompt (docs/cursor-hooks.md §4 postToolUse additional_context)', () => {
  it.each([
    ['CLI: generation_id equals conversation_id', 'conv-cli', (_n: number) => 'conv-cli'],
    ['desktop: a generation per prompt', 'conv-desk', (n: number) => `gen-${n}`],
  ])('%s', (_name, conv, gen) => {
    expect(repo.fire('beforeSubmitPrompt', prompt(conv, gen(1), 'fix the bug')).json).toEqual({ continue: true });
    expect(repo.fire('postToolUse', post(conv, gen(1))).json).toEqual({ additional_context: CTX });
    expect(repo.fire('postToolUse', post(conv, gen(1))).json).toEqual({});
    expect(repo.fire('beforeSubmitPrompt', prompt(conv, gen(2), 'and now the docs')).json).toEqual({ continue: true });
    expect(repo.fire('postToolUse', post(conv, gen(2))).json).toEqual({ additional_context: CTX });
    expect(repo.fire('postToolUse', post(conv, gen(2))).json).toEqual({});
  });

  it("sessionStart runs only SessionStart rows; the first prompt's context comes from its own beforeSubmitPrompt, once", () => {
    const conv = 'conv-session';
    const start = repo.fire(
      'sessionStart',
      cursorPayload('sessionStart', repo, {
        conversation_id: conv,
        session_id: conv,
        generation_id: conv,
        is_background_agent: false,
        composer_mode: 'agent',
      }),
    );
    expect(start.json).toEqual({
      additional_context: 'Session rules: small commits.',
      env: { PROJECT_DEMO_FLAG: 'on' },
    });
    expect(repo.fire('beforeSubmitPrompt', prompt(conv, 'g1', 'first')).json).toEqual({ continue: true });
    expect(repo.fire('postToolUse', post(conv, 'g1')).json).toEqual({ additional_context: CTX });
    expect(repo.fire('postToolUse', post(conv, 'g1')).json).toEqual({});
    expect(repo.fire('beforeSubmitPrompt', prompt(conv, 'g2', 'second')).json).toEqual({ continue: true });
    expect(repo.fire('postToolUse', post(conv, 'g2')).json).toEqual({ additional_context: CTX });
  });

  it('a UserPromptSubmit block stops the prompt with its message', () => {
    const r = repo.fire('beforeSubmitPrompt', prompt('conv-block', 'g', 'my password is hunter2'));
    expect(r.json).toEqual({ continue: false, user_message: 'Do not paste passwords into prompts.' });
  });
});

describe('PostToolUse, SessionStart, SubagentStop (docs/claude-hooks.md §2.2, docs/cursor-hooks.md §4)', () => {
  it("a PostToolUse Write|Edit guard's context appears on that tool's postToolUse", () => {
    const conv = 'conv-post';
    repo.fire('beforeSubmitPrompt', prompt(conv, conv, 'edit'));
    repo.fire('postToolUse', post(conv, conv));
    const r = repo.fire(
      'postToolUse',
      post(conv, conv, 'StrReplace', { path: `${repo.dir}/a.ts`, old_string: 'a', new_string: 'b' }),
    );
    expect(r.json).toEqual({ additional_context: 'lint: 2 warnings in the edited file' });
    expect(repo.fire('postToolUse', post(conv, conv, 'Read', { file_path: `${repo.dir}/a.ts` })).json).toEqual({});
  });

  it('a SessionStart guard with matcher startup|clear|compact fires', () => {
    const r = repo.fire(
      'sessionStart',
      cursorPayload('sessionStart', repo, {
        conversation_id: 'conv-ss',
        session_id: 'conv-ss',
        is_background_agent: true,
        composer_mode: 'agent',
      }),
    );
    expect(r.json.additional_context).toContain('Session rules: small commits.');
  });

  it('a SubagentStop block becomes a follow-up; other statuses and agent types run nothing', () => {
    const base = {
      conversation_id: 'conv-sub',
      subagent_id: 'sa-1',
      task: 't',
      description: 'd',
      summary: 'done',
      duration_ms: 10,
      message_count: 3,
      tool_call_count: 1,
      loop_count: 0,
      modified_files: [],
    };
    expect(
      repo.fire(
        'subagentStop',
        cursorPayload('subagentStop', repo, { ...base, subagent_type: 'generalPurpose', status: 'completed' }),
      ).json,
    ).toEqual({ followup_message: 'The subagent did not run the tests; ask it to.' });
    expect(
      repo.fire(
        'subagentStop',
        cursorPayload('subagentStop', repo, {
          ...base,
          subagent_id: 'sa-2',
          subagent_type: 'explore',
          status: 'completed',
        }),
      ).json,
    ).toEqual({});
    expect(
      repo.fire(
        'subagentStop',
        cursorPayload('subagentStop', repo, {
          ...base,
          subagent_id: 'sa-3',
          subagent_type: 'generalPurpose',
          status: 'aborted',
        }),
      ).json,
    ).toEqual({});
  });
});

describe("SubagentStop reads the subagent's own transcript, rewritten into Claude's shape (docs/cursor-hooks.md §7)", () => {
  it('agent_transcript_path points at a Claude-shaped copy of the subagent transcript', () => {
    const sub = makeRepo(
      {
        hooks: {
          SubagentStop: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/last-words.mjs' }] }],
        },
      },
      {
        'last-words.mjs': `#!/usr/bin/env node
import fs from 'node:fs';
let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s).agent_transcript_path;
const lines=fs.readFileSync(p,'utf8').split('\\n').filter(l=>l.includes('"type":"assistant"'));
const last=JSON.parse(lines[lines.length-1]).message.content.find(b=>b.type==='text').text;
console.error('subagent said: '+last);process.exit(2);});
`,
      },
    );
    try {
      expect(sub.init().status).toBe(0);
      const tx = sub.write(
        'agent.jsonl',
        [
          JSON.stringify({
            role: 'user',
            message: { content: [{ type: 'text', text: '<user_query>\nfind the bug\n</user_query>' }] },
          }),
          JSON.stringify({
            role: 'assistant',
            message: { content: [{ type: 'tool_use', name: 'Shell', input: { command: 'npm test' } }] },
          }),
          JSON.stringify({ role: 'assistant', message: { content: [{ type: 'text', text: 'The bug is in sum().' }] } }),
        ].join('\n') + '\n',
      );
      const r = sub.fire(
        'subagentStop',
        cursorPayload('subagentStop', sub, {
          subagent_id: 'sa-x',
          subagent_type: 'generalPurpose',
          status: 'completed',
          loop_count: 0,
          agent_transcript_path: tx,
        }),
      );
      expect(r.json).toEqual({ followup_message: 'subagent said: The bug is in sum().' });
    } finally {
      sub.cleanup();
    }
  });
});
