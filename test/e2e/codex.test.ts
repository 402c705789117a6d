// OpenAI Codex as a host, end to end: `hookshim init --host codex` binds a repository's Claude catalog in
// .codex/hooks.json, and each bound command, fired as Codex fires it (through a shell, from the session's folder,
// Codex's payload on stdin: docs/codex-hooks.md §2, §3), answers in the fields Codex accepts what Claude Code would have
// made of the rows (§4). The payloads are the fixtures captured from the real Codex CLI (test/fixtures/codex/hooks/);
// the last block runs the real CLI (installed on demand, offline; skipped with the reason when it cannot be had).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: an untyped .mjs of the conformance harness
import { ensureCodex, listCodexHooks, modelSaw, runCodex, trustCodexHooks } from '../conformance/codex.mjs';
import { CLI, ROOT, ensureBuilt } from './harness.ts';

/** Denies `rm` and any write of .env by Claude's keys; "ask" on `git push`; a reasonless deny on `curl`; exit 1 on "crash". */
const GUARD = `#!/bin/sh
input=$(cat)
printf '%s\\n' "$input" >> "$CLAUDE_PROJECT_DIR/.seen"
case "$input" in
  *'"file_path":"'*'.env"'*|*'"command":"rm '*) echo "QQDENY no rm, no .env" >&2; exit 2 ;;
  *'git push'*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"QQASK push?"}}' ;;
  *curl*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}' ;;
  *crash*) echo "guard bug" >&2; exit 1 ;;
esac
exit 0
`;
const CATALOG = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash|Edit|Write', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/hooks/guard.sh' }] },
    ],
    PostToolUse: [
      {
        matcher: 'Bash',
        hooks: [{ type: 'command', command: `echo '{"hookSpecificOutput":{"additionalContext":"QQPOST"}}'` }],
      },
    ],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo QQUPS' }] }],
    Stop: [
      {
        hooks: [
          {
            type: 'command',
            command: `cat | grep -q '"stop_hook_active":true' || echo '{"decision":"block","reason":"QQSTOP run the tests"}'`,
          },
        ],
      },
    ],
  },
};
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'codex', 'hooks');

