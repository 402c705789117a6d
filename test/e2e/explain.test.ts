// `hookshim explain` and the hook path agree: on the same payload, explain selects exactly the rows the hook runs and
// shows exactly the Claude stdin each of them receives (the transcript path aside: explain names the rewrite it would
// make, the hook hands over the rewrite it made). Every row is a capture script that records its stdin.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo, promptsSeen } from './harness.ts';

const row = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  command: `"\${CLAUDE_PLUGIN_ROOT}"/hooks/capture.sh ${name}`,
  ...extra,
});
const CATALOG = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [row('bash')] },
      { matcher: 'Bash', hooks: [row('git-only', { if: 'Bash(git *)' })] },
      { matcher: 'Write|Edit', hooks: [row('files')] },
      { matcher: 'mcp__github__.*', hooks: [row('github')] },
      { matcher: 'Agent', hooks: [row('agent')] },
      { hooks: [row('every-tool')] },
    ],
    PostToolUse: [{ matcher: 'Bash', hooks: [row('post-bash')] }],
    UserPromptSubmit: [{ hooks: [row('prompt')] }],
    SessionStart: [{ hooks: [row('session')] }],
    Stop: [{ hooks: [row('stop')] }],
    SubagentStop: [{ matcher: 'general-purpose', hooks: [row('sub')] }],
  },
};
const CAPTURE = '#!/bin/sh\nmkdir -p "$CLAUDE_PROJECT_DIR/.captured"\ncat > "$CLAUDE_PROJECT_DIR/.captured/$1.json"\n';

/** The capture name of a catalog row, from its locator (`PreToolUse[2].hooks[0]`). */
function nameOf(locator: string): string {
  const m = /^(\w+)\[(\d+)\]\.hooks\[(\d+)\]$/.exec(locator);
  const groups = (CATALOG.hooks as Record<string, { hooks: { command: string }[] }[]>)[m?.[1] ?? ''];
  return groups?.[Number(m?.[2])]?.hooks[Number(m?.[3])]?.command.split(' ').pop() ?? locator;
}

let repo: Repo;
beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(CATALOG, { 'capture.sh': CAPTURE });
  expect(repo.init().status).toBe(0);
  repo.write(
    'cursor.jsonl',
    `${JSON.stringify({ role: 'user', message: { content: [{ type: 'text', text: '<user_query>\nfix it\n</user_query>' }] } })}\n${JSON.stringify({ role: 'assistant', message: { content: [{ type: 'text', text: 'Done.' }] } })}\n`,
  );
});
afterAll(() => repo?.cleanup());

