// Issue 23, part B: every row gets what Claude Code would give it, and its answer reaches whom Claude would show it.
// One test per numbered item (1, 2, 7, 8, 9, 10, 11), each written from the contracts (docs/claude-hooks.md,
// docs/cursor-hooks.md; the section is named), fired as Cursor fires hooks: a temp repo bound by `hookshim init`,
// the bound command through `sh -c` from the project root, the Cursor payload on stdin.
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

describe('item 8: no warning lost under load (docs/claude-hooks.md §3: a PreToolUse additionalContext reaches the model)', () => {
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
