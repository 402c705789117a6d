// Hand-written entries of .cursor/hooks.json that run what a catalog runs (src/commands/nativeDuplicates.ts): every
// way a command reaches a catalog's script, an adapter script that names the catalog, and what is not one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceOf } from '../../../catalog/sources.ts';
import type { CatalogRow } from '../../../catalog/types.ts';
import { hooksFileOf } from '../../../src/project/binding.ts';
import { nativeDuplicates } from '../../../src/commands/nativeDuplicates.ts';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-native-')));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const put = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
put('hooks/hooks.json', '{}');
put('hooks/g.sh', '#!/bin/sh\n');
put('hooks/mode.sh', '#!/bin/sh\n');
put('.cursor/hooks/adapter.py', 'import json\nCATALOG = "hooks/hooks.json"\n');
put('.cursor/hooks/runs-one.sh', '#!/bin/sh\nexec "$ROOT/hooks/g.sh"\n');
put('.cursor/hooks/format.mjs', '// formats hooks/g.sh.bak and vendor/hooks/g.sh, never the guard\n');

const row = (event: string, command: string): CatalogRow => ({
  event,
  locator: `${event}[0].hooks[0]`,
  type: 'command',
  command,
  source: { catalog: 'hooks/hooks.json', kind: 'plugin', root: dir },
});
const ROWS = [
  row('PreToolUse', '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh'),
  row('Stop', '"${CLAUDE_PLUGIN_ROOT}"/hooks/mode.sh stop'),
];
const CATALOGS = [sourceOf('hooks/hooks.json', dir)];
/** The findings for one foreign entry on preToolUse (and hookshim's own entry beside it). */
const found = (command: string) => {
  const doc = {
    version: 1,
    hooks: {
      preToolUse: [{ command: 'node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs preToolUse' }, { command }],
    },
  };
  const hooks = hooksFileOf(path.join(dir, '.cursor/hooks.json'), JSON.stringify(doc));
  return nativeDuplicates(ROWS, hooks, dir, undefined, CATALOGS).map((f) => [f.code, f.where, f.message]);
};
const dup = (script: string, place: string, event: string) => [
  'native-duplicate',
  '.cursor/hooks.json preToolUse[1]',
  `runs ${script}, which hookshim already runs for ${place} (${event}): the guard runs twice, once here with ` +
    "Cursor's untranslated input",
];

describe('native-duplicate: the entry runs a catalog script, however its command reaches it', () => {
  const G = dup('hooks/g.sh', 'hooks/hooks.json PreToolUse[0].hooks[0]', 'PreToolUse');
  it.each([
    ['hooks/g.sh'],
    ['./hooks/g.sh'],
    ['sh hooks/g.sh'],
    ['"$CURSOR_PROJECT_DIR"/hooks/g.sh'],
    ['${CLAUDE_PROJECT_DIR}/hooks/g.sh --cursor'],
    [`${dir}/hooks/g.sh`],
    ['cd "$(git rev-parse --show-toplevel)" && ./hooks/g.sh'],
    ['cd "$CURSOR_PROJECT_DIR" && bash hooks/g.sh | tee -a /tmp/log'],
    ['node .cursor/hooks/run.mjs --hook=hooks/g.sh'],
    ['"$(git rev-parse --show-toplevel)"/hooks/g.sh'],
  ])('%s', (command) => expect(found(command)).toEqual([G]));
  it('with other words than every row of the script has: still that script', () =>
    expect(found('hooks/mode.sh cursor')).toEqual([dup('hooks/mode.sh', 'hooks/hooks.json Stop[0].hooks[0]', 'Stop')]));
});

describe('native-adapter: the entry runs a script of the project that names the catalog or its scripts', () => {
  it.each([
    ['python3 .cursor/hooks/adapter.py --event preToolUse', '.cursor/hooks/adapter.py', 'hooks/hooks.json'],
    ['.cursor/hooks/runs-one.sh', '.cursor/hooks/runs-one.sh', 'hooks/g.sh'],
  ])('%s', (command, adapter, names) =>
    expect(found(command)).toEqual([
      [
        'native-adapter',
        '.cursor/hooks.json preToolUse[1]',
        `runs ${adapter}, which names ${names}: a hand-written adapter of what hookshim runs, so those guards run ` +
          'twice per event (once here, once through hookshim)',
      ],
    ]),
  );
});

describe('not the catalog: nothing', () => {
  it.each([
    ['node .cursor/hooks/format.mjs'],
    ['vendor/hooks/g.sh'],
    ['"$HOME"/hooks/g.sh'],
    ['hooks/g.sh.bak'],
    ['echo hooks/g.shx'],
    ['node --inspect-publish-uid stderr .cursor/hooks/hookshim.cjs stop'],
  ])('%s', (command) => expect(found(command)).toEqual([]));
});
