// Turning a catalog row's `command` (and `args`) into something a runner can start.
import { rowPlace, type CatalogRow } from './types.ts';

/** What a runner needs to start one catalog row. */
export interface PreparedCommand {
  /**
   * Shell form: the whole command line for `sh -c`, placeholders left for sh to expand from the environment. Exec
   * form: the executable, placeholders substituted.
   */
  file: string;
  /** Exec form only: the argument list, passed without a shell. */
  args?: string[];
  shell: boolean;
  /** The shell of shell form when the row asks for one: "bash" or "powershell" (default: /bin/sh, Git Bash on Windows). */
  shellPath?: string;
  /** Leading `KEY=VALUE` assignments of a shell-form command. */
  env: Record<string, string>;
  /** Short human name of the script, for messages. */
  label: string;
  /** The command line's tokens (placeholders substituted; exec form: one literal word per element). */
  tokens: Token[];
}

export interface PlaceholderVars {
  /** `${CLAUDE_PLUGIN_ROOT}`: plugin rows only; a settings row leaves the placeholder as written (sh expands it to nothing). */
  pluginRoot?: string;
  projectDir: string;
}

/** A piece of a sh word: literal text, a `$NAME` / `${NAME}` reference, or anything sh would have to run or compute. */
export type Segment = { lit: string } | { name: string; raw: string } | { code: string };

/**
 * A sh word (quotes removed; `value` keeps expansions as written; `dynamic` when it holds one outside single quotes)
 * or an operator (`op` is the operator character, or "unterminated" for a quote that never closes).
 */
export type Token =
  { kind: 'word'; raw: string; value: string; dynamic: boolean; parts: Segment[] } | { kind: 'op'; op: string };

// Unquoted characters that end a word and form a control or redirection operator in POSIX sh.
const OPERATOR_CHARS = new Set([';', '&', '|', '<', '>', '(', ')', '\n']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const BRACED = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}/;
const BARE = /^\$([A-Za-z_][A-Za-z0-9_]*)/;

// The one sh lexer (POSIX sh 2.2, 2.3): split a line into words (quotes removed, no expansion) and operators; stops at a comment.
export function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (OPERATOR_CHARS.has(c)) {
      out.push({ kind: 'op', op: c });
      i++;
      continue;
    }
    if (c === '#') return out;
    const word = readWord(s, i);
    if (!word) {
      out.push({ kind: 'op', op: 'unterminated' });
      return out;
    }
    out.push(word.token);
    i = word.end;
  }
  return out;
}

