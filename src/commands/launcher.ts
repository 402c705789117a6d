// init and check for the committed launcher files behind the bound command (src/project/launcher.ts, docs/hosts.md):
// the nested forwarder a host running hooks from `.cursor/` resolves, and package mode's `.cursor/hooks/hookshim.cjs`.
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGED, VENDORED, type HooksFile, type Mode } from '../project/binding.ts';
import { cannotStart } from './checkBinding.ts';
import {
  isLauncher,
  NESTED_FORWARDER,
  NESTED_FORWARDER_TEXT,
  PACKAGE_LAUNCHER_TEXT,
  readText,
} from '../project/launcher.ts';
import type { Finding } from './findings.ts';

/** The launcher files of a mode, relative to the root, with the text init writes. */
export function launcherFiles(mode: Mode): [string, string][] {
  const files: [string, string][] = [[NESTED_FORWARDER, NESTED_FORWARDER_TEXT]];
  if (mode === 'package') files.push([VENDORED, PACKAGE_LAUNCHER_TEXT]);
  return files;
}

/** Write the launcher files that differ; returns the ones written. */
export function placeLaunchers(
  dir: string,
  mode: Mode,
  write: (target: string, data: string, mode?: number) => void,
): string[] {
  const changed: string[] = [];
  for (const [rel, text] of launcherFiles(mode)) {
    if (readText(path.join(dir, rel)) === text) continue;
    write(path.join(dir, rel), text, 0o644);
    changed.push(rel);
  }
  return changed;
}

/** check: every launcher file is there and is what init writes; in package mode the package is installed. */
export function checkLaunchers(dir: string, mode: Mode, hooks: HooksFile): Finding[] {
  const out: Finding[] = [];
  for (const [rel, text] of launcherFiles(mode)) {
    const have = readText(path.join(dir, rel));
    if (have === text) continue;
    const wrong = mode === 'package' && rel === VENDORED && have !== undefined && !isLauncher(path.join(dir, rel));
    out.push({
      code: have === undefined ? 'launcher-missing' : 'launcher-differs',
      severity: 'error',
      where: rel,
      message:
        have === undefined
          ? rel === NESTED_FORWARDER
            ? 'missing: a host that runs hooks from .cursor/ (Copse) cannot start the bound command (docs/hosts.md)'
            : cannotStart(hooks)
          : wrong
            ? 'package mode runs the installed package, but this is a vendored bundle'
            : 'it is not the launcher this CLI writes',
      fix: 'run `hookshim init` and commit .cursor/',
    });
  }
  if (mode === 'package' && !fs.existsSync(path.join(dir, PACKAGED)))
    out.push({
      code: 'package-missing',
      severity: 'error',
      where: PACKAGED,
      message: cannotStart(hooks),
      fix: 'add hookshim to devDependencies and run npm install (Cloud agents: install dependencies in the environment setup)',
    });
  return out;
}