let scratch: string;
beforeAll(() => {
  ensureBuilt();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-codex-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A git repository whose .claude/settings.json holds the catalog, bound with init --host codex. */
function boundRepo(name: string): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(path.join(dir, 'hooks'), { recursive: true });
  fs.mkdirSync(path.join(dir, '.claude'));
  execFileSync('git', ['init', '-q'], { cwd: dir });
  fs.writeFileSync(path.join(dir, 'hooks', 'guard.sh'), GUARD, { mode: 0o755 });
  fs.writeFileSync(path.join(dir, '.claude', 'settings.json'), JSON.stringify(CATALOG));
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'before\n');
  const r = spawnSync(process.execPath, [CLI, 'init', dir, '--host', 'codex'], { encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return dir;
}

describe('init --host codex, and each event fired as Codex fires it', () => {
  let dir: string;
  beforeAll(() => (dir = boundRepo('fired')));
  const doc = () => JSON.parse(fs.readFileSync(path.join(dir, '.codex', 'hooks.json'), 'utf8'));
  const payload = (fixture: string, over: Record<string, unknown> = {}) => ({
    ...(JSON.parse(
      fs.readFileSync(path.join(FIXTURES, `${fixture}.json`), 'utf8').replaceAll('<project>', dir),
    ) as object),
    ...over,
  });
  const fire = (event: string, input: unknown) => {
    const command = doc().hooks[event][0].hooks[0].command as string;
    const r = spawnSync('sh', ['-c', command], {
      cwd: dir,
      input: JSON.stringify(input),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, HOOKSHIM_STATE_DIR: path.join(dir, '.state') },
      encoding: 'utf8',
    });
    return { json: JSON.parse(r.stdout) as Record<string, unknown>, stderr: r.stderr };
  };
  const deny = (reason: string) => ({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });

  it("writes .codex/hooks.json in Claude's format, the bundle and the catalogs list, and says what Codex must trust", () => {
    expect(Object.keys(doc().hooks).sort()).toEqual(['PostToolUse', 'PreToolUse', 'Stop', 'UserPromptSubmit']);
    expect(doc().hooks.PreToolUse[0]).toEqual({
      matcher: 'Bash|Edit|Write',
      hooks: [
        {
          type: 'command',
          command: 'node --inspect-publish-uid stderr .codex/hooks/hookshim.cjs --host codex PreToolUse || exit 2',
          timeout: 30,
        },
      ],
    });
    expect(fs.existsSync(path.join(dir, '.codex', 'hooks', 'hookshim.cjs'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(dir, '.codex', 'hookshim.json'), 'utf8'))).toEqual({
      catalogs: ['.claude/settings.json'],
    });
    const again = spawnSync(process.execPath, [CLI, 'init', dir], { encoding: 'utf8' });
    expect(again.stdout).toMatch(/trusted project.*`--trust` to `codex exec`.*type \/hooks/);
    expect(again.stdout).toMatch(/unchanged: \.codex\/hooks\.json, \.codex\/hooks\/hookshim\.cjs/);
  });

  it('a Bash guard denies with its reason; an apply_patch adding .env is denied by file_path, one adding src/x.ts is not', () => {
    expect(fire('PreToolUse', payload('05.PreToolUse.Bash', { tool_input: { command: 'rm -rf /' } })).json).toEqual(
      deny('QQDENY no rm, no .env'),
    );
    expect(fire('PreToolUse', payload('09.PreToolUse.apply_patch')).json).toEqual(deny('QQDENY no rm, no .env'));
    const srcPatch = '*** Begin Patch\n*** Add File: src/x.ts\n+export {};\n*** End Patch\n';
    expect(
      fire('PreToolUse', payload('09.PreToolUse.apply_patch', { tool_input: { command: srcPatch } })).json,
    ).toEqual({});
    const seen = fs
      .readFileSync(path.join(dir, '.seen'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(seen.at(-1)).toMatchObject({ tool_name: 'Write', tool_input: { file_path: path.join(dir, 'src/x.ts') } });
  });

  it('an ask and a reasonless deny both block (Codex would run the call); exit 1 does not', () => {
    expect(fire('PreToolUse', payload('05.PreToolUse.Bash', { tool_input: { command: 'git push' } })).json).toEqual(
      deny('QQASK push?'),
    );
    const reasonless = fire('PreToolUse', payload('05.PreToolUse.Bash', { tool_input: { command: 'curl x' } })).json;
    expect(reasonless).toEqual(deny(expect.any(String) as unknown as string));
    expect(fire('PreToolUse', payload('05.PreToolUse.Bash', { tool_input: { command: 'echo crash' } })).json).toEqual(
      {},
    );
  });

  it('context reaches Codex as hookSpecificOutput.additionalContext; a Stop block continues the turn', () => {
    expect(fire('UserPromptSubmit', payload('02.UserPromptSubmit')).json).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'QQUPS' },
    });
    expect(fire('PostToolUse', payload('06.PostToolUse.Bash')).json).toEqual({
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'QQPOST' },
    });
    expect(fire('Stop', payload('21.Stop')).json).toEqual({ decision: 'block', reason: 'QQSTOP run the tests' });
    expect(fire('Stop', payload('21.Stop', { stop_hook_active: true })).json).toEqual({});
  });
});

const codex = ensureCodex() as { skip?: string; bin?: string };
if (codex.skip) console.log(`codex.test.ts: the real CLI is skipped: ${codex.skip}`);

