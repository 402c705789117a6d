// One bound command for every shell (docs/hosts.md, "One command for every shell"; docs/cursor-hooks.md §13): every
// command init writes passes the shell-neutral grammar, and runs under dash, bash and busybox sh from the project root
// (Cursor) and from .cursor/ (Copse), in vendored and in package mode.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isShellNeutral } from '../../src/project/launcher.ts';
import { BUNDLE, cursorPayload, ensureBuilt, makeRepo, type Repo } from './harness.ts';

const GUARD = `#!/usr/bin/env node
let s = '';
process.stdin.on('data', (d) => (s += d)).on('end', () => {
  if (JSON.parse(s).tool_input.command.includes('rm ')) { console.error('no rm'); process.exit(2); }
});
`;
const STOP = '#!/bin/sh\ncat >/dev/null\necho \'{"decision":"block","reason":"run the tests first"}\'\n';
const CATALOG = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}"/hooks/guard.mjs' }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/stop.sh' }] }],
    SessionStart: [{ hooks: [{ type: 'command', command: 'true' }] }],
  },
};

/** A shell is there when it runs `true`. */
const has = (argv: readonly string[]) => spawnSync(argv[0] as string, [...argv.slice(1), '-c', 'true']).status === 0;
const SHELLS: [string, readonly string[]][] = [
  ['dash', ['dash']],
  ['bash', ['bash']],
  ['busybox sh', ['busybox', 'sh']],
];
for (const [name, argv] of SHELLS)
  if (!has(argv))
    console.warn(
      `SKIPPED: ${name} is not installed here, so the bound command is not run under it (apt-get install ${argv[0]})`,
    );

let n = 0;
const repos: Record<'vendored' | 'package', Repo> = {} as never;
beforeAll(() => {
  ensureBuilt();
  repos.vendored = makeRepo(CATALOG, { 'guard.mjs': GUARD, 'stop.sh': STOP });
  expect(repos.vendored.init().status).toBe(0);
  repos.package = makeRepo(CATALOG, { 'guard.mjs': GUARD, 'stop.sh': STOP });
  repos.package.write('node_modules/hookshim/dist/hookshim.cjs', fs.readFileSync(BUNDLE, 'utf8'));
  expect(repos.package.init(['--package']).status).toBe(0);
});
afterAll(() => Object.values(repos).forEach((r) => r.cleanup()));

describe.each(['vendored', 'package'] as const)('%s mode', (mode) => {
  it('every bound command passes the shell-neutral grammar (no $ ` & | ; < > ( ) % ! quote, no leading quoted word)', () => {
    const doc = JSON.parse(fs.readFileSync(path.join(repos[mode].dir, '.cursor/hooks.json'), 'utf8'));
    const commands = Object.values(doc.hooks as Record<string, { command: string }[]>).flatMap((l) =>
      l.map((e) => e.command),
    );
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const c of commands) {
      expect(c).not.toMatch(/[$`&|;<>()%!'"]/);
      expect(c).toMatch(/^node --inspect-publish-uid stderr \.cursor\/hooks\/hookshim\.cjs [A-Za-z]+$/);
      expect(isShellNeutral(c)).toBe(true);
    }
  });

  describe.each(SHELLS)('under %s', (_name, shell) => {
    describe.each([
      ['the project root', '', {}],
      ['.cursor/ with no Cursor variable', '.cursor', { CURSOR_PROJECT_DIR: undefined, CLAUDE_PROJECT_DIR: undefined }],
    ] as const)('from %s', (_where, cwd, env) => {
      const fire = (event: string, extra: Record<string, unknown>) =>
        repos[mode].fire(event, cursorPayload(event, repos[mode], { conversation_id: `c-${++n}`, ...extra }), {
          shell,
          cwd,
          env,
        });
      it.skipIf(!has(shell))('a Bash guard written in node denies', () => {
        const r = fire('preToolUse', { tool_name: 'Shell', tool_input: { command: 'rm -rf /' } });
        expect(r.json).toMatchObject({ permission: 'deny', user_message: 'no rm' });
      });
      it.skipIf(!has(shell))('an allowed call is allowed', () => {
        const r = fire('preToolUse', { tool_name: 'Shell', tool_input: { command: 'ls' } });
        expect(r.json).toMatchObject({ permission: 'allow' });
      });
      it.skipIf(!has(shell))('a stop guard follows up', () => {
        const r = fire('stop', { status: 'completed', loop_count: 0 });
        expect(r.json).toEqual({ followup_message: 'run the tests first' });
      });
    });
  });
});
