// The program a row starts from PATH (catalog/program.ts): what check looks for and a failed run names.
import { describe, expect, it } from 'vitest';
import { programOf, shebangProgram } from '../../catalog/program.ts';
import { scriptOf } from '../../catalog/script.ts';
import type { CatalogRow } from '../../catalog/types.ts';

const vars = { pluginRoot: '/plug', projectDir: '/repo' };

describe('programOf: the word of a command the shell looks up on PATH', () => {
  it.each([
    ['uv run "${CLAUDE_PLUGIN_ROOT}"/hooks/g.py', 'uv'],
    ['python3 "$CLAUDE_PROJECT_DIR"/.claude/hooks/g.py', 'python3'],
    ['bun run hooks/g.ts', 'bun'],
    ['deno run -A hooks/g.ts', 'deno'],
    ['npx -y some-guard', 'npx'],
    ['FOO=1 env -u X node hooks/g.mjs', 'node'],
    ['node -e "process.exit(0)"', 'node'],
    ['node "$GUARD_DIR/g.mjs"', 'node'],
    ['notify-send hi', 'notify-send'],
    ['/usr/bin/python3 hooks/g.py', undefined],
    ['"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh', undefined],
    ['./hooks/g.sh', undefined],
    ['"$HOME"/bin/guard', undefined],
    ['echo hi', undefined],
    ['true', undefined],
  ])('%s → %s', (command, program) => {
    const row: CatalogRow = { event: 'PreToolUse', locator: 'PreToolUse[0].hooks[0]', type: 'command', command };
    expect(programOf(scriptOf(row, vars, '/home/u'))).toBe(program);
  });
  it('exec form: the command itself', () => {
    const row: CatalogRow = {
      event: 'Stop',
      locator: 'Stop[0].hooks[0]',
      type: 'command',
      command: 'uv',
      args: ['run'],
    };
    expect(programOf(scriptOf(row, vars))).toBe('uv');
  });
});

describe("shebangProgram: the program a script's #!/usr/bin/env line starts from PATH", () => {
  it.each([
    ['#!/usr/bin/env python3\nprint(1)', 'python3'],
    ['#!/usr/bin/env -S uv run --script\n', 'uv'],
    ['#! /usr/bin/env  node\r\n', 'node'],
    ['#!/usr/bin/env -i PATH=/x bun\n', 'bun'],
    ['#!/usr/bin/env -u HOME deno run\n', 'deno'],
    ['#!/bin/sh\n', undefined],
    ['#!/usr/bin/python3\n', undefined],
    ['#!/usr/bin/env /opt/py/bin/python\n', undefined],
    ['#!/usr/bin/env\n', undefined],
    ['print(1)\n', undefined],
    ['', undefined],
  ])('%j → %s', (head, program) => expect(shebangProgram(head)).toBe(program));
});
