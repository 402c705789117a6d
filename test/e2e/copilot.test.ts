// GitHub Copilot as a host, end to end: `hookshim init --host copilot` binds a repository's Claude catalog in
// .github/hooks/hookshim.json, and each bound command, fired as Copilot fires it (its `bash` string through a shell,
// from the repository root, Copilot's payload on stdin: docs/copilot-hooks.md §2, §3), answers in Copilot's fields
// what Claude Code would have made of the rows (docs/copilot-hooks.md §4). The payloads are the fixtures captured
// from the real Copilot CLI (test/fixtures/copilot/hooks/).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, ensureBuilt, makeRepo, type Repo } from './harness.ts';

/** Denies `rm` and anything touching .env, by Claude's keys; exits 1 (a non-blocking error in Claude) on "crash". */
const GUARD = `#!/bin/sh
input=$(cat)
echo "$input" >> "$CLAUDE_PROJECT_DIR/.seen"
case "$input" in
  *'"file_path":"'*'.env"'*|*'"command":"rm '*) echo "no rm, no .env" >&2; exit 2 ;;
  *crash*) echo "guard bug" >&2; exit 1 ;;
esac
exit 0
`;
const CATALOG = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash|Edit|Write', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh' }] },
    ],
    PostToolUse: [
      {
        matcher: 'Bash',
        hooks: [{ type: 'command', command: `echo '{"hookSpecificOutput":{"additionalContext":"QQPOST"}}'` }],
      },
    ],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo QQUPS' }] }],
    SessionStart: [{ hooks: [{ type: 'command', command: 'echo QQSTART' }] }],
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
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'copilot', 'hooks');

let repo: Repo;
beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(CATALOG, { 'guard.sh': GUARD });
  const r = spawnSync(process.execPath, [CLI, 'init', repo.dir, '--host', 'copilot'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => repo?.cleanup());

const binding = () => JSON.parse(fs.readFileSync(path.join(repo.dir, '.github', 'hooks', 'hookshim.json'), 'utf8'));

/** A captured Copilot payload, in this repository, with `over` merged in. */
function payload(fixture: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const text = fs.readFileSync(path.join(FIXTURES, `${fixture}.json`), 'utf8').replaceAll('<project>', repo.dir);
  return { ...(JSON.parse(text) as Record<string, unknown>), ...over };
}

/** Fire `event` as Copilot does: the entry's bash string through sh, from the repository root, payload on stdin. */
function fire(event: string, input: unknown): { json: Record<string, unknown>; stderr: string; status: number | null } {
  const entry = binding().hooks[event]?.[0];
  if (!entry) throw new Error(`${event} is not bound in .github/hooks/hookshim.json`);
  const r = spawnSync('sh', ['-c', entry.bash], {
    cwd: repo.dir,
    input: JSON.stringify(input),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOOKSHIM_STATE_DIR: repo.stateDir, COPILOT_CLI: '1' },
    encoding: 'utf8',
  });
  return { json: JSON.parse(r.stdout) as Record<string, unknown>, stderr: r.stderr, status: r.status };
}

