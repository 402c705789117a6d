// CLAUDE_ENV_FILE lines assigned as sh would, with the catalog's sh lexer.
import { describe, expect, it } from 'vitest';
import { parseEnvFile } from '../../adapters/envFile.ts';

describe('parseEnvFile (docs/claude-hooks.md §1.5 CLAUDE_ENV_FILE)', () => {
  it.each([
    ['export X=1', { X: '1' }],
    ["export Y='a b'", { Y: 'a b' }],
    ['Z="q\\"q"', { Z: 'q"q' }],
    ['export PATH="$PATH:./node_modules/.bin"', { PATH: '/usr/bin:/bin:./node_modules/.bin' }],
    ['export DATA=${HOME}/data', { DATA: '/home/dev/data' }],
    ["export LIT='$HOME'", { LIT: '$HOME' }],
    ['export A=1\nexport B="$A-2"', { A: '1', B: '1-2' }],
    ['export NONE="$UNSET_VAR"', { NONE: '' }],
  ])('env file %j is assigned as sh would (docs/claude-hooks.md §1.5 CLAUDE_ENV_FILE)', (text, env) => {
    expect(parseEnvFile(text, { PATH: '/usr/bin:/bin', HOME: '/home/dev' })).toEqual({ env, skipped: [] });
  });

  it.each(['export NOW=$(date)', 'export NOW="`date`"', 'export A="unterminated', 'export A=1 && rm -rf /'])(
    'a value sh would run code for is skipped, never half-expanded: %j',
    (line) => {
      expect(parseEnvFile(line, {})).toEqual({ env: {}, skipped: [line] });
    },
  );
});
