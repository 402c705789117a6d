// The Copilot cloud coding agent as a first-class case (docs/copilot-hooks.md §1: it reads only .github/hooks/*.json,
// runs `bash` entries from the repository at /workspace, loads no `.claude/`, and takes `ask` as deny). A catalog kept
// in .claude/settings.json enforces there only through hookshim's binding: each `bash` entry, fired from a checkout
// named `workspace` with none of the Copilot CLI's variables, decides as Claude Code would.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt } from './harness.ts';

const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in
  *'"file_path":"'*'.env"'*|*'push --force'*) echo "not on a pull request" >&2; exit 2 ;;
esac
exit 0
`;
const SETTINGS = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash|Edit|Write', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh' }] },
    ],
    Stop: [
      {
        hooks: [
          {
            type: 'command',
            command: `cat | grep -q '"stop_hook_active":true' || echo '{"decision":"block","reason":"run the tests"}'`,
          },
        ],
      },
    ],
  },
};

let tmp: string;
let workspace: string;
beforeAll(() => {
  ensureBuilt();
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-cloud-')));
  workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(workspace, '.claude', 'hooks'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.claude', 'settings.json'), JSON.stringify(SETTINGS, null, 2));
  fs.writeFileSync(path.join(workspace, '.claude', 'hooks', 'g.sh'), GUARD, { mode: 0o755 });
  spawnSync('git', ['init', '-q'], { cwd: workspace });
  const r = spawnSync(process.execPath, [CLI, 'init', workspace, '--host', 'copilot'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const binding = () =>
  JSON.parse(fs.readFileSync(path.join(workspace, '.github', 'hooks', 'hookshim.json'), 'utf8')) as {
    hooks: Record<string, { bash?: string }[]>;
  };

/** Fire `event`'s `bash` entry as the cloud agent does: bash, from /workspace, none of the Copilot CLI's variables. */
function fire(event: string, input: Record<string, unknown>) {
  const entry = binding().hooks[event]?.[0];
  if (!entry?.bash) throw new Error(`${event} has no bash entry`);
  const r = spawnSync('bash', ['-c', entry.bash], {
    cwd: workspace,
    input: JSON.stringify({ sessionId: 'cloud-1', timestamp: Date.now(), cwd: workspace, ...input }),
    env: { PATH: process.env.PATH, HOME: path.join(tmp, 'home'), HOOKSHIM_STATE_DIR: path.join(tmp, 'state') },
    encoding: 'utf8',
  });
  expect(r.stdout.trim().split('\n')).toHaveLength(1);
  return { json: JSON.parse(r.stdout) as Record<string, unknown>, stderr: r.stderr };
}

describe('the Copilot cloud coding agent: only .github/hooks, bash entries, /workspace', () => {
  it('every entry has a bash command (the cloud agent runs no powershell)', () => {
    for (const entries of Object.values(binding().hooks)) for (const e of entries) expect(e.bash).toMatch(/hookshim/);
  });

  it("a Bash guard from .claude/settings.json denies, with the guard's reason for the model", () =>
    expect(fire('preToolUse', { toolName: 'bash', toolArgs: { command: 'git push --force' } }).json).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: 'not on a pull request',
    }));

  it('an Edit guard reading file_path denies a create of .env, and allows src/x.ts', () => {
    const create = (p: string) => ({ toolName: 'create', toolArgs: { path: path.join(workspace, p), file_text: 'x' } });
    expect(fire('preToolUse', create('.env')).json).toMatchObject({ permissionDecision: 'deny' });
    expect(fire('preToolUse', create('src/x.ts')).json).toEqual({});
  });

  it('a Stop guard blocks once, so the agent goes on', () => {
    expect(fire('agentStop', { stopReason: 'end_turn', stop_hook_active: false }).json).toEqual({
      decision: 'block',
      reason: 'run the tests',
    });
    expect(
      fire('agentStop', { stopReason: 'end_turn', stop_hook_active: true, timestamp: Date.now() + 1 }).json,
    ).toEqual({});
  });
});
