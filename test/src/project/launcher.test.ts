// The shell-neutral bound command and the launcher files behind it (src/project/launcher.ts, docs/hosts.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundCommand } from '../../../src/project/binding.ts';
import {
  detectModeIn,
  isShellNeutral,
  NESTED_FORWARDER_TEXT,
  olderCommandWhy,
  PACKAGE_LAUNCHER_TEXT,
} from '../../../src/project/launcher.ts';

describe('isShellNeutral', () => {
  it.each([
    ['node .cursor/hooks/hookshim.cjs preToolUse', true],
    ['node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse', true],
    ['node "$(test -d .cursor && echo .cursor/)hooks/hookshim.cjs" preToolUse', false],
    ['"node" .cursor/hooks/hookshim.cjs stop', false],
    ['node .cursor/hooks/hookshim.cjs stop; echo', false],
    ['node %CD%/hookshim.cjs stop', false],
    ["node '.cursor/hooks/hookshim.cjs' stop", false],
    ['node .cursor/hooks/hookshim.cjs stop & echo', false],
    ['sh .cursor/hooks/hookshim.cjs stop', false],
  ])('%s → %s', (command, ok) => expect(isShellNeutral(command)).toBe(ok));

  it('every command init writes is shell-neutral, in both modes', () => {
    for (const mode of ['vendored', 'package'] as const)
      for (const ev of ['preToolUse', 'stop', 'beforeSubmitPrompt'])
        expect(isShellNeutral(boundCommand(mode, ev))).toBe(true);
  });
});

describe('olderCommandWhy', () => {
  it.each([
    ['node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs stop', ''],
    ['node .cursor/hooks/hookshim.cjs stop', 'it lacks Node\'s "--inspect-publish-uid stderr"'],
    ['node "$(test -d .cursor && echo .cursor/)hooks/hookshim.cjs" stop', 'it is not shell-neutral'],
    ['node "$(test -d .cursor || echo ../)node_modules/hookshim/dist/hookshim.cjs" stop', 'it is not shell-neutral'],
    ['node node_modules/hookshim/dist/hookshim.cjs stop', 'it starts only from the project root'],
    ['node .cursor/hooks/hookshim.mjs stop', 'it starts only from the project root'],
    ['npx hookshim stop', ''],
  ])('%s → %s', (command, why) =>
    why ? expect(olderCommandWhy(command, 'stop')).toMatch(why) : expect(olderCommandWhy(command, 'stop')).toBe(''),
  );
});

describe('detectModeIn', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-launcher-'));
  const hooks = { stop: [{ command: boundCommand('vendored', 'stop') }] };
  it('no entry of ours: undefined', () => expect(detectModeIn(dir, {})).toBeUndefined());
  it('the older package command: package', () =>
    expect(detectModeIn(dir, { stop: [{ command: 'node node_modules/hookshim/dist/hookshim.cjs stop' }] })).toBe(
      'package',
    ));
  it('a bundle behind the command: vendored', () => {
    fs.mkdirSync(path.join(dir, '.cursor/hooks'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.cursor/hooks/hookshim.cjs'), '// hookshim 0.1.0: bundle');
    expect(detectModeIn(dir, hooks)).toBe('vendored');
  });
  it('the package launcher behind the command: package', () => {
    fs.writeFileSync(path.join(dir, '.cursor/hooks/hookshim.cjs'), PACKAGE_LAUNCHER_TEXT);
    expect(detectModeIn(dir, hooks)).toBe('package');
  });
  it('the nested forwarder runs ../../hooks/hookshim.cjs with argv[1] set to it', () => {
    expect(NESTED_FORWARDER_TEXT).toMatch(/join\(__dirname, '\.\.', '\.\.', 'hooks', 'hookshim\.cjs'\)/);
    expect(NESTED_FORWARDER_TEXT).toMatch(/process\.argv\[1\] = target;/);
  });
});
