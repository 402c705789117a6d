// Which file a catalog row runs, after placeholder substitution: the input of check's script checks.
import { describe, expect, it } from 'vitest';
import type { CatalogRow } from '../../catalog/types.ts';
import { firstCommandWords, scriptOf, type ScriptRef } from '../../catalog/script.ts';

const vars = { pluginRoot: '/plug', projectDir: '/repo' };
const _ = (command: string, want: ScriptRef | string, extra: Partial<CatalogRow> = {}) =>
  [command, want, extra] as const;

describe('scriptOf', () => {
  it.each([
    _('"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh', {
      kind: 'file',
      path: '/plug/hooks/guard.sh',
      written: '/plug/hooks/guard.sh',
      direct: true,
    }),
    _('$CLAUDE_PROJECT_DIR/hooks/guard.sh --strict', {
      kind: 'file',
      path: '/repo/hooks/guard.sh',
      written: '/repo/hooks/guard.sh',
      direct: true,
    }),
    _('./hooks/guard.sh', { kind: 'file', path: '/repo/hooks/guard.sh', written: './hooks/guard.sh', direct: true }),
    _('hooks/guard.sh', { kind: 'file', path: '/repo/hooks/guard.sh', written: 'hooks/guard.sh', direct: true }),
    _('~/bin/guard', { kind: 'file', path: '/home/u/bin/guard', written: '~/bin/guard', direct: true }),
    _('node "${CLAUDE_PLUGIN_ROOT}"/hooks/guard.mjs', {
      kind: 'file',
      path: '/plug/hooks/guard.mjs',
      written: '/plug/hooks/guard.mjs',
      direct: false,
      interpreter: 'node',
      program: 'node',
    }),
    _('node --no-warnings -r ./setup.cjs hooks/g.mjs arg', {
      kind: 'file',
      path: '/repo/hooks/g.mjs',
      written: 'hooks/g.mjs',
      direct: false,
      interpreter: 'node',
      program: 'node',
    }),
    _('/usr/bin/python3 -u hooks/g.py', {
      kind: 'file',
      path: '/repo/hooks/g.py',
      written: 'hooks/g.py',
      direct: false,
      interpreter: 'python3',
    }),
    _('bash hooks/g.sh', {
      kind: 'file',
      path: '/repo/hooks/g.sh',
      written: 'hooks/g.sh',
      direct: false,
      interpreter: 'bash',
      program: 'bash',
    }),
    _('deno run --allow-read hooks/g.ts', {
      kind: 'file',
      path: '/repo/hooks/g.ts',
      written: 'hooks/g.ts',
      direct: false,
      interpreter: 'deno',
      program: 'deno',
    }),
    _('FOO=1 BAR="a b" ./hooks/g.sh', {
      kind: 'file',
      path: '/repo/hooks/g.sh',
      written: './hooks/g.sh',
      direct: true,
    }),
    _('env -u X FOO=1 node hooks/g.mjs', {
      kind: 'file',
      path: '/repo/hooks/g.mjs',
      written: 'hooks/g.mjs',
      direct: false,
      interpreter: 'node',
      program: 'node',
    }),
    _('./hooks/g.sh && echo done | tee x', {
      kind: 'file',
      path: '/repo/hooks/g.sh',
      written: './hooks/g.sh',
      direct: true,
    }),
    _("'/opt/my hooks/g.sh'", {
      kind: 'file',
      path: '/opt/my hooks/g.sh',
      written: '/opt/my hooks/g.sh',
      direct: true,
    }),
    _('notify-send "Claude needs you"', { kind: 'command', name: 'notify-send' }),
    _('true', { kind: 'command', name: 'true' }),
    _('sh -c "exit 0"', 'inline code (sh -c)'),
    _('node -e "process.exit(0)"', 'inline code (node -e)'),
    _('npx some-guard', 'runs through npx'),
    _('"$HOME"/bin/guard', 'the command word "$HOME/bin/guard" depends on a variable'),
    _('node "$GUARD_DIR/g.mjs"', 'the script path "$GUARD_DIR/g.mjs" depends on a variable'),
    _('node', 'node reads its program from stdin'),
    _(
      'ignored',
      { kind: 'file', path: '/plug/bin/g', written: '/plug/bin/g', direct: true },
      { command: '${CLAUDE_PLUGIN_ROOT}/bin/g', args: ['--x'] },
    ),
    _(
      'ignored',
      { kind: 'file', path: '/repo/g.mjs', written: 'g.mjs', direct: false, interpreter: 'node', program: 'node' },
      { command: 'node', args: ['g.mjs'] },
    ),
  ])('%s', (command, want, extra) => {
    const row: CatalogRow = {
      event: 'PreToolUse',
      locator: 'PreToolUse[0].hooks[0]',
      type: 'command',
      command,
      ...extra,
    };
    const got = scriptOf(row, vars, '/home/u');
    if (typeof want === 'string') expect(got).toMatchObject({ kind: 'opaque', why: want });
    else expect(got).toEqual(want);
  });
});

describe('firstCommandWords', () => {
  it.each([
    ['a b  c', ['a', 'b', 'c']],
    ['\'x y\' "z\\"w" v\\ u', ['x y', 'z"w', 'v u']],
    ['a; b', ['a']],
    ['a | b', ['a']],
    ['a # comment', ['a']],
    ["a 'unterminated", ['a']],
  ])('%s', (line, words) => {
    expect(firstCommandWords(line).map((w) => w.value)).toEqual(words);
  });

  it('marks expansions outside single quotes as dynamic', () => {
    expect(firstCommandWords('"$X" \'$Y\' `z`').map((w) => w.dynamic)).toEqual([true, false, true]);
  });
});
