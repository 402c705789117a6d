// What init, check and doctor say first on Windows (src/commands/windows.ts, docs/hosts.md "Windows").
import { describe, expect, it } from 'vitest';
import type { CatalogRow } from '../../../catalog/types.ts';
import { windowsFindings } from '../../../src/commands/windows.ts';

const row = (extra: Partial<CatalogRow> = {}): CatalogRow => ({
  event: 'PreToolUse',
  locator: 'hooks.PreToolUse[0].hooks[0]',
  type: 'command',
  command: './guard.sh',
  ...extra,
});
const win = (...files: string[]) => ({ platform: 'win32', exists: (f: string) => files.includes(f) });
const ENV = { ProgramFiles: 'C:\\Program Files' };

describe('windowsFindings', () => {
  it('Windows without Git Bash: an error naming Git for Windows and CLAUDE_CODE_GIT_BASH_PATH', () => {
    const [f, ...rest] = windowsFindings([row(), row()], ENV, win());
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ code: 'windows-no-git-bash', severity: 'error' });
    expect(f?.message).toMatch(/^2 rows run through Git Bash on Windows, as Claude Code runs them/);
    expect(f?.fix).toMatch(/Git for Windows .* CLAUDE_CODE_GIT_BASH_PATH/);
  });
  it('Windows with Git Bash: nothing', () =>
    expect(windowsFindings([row()], ENV, win('C:\\Program Files\\Git\\bin\\bash.exe'))).toEqual([]));
  it('only exec-form and PowerShell rows: nothing (they need no bash)', () =>
    expect(
      windowsFindings([row({ args: ['x.mjs'], command: 'node' }), row({ shell: 'powershell' })], ENV, win()),
    ).toEqual([]));
  it('not Windows: nothing', () =>
    expect(windowsFindings([row()], ENV, { platform: 'linux', exists: () => false })).toEqual([]));
});
