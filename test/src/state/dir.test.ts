// The per-user state directory (docs/design.md §10): where it lives, private or refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { areaPath, openState, stateRootFor, type StateDir } from '../../../src/state/dir.ts';
import { ensurePrivateDir } from '../../../src/state/fsx.ts';

let tmp: string;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-state-')));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const warnings = () => {
  const lines: string[] = [];
  return { lines, warn: (m: string) => lines.push(m) };
};

describe('stateRootFor: where state lives', () => {
  it.each([
    ['HOOKSHIM_STATE_DIR wins', { HOOKSHIM_STATE_DIR: '/x/y', XDG_STATE_HOME: '/s', HOME: '/h' }, '/x/y'],
    ['then XDG_STATE_HOME', { XDG_STATE_HOME: '/s', HOME: '/h' }, '/s/hookshim'],
    ['then ~/.local/state', { HOME: '/h' }, '/h/.local/state/hookshim'],
  ])('%s', (_n, env, expected) => {
    expect(stateRootFor(env)).toBe(expected);
  });
  it.each([
    [
      'Windows: %LOCALAPPDATA%\\hookshim, whatever XDG says',
      { LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local', XDG_STATE_HOME: '/s' },
      'C:\\Users\\me\\AppData\\Local\\hookshim',
    ],
    ['Windows: else under %USERPROFILE%', { USERPROFILE: 'C:\\Users\\me' }, 'C:\\Users\\me\\AppData\\Local\\hookshim'],
  ])('%s', (_n, env, expected) => {
    expect(stateRootFor(env, 'win32')).toBe(expected);
  });
});

describe('openState / ensurePrivateDir: private or refused', () => {
  it('creates the directory with mode 0700', () => {
    const w = warnings();
    const st = openState({ HOOKSHIM_STATE_DIR: path.join(tmp, 'a', 'b') }, w.warn);
    expect(st).toEqual({ root: path.join(tmp, 'a', 'b') });
    expect(fs.statSync(path.join(tmp, 'a', 'b')).mode & 0o777).toBe(0o700);
    expect(w.lines).toEqual([]);
  });

  it('an existing private directory is only opened and checked (no mkdir: it exists on every event but the first)', () => {
    const dir = path.join(tmp, 'there');
    fs.mkdirSync(dir, { mode: 0o700 });
    const mkdir = vi.spyOn(fs, 'mkdirSync');
    try {
      expect([ensurePrivateDir(dir, false), ensurePrivateDir(dir, true), mkdir.mock.calls.length]).toEqual([
        null,
        null,
        0,
      ]);
    } finally {
      mkdir.mockRestore();
    }
  });

  it('a missing directory without its parent: created only with recursive, else the mkdir error', () => {
    expect(ensurePrivateDir(path.join(tmp, 'p', 'q'), false)).toMatch(/^ENOENT: /);
    expect(ensurePrivateDir(path.join(tmp, 'p', 'q'), true)).toBeNull();
    expect(fs.statSync(path.join(tmp, 'p', 'q')).mode & 0o777).toBe(0o700);
  });

  it('closes an open mode (0777 → 0700) on a directory we own', () => {
    const dir = path.join(tmp, 'open');
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o777);
    expect(ensurePrivateDir(dir, true)).toBeNull();
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('refuses a symlink (and never touches what it points at)', () => {
    const real = path.join(tmp, 'real');
    fs.mkdirSync(real, { mode: 0o755 });
    fs.symlinkSync(real, path.join(tmp, 'link'));
    const w = warnings();
    expect(openState({ HOOKSHIM_STATE_DIR: path.join(tmp, 'link') }, w.warn)).toBeNull();
    expect(w.lines).toEqual([
      `state directory ${path.join(tmp, 'link')} cannot be used (it is a symbolic link); running degraded: no stash, replay or dedup for this event`,
    ]);
    expect(fs.statSync(real).mode & 0o777).toBe(0o755);
  });

  it('refuses a dangling symlink', () => {
    fs.symlinkSync(path.join(tmp, 'nowhere'), path.join(tmp, 'dangling'));
    expect(ensurePrivateDir(path.join(tmp, 'dangling'), true)).toBe('it is a symbolic link');
  });

  it('refuses a regular file', () => {
    fs.writeFileSync(path.join(tmp, 'file'), '');
    expect(ensurePrivateDir(path.join(tmp, 'file'), false)).toBe('it is not a directory');
  });

  it.skipIf(!isRoot)('refuses a directory owned by another user (chown, as root)', () => {
    const dir = path.join(tmp, 'foreign');
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chownSync(dir, 4242, 4242);
    expect(ensurePrivateDir(dir, false)).toBe('it is owned by uid 4242, not 0');
  });

  it('HOOKSHIM_STATE_MAX_AGE_S sets the collection age override; junk values are ignored', () => {
    const root = path.join(tmp, 's');
    expect(openState({ HOOKSHIM_STATE_DIR: root, HOOKSHIM_STATE_MAX_AGE_S: '0' }, () => {})).toEqual({
      root,
      maxAgeMs: 0,
    });
    expect(openState({ HOOKSHIM_STATE_DIR: root, HOOKSHIM_STATE_MAX_AGE_S: '90' }, () => {})).toEqual({
      root,
      maxAgeMs: 90_000,
    });
    expect(openState({ HOOKSHIM_STATE_DIR: root, HOOKSHIM_STATE_MAX_AGE_S: 'soon' }, () => {})).toEqual({ root });
    expect(openState({ HOOKSHIM_STATE_DIR: root, HOOKSHIM_STATE_MAX_AGE_S: '-1' }, () => {})).toEqual({ root });
  });

  it('areaPath refuses an area that was replaced by a symlink', () => {
    const st: StateDir = { root: tmp };
    const elsewhere = path.join(tmp, 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.symlinkSync(elsewhere, path.join(tmp, 'stash'));
    expect(areaPath(st, 'stash', 'x.json')).toBeNull();
    expect(areaPath(st, 'tick', 'x.json')).toBe(path.join(tmp, 'tick', 'x.json'));
  });
});
