// `hookshim check`, the program a row starts: the word of its command the shell looks up on PATH (`uv`, `python3`,
// `npx`, a bare command) or the one its script's `#!/usr/bin/env` line names. Not on PATH, every run of the row fails
// with exit 127: a PreToolUse or Stop row then denies every call it matches (a follow-up on every stop).
import path from 'node:path';
import { programOf } from '../../catalog/program.ts';
import type { ScriptRef } from '../../catalog/script.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import { onPath, shebangOf, shellDirs } from '../hook/onPath.ts';
import { findGitBash, isWindows, THIS_HOST, type Host } from '../hook/platform.ts';
import type { Finding } from './findings.ts';

export interface ProgramContext {
  /** The project: scripts are shown relative to it. */
  dir: string;
  env: NodeJS.ProcessEnv;
  /** The machine's platform and file probe (src/hook/platform.ts): Windows finds programs through PATHEXT. */
  host?: Host;
}

/** The row's program, when the shell would not find it here: `command-not-found`, an error where the row fails closed. */
export function checkProgram(row: CatalogRow, ref: ScriptRef, where: string, c: ProgramContext): Finding[] {
  const given = programOf(ref);
  const viaShebang = given === undefined && ref.kind === 'file' && ref.direct ? shebangOf(ref.path) : undefined;
  const program = given ?? viaShebang;
  const host = c.host ?? THIS_HOST;
  // Shell-form rows on Windows run through Git Bash, whose own folders come before PATH (docs/hosts.md, "Windows");
  // without one they cannot start at all, which windows-no-git-bash says (src/commands/windows.ts).
  const bashForm = row.args === undefined && row.shell !== 'powershell';
  if (bashForm && isWindows(host) && 'error' in findGitBash(c.env, host)) return [];
  const shell = bashForm ? shellDirs(c.env, host) : [];
  if (program === undefined || onPath(program, c.env, host.platform as NodeJS.Platform, shell)) return [];
  const how =
    viaShebang !== undefined && ref.kind === 'file'
      ? `${shownPath(ref.path, c.dir)}'s #! line starts ${program} through env`
      : `its command starts ${program}`;
  const fails =
    row.event === 'PreToolUse'
      ? `every call it matches is denied, naming ${program}`
      : row.event === 'Stop' || row.event === 'SubagentStop'
        ? `every ${row.event === 'Stop' ? 'stop' : 'subagent stop'} gets a follow-up naming ${program}`
        : undefined;
  return [
    {
      code: 'command-not-found',
      severity: fails ? 'error' : 'warning',
      where,
      message:
        `${how}, which is not on PATH here (not installed?): every run exits 127 (command not found), so ` +
        (fails ?? 'the row fails every time it runs (logged, dropped)'),
      fix:
        `install ${program} wherever Cursor runs this repository's hooks (here, teammates' machines, the Cloud agent's ` +
        `environment) on the PATH Cursor starts hooks with, or run the guard without it`,
    },
  ];
}

/** A script as the findings show it: relative to the project when inside it. */
function shownPath(file: string, dir: string): string {
  const rel = path.relative(dir, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}
