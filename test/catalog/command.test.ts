import { describe, expect, it } from 'vitest';
import {
  envPrefix,
  prepareCommand,
  substitutePlaceholders,
  tokenize,
  type PreparedCommand,
} from '../../catalog/command.ts';
import type { CatalogRow } from '../../catalog/types.ts';

const vars = { pluginRoot: '/plug', projectDir: '/proj' };
/** A prepared command without its tokens (catalog/script.ts reads those; see the tokenize cases). */
const withoutTokens = ({ tokens: _t, ...rest }: PreparedCommand) => rest;

describe('docs/peers.md §1.3 / §1.13 env prefix', () => {
  it.each<[string, Record<string, string>]>([
    ['AI_CONFIG_STOP=1 python3 hooks/no-mistake-without-a-hook.py', { AI_CONFIG_STOP: '1' }],
    ['python3 hooks/no-mistake-without-a-hook.py', {}],
  ])('%j → %j', (command, env) => {
    expect(envPrefix(command)).toEqual(env);
  });
});

describe('envPrefix', () => {
  it.each<[string, Record<string, string>]>([
    ['A=1 B=2 cmd', { A: '1', B: '2' }],
    ["KEY='a b' cmd", { KEY: 'a b' }],
    ['KEY="a b" cmd', { KEY: 'a b' }],
    ['KEY="say \\"hi\\"" cmd', { KEY: 'say "hi"' }],
    ["KEY='$HOME' cmd", { KEY: '$HOME' }],
    ['KEY=$HOME cmd', { KEY: '$HOME' }],
    ['KEY=a"b c"d cmd', { KEY: 'ab cd' }],
    ['KEY= cmd', { KEY: '' }],
    ['KEY=a\\ b cmd', { KEY: 'a b' }],
    ['  \tA=1   cmd', { A: '1' }],
    ['A=1 cmd B=2', { A: '1' }],
    ['env FOO=1 cmd', {}],
    ['FOO=1', {}],
    ['FOO=1; cmd', {}],
    ['FOO=1 && cmd', {}],
    ['FOO="unterminated cmd', {}],
    ['1A=x cmd', {}],
    ['"A"=1 cmd', {}],
    ['A-B=1 cmd', {}],
    ['', {}],
    ['${CLAUDE_PLUGIN_ROOT}/x.sh', {}],
  ])('%j → %j', (command, env) => {
    expect(envPrefix(command)).toEqual(env);
  });
});

describe('docs/claude-hooks.md §1.5 placeholders', () => {
  it.each<[string, string]>([
    ['${CLAUDE_PLUGIN_ROOT}/scripts/format.sh', '/plug/scripts/format.sh'],
    ['$CLAUDE_PLUGIN_ROOT/scripts/format.sh', '/plug/scripts/format.sh'],
    ['"$CLAUDE_PROJECT_DIR"/hooks/x.sh', '"/proj"/hooks/x.sh'],
    ['${CLAUDE_PROJECT_DIR}', '/proj'],
    ['$CLAUDE_PROJECT_DIR', '/proj'],
    ['cd $CLAUDE_PROJECT_DIR && $CLAUDE_PLUGIN_ROOT/a $CLAUDE_PLUGIN_ROOT', 'cd /proj && /plug/a /plug'],
    // an identifier character after the bare name makes it another variable
    ['$CLAUDE_PLUGIN_ROOTX/a', '$CLAUDE_PLUGIN_ROOTX/a'],
    ['$CLAUDE_PROJECT_DIR_2', '$CLAUDE_PROJECT_DIR_2'],
    ['${CLAUDE_PLUGIN_DATA}/x', '${CLAUDE_PLUGIN_DATA}/x'],
    ['${CLAUDE_PLUGIN_ROOT', '${CLAUDE_PLUGIN_ROOT'],
    ['no placeholders', 'no placeholders'],
  ])('%j → %j', (input, output) => {
    expect(substitutePlaceholders(input, vars)).toBe(output);
  });

  it('does not reinterpret `$` in the substituted values', () => {
    expect(substitutePlaceholders('${CLAUDE_PROJECT_DIR}/x', { pluginRoot: '', projectDir: "/a$&b$'" })).toBe(
      "/a$&b$'/x",
    );
  });
});

const row = (command: string, extra: Partial<CatalogRow> = {}): CatalogRow => ({
  event: 'PreToolUse',
  locator: 'PreToolUse[0].hooks[0]',
  type: 'command',
  command,
  ...extra,
});

