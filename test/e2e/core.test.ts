// The core path: the built bundle, bound by `hookshim init` in a temporary repo, fired as Cursor fires it, translates,
// runs the catalog's guards and answers Cursor.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

const DENY_FORCE_PUSH = `#!/bin/sh
cmd=$(cat | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).tool_input.command||""))')
case "$cmd" in
  *"push --force"*main*|*"push -f"*main*) echo "Force push to main is blocked: push a branch and open a PR." >&2; exit 2 ;;
esac
exit 0
`;
const MCP_GUARD = `#!/bin/sh
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"},"systemMessage":"Merging through MCP is not allowed here: merges go through review."}'
`;
const AGENT_ONLY = `#!/bin/sh
cat >/dev/null
echo "agent-only guard ran" >&2
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Agent row reached"}}'
`;
const STOP_A = `#!/bin/sh
cat >/dev/null
echo '{"decision":"block","reason":"Run npm test before you stop."}'
`;
const STOP_B = `#!/bin/sh
cat >/dev/null
echo "Commit your work before you stop." >&2
exit 2
`;
const SLEEPY = `#!/bin/sh
cat >/dev/null
sleep 20
`;

let repo: Repo;

beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(
    {
      description: 'core e2e catalog',
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/deny-force-push.sh', timeout: 10 }],
          },
          {
            matcher: 'mcp__github__.*',
            hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/mcp-guard.sh' }],
          },
          { matcher: 'Agent', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/agent-only.sh' }] },
          { matcher: 'Read', hooks: [{ type: 'command', command: 'hooks/sleepy.sh', timeout: 1 }] },
          { matcher: 'Grep', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/not-there.sh' }] },
        ],
        Stop: [
          {
            hooks: [
              { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/stop-a.sh' },
              { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/stop-b.sh' },
            ],
          },
        ],
        Notification: [{ hooks: [{ type: 'command', command: 'true' }] }],
      },
    },
    {
      'deny-force-push.sh': DENY_FORCE_PUSH,
      'mcp-guard.sh': MCP_GUARD,
      'agent-only.sh': AGENT_ONLY,
      'stop-a.sh': STOP_A,
      'stop-b.sh': STOP_B,
      'sleepy.sh': SLEEPY,
    },
  );
  const r = repo.init();
  // The Grep row names a script that is not there on purpose (it fails closed): init binds and reports it.
  expect(r.status, r.stderr).toBe(1);
  expect(r.stdout).toMatch(
    /error +hooks\/hooks\.json PreToolUse\[4\]\.hooks\[0\]: runs hooks\/not-there\.sh, which does not exist.*\[script-missing\]/,
  );
});
afterAll(() => repo?.cleanup());

const pre = (tool_name: string, tool_input: unknown, extra = {}) =>
  cursorPayload('preToolUse', repo, { tool_name, tool_input, tool_use_id: toolUseId(), ...extra });