describe.skipIf(Boolean(codex.skip))(
  'the real Codex CLI runs the catalog through hookshim (handlers trusted by hash)',
  () => {
    it('denies reach the model, .env is never written, src.ts is, exit 1 does not block, context arrives, Stop continues', async () => {
      const dir = boundRepo('real');
      const action = {
        prompt: 'Set up the project.',
        tools: [
          { tool: 'Bash', input: { command: 'rm -rf build' } },
          { tool: 'Write', input: { file_path: '$DIR/.env', content: 'API_KEY=x' } },
          { tool: 'Write', input: { file_path: '$DIR/src.ts', content: 'export {};' } },
          { tool: 'Bash', input: { command: 'echo crash' } },
        ],
        reply: 'Done.',
      };
      const r = await runCodex(dir, { action }, { ...codex, trust: 'hash', home: path.join(scratch, 'home-real') });
      const all = (modelSaw(r.turns) as unknown[]).map((t) => JSON.stringify(t)).join('\n');
      expect(all).toMatch(/Command blocked by PreToolUse hook: QQDENY no rm, no \.env/);
      expect(fs.existsSync(path.join(dir, '.env'))).toBe(false);
      expect(fs.readFileSync(path.join(dir, 'src.ts'), 'utf8')).toMatch(/export/);
      expect(all).toMatch(/QQPOST/);
      expect(all).toMatch(/QQUPS/);
      expect(all).toMatch(/QQSTOP run the tests/);
      // $CLAUDE_PROJECT_DIR found the guard: it ran once per gated call, with Claude's names and keys.
      const seen = fs
        .readFileSync(path.join(dir, '.seen'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(seen.map((s) => s.tool_name)).toEqual(['Bash', 'Write', 'Write', 'Bash']);
      expect(seen[1].tool_input.file_path).toBe(path.join(dir, '.env'));
    }, 180_000);

    it("doctor reads both trust gates as Codex's own hooks/list does: untrusted, trusted, then modified by an edit", async () => {
      const dir = boundRepo('trust');
      const codexHome = path.join(scratch, 'trust-home');
      fs.mkdirSync(codexHome, { recursive: true });
      fs.writeFileSync(
        path.join(codexHome, 'config.toml'),
        `[projects.${JSON.stringify(dir)}]\ntrust_level = "trusted"\n`,
      );
      const env = { PATH: process.env.PATH, HOME: path.join(scratch, 'trust-user'), CODEX_HOME: codexHome };
      const doctor = () =>
        JSON.parse(spawnSync(process.execPath, [CLI, 'doctor', '--json', dir], { env, encoding: 'utf8' }).stdout)
          .codexTrust as { project: string; handlers: { key: string; hash: string; status: string }[] };
      const listed = async () =>
        (
          (await listCodexHooks(codex.bin, dir, env)).hooks as {
            key: string;
            currentHash: string;
            trustStatus: string;
          }[]
        )
          .filter((h) => h.key.startsWith(path.join(dir, '.codex')))
          .map((h) => [h.key, h.currentHash, h.trustStatus]);
      const ours = () => doctor().handlers.map((h) => [h.key, h.hash, h.status]);
      expect(ours()).toEqual(await listed());
      await trustCodexHooks(codex.bin, dir, env);
      expect(doctor().project).toBe('trusted');
      expect(ours()).toEqual(await listed());
      expect(ours().every((h) => h[2] === 'trusted')).toBe(true);
      const file = path.join(dir, '.codex', 'hooks.json');
      const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
      doc.hooks.Stop[0].hooks[0].timeout = 61;
      fs.writeFileSync(file, JSON.stringify(doc, null, 2));
      expect(ours()).toEqual(await listed());
      expect(ours().map((h) => h[2])).toContain('modified');
    }, 120_000);
  },
);

describe.skipIf(Boolean(codex.skip))('the real Codex CLI: a hung guard', () => {
  it('under a handler timeout of 3 s: hookshim denies with its reason before Codex times out (which runs the call)', async () => {
    const dir = boundRepo('hung');
    fs.writeFileSync(path.join(dir, 'hooks', 'guard.sh'), '#!/bin/sh\ncat >/dev/null\nsleep 60\n', { mode: 0o755 });
    const file = path.join(dir, '.codex', 'hooks.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.hooks.PreToolUse[0].hooks[0].timeout = 3;
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    const action = {
      prompt: 'Write it.',
      tools: [{ tool: 'Bash', input: { command: 'echo ran > effect.txt' } }],
      reply: 'Done.',
    };
    // Trusted by hash after the edit: an edited handler is not trusted until then (docs/codex-hooks.md §1).
    const r = await runCodex(dir, { action }, { ...codex, trust: 'hash', home: path.join(scratch, 'home-hung') });
    const all = (modelSaw(r.turns) as unknown[]).map((t) => JSON.stringify(t)).join('\n');
    expect(all).toMatch(
      /Command blocked by PreToolUse hook: hookshim: guard hooks\/guard\.sh timeout: no answer within \d+(ms|(\.\d)?s); the tool call is denied \(fail closed\)/,
    );
    expect(fs.existsSync(path.join(dir, 'effect.txt'))).toBe(false);
  }, 180_000);
});

describe.skipIf(Boolean(codex.skip))('the real Codex CLI: a missing bundle', () => {
  it("blocks the call: the bound PreToolUse command turns node's exit 1 into 2 (Codex would run the call on 1)", async () => {
    const dir = boundRepo('nobundle');
    fs.rmSync(path.join(dir, '.codex', 'hooks', 'hookshim.cjs'));
    const action = {
      prompt: 'Write it.',
      tools: [{ tool: 'Bash', input: { command: 'echo ran > effect.txt' } }],
      reply: 'Done.',
    };
    const r = await runCodex(dir, { action }, { ...codex, trust: 'hash', home: path.join(scratch, 'home-nobundle') });
    const all = (modelSaw(r.turns) as unknown[]).map((t) => JSON.stringify(t)).join('\n');
    expect(all).toMatch(/Command blocked by PreToolUse hook: [^"]*Cannot find module/);
    expect(fs.existsSync(path.join(dir, 'effect.txt'))).toBe(false);
  }, 180_000);
});