describe('init --host copilot', () => {
  it('writes .github/hooks/hookshim.json (version 1, bash and powershell) and the bundle, and no .cursor/', () => {
    const doc = binding();
    expect(doc.version).toBe(1);
    expect(Object.keys(doc.hooks).sort()).toEqual(
      ['agentStop', 'postToolUse', 'preToolUse', 'sessionStart', 'userPromptSubmitted'].sort(),
    );
    const pre = doc.hooks.preToolUse[0];
    expect(pre.bash).toBe('node --inspect-publish-uid stderr .github/hooks/hookshim.cjs --host copilot preToolUse');
    expect(pre.powershell).toBe(pre.bash);
    expect(pre.timeoutSec).toBe(30);
    expect(fs.existsSync(path.join(repo.dir, '.github', 'hooks', 'hookshim.cjs'))).toBe(true);
    expect(fs.existsSync(path.join(repo.dir, '.cursor'))).toBe(false);
  });

  it("the matcher starts nothing for a tool no row can see (Copilot's anchored regex, §2), and starts unknown tools", () => {
    const m = new RegExp(`^(?:${binding().hooks.preToolUse[0].matcher})$`);
    expect(
      ['bash', 'create', 'edit', 'apply_patch', 'powershell', 'a_tool_added_later'].filter((t) => !m.test(t)),
    ).toEqual([]);
    expect(['view', 'grep', 'glob', 'read_bash'].filter((t) => m.test(t))).toEqual([]);
  });

  it('a re-run changes nothing, and check passes; a drifted binding fails check', () => {
    const again = spawnSync(process.execPath, [CLI, 'init', repo.dir], { encoding: 'utf8' });
    expect(again.stdout).toMatch(/unchanged: \.github\/hooks\/hookshim\.json, \.github\/hooks\/hookshim\.cjs/);
    expect(spawnSync(process.execPath, [CLI, 'check', repo.dir], { encoding: 'utf8' }).status).toBe(0);
    const file = path.join(repo.dir, '.github', 'hooks', 'hookshim.json');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('"timeoutSec": 30', '"timeoutSec": 5'));
    try {
      const r = spawnSync(process.execPath, [CLI, 'check', repo.dir], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stdout + r.stderr).toMatch(/copilot-binding-stale/);
    } finally {
      fs.writeFileSync(file, text);
    }
  });
  it('--catalog binds a plugin folder the repository does not find by itself, and records it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-copilot-catalog-'));
    try {
      spawnSync('git', ['init', '-q'], { cwd: dir });
      const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] };
      fs.mkdirSync(path.join(dir, 'plugins', 'p1', 'hooks'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'plugins', 'p1', 'hooks', 'hooks.json'), JSON.stringify({ hooks }));
      const args = [CLI, 'init', dir, '--host', 'copilot', '--catalog', 'plugins/p1'];
      const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const doc = JSON.parse(fs.readFileSync(path.join(dir, '.github', 'hooks', 'hookshim.json'), 'utf8'));
      expect(Object.keys(doc.hooks)).toContain('preToolUse');
      const config = fs.readFileSync(path.join(dir, '.github', 'hooks', 'hookshim.config.json'), 'utf8');
      expect(JSON.parse(config).catalogs).toEqual(['plugins/p1']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('each event, fired as Copilot fires it', () => {
  it("a Bash guard's deny carries its reason in permissionDecisionReason (exit-2 stderr never reaches the model otherwise)", () => {
    const r = fire(
      'preToolUse',
      payload('03.preToolUse.bash', { toolArgs: { command: 'rm -rf /', description: 'x' } }),
    );
    expect(r.json).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'no rm, no .env' });
  });

  it("an Edit guard reading tool_input.file_path denies an edit of .env: Copilot's path/old_str become Claude's keys", () => {
    const r = fire(
      'preToolUse',
      payload('12.preToolUse.edit', { toolArgs: { path: `${repo.dir}/.env`, old_str: 'a', new_str: 'b' } }),
    );
    expect(r.json).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'no rm, no .env' });
    const seen = fs
      .readFileSync(path.join(repo.dir, '.seen'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(seen.at(-1)).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: `${repo.dir}/.env`, old_string: 'a', new_string: 'b', replace_all: false },
    });
  });

  it("a create of src/x.ts is let through: no objection is {}, never an allow that would skip Copilot's own checks", () => {
    const r = fire(
      'preToolUse',
      payload('09.preToolUse.create', { toolArgs: { path: `${repo.dir}/src/x.ts`, file_text: 'x' } }),
    );
    expect(r.json).toEqual({});
  });

  it('a guard that exits 1 does not block, as in Claude Code (Copilot would have denied its own hook)', () => {
    const r = fire('preToolUse', payload('03.preToolUse.bash', { toolArgs: { command: 'echo crash' } }));
    expect(r.json).toEqual({});
    expect(r.stderr).toMatch(/guard bug/);
  });

  it('UserPromptSubmit and SessionStart context: additionalContext', () => {
    expect(fire('userPromptSubmitted', payload('02.userPromptSubmitted')).json).toEqual({ additionalContext: 'QQUPS' });
    expect(fire('sessionStart', payload('01.sessionStart')).json).toEqual({ additionalContext: 'QQSTART' });
  });

  it("PostToolUse context reaches Copilot's top-level additionalContext (after the prompt's run, as Copilot orders them)", () => {
    expect(fire('postToolUse', payload('05.postToolUse.bash')).json).toEqual({ additionalContext: 'QQPOST' });
  });

  it('a Stop block continues the turn (decision:block), and stop_hook_active reaches the row on the continued turn', () => {
    expect(fire('agentStop', payload('21.agentStop')).json).toEqual({ decision: 'block', reason: 'run the tests' });
    expect(fire('agentStop', payload('21.agentStop', { stop_hook_active: true })).json).toEqual({});
  });

  it("a row using $CLAUDE_PROJECT_DIR and ${CLAUDE_PLUGIN_ROOT} finds its script: the guard ran with Claude's payload", () => {
    const seen = fs.readFileSync(path.join(repo.dir, '.seen'), 'utf8');
    expect(seen).toMatch(/"session_id":"00000000-0000-4000-8000-000000000038"/);
  });
});

