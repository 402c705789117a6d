// The command line: help with examples for every command, --version, exit codes, colours only on a TTY.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/io.ts';
import { memoryIO } from './helpers.ts';
import { run } from '../../../src/commands/main.ts';
import { ensureBuilt } from '../../e2e/harness.ts';
import { cleanupAll, cli, tempRepo } from './helpers.ts';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupAll());

describe('help and version', () => {
  it('top-level --help lists every command and documents exit codes and switches', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['init [dir]', 'check [dir]', 'doctor [dir]', 'explain [payload]', 'replay <file>'])
      expect(r.out).toContain(`hookshim ${c}`);
    expect(r.out).toMatch(/Exit codes:\n {2}0 {3}done, nothing wrong\n {2}1 {3}problems found/);
    expect(r.out).toMatch(/HOOKSHIM=0 turns the shim off/);
    expect(r.err).toBe('');
  });

  it.each(['init', 'check', 'doctor', 'explain', 'replay'])(
    '%s --help has usage, options and examples',
    async (command) => {
      const r = await cli([command, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`^hookshim ${command} `));
      expect(r.out).toMatch(/Options:/);
      expect(r.out).toMatch(/Examples:\n {2}hookshim /);
      if (['check', 'doctor', 'explain', 'replay'].includes(command)) expect(r.out).toMatch(/--json/);
    },
  );

  it('--version and -V print the version', async () => {
    expect((await cli(['--version'])).out).toMatch(/^(dev|\d+\.\d+\.\d+)\n$/);
    expect((await cli(['-V'])).out).toMatch(/^(dev|\d+\.\d+\.\d+)\n$/);
  });
});

describe('usage errors exit 2 with a hint', () => {
  it.each([
    ['no command', [], /Name a command, or a Cursor event/],
    ['unknown command', ['frobnicate'], /unknown command frobnicate/],
    ['a misspelt command', ['chek'], /unknown command chek: did you mean check\?/],
    ['unknown option', ['check', '--frob'], /unknown option --frob\n/],
    ['a misspelt option', ['check', '--strit'], /unknown option --strit \(did you mean --strict\?\)/],
    ['an extra argument', ['check', 'a', 'b'], /unexpected argument b/],
    ['a valued option last', ['init', '--catalog'], /--catalog needs a value/],
    ['a valued option before another', ['init', '--catalog', '--here'], /--catalog needs a value/],
    ['an empty --dir=', ['explain', '--dir='], /--dir needs a value/],
    ['missing replay file', ['replay'], /Not enough non-option arguments/],
  ])('%s', async (_n, argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toMatch(message);
    expect(r.err).toMatch(/Run `hookshim --help` for usage\.\n$/);
    expect(r.out).toBe('');
  });
});

describe('colours', () => {
  const doctorRun = async (env: NodeJS.ProcessEnv, tty: boolean) => {
    const repo = tempRepo();
    const io = memoryIO({ env: { PATH: process.env.PATH, HOME: '/nonexistent-home', ...env }, cwd: repo.dir });
    io.stdout.isTTY = tty;
    await run(['check', path.join(repo.dir)], io);
    return io.out();
  };
  it.each([
    ['a TTY', {}, true, true],
    ['a pipe', {}, false, false],
    ['a TTY with NO_COLOR', { NO_COLOR: '1' }, true, false],
    ['a TTY with TERM=dumb', { TERM: 'dumb' }, true, false],
    ['a pipe with FORCE_COLOR', { FORCE_COLOR: '1' }, false, true],
    ['FORCE_COLOR loses to NO_COLOR', { FORCE_COLOR: '1', NO_COLOR: '1' }, true, false],
  ])('%s', async (_n, env, tty, coloured) => {
    const out = await doctorRun(env, tty);
    expect(/\x1b\[\d+m/.test(out)).toBe(coloured);
  });
});
