// The bound command and the small committed files behind it (docs/hosts.md, "One command for every shell"): one
// command line that means the same in POSIX sh, Windows PowerShell 5.1, PowerShell 7 and cmd.exe
// (docs/cursor-hooks.md §13), and finds the bundle from the project root (Cursor) and from `.cursor/` (Copse).
import fs from 'node:fs';
import path from 'node:path';
import { boundCommand, isOurCommand, OLD_VENDORED, PACKAGED, VENDORED, type Mode } from './binding.ts';
import { NODE_FLAGS } from './nodeFlags.ts';

/**
 * What `.cursor/hooks/hookshim.cjs` resolves to when a host runs the command from `.cursor/`: a forwarder to
 * `../../hooks/hookshim.cjs`, the real one (the same relative path then works from both folders).
 */
export const NESTED_FORWARDER = '.cursor/.cursor/hooks/hookshim.cjs';

/** The first line of every file init writes here, and what tells a launcher from a bundle. */
const LAUNCHER_MARK = '// hookshim launcher (written by `hookshim init`; commit it, do not edit):';

/** Characters a shell-neutral command must not hold: each means something in sh, PowerShell or cmd.exe. */
export const SHELL_SPECIAL = /[$`&|;<>()%!'"^\\{}*?[\]~#@,=]/;

/** A command every shell runs as written: plain words of path characters, `node` first, no quoting needed. */
export function isShellNeutral(command: string): boolean {
  return !SHELL_SPECIAL.test(command) && /^node( [A-Za-z0-9._/-]+)+$/.test(command);
}

/** A launcher: sets argv[1] to the file it runs (the bundle finds its project from it), then runs it. */
function launcher(what: string, target: string, missing: string): string {
  return [
    LAUNCHER_MARK,
    `// ${what}`,
    "'use strict';",
    `const target = require('node:path').join(__dirname, ${target});`,
    'process.argv[1] = target;',
    'try {',
    '  require(target);',
    '} catch (err) {',
    "  if (err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes(target)) {",
    `    process.stderr.write('hookshim: ' + target + ' is missing: ${missing}\\n');`,
    '    process.exit(1);',
    '  }',
    '  throw err;',
    '}',
    '',
  ].join('\n');
}

/** The nested forwarder's text (both modes). */
export const NESTED_FORWARDER_TEXT = launcher(
  'A host that runs hooks from .cursor/ (Copse, docs/hosts.md) finds this file; it runs .cursor/hooks/hookshim.cjs.',
  "'..', '..', 'hooks', 'hookshim.cjs'",
  'run `hookshim init` and commit .cursor/',
);

/** The package-mode `.cursor/hooks/hookshim.cjs`: runs the installed package's bundle. */
export const PACKAGE_LAUNCHER_TEXT = launcher(
  'Package mode: runs the bundle of the installed hookshim package.',
  "'..', '..', 'node_modules', 'hookshim', 'dist', 'hookshim.cjs'",
  'add hookshim to devDependencies and run npm install',
);

/** True when `file` is a launcher init wrote (not a bundle). */
export function isLauncher(file: string): boolean {
  try {
    return fs.readFileSync(file, 'utf8').startsWith(LAUNCHER_MARK);
  } catch {
    return false;
  }
}

/** The mode of a binding: package when its commands name the package (older form) or its launcher runs it. */
export function detectModeIn(dir: string, hooks: Record<string, unknown[]>): Mode | undefined {
  const commands = Object.values(hooks)
    .flat()
    .map((e) => (e as { command?: unknown } | null)?.command)
    .filter((c): c is string => typeof c === 'string' && isOurCommand(c));
  if (commands.length === 0) return undefined;
  const modes = new Set(
    commands.map((c) =>
      c.includes(PACKAGED) || (c.includes(VENDORED) && readText(path.join(dir, VENDORED)) === PACKAGE_LAUNCHER_TEXT)
        ? 'package'
        : 'vendored',
    ),
  );
  return modes.size === 1 ? [...modes][0] : undefined;
}

/** An entry command of ours init no longer writes, with why it is worse ('' when it is today's). */
export function olderCommandWhy(command: string, event: string): string {
  const c = command.trim();
  if (c === boundCommand('vendored', event)) return '';
  if (!/^node\s/.test(c) || !c.split(/\s+/).includes(event)) return '';
  if (!isShellNeutral(c))
    return 'it is not shell-neutral: Cursor on Windows starts hooks through PowerShell (or cmd.exe), which cannot run it (docs/hosts.md)';
  if (c.includes(PACKAGED) || c.includes(OLD_VENDORED))
    return 'it starts only from the project root (a host that runs hooks from .cursor/ cannot start it, docs/hosts.md)';
  if (!c.includes(` ${NODE_FLAGS} `))
    return (
      `it lacks Node's "${NODE_FLAGS}": any process of the user's that opens Node's inspector on hookshim's ` +
      'could find it and write the answer (docs/security.md, guarantee 14)'
    );
  return '';
}

/** The file's text, or undefined. */
export function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