describe('hookshim init', () => {
  it('writes .cursor/hooks.json in Cursor schema with one entry per needed event, and vendors the bundle', () => {
    const doc = JSON.parse(fs.readFileSync(path.join(repo.dir, '.cursor/hooks.json'), 'utf8'));
    expect(doc.version).toBe(1);
    // A Read row binds beforeReadFile, an mcp__ row beforeMCPExecution (docs/cursor-hooks.md §4, §11).
    expect(Object.keys(doc.hooks).sort()).toEqual([
      'beforeMCPExecution',
      'beforeReadFile',
      'postToolUse',
      'postToolUseFailure',
      'preToolUse',
      'stop',
    ]);
    expect(doc.hooks.preToolUse).toEqual([
      {
        command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse',
        matcher: expect.stringMatching(/^\^\(\?!/),
        timeout: 30,
        failClosed: true,
      },
    ]);
    expect(doc.hooks.beforeReadFile).toEqual([
      {
        command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs beforeReadFile',
        matcher: 'Read',
        timeout: 30,
        failClosed: true,
      },
    ]);
    expect(doc.hooks.stop).toEqual([
      {
        command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs stop',
        timeout: 60,
        failClosed: false,
        loop_limit: 8,
      },
    ]);
    expect(fs.statSync(path.join(repo.dir, '.cursor/hooks/hookshim.cjs')).size).toBeGreaterThan(1000);
  });

  it('reports the rows that can never run under Cursor, and running it twice changes nothing', () => {
    const before = fs.readFileSync(path.join(repo.dir, '.cursor/hooks.json'), 'utf8');
    const again = repo.init();
    expect(again.status).toBe(1); // the missing not-there.sh, reported again
    expect(again.stdout).toMatch(/Notification\[0\]\.hooks\[0\]: Notification has no Cursor analog/);
    expect(again.stdout).toMatch(/unchanged/);
    expect(fs.readFileSync(path.join(repo.dir, '.cursor/hooks.json'), 'utf8')).toBe(before);
  });
});

describe('preToolUse end to end', () => {
  it("denies a Shell `git push --force origin main` with the script's stderr as the message", () => {
    const r = repo.fire(
      'preToolUse',
      pre('Shell', { command: 'git push --force origin main', cwd: '', timeout: 30000 }),
    );
    expect(r.status).toBe(0);
    expect(r.json).toEqual({
      permission: 'deny',
      user_message: 'Force push to main is blocked: push a branch and open a PR.',
      agent_message: 'Force push to main is blocked: push a branch and open a PR.',
    });
  });

  it('allows an unrelated command', () => {
    expect(repo.fire('preToolUse', pre('Shell', { command: 'git status', cwd: '', timeout: 30000 })).json).toEqual({
      permission: 'allow',
    });
  });

  it('MCP:github-merge_pull_request reaches the mcp__github__.* row, and a deny that gives its reason only in systemMessage carries it', () => {
    const r = repo.fire('preToolUse', pre('MCP:github-merge_pull_request', { owner: 'o', repo: 'r', pull_number: 1 }));
    expect(r.json).toMatchObject({
      permission: 'deny',
      user_message: 'Merging through MCP is not allowed here: merges go through review.',
    });
  });

  it('an Agent row is reached by a Task of every subagent type, explore included (docs/claude-hooks.md §7)', () => {
    expect(
      repo.fire('preToolUse', pre('Task', { subagent_type: 'explore', description: 'look', prompt: 'p' })).json,
    ).toMatchObject({ permission: 'deny', user_message: 'Agent row reached' });
    expect(
      repo.fire('preToolUse', pre('Task', { subagent_type: 'generalPurpose', description: 'do', prompt: 'p' })).json,
    ).toMatchObject({ permission: 'deny', user_message: 'Agent row reached' });
  });

  it('a script that sleeps past its timeout denies, naming "timeout", well within the wrapper timeout', () => {
    const r = repo.fire('preToolUse', pre('Read', { file_path: path.join(repo.dir, 'README.md') }));
    expect(r.json.permission).toBe('deny');
    expect(r.json.user_message).toMatch(
      /hooks\/sleepy\.sh timeout: no answer within 1s; the tool call is denied \(fail closed\)/,
    );
    expect(r.ms).toBeLessThan(10_000);
  });

  it('a missing script fails closed, naming it', () => {
    const r = repo.fire('preToolUse', pre('Grep', { pattern: 'x' }));
    expect(r.json.permission).toBe('deny');
    expect(r.json.user_message).toMatch(
      /hooks\/not-there\.sh missing: .*hooks\/not-there\.sh does not exist; the tool call is denied \(fail closed\)/,
    );
  });
});

describe('stop end to end', () => {
  it('two Stop blocks come back as one followup_message', () => {
    const r = repo.fire(
      'stop',
      cursorPayload('stop', repo, { status: 'completed', loop_count: 0, transcript_path: null }),
    );
    expect(r.json).toEqual({
      followup_message:
        '[hooks/stop-a.sh] Run npm test before you stop.\n\n[hooks/stop-b.sh] Commit your work before you stop.',
    });
  });

  it('honours loop_limit: at loop_count 8 nothing is sent, no Stop row runs, and stderr says why', () => {
    const r = repo.fire(
      'stop',
      cursorPayload('stop', repo, { status: 'completed', loop_count: 8, generation_id: 'g-limit' }),
    );
    expect(r.json).toEqual({});
    expect(r.stderr).toMatch(/loop_count 8 has reached loop_limit 8: no follow-up is sent now, so no Stop guard runs/);
  });
});

describe('bad stdin still yields one valid JSON answer and a clear stderr line', () => {
  it.each([
    ['not JSON', 'this is not json', /stdin is not JSON/],
    ['empty', '', /stdin was empty/],
    ['a JSON array', '[1,2]', /not an object/],
  ])('%s', (_n, raw, message) => {
    const r = repo.fire('preToolUse', raw);
    expect(r.status).toBe(0);
    // A permission event denies what nobody could read (docs/fail-matrix.md).
    expect(r.json).toMatchObject({ permission: 'deny' });
    expect(r.stderr).toMatch(message);
  });

  it('BOM-prefixed stdin is read normally', () => {
    const r = repo.fire(
      'preToolUse',
      `\uFEFF${JSON.stringify(pre('Shell', { command: 'git push -f origin main', cwd: '', timeout: 30000 }))}`,
    );
    expect(r.json.permission).toBe('deny');
  });
});
