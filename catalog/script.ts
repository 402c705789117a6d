// Which file a catalog row runs: the script path inside its command, after placeholder substitution.
// Pure: nothing here touches the file system.
// `./guard.sh` and `"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh` must be executable; `node guard.mjs` or `sh guard.sh` need not.
import path from 'node:path';
import { substitutePlaceholders, tokenize, type PlaceholderVars, type Token } from './command.ts';
import type { CatalogRow } from './types.ts';

export type ScriptRef =
  /**
   * A file the row runs: directly (must be executable) or through an interpreter. `path` is absolute; `program` is the
   * interpreter when the shell looks it up on PATH (`python3 x.py`, not `/usr/bin/python3 x.py`).
   */
  | { kind: 'file'; path: string; written: string; direct: boolean; interpreter?: string; program?: string }
  /** A bare command name, looked up on PATH. */
  | { kind: 'command'; name: string }
  /** Nothing we can check statically (inline code, variables, npx …); `program` as for a file. */
  | { kind: 'opaque'; why: string; program?: string };

/** Interpreters whose first operand is the script; `run` after deno/bun is a subcommand. */
const INTERPRETERS = new Set([
  'node',
  'nodejs',
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'python',
  'python3',
  'ruby',
  'perl',
  'php',
  'deno',
  'bun',
  'tsx',
  'ts-node',
  'pwsh',
]);
/** Options of an interpreter that take the next word as their value. */
const VALUE_OPTIONS = new Set([
  '-r',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '-C',
  '--conditions',
  '--input-type',
  '-W',
  '-X',
  '-m',
  '-I',
]);
/** Options that mean "the code is inline": no script file. */
const INLINE = new Set(['-c', '-e', '--eval', '-p', '--print']);
/** Runners that fetch or resolve a package: not checkable statically. */
const RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'pnpm', 'yarn', 'npm', 'uv', 'uvx', 'pipx']);
/** Shell builtins and POSIX utilities a catalog may run bare. */
export const BUILTINS = new Set([
  ':',
  'true',
  'false',
  'echo',
  'printf',
  'exit',
  'cat',
  'test',
  '[',
  'cd',
  'read',
  'set',
  'exec',
  'eval',
  'command',
]);
/** A leading `NAME=VALUE` word: an assignment, not the command. */
export const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

interface Word {
  value: string;
  /** Contains an expansion ($ or `) outside single quotes: its value is not known statically. */
  dynamic: boolean;
}

/** The words of the first simple command of a shell line: quotes removed, no expansion. */
export function firstCommandWords(line: string | readonly Token[]): Word[] {
  const words: Word[] = [];
  for (const t of typeof line === 'string' ? tokenize(line) : line) {
    if (t.kind === 'op') break;
    words.push({ value: t.value, dynamic: t.dynamic });
  }
  return words;
}

/** Find the script a row runs. `home` expands a leading `~/`; `tokens` are prepareCommand's, when the caller has them. */
export function scriptOf(row: CatalogRow, vars: PlaceholderVars, home?: string, tokens?: readonly Token[]): ScriptRef {
  if (row.command === undefined) return { kind: 'opaque', why: 'no command' };
  let words: Word[];
  if (tokens) {
    words = firstCommandWords(tokens);
  } else if (row.args !== undefined) {
    words = [row.command, ...row.args].map((w) => ({ value: substitutePlaceholders(w, vars), dynamic: false }));
  } else {
    words = firstCommandWords(substitutePlaceholders(row.command, vars));
  }
  // Leading KEY=VALUE assignments, `env [-i] [-u NAME] [KEY=VALUE…]`, `exec`.
  let k = 0;
  for (;;) {
    const w = words[k];
    if (w === undefined) return { kind: 'opaque', why: 'no command word' };
    if (ASSIGNMENT.test(w.value) || w.value === 'exec') k++;
    else if (w.value === 'env') {
      k++;
      while (words[k] && (words[k]!.value.startsWith('-') || ASSIGNMENT.test(words[k]!.value)))
        k += words[k]!.value === '-u' ? 2 : 1;
    } else break;
  }
  const first = words[k] as Word;
  if (first.dynamic) return { kind: 'opaque', why: `the command word "${first.value}" depends on a variable` };
  const name = path.basename(first.value);
  // The word the shell looks up on PATH: a bare name (a path, `./x` or `/usr/bin/x`, is not looked up).
  const lookedUp = /[\\/]/.test(first.value) ? {} : { program: first.value };
  if (RUNNERS.has(name)) return { kind: 'opaque', why: `runs through ${name}`, ...lookedUp };
  if (INTERPRETERS.has(name)) {
    let j = k + 1;
    if ((name === 'deno' || name === 'bun') && words[j]?.value === 'run') j++;
    for (; j < words.length; j++) {
      const w = words[j] as Word;
      if (INLINE.has(w.value)) return { kind: 'opaque', why: `inline code (${name} ${w.value})`, ...lookedUp };
      if (w.value === '--') {
        j++;
        break;
      }
      if (!w.value.startsWith('-') || w.value === '-') break;
      if (VALUE_OPTIONS.has(w.value)) j++;
    }
    const script = words[j];
    if (script === undefined || script.value === '-')
      return { kind: 'opaque', why: `${name} reads its program from stdin`, ...lookedUp };
    if (script.dynamic)
      return { kind: 'opaque', why: `the script path "${script.value}" depends on a variable`, ...lookedUp };
    return {
      kind: 'file',
      path: resolve(script.value, vars.projectDir, home),
      written: script.value,
      direct: false,
      interpreter: name,
      ...lookedUp,
    };
  }
  if (first.value.includes('/'))
    return { kind: 'file', path: resolve(first.value, vars.projectDir, home), written: first.value, direct: true };
  return { kind: 'command', name: first.value };
}

/** Scripts run with cwd = project root: relative paths resolve there. */
function resolve(p: string, projectDir: string, home?: string): string {
  if (p.startsWith('~/') && home) return path.join(home, p.slice(2));
  return path.resolve(projectDir, p);
}
