import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPath } from '../../../src/commands/onPath.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-onpath-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const bin = (name: string) => (fs.writeFileSync(path.join(dir, name), ''), fs.chmodSync(path.join(dir, name), 0o755));
bin('jq');
bin('node.exe');
bin('tool.cmd');

// On Windows a command is found through PATHEXT, under a PATH whose name may be `Path` (docs/hosts.md "Windows").
describe('onPath', () => {
  it.each<[string, NodeJS.ProcessEnv, NodeJS.Platform, string | undefined]>([
    ['jq', { PATH: dir }, 'linux', path.join(dir, 'jq')],
    ['node', { PATH: dir }, 'linux', undefined],
    ['node', { Path: `C:\\nowhere;${dir}` }, 'win32', path.join(dir, 'node.exe')],
    ['node.exe', { PATH: dir }, 'win32', path.join(dir, 'node.exe')],
    ['tool', { PATH: dir, PATHEXT: '.EXE;.CMD' }, 'win32', path.join(dir, 'tool.cmd')],
    ['tool', { PATH: dir, PATHEXT: '.EXE' }, 'win32', undefined],
    ['jq', { PATH: dir }, 'win32', undefined],
    ['jq', {}, 'linux', undefined],
  ])('%s with %j on %s → %s', (name, env, platform, found) => {
    expect(onPath(name, env, platform)).toBe(found);
  });
});