describe('a .claude/settings.json catalog bound for Copilot', () => {
  it('check and doctor warn that Copilot also runs it natively (copilot-double-run), naming the fix', () => {
    const dir = fs.mkdtempSync(path.join(repo.dir, 'settings-'));
    fs.mkdirSync(path.join(dir, '.claude'));
    spawnSync('git', ['init', '-q'], { cwd: dir });
    fs.writeFileSync(
      path.join(dir, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    const init = spawnSync(process.execPath, [CLI, 'init', dir, '--host', 'copilot'], { encoding: 'utf8' });
    expect(init.stdout).toMatch(/Copilot also runs \.claude\/settings\.json hooks itself/);
    for (const cmd of ['check', 'doctor']) {
      const r = spawnSync(process.execPath, [CLI, cmd, dir, '--json'], { encoding: 'utf8' });
      const found = (JSON.parse(r.stdout).findings as { code: string; where?: string; fix?: string }[]).filter(
        (f) => f.code === 'copilot-double-run',
      );
      expect(found).toEqual([
        expect.objectContaining({ where: '.claude/settings.json', fix: expect.stringMatching(/COPILOT_HOOK_DIR/) }),
      ]);
    }
  });
  // Copilot then never starts hookshim, so no event can say so (docs/copilot-hooks.md §6): check and doctor do.
  it('disableAllHooks in any file Copilot reads it from is copilot-hooks-disabled; a file that does not parse is said', () => {
    const dir = fs.mkdtempSync(path.join(repo.dir, 'off-'));
    spawnSync('git', ['init', '-q'], { cwd: dir });
    fs.mkdirSync(path.join(dir, 'hooks'));
    fs.writeFileSync(
      path.join(dir, 'hooks', 'hooks.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    expect(spawnSync(process.execPath, [CLI, 'init', dir, '--host', 'copilot']).status).toBe(0);
    const codes = (cmd: string) =>
      (
        JSON.parse(spawnSync(process.execPath, [CLI, cmd, dir, '--json'], { encoding: 'utf8' }).stdout).findings as {
          code: string;
          severity: string;
          where?: string;
        }[]
      ).filter((f) => f.code === 'copilot-hooks-disabled');
    expect(codes('check')).toEqual([]);
    fs.mkdirSync(path.join(dir, '.github', 'copilot'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.github', 'copilot', 'settings.json'), '{"disableAllHooks": true}');
    fs.mkdirSync(path.join(dir, '.claude'));
    fs.writeFileSync(path.join(dir, '.claude', 'settings.local.json'), '{"disableAllHooks": ');
    for (const cmd of ['check', 'doctor'])
      expect(codes(cmd)).toEqual([
        expect.objectContaining({ severity: 'error', where: '.github/copilot/settings.json' }),
        expect.objectContaining({ severity: 'warning', where: '.claude/settings.local.json' }),
      ]);
  });
});
