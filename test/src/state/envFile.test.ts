// src/state/envFile.ts: CLAUDE_ENV_FILE for SessionStart scripts (docs/claude-hooks.md §1.5): a fresh empty file of
// ours per event, read back after the scripts ran. Filesystem only.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StateDir } from '../../../src/state/dir.ts';
import { makeEnvFile, readEnvFile } from '../../../src/state/envFile.ts';

const NOW = 1_767_225_600_000;
let tmp: string;
let st: StateDir;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-envfile-')));
  st = { root: path.join(tmp, 'state') };
  fs.mkdirSync(st.root, { mode: 0o700 });
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('makeEnvFile', () => {
  it.each([
    ['a plain session id', 'c0nv-1', 'c0nv-1'],
    ['unsafe characters become _', 'a/b c.d', 'a_b_c_d'],
    ['a long id is cut to 40 characters', 'x'.repeat(50), 'x'.repeat(40)],
  ])('%s: an empty 0600 file in the env area', (_name, session, stem) => {
    const file = makeEnvFile(st, session);
    expect(file).toBe(path.join(st.root, 'env', `${stem}-${process.pid}-${NOW}.env`));
    expect(fs.readFileSync(file as string, 'utf8')).toBe('');
    expect(fs.statSync(file as string).mode & 0o777).toBe(0o600);
  });

  it('without a state dir: a fresh file in the temp dir', () => {
    const file = makeEnvFile(null, 's1');
    try {
      expect(file).toBe(path.join(os.tmpdir(), `hookshim-s1-${process.pid}-${NOW}.env`));
      expect(fs.readFileSync(file as string, 'utf8')).toBe('');
    } finally {
      if (file) fs.rmSync(file, { force: true });
    }
  });

  it('never an existing file, never through a symlink: undefined, the target untouched', () => {
    const target = path.join(tmp, 'target');
    fs.writeFileSync(target, 'precious');
    fs.mkdirSync(path.join(st.root, 'env'), { mode: 0o700 });
    fs.symlinkSync(target, path.join(st.root, 'env', `s1-${process.pid}-${NOW}.env`));
    expect(makeEnvFile(st, 's1')).toBeUndefined();
    expect(fs.readFileSync(target, 'utf8')).toBe('precious');
  });

  it('an unusable env area (a file in its place): undefined', () => {
    fs.writeFileSync(path.join(st.root, 'env'), '');
    expect(makeEnvFile(st, 's1')).toBeUndefined();
  });
});

describe('readEnvFile', () => {
  it('what the scripts wrote', () => {
    const file = makeEnvFile(st, 's1') as string;
    fs.appendFileSync(file, 'export A=1\n');
    expect(readEnvFile(file)).toBe('export A=1\n');
  });

  it.each([
    ['gone', (f: string) => fs.rmSync(f)],
    [
      'replaced by a symlink',
      (f: string) => (fs.rmSync(f), fs.writeFileSync(`${f}.t`, 'export EVIL=1'), fs.symlinkSync(`${f}.t`, f)),
    ],
    ['replaced by a FIFO', (f: string) => (fs.rmSync(f), execFileSync('mkfifo', [f]))],
    ['replaced by a directory', (f: string) => (fs.rmSync(f), fs.mkdirSync(f))],
  ])('%s: ""', (_name, replace) => {
    const file = makeEnvFile(st, 's1') as string;
    replace(file);
    expect(readEnvFile(file)).toBe('');
  });
});