// One word starting at `start`: its segments, until an unquoted blank or operator; undefined at an unterminated quote.
function readWord(s: string, start: number): { token: Token; end: number } | undefined {
  const parts: Segment[] = [];
  const lit = (t: string) => {
    const last = parts[parts.length - 1];
    if (last && 'lit' in last) last.lit += t;
    else parts.push({ lit: t });
  };
  // A `$` or backtick at `i`: a name reference when it is one, else code; returns the characters consumed.
  const dollar = (i: number): number => {
    const hit = BRACED.exec(s.slice(i, i + 256)) ?? BARE.exec(s.slice(i, i + 256));
    if (hit) {
      parts.push({ name: hit[1] as string, raw: hit[0] });
      return hit[0].length;
    }
    parts.push({ code: s[i] as string });
    return 1;
  };
  let i = start;
  while (i < s.length) {
    const ch = s[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\r' || OPERATOR_CHARS.has(ch)) break;
    if (ch === "'") {
      const close = s.indexOf("'", i + 1);
      if (close < 0) return undefined;
      lit(s.slice(i + 1, close));
      i = close + 1;
    } else if (ch === '"') {
      i++;
      for (;;) {
        if (i >= s.length) return undefined;
        const d = s[i] as string;
        if (d === '"') break;
        const next = s[i + 1];
        // Inside double quotes a backslash only escapes $ ` " \ and newline (POSIX sh 2.2.3).
        if (d === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
          if (next !== '\n') lit(next);
          i += 2;
        } else if (d === '$' || d === '`') i += dollar(i);
        else {
          lit(d);
          i++;
        }
      }
      i++;
    } else if (ch === '\\') {
      const next = s[i + 1];
      if (next !== undefined && next !== '\n') lit(next);
      i += 2;
    } else if (ch === '$' || ch === '`') i += dollar(i);
    else {
      lit(ch);
      i++;
    }
  }
  const value = parts.map((p) => ('lit' in p ? p.lit : 'name' in p ? p.raw : p.code)).join('');
  return {
    token: { kind: 'word', raw: s.slice(start, i), value, dynamic: parts.some((p) => !('lit' in p)), parts },
    end: i,
  };
}

// The leading `KEY=VALUE` words of a shell command, quotes removed, values taken literally (no `$` expansion).
export function envPrefix(command: string): Record<string, string> {
  return envPrefixOf(tokenize(command));
}

function envPrefixOf(tokens: readonly Token[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const token of tokens) {
    // Assignments followed by an operator or nothing set shell variables, not a command's environment.
    if (token.kind === 'op') return {};
    const key = ASSIGNMENT.exec(token.raw)?.[0].slice(0, -1);
    if (key === undefined) return env;
    env[key] = token.value.slice(key.length + 1);
  }
  return {};
}

// `${NAME}` or `$NAME` not followed by an identifier character, for the two placeholders Claude Code substitutes.
const PLACEHOLDER =
  /\$(?:\{(CLAUDE_PLUGIN_ROOT|CLAUDE_PROJECT_DIR)\}|(CLAUDE_PLUGIN_ROOT|CLAUDE_PROJECT_DIR)(?![A-Za-z0-9_]))/g;

// Replace the plugin-root and project-dir placeholders textually (https://code.claude.com/docs/en/hooks#reference-scripts-by-path).
export function substitutePlaceholders(s: string, vars: PlaceholderVars): string {
  if (!s.includes('$CLAUDE_') && !s.includes('${CLAUDE_')) return s;
  return s.replace(PLACEHOLDER, (m, braced: string | undefined, bare: string | undefined) =>
    (braced ?? bare) === 'CLAUDE_PLUGIN_ROOT' ? (vars.pluginRoot ?? m) : vars.projectDir,
  );
}

// Build the shell-form or exec-form (`args`, https://code.claude.com/docs/en/hooks#exec-form) command of a row; the
// command line is tokenized once, and its tokens kept for whoever needs its words (catalog/script.ts).
export function prepareCommand(row: CatalogRow, vars: PlaceholderVars): PreparedCommand {
  if (row.command === undefined) {
    throw new TypeError(`prepareCommand: ${row.locator} has no command (type ${row.type})`);
  }
  const file = substitutePlaceholders(row.command, vars);
  if (row.args !== undefined) {
    const args = row.args.map((arg) => substitutePlaceholders(arg, vars));
    const tokens = [file, ...args].map(literalWord);
    return { file, args, shell: false, env: {}, label: labelOf(tokens, row, vars.projectDir), tokens };
  }
  const tokens = tokenize(file);
  // Shell form runs the command as written: sh expands ${CLAUDE_PLUGIN_ROOT} from the environment the runner
  // sets, so a path holding `$(…)`, quotes or `$` is data, never code (textual substitution would let sh run it).
  return {
    file: row.command,
    shell: true,
    ...(row.shell ? { shellPath: row.shell } : {}),
    env: envPrefixOf(tokens),
    label: labelOf(tokens, row, vars.projectDir),
    tokens,
  };
}

/** An exec-form argument as a word token: taken literally, no shell reads it. */
function literalWord(value: string): Token {
  return { kind: 'word', raw: value, value, dynamic: false, parts: [{ lit: value }] };
}

// Names that run a script rather than being one, skipped when picking a label.
const LAUNCHERS = new Set([
  'env',
  'sh',
  'bash',
  'zsh',
  'dash',
  'node',
  'python',
  'python3',
  'ruby',
  'perl',
  'deno',
  'bun',
  'npx',
  'uv',
  'pwsh',
  'nodejs',
  'ksh',
  'php',
  'tsx',
  'ts-node',
  'bunx',
  'pnpx',
  'uvx',
  'pipx',
]);
const HAS_EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,9}$/;

// A word with blanks is a path only if a `/` comes before the first blank (not `bash -c 'python3 x.py'`).
function pathLike(word: string): boolean {
  const blank = word.search(/\s/);
  return blank < 0 || word.slice(0, blank).includes('/');
}

// The first word naming a script file (relative to projectDir when inside it); an inline row (`jq … | grep …`, no
// script) is named by its place in the catalog, never by an argument of its command.
function labelOf(tokens: readonly Token[], row: CatalogRow, projectDir: string): string {
  const candidates = scriptWords(tokens).filter(
    (w) => w !== '' && !w.startsWith('-') && !ASSIGNMENT.test(w) && !w.includes('://') && pathLike(w),
  );
  const base = (w: string) => w.slice(w.lastIndexOf('/') + 1);
  const pick =
    candidates.find((w) => HAS_EXTENSION.test(base(w))) ??
    candidates.find((w) => w.includes('/') && !LAUNCHERS.has(base(w)));
  if (pick === undefined) return rowPlace(row);
  const root = projectDir.endsWith('/') ? projectDir : `${projectDir}/`;
  return pick.startsWith(root) && pick.length > root.length ? pick.slice(root.length) : pick;
}

// The words that can name a script: a path (it holds "/"), a command word, or an operand of a launcher (`node x.mjs`,
// `bun run x.ts`); not the arguments of other programs (jq's `.tool_input.command`, grep's pattern).
function scriptWords(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  let atCommand = true;
  let launcher = false;
  for (const t of tokens) {
    if (t.kind === 'op') {
      atCommand = true;
      launcher = false;
      continue;
    }
    const w = t.value;
    if (atCommand && ASSIGNMENT.test(w)) continue;
    if (w.includes('/') || atCommand || launcher) out.push(w);
    atCommand = false;
    if (!w.startsWith('-')) launcher = LAUNCHERS.has(w.slice(w.lastIndexOf('/') + 1)) || (launcher && w === 'run');
  }
  return out;
}
