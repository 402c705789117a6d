// check's two lists under Codex (src/commands/codexForeign.ts): handlers of .codex/hooks.json that hookshim does not
// own but that run the catalog's scripts (native-duplicate, as under Cursor) or /import copies of them
// (codex-import-copy), and copies that no longer match the catalog (codex-import-stale).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/commands/check.ts';
import { initCodex } from '../../../src/commands/initCodex.ts';
import { ensureBuilt } from '../../e2e/harness.ts';
import { cleanupAll, sh, tempRepo } from './helpers.ts';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupAll());

const GUARD = sh('exit 0');

/** A repository bound for Codex only, whose .codex/hooks.json then gets `extra` groups of someone else's. */
function bound(extra: Record<string, unknown[]>, files: Record<string, string> = {}) {
  const repo = tempRepo();
  repo.catalog({
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh' }] }],
  });
  repo.write('hooks/guard.sh', GUARD);
  initCodex({ dir: repo.dir });
  const doc = JSON.parse(repo.read('.codex/hooks.json')) as { hooks: Record<string, unknown[]> };
  for (const [event, groups] of Object.entries(extra)) doc.hooks[event] = [...(doc.hooks[event] ?? []), ...groups];
  repo.write('.codex/hooks.json', JSON.stringify(doc, null, 2));
  for (const [rel, text] of Object.entries(files)) repo.write(rel, text, 0o755);
  const findings = runChecks({ dir: repo.dir, env: { PATH: process.env.PATH } }).findings;
  return findings.filter((f) => /^(codex-import|native-)/.test(f.code));
}

const group = (command: string) => ({ matcher: 'Bash', hooks: [{ type: 'command', command }] });

describe('Codex handlers that run what the catalog runs', () => {
  it('an /import copy run beside the binding, already stale: codex-import-copy (error) and codex-import-stale', () => {
    const f = bound({ PreToolUse: [group('sh .codex/hooks/guard.sh')] }, { '.codex/hooks/guard.sh': sh('exit 2') });
    expect(f.map((x) => [x.code, x.severity, x.where])).toEqual([
      ['codex-import-copy', 'error', '.codex/hooks.json PreToolUse[1].hooks[0]'],
      ['codex-import-stale', 'warning', '.codex/hooks/guard.sh'],
    ]);
    expect(f[0]?.message).toMatch(
      /^runs \.codex\/hooks\/guard\.sh, a copy of hooks\/guard\.sh \(Codex's \/import\): hookshim already runs hooks\/guard\.sh for hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\] \(PreToolUse\)/,
    );
    expect(f[0]?.fix).toMatch(/remove this handler from \.codex\/hooks\.json and delete \.codex\/hooks\/guard\.sh/);
    expect(f[1]?.message).toMatch(/differs from hooks\/guard\.sh, the catalog script it copies/);
  });

  it('a copy still equal to the catalog script: only codex-import-copy', () => {
    const f = bound({ PreToolUse: [group('"$PWD"/.codex/hooks/guard.sh')] }, { '.codex/hooks/guard.sh': GUARD });
    expect(f.map((x) => x.code)).toEqual(['codex-import-copy']);
  });

  it("a handler running the catalog's own script: native-duplicate, worded for Codex", () => {
    const f = bound({ PreToolUse: [group('./hooks/guard.sh')] });
    expect(f.map((x) => [x.code, x.where])).toEqual([['native-duplicate', '.codex/hooks.json PreToolUse[1].hooks[0]']]);
    expect(f[0]?.message).toMatch(/once here with Codex's untranslated input/);
    expect(f[0]?.fix).toMatch(/^remove this entry from \.codex\/hooks\.json/);
  });

  it("a stale copy nobody runs is still said; hookshim's own handlers and unrelated ones are not", () => {
    const f = bound(
      { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] },
      {
        '.codex/scripts/guard.sh': sh('exit 1'),
      },
    );
    expect(f.map((x) => [x.code, x.where])).toEqual([['codex-import-stale', '.codex/scripts/guard.sh']]);
  });
});
