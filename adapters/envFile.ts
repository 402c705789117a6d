// CLAUDE_ENV_FILE (docs/claude-hooks.md §1.5): the `export NAME=value` lines SessionStart scripts append, read with
// the catalog's sh lexer and assigned as sh would.
import { tokenize } from '../catalog/command.ts';

/**
 * Parse the lines a SessionStart script appended to CLAUDE_ENV_FILE as sh would assign them: quotes removed,
 * `$NAME` / `${NAME}` expanded from earlier lines, then from `base` (the environment hookshim runs in), so
 * `PATH="$PATH:./bin"` becomes a real PATH. A value sh would have to run code for (`$(…)`, backticks), or a line
 * that is more than one assignment, cannot be reproduced and is skipped, never passed on half-expanded.
 */
export function parseEnvFile(
  text: string,
  base: Readonly<Record<string, string | undefined>> = {},
): { env: Record<string, string>; skipped: string[] } {
  const env: Record<string, string> = {};
  const skipped: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const assigned = assignment(line, (name) => env[name] ?? base[name] ?? '');
    if (!assigned) skipped.push(line);
    else env[assigned.name] = assigned.value;
  }
  return { env, skipped };
}

/** `[export] NAME=value` as one sh assignment, or undefined when the line is anything else. */
function assignment(line: string, lookup: (name: string) => string): { name: string; value: string } | undefined {
  const tokens = tokenize(line);
  const words = tokens[0]?.kind === 'word' && tokens[0].raw === 'export' ? tokens.slice(1) : tokens;
  const word = words[0];
  if (words.length !== 1 || word?.kind !== 'word') return undefined;
  const name = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word.raw)?.[1];
  if (!name) return undefined;
  let value = '';
  let skip = name.length + 1;
  for (const part of word.parts) {
    if ('code' in part) return undefined;
    const text = 'lit' in part ? part.lit : lookup(part.name);
    // The name and `=` are the word's first characters, always literal.
    const cut = Math.min(skip, 'lit' in part ? part.lit.length : 0);
    skip -= cut;
    value += text.slice(cut);
  }
  return { name, value };
}

/**
 * Variables a session env may never set (docs/cursor-hooks.md §11: Cursor applies sessionStart's `env` to every later
 * hook process of the session, hookshim itself included, while Claude Code gives CLAUDE_ENV_FILE only to the Bash
 * tool, docs/claude-hooks.md §1.5). Each entry: a name, or a prefix ending in `*`, and why.
 */
export const SESSION_ENV_DENIED: readonly (readonly [string, string])[] = [
  ['HOOKSHIM', "hookshim's own switch (HOOKSHIM=0 turns every guard off)"],
  ['HOOKSHIM_*', "hookshim's own settings (catalog, state dir, log)"],
  ['CURSOR_*', "Cursor's project and session variables (which catalog runs)"],
  ['CLAUDE_*', "Claude's project and plugin variables (which catalog runs, where scripts live)"],
  ['NODE_*', 'how node starts (NODE_OPTIONS can load code into hookshim)'],
  ['PATH', 'which programs run (node, sh and every guard)'],
  ['LD_*', 'which libraries load into every process'],
  ['DYLD_*', 'which libraries load into every process (macOS)'],
  ['BASH_ENV', 'code every bash script runs first'],
  ['BASH_FUNC_*', 'functions every bash script inherits'],
  ['ENV', 'code every sh runs first'],
  ['SHELL', 'the shell hooks run under'],
  ['SHELLOPTS', 'shell options of every bash script'],
  ['BASHOPTS', 'shell options of every bash script'],
  ['IFS', 'how every shell splits words'],
  ['PS4', 'code a traced shell runs'],
  ['HOME', "where hookshim's state lives"],
  ['XDG_*', "where hookshim's state lives"],
  ['TMPDIR', 'where temporary files go'],
  ['PYTHON*', 'how python guards start (PYTHONPATH, PYTHONSTARTUP)'],
  ['PERL5*', 'how perl guards start'],
  ['PERLLIB', 'how perl guards start'],
  ['RUBYOPT', 'how ruby guards start'],
  ['RUBYLIB', 'how ruby guards start'],
  ['GIT_*', 'what git does inside guards (GIT_DIR, GIT_CONFIG_*)'],
];

/** Why a session env may not set `name`, or undefined when it may. */
export function sessionEnvDenied(name: string): string | undefined {
  for (const [pattern, why] of SESSION_ENV_DENIED) {
    if (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern) return why;
  }
  return undefined;
}
