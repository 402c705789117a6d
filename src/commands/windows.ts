// What init, check and doctor say first when run on Windows (docs/hosts.md, "Windows"): rows that run through Git
// Bash, as Claude Code runs them there, fail closed on a machine without it.
import type { CatalogRow } from '../../catalog/types.ts';
import { findGitBash, isWindows, type Host } from '../hook/platform.ts';
import type { Finding } from './findings.ts';

/** On Windows: an error when some row needs Git Bash and none is found; nothing elsewhere. */
export function windowsFindings(rows: readonly CatalogRow[], env: NodeJS.ProcessEnv, host: Host): Finding[] {
  if (!isWindows(host)) return [];
  const needBash = rows.filter(
    (r) => r.type === 'command' && r.command !== undefined && r.args === undefined && r.shell !== 'powershell',
  );
  if (needBash.length === 0) return [];
  const bash = findGitBash(env, host);
  if (!('error' in bash)) return [];
  return [
    {
      code: 'windows-no-git-bash',
      severity: 'error',
      where: needBash[0]?.locator ?? 'catalog',
      message:
        `${needBash.length} row${needBash.length === 1 ? '' : 's'} run through Git Bash on Windows, as ` +
        `Claude Code runs them, and this machine has none: they fail closed (every call they guard is ` +
        `denied)`,
      fix: 'install Git for Windows (https://git-scm.com/download/win), or set CLAUDE_CODE_GIT_BASH_PATH to its bash.exe',
    },
  ];
}
