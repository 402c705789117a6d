// The program a catalog row starts from PATH, and the one a script's `#!/usr/bin/env` line starts: what `check` looks
// for and a failed run names (src/commands/checkProgram.ts, src/hook/onPath.ts). Pure; outside the hook path's hot code.
import path from 'node:path';
import { ASSIGNMENT, BUILTINS, type ScriptRef } from './script.ts';

/**
 * The program a row starts from PATH, when the shell looks one up: a runner (`uv`, `npx`), an interpreter named bare
 * (`python3`, `bun`), a bare command; never a shell builtin, never a path.
 */
export function programOf(ref: ScriptRef): string | undefined {
  if (ref.kind !== 'command') return ref.program;
  return BUILTINS.has(ref.name) || /[\\/]/.test(ref.name) ? undefined : ref.name;
}

/** Options of `env` on a #! line that take the next word as their value (GNU coreutils, BSD). */
const ENV_VALUE_OPTIONS = new Set(['-u', '--unset', '-C', '--chdir', '-P']);

/**
 * The program a `#!/usr/bin/env [-S] [NAME=VALUE…] program …` line starts from PATH (`python3`, `uv` of
 * `#!/usr/bin/env -S uv run --script`); none for an interpreter named by its path (`#!/bin/sh`).
 */
export function shebangProgram(head: string): string | undefined {
  const line = /^#!([^\r\n]*)/.exec(head)?.[1];
  const words = line?.trim().split(/\s+/) ?? [];
  if (path.posix.basename(words[0] ?? '') !== 'env') return undefined;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as string;
    // -S splits the rest of the line into words: the program is the next word.
    if (w === '-S' || w === '--split-string') continue;
    if (ENV_VALUE_OPTIONS.has(w)) i++;
    else if (w.startsWith('-') || ASSIGNMENT.test(w)) continue;
    else return /[\\/]/.test(w) ? undefined : w;
  }
  return undefined;
}
