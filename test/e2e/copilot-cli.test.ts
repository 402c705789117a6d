// The real GitHub Copilot CLI (pinned in test/conformance/version.mjs, installed on demand into the cache) runs a
// repository bound with `hookshim init --host copilot`, offline against the loopback model stand-in
// (test/conformance/copilot.mjs, docs/copilot-hooks.md §9). A scripted session checks what the model got and what
// the guards saw. Skipped, with the reason, when the CLI cannot be had here (HOOKSHIM_CONFORMANCE_OFFLINE=1, no
// registry, a binary that does not run).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: an untyped .mjs of the conformance harness
import { ensureCopilot, modelSaw, runCopilot } from '../conformance/copilot.mjs';
import { CLI, ensureBuilt } from './harness.ts';

const cli = ensureCopilot() as { skip?: string; bin?: string; pkgCache?: string };
if (cli.skip) console.log(`copilot-cli.test.ts skipped: ${cli.skip}`);

/** Denies `rm` and writes of .env by Claude's keys, and counts its runs per tool in .seen. */
const GUARD = `#!/bin/sh
input=$(cat)
printf "%s\\n" "$input" >> "$CLAUDE_PROJECT_DIR/.seen"
case "$input" in
  *'"file_path":"'*'.env"'*|*'"command":"rm '*) echo "QQDENY no rm, no .env" >&2; exit 2 ;;
esac
exit 0
`;
const hooks = (guard: string) => ({
  PreToolUse: [{ matcher: 'Bash|Edit|Write', hooks: [{ type: 'command', command: guard }] }],
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
});