describe('prepareCommand', () => {
  it('shell form: the command as written (sh expands the placeholders from the environment), env prefix, label', () => {
    expect(
      withoutTokens(prepareCommand(row('AI_CONFIG_STOP=1 python3 ${CLAUDE_PLUGIN_ROOT}/hooks/x.py --flag'), vars)),
    ).toEqual({
      file: 'AI_CONFIG_STOP=1 python3 ${CLAUDE_PLUGIN_ROOT}/hooks/x.py --flag',
      shell: true,
      env: { AI_CONFIG_STOP: '1' },
      label: '/plug/hooks/x.py',
    });
  });

  it('exec form (docs/claude-hooks.md §1.2 args): placeholders per element, no shell, no env prefix', () => {
    expect(
      withoutTokens(
        prepareCommand(row('node', { args: ['${CLAUDE_PLUGIN_ROOT}/stop.js', 'A=1', '$CLAUDE_PROJECT_DIR'] }), vars),
      ),
    ).toEqual({
      file: 'node',
      args: ['/plug/stop.js', 'A=1', '/proj'],
      shell: false,
      env: {},
      label: '/plug/stop.js',
    });
  });

  it('exec form keeps an empty args list', () => {
    expect(prepareCommand(row('${CLAUDE_PROJECT_DIR}/hooks/run', { args: [] }), vars)).toMatchObject({
      file: '/proj/hooks/run',
      args: [],
      shell: false,
      label: 'hooks/run',
    });
  });

  it('throws for a row without a command (selectRows never selects one)', () => {
    expect(() => prepareCommand({ event: 'Stop', locator: 'Stop[0].hooks[0]', type: 'prompt' }, vars)).toThrow(
      /Stop\[0\]\.hooks\[0\]/,
    );
  });

  it.each<[string, string]>([
    ['hooks/deny-force-push.sh', 'hooks/deny-force-push.sh'],
    ['${CLAUDE_PROJECT_DIR}/hooks/deny-force-push.sh', 'hooks/deny-force-push.sh'],
    ['"$CLAUDE_PROJECT_DIR/hooks/with space.sh"', 'hooks/with space.sh'],
    ["bash -c 'python3 hooks/x.py'", 'PreToolUse[0].hooks[0]'],
    ['python3 "${CLAUDE_PROJECT_DIR}/hooks/x.py"', 'hooks/x.py'],
    ['AI_CONFIG_STOP=1 python3 hooks/no-mistake-without-a-hook.py', 'hooks/no-mistake-without-a-hook.py'],
    ['/usr/bin/env python3 guard.py', 'guard.py'],
    ['bash -c ./hooks/guard', './hooks/guard'],
    ['/usr/bin/env bash ./hooks/guard --strict', './hooks/guard'],
    ['$CLAUDE_PLUGIN_ROOT/bin/check', '/plug/bin/check'],
    ['/projx/hooks/a.sh', '/projx/hooks/a.sh'],
    // An inline row is named by its place in the catalog, never by an argument of its command.
    ['npx --yes some-linter --config=.lint.json', 'PreToolUse[0].hooks[0]'],
    ['echo ok', 'PreToolUse[0].hooks[0]'],
    ['sleep 0.5; echo ok', 'PreToolUse[0].hooks[0]'],
    ['node -e "process.exit(0)"', 'PreToolUse[0].hooks[0]'],
    ['curl -s https://example.com/hook.sh | sh', 'PreToolUse[0].hooks[0]'],
    ['echo a\n  echo b', 'PreToolUse[0].hooks[0]'],
    ["jq -r '.tool_input.command' | grep -q 'rm -rf' && exit 2 || exit 0", 'PreToolUse[0].hooks[0]'],
    ['grep -q x.conf', 'PreToolUse[0].hooks[0]'],
    ['npx tsx hooks/x.ts', 'hooks/x.ts'],
    ['bun run guard.ts', 'guard.ts'],
    ['uv run --quiet guard.py', 'guard.py'],
  ])('label of %j is %j', (command, label) => {
    const prepared = prepareCommand(row(command), vars);
    expect(prepared.label).toBe(label);
    expect(prepared.label.length).toBeLessThanOrEqual(80);
  });
});

describe('tokenize: the one sh lexer (POSIX sh 2.2, 2.3)', () => {
  const parts = (line: string) => tokenize(line).map((t) => (t.kind === 'op' ? t.op : t.parts));
  it.each<[string, unknown[]]>([
    ['a "b $X" \'$Y\'', [[{ lit: 'a' }], [{ lit: 'b ' }, { name: 'X', raw: '$X' }], [{ lit: '$Y' }]]],
    ['P=${HOME}/x', [[{ lit: 'P=' }, { name: 'HOME', raw: '${HOME}' }, { lit: '/x' }]]],
    [
      'N=$(date) `id`',
      [[{ lit: 'N=' }, { code: '$' }], '(', [{ lit: 'date' }], ')', [{ code: '`' }, { lit: 'id' }, { code: '`' }]],
    ],
    ['a && b', [[{ lit: 'a' }], '&', '&', [{ lit: 'b' }]]],
    ['a "open', [[{ lit: 'a' }], 'unterminated']],
    ['a # b', [[{ lit: 'a' }]]],
  ])('%j', (line, expected) => {
    expect(parts(line)).toEqual(expected);
  });
});