/** What the hook path ran for a payload: each capture script's stdin, by row name. */
function hookRun(event: string, payload: Record<string, unknown>): Record<string, Record<string, unknown>> {
  fs.rmSync(path.join(repo.dir, '.captured'), { recursive: true, force: true });
  repo.fire(event, payload);
  const dir = path.join(repo.dir, '.captured');
  const out: Record<string, Record<string, unknown>> = {};
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    out[f.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  return out;
}

interface Explained {
  invocations: {
    payloads: { as: string | null; payload: Record<string, unknown> }[];
    rows: { locator: string; status: string; matchedValue?: string }[];
  }[];
}

/** What explain says would run, with the stdin of each selected row. */
function explainRun(payload: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const r = spawnSync(process.execPath, [CLI, 'explain', '--json'], {
    cwd: repo.dir,
    input: JSON.stringify(payload),
    encoding: 'utf8',
    env: { ...process.env, CURSOR_PROJECT_DIR: repo.dir, HOOKSHIM_STATE_DIR: repo.stateDir },
  });
  expect(r.status, r.stderr).toBe(0);
  const rep = JSON.parse(r.stdout) as Explained;
  const out: Record<string, Record<string, unknown>> = {};
  for (const inv of rep.invocations) {
    for (const row of inv.rows.filter((x) => x.status === 'selected')) {
      const name = nameOf(row.locator);
      const p = inv.payloads.find((x) => x.as === (row.matchedValue ?? null));
      if (p) out[name] = p.payload;
    }
  }
  return out;
}

const withoutTranscripts = (m: Record<string, Record<string, unknown>>) =>
  Object.fromEntries(
    Object.entries(m).map(([k, { transcript_path: _t, agent_transcript_path: _a, ...rest }]) => [k, rest]),
  );

describe('explain selects the rows the hook runs and shows the stdin they get', () => {
  const tx = () => path.join(repo.dir, 'cursor.jsonl');
  it.each([
    [
      'preToolUse',
      'Shell git status',
      () => ({
        tool_name: 'Shell',
        tool_input: { command: 'git status', cwd: '', timeout: 30000 },
        tool_use_id: toolUseId(),
        transcript_path: tx(),
      }),
      ['bash', 'every-tool', 'git-only'],
    ],
    [
      'preToolUse',
      'Shell ls',
      () => ({ tool_name: 'Shell', tool_input: { command: 'ls' }, tool_use_id: toolUseId() }),
      ['bash', 'every-tool'],
    ],
    [
      'preToolUse',
      'Write with Cursor keys',
      () => ({ tool_name: 'Write', tool_input: { path: 'src/a.ts', contents: 'x' }, tool_use_id: toolUseId() }),
      ['every-tool', 'files'],
    ],
    [
      'preToolUse',
      'MCP',
      () => ({ tool_name: 'MCP:github-merge_pull_request', tool_input: { pull_number: 1 }, tool_use_id: toolUseId() }),
      ['every-tool', 'github'],
    ],
    [
      'preToolUse',
      'Task generalPurpose',
      () => ({
        tool_name: 'Task',
        tool_input: { subagent_type: 'generalPurpose', description: 'd', prompt: 'p' },
        tool_use_id: toolUseId(),
      }),
      ['agent', 'every-tool'],
    ],
    [
      'postToolUse',
      'Shell',
      () => ({
        tool_name: 'Shell',
        tool_input: { command: 'npm test' },
        tool_output: '{"output":"ok","exitCode":0}',
        tool_use_id: toolUseId(),
        duration: 12.5,
      }),
      ['post-bash'],
    ],
    ['beforeSubmitPrompt', 'a prompt', () => ({ prompt: 'fix the bug' }), ['prompt']],
    ['sessionStart', 'startup', () => ({ is_background_agent: false, composer_mode: 'agent' }), ['session']],
    ['beforeReadFile', 'a read', () => ({ file_path: 'src/a.ts', content: 'x', attachments: [] }), ['every-tool']],
    [
      'beforeMCPExecution',
      'with its server',
      () => ({
        tool_name: 'merge_pull_request',
        tool_input: '{"pull_number":1}',
        mcp_server_name: 'github',
        command: 'npx github-mcp',
      }),
      ['every-tool', 'github'],
    ],
    ['stop', 'completed', () => ({ status: 'completed', loop_count: 0, transcript_path: tx() }), ['stop']],
    [
      'subagentStop',
      'completed',
      () => ({
        subagent_type: 'generalPurpose',
        status: 'completed',
        loop_count: 0,
        summary: 'did it',
        agent_transcript_path: tx(),
      }),
      ['sub'],
    ],
  ])('%s %s', (event, _what, extra, rows) => {
    const payload = cursorPayload(event, repo, { conversation_id: `c-${event}-${toolUseId()}`, ...extra() });
    // As on the IDE, the conversation's prompt reached beforeSubmitPrompt: a tool event runs no prompt row itself.
    promptsSeen(repo, String(payload.conversation_id));
    const ran = hookRun(event, payload);
    const said = explainRun(payload);
    expect(Object.keys(ran).sort()).toEqual(rows);
    expect(Object.keys(said).sort()).toEqual(rows);
    expect(withoutTranscripts(said)).toEqual(withoutTranscripts(ran));
  });
});