let scratch: string;
beforeAll(() => {
  ensureBuilt();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-copilot-cli-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A git repository with the catalog in `form`, bound with init --host copilot. */
function boundRepo(form: 'plugin' | 'settings'): string {
  const dir = path.join(scratch, form);
  fs.mkdirSync(path.join(dir, 'hooks'), { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  fs.writeFileSync(path.join(dir, 'hooks', 'guard.sh'), GUARD, { mode: 0o755 });
  fs.writeFileSync(path.join(dir, '.env'), 'SECRET=1\n');
  if (form === 'plugin')
    fs.writeFileSync(
      path.join(dir, 'hooks', 'hooks.json'),
      JSON.stringify({ hooks: hooks('"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh') }),
    );
  else {
    fs.mkdirSync(path.join(dir, '.claude'));
    fs.writeFileSync(
      path.join(dir, '.claude', 'settings.json'),
      JSON.stringify({ hooks: hooks('"$CLAUDE_PROJECT_DIR"/hooks/guard.sh') }),
    );
  }
  const r = spawnSync(process.execPath, [CLI, 'init', dir, '--host', 'copilot'], { encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return dir;
}

const ACTION = {
  prompt: 'Clean up and add a source file.',
  tools: [
    { tool: 'Bash', input: { command: 'rm -rf build', description: 'Remove the build folder' } },
    { tool: 'Edit', input: { file_path: '$DIR/.env', old_string: 'SECRET=1', new_string: 'SECRET=2' } },
    { tool: 'Write', input: { file_path: '$DIR/src.ts', content: 'export {};\n' } },
    { tool: 'Bash', input: { command: 'echo hello', description: 'Say hello' } },
  ],
  reply: 'Finished.',
};

/** Every text the model was sent, in order, as one string per request. */
const sent = (turns: unknown[]) => (modelSaw(turns) as unknown[]).map((t) => JSON.stringify(t));

describe.skipIf(Boolean(cli.skip))('the real Copilot CLI runs the catalog through hookshim', () => {
  for (const form of ['plugin', 'settings'] as const)
    it(`${form} form: denies reach the model, edits of .env are denied by file_path, context arrives, Stop continues`, async () => {
      const dir = boundRepo(form);
      const r = await runCopilot(dir, { action: ACTION }, { ...cli, home: path.join(scratch, `home-${form}`) });
      expect(r.exit, r.stderr).toBe(0);
      const all = sent(r.turns).join('\n');
      // A Bash guard's exit-2 reason reaches the model (Copilot alone would say only "hook exited with code 2").
      expect(all).toMatch(/Denied by preToolUse hook: QQDENY no rm, no \.env/);
      expect(fs.readFileSync(path.join(dir, '.env'), 'utf8')).toBe('SECRET=1\n');
      expect(fs.existsSync(path.join(dir, 'src.ts'))).toBe(true);
      expect(all).toMatch(/QQPOST/);
      expect(JSON.stringify(r.turns[0]?.body?.messages ?? [])).toMatch(/QQUPS/);
      expect(all).toMatch(/QQSTOP run the tests/);
      const seen = fs
        .readFileSync(path.join(dir, '.seen'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      // hookshim's runs carry Claude's permission_mode; Copilot's own runs of .claude/settings.json do not.
      const viaHookshim = seen.filter((s) => s.permission_mode !== undefined);
      const native = seen.filter((s) => s.permission_mode === undefined);
      // Each row once per event through hookshim: four gated calls, four runs, all with Claude's keys.
      expect(viaHookshim.map((s) => s.tool_name)).toEqual(['Bash', 'Edit', 'Write', 'Bash']);
      expect(viaHookshim[1].tool_input.file_path).toBe(path.join(dir, '.env'));
      if (form === 'plugin') expect(native).toEqual([]);
      // Copilot also runs .claude/settings.json itself (docs/copilot-hooks.md §6), after hookshim and only where
      // hookshim allowed (a deny stops the chain): the Write and the second Bash, with Copilot's keys.
      else
        expect(native.map((s) => [s.tool_name, s.tool_input?.file_path])).toEqual([
          ['Write', undefined],
          ['Bash', undefined],
        ]);
    }, 180_000);
});

/** A git repository whose plugin-form catalog holds `hooks`, its scripts under hooks/, bound with init --host copilot. */
function boundWith(name: string, hooks: unknown, scripts: Record<string, string>): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(path.join(dir, 'hooks'), { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  for (const [file, text] of Object.entries(scripts))
    fs.writeFileSync(path.join(dir, 'hooks', file), text, { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'hooks', 'hooks.json'), JSON.stringify({ hooks }));
  const r = spawnSync(process.execPath, [CLI, 'init', dir, '--host', 'copilot'], { encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return dir;
}

describe.skipIf(Boolean(cli.skip))('the real Copilot CLI: faults and failed commands', () => {
  it('a hung guard under timeoutSec 3: hookshim denies before Copilot times out (which would run the call)', async () => {
    const hooks = {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/hang.sh' }] }],
    };
    const dir = boundWith('hung', hooks, {
      'hang.sh': '#!/bin/sh\ncat >/dev/null\ndate +%s%N > "$CLAUDE_PROJECT_DIR/.hung"\nsleep 60\n',
    });
    const file = path.join(dir, '.github', 'hooks', 'hookshim.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.hooks.preToolUse[0].timeoutSec = 3;
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    const action = {
      prompt: 'Write the file.',
      tools: [{ tool: 'Bash', input: { command: 'echo ran > effect.txt', description: 'Write the effect file' } }],
      reply: 'Done.',
    };
    const r = await runCopilot(dir, { action }, { ...cli, home: path.join(scratch, 'home-hung') });
    expect(r.exit, r.stderr).toBe(0);
    const all = sent(r.turns).join('\n');
    expect(all).toMatch(
      /Denied by preToolUse hook: hookshim: guard hooks\/hang\.sh timeout: no answer within \d+(ms|(\.\d)?s); the tool call is denied \(fail closed\)/,
    );
    expect(fs.existsSync(path.join(dir, 'effect.txt'))).toBe(false);
    // The answer came from hookshim (no HookTimeoutError of Copilot's), before its 3 s.
    const ends = r.events.filter((e: { type: string }) => e.type === 'hook.end');
    expect(JSON.stringify(ends)).not.toMatch(/HookTimeoutError/);
  }, 180_000);

  it('a bash command that exits 3 runs PostToolUseFailure rows with "Exit code 3", not PostToolUse rows (C4)', async () => {
    const ctx = (event: string, text: string) =>
      `cat >> "$CLAUDE_PROJECT_DIR/.seen"; echo >> "$CLAUDE_PROJECT_DIR/.seen"; echo '{"hookSpecificOutput":{"hookEventName":"${event}","additionalContext":"${text}"}}'`;
    const hooks = {
      PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: ctx('PostToolUse', 'QQPOSTCTX') }] }],
      PostToolUseFailure: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: ctx('PostToolUseFailure', 'QQFAILCTX') }] },
      ],
    };
    const dir = boundWith('failed', hooks, {});
    const action = {
      prompt: 'Run it.',
      tools: [
        { tool: 'Bash', input: { command: 'echo oops; exit 3', description: 'Fails' } },
        { tool: 'Bash', input: { command: 'echo fine', description: 'Succeeds' } },
      ],
      reply: 'Done.',
    };
    const r = await runCopilot(dir, { action }, { ...cli, home: path.join(scratch, 'home-failed') });
    expect(r.exit, r.stderr).toBe(0);
    const seen = fs
      .readFileSync(path.join(dir, '.seen'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(seen.map((s) => [s.hook_event_name, s.tool_input.command, s.error])).toEqual([
      ['PostToolUseFailure', 'echo oops; exit 3', 'Exit code 3\noops'],
      ['PostToolUse', 'echo fine', undefined],
    ]);
    expect(seen[0]).not.toHaveProperty('tool_response');
    const saw = sent(r.turns);
    // The failure's context reaches the model with the failed call's result; the success's with its own.
    expect(saw.findIndex((t) => t.includes('QQFAILCTX'))).toBeLessThan(saw.findIndex((t) => t.includes('QQPOSTCTX')));
    expect(saw.join('\n').match(/QQFAILCTX/g)).toHaveLength(1);
  }, 180_000);
});
