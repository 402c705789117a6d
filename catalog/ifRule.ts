// A handler's `if` field: one permission rule (https://code.claude.com/docs/en/hooks#hook-handler-fields),
// in the rule syntax of https://code.claude.com/docs/en/permissions#permission-rule-syntax.

export type IfRule =
  | {
      ok: true;
      /** The rule's tool name as written, e.g. `Bash`, `mcp__github`. */
      tool: string;
      /**
       * Whether a call of `toolName` with `toolInput` matches. `projectDir` anchors relative path patterns;
       * `homeDir`, when given, expands `~/` patterns (otherwise they match only paths that literally start with `~/`).
       */
      test(toolName: string, toolInput: Record<string, unknown>, projectDir: string, homeDir?: string): boolean;
    }
  | { ok: false; reason: string };

type InputTest = (toolInput: Record<string, unknown>, projectDir: string, homeDir: string | undefined) => boolean;

const RULE = /^([A-Za-z0-9_*-]+)(?:\((.*)\))?$/s;
const MCP_SERVER_WILDCARD = /^mcp__[A-Za-z0-9_-]+?__\*$/;
const FILE_TOOLS = new Set(['Read', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit']);
// `Task` was renamed `Agent` in CLI 2.1.63; rules accept both names (https://code.claude.com/docs/en/sub-agents).
const AGENT_TOOLS = new Set(['Task', 'Agent']);
const cache = new Map<string, IfRule>();

// Compile one `if` rule (cached); anything this module cannot evaluate faithfully is `ok: false` with the reason.
export function compileIfRule(rule: string): IfRule {
  let compiled = cache.get(rule);
  if (compiled === undefined) {
    compiled = build(rule);
    cache.set(rule, compiled);
  }
  return compiled;
}

// Split `Tool(specifier)` and pick the input test for the tool.
function build(rule: string): IfRule {
  const m = RULE.exec(rule.trim());
  if (m === null)
    return { ok: false, reason: `"${rule}" is not a permission rule of the form Tool or Tool(specifier)` };
  const tool = m[1] as string;
  const spec = m[2];
  if (tool.includes('*') && !MCP_SERVER_WILDCARD.test(tool)) {
    return { ok: false, reason: `"${rule}": a wildcard in a tool name is only understood as mcp__<server>__*` };
  }
  const sameTool = toolTest(tool);
  if (spec === undefined) return { ok: true, tool, test: (toolName) => sameTool(toolName) };
  if (spec.trim() === '') return { ok: false, reason: `"${rule}" has an empty specifier` };
  const input = inputTest(tool, spec);
  if (typeof input === 'string') return { ok: false, reason: `"${rule}": ${input}` };
  return {
    ok: true,
    tool,
    test: (toolName, toolInput, projectDir, homeDir) => sameTool(toolName) && input(toolInput, projectDir, homeDir),
  };
}

// Tool names compare exactly, except Task/Agent aliases and MCP server-wide names (`mcp__server`, `mcp__server__*`).
function toolTest(tool: string): (toolName: string) => boolean {
  if (AGENT_TOOLS.has(tool)) return (name) => AGENT_TOOLS.has(name);
  if (tool.startsWith('mcp__')) {
    const rest = tool.slice('mcp__'.length);
    if (rest.endsWith('__*')) {
      const prefix = tool.slice(0, -1);
      return (name) => name.startsWith(prefix) && name.length > prefix.length;
    }
    // `mcp__server` approves every tool of that server (permissions doc, "MCP").
    if (!rest.includes('__')) return (name) => name === tool || name.startsWith(`${tool}__`);
  }
  return (name) => name === tool;
}

// The specifier test for the tools whose specifiers we evaluate; a string is the reason we cannot.
function inputTest(tool: string, spec: string): InputTest | string {
  if (tool === 'Bash') return bashTest(spec);
  if (FILE_TOOLS.has(tool)) return pathTest(spec);
  if (tool === 'WebFetch') return domainTest(spec);
  if (AGENT_TOOLS.has(tool)) return (input) => input['subagent_type'] === spec;
  return `specifiers for ${tool} are not supported by hookshim (only Bash, file tools, WebFetch and Agent/Task)`;
}

// ---- Bash ----------------------------------------------------------------------------------------

// Sub-command separators, plus the brackets of subshells and command substitutions. Splitting ignores
// quoting on purpose: a spurious extra candidate only runs the guard script (which decides for itself),
// while a missed one would let `cd x && git push --force` dodge it.
const SUBCOMMAND_SPLIT = /&&|\|\||[;|&\n()`]|\$\(/;
// Leading `KEY=VALUE` assignments (quoted values allowed), `{` and `!` of a sub-command.
const LEADING_NOISE = /^(?:[{!]\s*|[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"(?:[^"\\]|\\.)*"|\\.|[^\s'"\\])*\s+){0,}/s;

// `Bash(cmd)` exact, `Bash(prefix:*)` or `Bash(prefix *)` word-prefix, `*` elsewhere any characters.
function bashTest(spec: string): InputTest {
  const pattern = collapseBlanks(spec);
  let source: string;
  // Legacy `:*` equals a trailing ` *`, and "the space before * matters: Bash(ls *) matches ls -la but
  // not lsof" (permissions doc, wildcards): the prefix must end at a space or the end of the command.
  if (pattern.endsWith(':*') || pattern.endsWith(' *')) source = `${wildcard(pattern.slice(0, -2))}(?: .*)?`;
  else source = wildcard(pattern);
  const re = new RegExp(`^${source}$`, 's');
  return (input) => {
    const raw = input['command'];
    if (typeof raw !== 'string') return false;
    // A backslash-newline is a line continuation, not a separator (POSIX sh 2.2.1).
    const command = raw.replace(/\\\r?\n/g, ' ');
    if (re.test(collapseBlanks(command).trim())) return true;
    // Claude's "run anyway" cases (docs/claude-hooks.md §8, §9 `if` on Bash): a command whose words are computed
    // ($(), backticks, $VAR), whatever the pattern (measured on 2.1.328); and any command that cannot be parsed.
    if (EXPANSION.test(command)) return true;
    if (!parses(command)) return true;
    return command
      .split(SUBCOMMAND_SPLIT)
      .some((part) => re.test(collapseBlanks(part.trim()).replace(LEADING_NOISE, '').trim()));
  };
}

/** What makes a command's words known only when it runs: `$(…)`, backticks, `$VAR`, `${VAR}`. */
const EXPANSION = /\$\(|`|\$[A-Za-z_{]/;

/**
 * Whether a command's quotes, substitutions and subshells balance, the least a parse needs (a `case` pattern's `)`
 * does not: the row runs).
 */
export function parses(command: string): boolean {
  const stack: string[] = [];
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    const top = stack[stack.length - 1];
    if (top === "'") {
      if (c === "'") stack.pop();
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (top === '"') {
      if (c === '"') stack.pop();
      else if (c === '`') stack.push('`');
      else if (c === '$' && command[i + 1] === '(') {
        stack.push(')');
        i++;
      }
      continue;
    }
    if (c === "'" || c === '"') stack.push(c);
    else if (c === '`' && top === '`') stack.pop();
    else if (c === '`') stack.push('`');
    else if (c === '(') stack.push(')');
    else if (c === ')') {
      if (top !== ')') return false;
      stack.pop();
    }
  }
  return stack.length === 0;
}

// Runs of spaces and tabs count as one space, so `git  push` cannot dodge `git push:*`.
function collapseBlanks(s: string): string {
  return s.replace(/[ \t]+/g, ' ');
}

// A regex source where `*` matches any characters and everything else is literal.
function wildcard(s: string): string {
  return s.split('*').map(escapeRegex).join('.*');
}

// Escape every RegExp metacharacter of a literal.
function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// ---- file tools (gitignore-style paths) ---------------------------------------------------------

/** A leading `**` `/` (written as a regex: the built hook code holds no star-slash pair, test/house.test.ts). */
const ANY_DEPTH = /^\*\*\//;

// Path specifier of Read/Write/Edit/MultiEdit/NotebookEdit against `file_path` (or `notebook_path`).
// Anchors (permissions doc, "Read and Edit"): `//x` filesystem root, `~/x` home, `/x` and `./x` and `a/b`
// the project dir, and a pattern with no inner `/` (or starting `**/`) any directory depth, as in gitignore.
// As in gitignore, a pattern that matches a directory matches everything inside it.
function pathTest(spec: string): InputTest | string {
  let pattern = spec;
  let dirOnly = false;
  if (pattern.length > 1 && pattern.endsWith('/')) {
    pattern = pattern.slice(0, -1);
    dirOnly = true;
  }
  const tail = dirOnly ? '/' : '(?:/|$)';
  type Anchor = 'root' | 'home' | 'project' | 'anywhere';
  let anchor: Anchor;
  if (pattern.startsWith('//')) {
    anchor = 'root';
    pattern = pattern.slice(2);
  } else if (pattern.startsWith('~/')) {
    anchor = 'home';
    pattern = pattern.slice(2);
  } else if (pattern.startsWith('/')) {
    anchor = 'project';
    pattern = pattern.slice(1);
  } else if (pattern.startsWith('./')) {
    anchor = 'project';
    pattern = pattern.slice(2);
  } else if (!pattern.includes('/') || ANY_DEPTH.test(pattern)) {
    anchor = 'anywhere';
    pattern = pattern.replace(ANY_DEPTH, '');
  } else {
    anchor = 'project';
  }
  if (pattern === '' || pattern.split('/').includes('..')) return `cannot evaluate path pattern "${spec}"`;
  const glob = globSource(pattern);
  if (anchor === 'anywhere') {
    const re = new RegExp(`(?:^|/)${glob}${tail}`);
    return (input, projectDir, homeDir) => {
      const path = inputPath(input, projectDir, homeDir);
      return path !== undefined && re.test(path);
    };
  }
  const re = new RegExp(`^${glob}${tail}`);
  return (input, projectDir, homeDir) => {
    const path = inputPath(input, projectDir, homeDir);
    if (path === undefined) return false;
    if (anchor === 'home' && homeDir === undefined) return path.startsWith('~/') && re.test(path.slice(2));
    const base = anchor === 'root' ? '' : normalizePath(anchor === 'home' ? (homeDir as string) : projectDir, '/');
    const rel = relativeTo(path, base);
    return rel !== undefined && re.test(rel);
  };
}

// Absolute, normalized `/`-separated form of the input's file path, if it has one.
function inputPath(
  input: Record<string, unknown>,
  projectDir: string,
  homeDir: string | undefined,
): string | undefined {
  const raw = input['file_path'] ?? input['notebook_path'];
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (raw.startsWith('~/'))
    return homeDir === undefined ? raw : normalizePath(raw.slice(2), normalizePath(homeDir, '/'));
  return normalizePath(raw, normalizePath(projectDir, '/'));
}

// Resolve `p` against `base`, fold `.`/`..`/duplicate separators, use `/` even for Windows paths.
function normalizePath(p: string, base: string): string {
  const slashed = p.replace(/\\/g, '/');
  const isAbsolute = slashed.startsWith('/') || /^[A-Za-z]:\//.test(slashed);
  const full = isAbsolute ? slashed : `${base}/${slashed}`;
  const out: string[] = [];
  for (const seg of full.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  const drive = /^[A-Za-z]:$/.test(out[0] ?? '');
  return drive ? out.join('/') : `/${out.join('/')}`;
}

// `path` relative to `base` (no leading slash), or undefined when it lies outside `base`.
function relativeTo(path: string, base: string): string | undefined {
  const root = base === '/' || base === '' ? '' : base;
  if (root === '') return path.replace(/^\/+/, '');
  if (path === root) return '';
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined;
}

// gitignore glob to regex source: `*` and `?` stay in one segment, `**` spans segments, `[...]` is a class.
function globSource(pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === '*') {
      const double = pattern[i + 1] === '*';
      const atSegmentStart = i === 0 || pattern[i - 1] === '/';
      if (double && atSegmentStart && pattern[i + 2] === '/') {
        out += '(?:.*\\/)?';
        i += 3;
      } else if (double && atSegmentStart && i + 2 === pattern.length) {
        out += '.*';
        i += 2;
      } else {
        out += '[^/]*';
        while (pattern[i] === '*') i++;
      }
    } else if (c === '?') {
      out += '[^/]';
      i++;
    } else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) {
        out += '\\[';
        i++;
      } else {
        const body = pattern
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = close + 1;
      }
    } else {
      out += escapeRegex(c);
      i++;
    }
  }
  return out;
}

// ---- WebFetch ------------------------------------------------------------------------------------

// `WebFetch(domain:example.com)` against the url's host; `domain:*.example.com` takes any subdomain.
function domainTest(spec: string): InputTest | string {
  if (!spec.startsWith('domain:')) return `WebFetch specifiers must be domain:<host>`;
  const host = spec.slice('domain:'.length).trim().toLowerCase();
  if (host === '') return 'WebFetch domain is empty';
  const anySub = host.startsWith('*.');
  const suffix = anySub ? host.slice(1) : '';
  return (input) => {
    const url = input['url'];
    if (typeof url !== 'string') return false;
    let hostname: string;
    try {
      hostname = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    } catch {
      return false;
    }
    return anySub ? hostname.endsWith(suffix) : hostname === host;
  };
}
