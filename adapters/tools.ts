// Cursor ⇄ Claude tool names, `tool_input` keys and `tool_response` shapes, as data plus a little code.
// Wire facts: docs/cursor-hooks.md §6 (Cursor names and keys), docs/claude-hooks.md §5 (Claude names, inputs, outputs),
// docs/peers.md §1.4 (candidate order of the Python adapter). Pure: no I/O.
import { posix } from 'node:path';
import { anyString, isRecord, kindOf, str } from './json.ts';
import { mcpCandidates } from './mcp.ts';

/** Cursor tool names seen in hooks, transcripts and the model's tool list (docs/cursor-hooks.md §6). */
export type CursorToolName =
  | 'Shell'
  | 'Read'
  | 'ReadFile'
  | 'Write'
  | 'StrReplace'
  | 'Delete'
  | 'Grep'
  | 'Glob'
  | 'EditNotebook'
  | 'TodoWrite'
  | 'Task'
  | 'WebSearch'
  | 'WebFetch'
  | 'AwaitShell'
  | 'ReadLints'
  | 'SwitchMode'
  | 'GetMcpTools'
  | 'CallMcpTool'
  | 'FetchMcpResource'
  | 'GenerateImage'
  | 'ApplyPatch'
  | 'rg'
  | 'Subagent'
  | 'edit_file'
  | 'search_replace'
  | 'run_terminal_cmd'
  | 'codebase_search'
  | 'TabRead'
  | 'TabWrite';

/** The Claude built-ins a Cursor tool can stand for (docs/claude-hooks.md §5.1). */
export type ClaudeToolName =
  | 'Bash'
  | 'Read'
  | 'Write'
  | 'Edit'
  | 'Grep'
  | 'Glob'
  | 'NotebookEdit'
  | 'TodoWrite'
  | 'Agent'
  | 'Task'
  | 'WebSearch'
  | 'WebFetch';

/**
 * Claude names to try for each Cursor tool, best first (the raw Cursor name is always appended).
 * `null`: no Claude analogue; only the raw name is tried, and the reason is on the row.
 */
export const CURSOR_TO_CLAUDE = {
  Shell: ['Bash'],
  Read: ['Read'],
  ReadFile: ['Read'], // Cursor 3.15's file-read tool (docs/cursor-hooks.md §11)
  Write: ['Write'],
  StrReplace: ['Edit'],
  EditNotebook: ['NotebookEdit'],
  Grep: ['Grep'],
  Glob: ['Glob'],
  WebFetch: ['WebFetch'],
  WebSearch: ['WebSearch'],
  TodoWrite: ['TodoWrite'],
  // Claude renamed Task to Agent in CLI 2.1.63 and still accepts Task (docs/claude-hooks.md §5.1); an `Agent` matcher
  // fires for every subagent type, Explore and Plan included (docs/claude-hooks.md §7).
  Task: ['Agent', 'Task'],
  Subagent: ['Agent', 'Task'], // the GPT-served dialect's name for Task (docs/cursor-hooks.md §6)
  rg: ['Grep'], // GPT-served dialect
  run_terminal_cmd: ['Bash'], // legacy snake_case dialect
  search_replace: ['Edit'], // legacy snake_case dialect: {file_path, old_string, new_string}
  Delete: null, // Claude has no delete tool (docs/cursor-hooks.md §6 mapping table)
  ApplyPatch: null, // input is patch text touching several files; no single Edit/Write input can stand for it
  edit_file: null, // legacy: {target_file, instructions, code_edit} is a sketch, not Edit's old/new strings
  AwaitShell: null, // waits on a background shell; Claude's nearest (TaskOutput) is deprecated
  ReadLints: null, // IDE diagnostics; no Claude tool
  SwitchMode: null, // Cursor mode switch; Claude's plan-mode tools have other semantics
  GetMcpTools: null, // MCP discovery; no Claude tool
  CallMcpTool: null, // transcript-only wrapper; toClaudeToolUse unwraps it when server and tool are present
  FetchMcpResource: null, // input keys unknown; ReadMcpResourceTool needs {server, uri}
  GenerateImage: null, // no Claude tool
  codebase_search: null, // legacy semantic search; no Claude tool
  TabRead: null, // Tab (autocomplete) file hooks, not agent tools
  TabWrite: null,
} as const satisfies Record<CursorToolName, readonly ClaudeToolName[] | null>;

/**
 * Cursor tools whose preToolUse `updated_input` Cursor applies: Shell only; for Write it is dropped silently
 * (docs/cursor-hooks.md §11).
 */
export const HONOURS_UPDATED_INPUT: ReadonlySet<string> = new Set<CursorToolName>(['Shell']);

/**
 * Claude names to try for a Cursor tool, Claude names first and the raw Cursor name last, deduplicated. `MCP:<tool>`
 * names are built by adapters/mcp.ts from the payload's `mcp_server_name` and the `servers` known to Cursor or the catalog.
 */
export function claudeToolCandidates(
  cursorName: string,
  _toolInput: Record<string, unknown>,
  payload?: Record<string, unknown>,
  servers: readonly string[] = [],
): string[] {
  const out: string[] = [];
  const add = (name: string) => {
    if (name && !out.includes(name)) out.push(name);
  };
  if (cursorName.startsWith('MCP:'))
    for (const name of mcpCandidates(cursorName.slice(4), str(payload?.mcp_server_name), servers)) add(name);
  else if (Object.hasOwn(CURSOR_TO_CLAUDE, cursorName))
    for (const name of CURSOR_TO_CLAUDE[cursorName as CursorToolName] ?? []) add(name);
  add(cursorName);
  return out;
}

/**
 * Which Cursor tool a payload without `tool_name` is about, from its input keys (seen on Windows for
 * Write / StrReplace / ApplyPatch, docs/cursor-hooks.md §6 "Other quirks"). First row whose keys are all present wins.
 * A bare `{path}` / `{file_path}` is ambiguous (Read or Delete) and gives undefined.
 */
const INFER_BY_KEYS: readonly (readonly [readonly string[], CursorToolName])[] = [
  [['old_string', 'new_string'], 'StrReplace'],
  [['patch'], 'ApplyPatch'],
  [['content'], 'Write'],
  [['contents'], 'Write'],
  [['command'], 'Shell'],
  [['glob_pattern'], 'Glob'],
  [['target_notebook'], 'EditNotebook'],
  [['notebook_path'], 'EditNotebook'],
  [['subagent_type'], 'Task'],
  [['todos'], 'TodoWrite'],
  [['url'], 'WebFetch'],
  [['search_term'], 'WebSearch'],
  [['pattern'], 'Grep'],
];

/** Guess the Cursor tool name from `tool_input` when the payload has none; undefined when unsure. */
export function inferCursorToolName(toolInput: unknown): string | undefined {
  if (typeof toolInput === 'string') return /^\s*\*\*\* Begin Patch/.test(toolInput) ? 'ApplyPatch' : undefined;
  if (!isRecord(toolInput)) return undefined;
  for (const [keys, name] of INFER_BY_KEYS) if (keys.every((k) => toolInput[k] !== undefined)) return name;
  return undefined;
}

/** Normalise a `tool_input`: an object as is, a JSON string parsed (Cursor sends strings on some paths), else `{}` with a problem. */
export function parseToolInput(raw: unknown): { input: Record<string, unknown>; problem?: string } {
  if (isRecord(raw)) return { input: raw };
  if (typeof raw === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return {
        input: {},
        problem: `a string that is not JSON (${JSON.stringify(raw.slice(0, 80))}${raw.length > 80 ? '…' : ''})`,
      };
    }
    if (isRecord(parsed)) return { input: parsed };
    return { input: {}, problem: `a JSON string holding ${kindOf(parsed)}, not an object` };
  }
  return { input: {}, problem: raw === undefined ? 'missing' : `${kindOf(raw)}, not an object` };
}

/**
 * Claude `tool_input` keys (docs/claude-hooks.md §5.2) ← the Cursor spellings that carry them, preferred first
 * (docs/cursor-hooks.md §6: hook and transcript inputs differ, e.g. Read `{file_path}` vs `{path}`).
 * Keys not listed pass through unchanged (Cursor-only keys such as Shell's `cwd` / `working_directory` /
 * `block_until_ms`: Claude scripts ignore keys they do not know). Bash `timeout` is ms on both sides.
 */
export const CLAUDE_INPUT_KEYS = {
  Bash: {
    command: ['command'],
    description: ['description', 'explanation'],
    timeout: ['timeout'],
    run_in_background: ['run_in_background', 'is_background'],
  },
  Write: { file_path: ['file_path', 'path', 'target_file'], content: ['content', 'contents'] },
  Edit: {
    file_path: ['file_path', 'path', 'target_file'],
    old_string: ['old_string'],
    new_string: ['new_string'],
    replace_all: ['replace_all'],
  },
  Read: { file_path: ['file_path', 'path', 'target_file'], offset: ['offset'], limit: ['limit'] },
  Glob: { pattern: ['pattern', 'glob_pattern'], path: ['path', 'target_directory'] },
  Grep: { pattern: ['pattern'], path: ['path', 'target_directory'], glob: ['glob'], output_mode: ['output_mode'] },
  NotebookEdit: {
    notebook_path: ['notebook_path', 'target_notebook'],
    new_source: ['new_source', 'new_string'],
    cell_id: ['cell_id'],
    cell_type: ['cell_type'],
    edit_mode: ['edit_mode'],
  },
  Agent: { description: ['description'], prompt: ['prompt'], subagent_type: ['subagent_type'] },
  Task: { description: ['description'], prompt: ['prompt'], subagent_type: ['subagent_type'] },
  WebFetch: { url: ['url'], prompt: ['prompt'] },
  WebSearch: { query: ['query', 'search_term'] },
  TodoWrite: { todos: ['todos'] },
} as const satisfies Record<ClaudeToolName, Record<string, readonly string[]>>;

/** Claude keys that name what a call touches: two Cursor spellings of one of them that disagree are never resolved by picking one. */
const GUARDED_KEYS: ReadonlySet<string> = new Set([
  'file_path',
  'notebook_path',
  'path',
  'content',
  'new_source',
  'command',
  'pattern',
  'url',
  'query',
]);

/**
 * Where a Cursor input spells a guarded Claude key twice with different values (`path` ".env" beside `file_path`
 * "README.md"): a guard would see one and Cursor might act on the other. One message per disagreement.
 */
export function aliasConflicts(claudeName: string, input: Record<string, unknown>): string[] {
  const plan = KEY_PLAN.get(claudeName);
  if (!plan) return [];
  const out: string[] = [];
  for (const [claudeKey, spellings] of plan.entries) {
    if (!GUARDED_KEYS.has(claudeKey)) continue;
    const given = spellings.filter((sp) => input[sp] !== undefined);
    if (new Set(given.map((sp) => JSON.stringify(input[sp]))).size > 1)
      out.push(
        `${claudeKey} is given as ${given.map((sp) => `${sp} ${JSON.stringify(input[sp])?.slice(0, 80)}`).join(' and ')}`,
      );
  }
  return out;
}

/** Cursor subagent types → Claude agent types (docs/claude-hooks.md §1.3: general-purpose, Explore, Plan); others keep their name. */
export const AGENT_TYPES: Readonly<Record<string, string>> = {
  generalPurpose: 'general-purpose',
  explore: 'Explore',
  plan: 'Plan',
  shell: 'Bash',
};
const CURSOR_AGENT_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(AGENT_TYPES).map(([k, v]) => [v, k]),
);

/** Claude keys holding a path, made absolute against the project dir (Claude's file paths are absolute, docs/claude-hooks.md §2.2). */
const PATH_KEYS: ReadonlySet<string> = new Set(['file_path', 'notebook_path', 'path']);

/** The key argument of each tool: what pairs a transcript `tool_use` with a recorded result (with the name and order). */
export const TOOL_KEY_ARG = {
  Bash: 'command',
  Read: 'file_path',
  Write: 'file_path',
  Edit: 'file_path',
  NotebookEdit: 'notebook_path',
  Glob: 'pattern',
  Grep: 'pattern',
  WebFetch: 'url',
  WebSearch: 'query',
  Agent: 'description',
  Task: 'description',
  TodoWrite: null, // every call rewrites the whole list; order alone pairs
} as const satisfies Record<ClaudeToolName, string | null>;

/** Key arguments are compared up to this many characters (keeps recorded keys and resume state small). */
const KEY_MAX = 512;

function keysFor(claudeName: string): Record<string, readonly string[]> | undefined {
  return Object.hasOwn(CLAUDE_INPUT_KEYS, claudeName) ? CLAUDE_INPUT_KEYS[claudeName as ClaudeToolName] : undefined;
}

/** CLAUDE_INPUT_KEYS as entries plus the set of every spelling, derived once (this runs per transcript tool_use). */
const KEY_PLAN: ReadonlyMap<string, { entries: [string, readonly string[]][]; spellings: ReadonlySet<string> }> =
  new Map(
    Object.entries(CLAUDE_INPUT_KEYS).map(([tool, table]) => [
      tool,
      { entries: Object.entries(table), spellings: new Set(Object.values(table).flat()) },
    ]),
  );

/** What an input value is, as far as building Claude's input cares (inputSteps). */
export type ValueKind = 'absent' | 'empty' | 'string' | 'other';

/**
 * One step of toClaudeToolInput: Claude key `out` takes Cursor key `from`'s value, made absolute (`path`) or mapped
 * to Claude's agent type (`agent`).
 */
export interface InputStep {
  out: string;
  from: string;
  path: boolean;
  agent: boolean;
}

/**
 * The steps toClaudeToolInput takes for an input with these own keys (in order), `kind` telling what each value is:
 * Claude keys first (taken from whichever Cursor spelling is present), then every key that is no spelling of a
 * Claude key. Null for a tool without a table row (MCP, unknown: the input is kept as is). The transcript's fast path
 * (adapters/transcript/fast.ts) follows the same steps over the bytes of the input.
 */
export function inputSteps(
  claudeName: string,
  keys: readonly string[],
  kind: (key: string) => ValueKind,
): InputStep[] | null {
  const plan = KEY_PLAN.get(claudeName);
  if (!plan) return null;
  const agentTool = claudeName === 'Agent' || claudeName === 'Task';
  const steps: InputStep[] = [];
  for (const [claudeKey, spellings] of plan.entries) {
    const from = spellings.find((sp) => keys.includes(sp) && kind(sp) !== 'absent');
    if (from === undefined) continue;
    const isString = kind(from) === 'string' || kind(from) === 'empty';
    steps.push({
      out: claudeKey,
      from,
      path: PATH_KEYS.has(claudeKey) && isString,
      agent: agentTool && claudeKey === 'subagent_type' && isString,
    });
  }
  // Cursor-only keys pass through, except empty strings (Shell's captured `cwd: ""`), which would only mislead.
  for (const k of keys)
    if (!plan.spellings.has(k) && kind(k) !== 'empty') steps.push({ out: k, from: k, path: false, agent: false });
  return steps;
}

/** What `v` is, for inputSteps. */
export function valueKind(v: unknown): ValueKind {
  return v === undefined ? 'absent' : v === '' ? 'empty' : typeof v === 'string' ? 'string' : 'other';
}

/** A Claude agent type for a Cursor subagent type (AGENT_TYPES; others keep their name). */
export function agentType(v: string): unknown {
  return AGENT_TYPES[v] ?? v;
}

/**
 * Give Claude its own `tool_input` keys (inputSteps). Relative paths are resolved against `projectDir`.
 * Tools without a table row (MCP, unknown) get their input unchanged.
 */
export function toClaudeToolInput(
  claudeName: string,
  input: Record<string, unknown>,
  projectDir?: string,
): Record<string, unknown> {
  const steps = inputSteps(claudeName, Object.keys(input), (k) => valueKind(input[k]));
  if (!steps) return { ...input };
  const out: Record<string, unknown> = {};
  for (const step of steps) {
    const value = input[step.from];
    out[step.out] = step.path
      ? absolutePath(value as string, projectDir)
      : step.agent
        ? agentType(value as string)
        : value;
  }
  return out;
}

/**
 * Map a Claude `updatedInput` back into Cursor's keys, in the spelling the original Cursor input used
 * (Cursor sent `path` → answer `path`). Modelled keys follow `claudeUpdated` (a key it omits is omitted);
 * Cursor-only keys of the original (e.g. Shell `cwd`, `timeout`) are kept unless `claudeUpdated` sets them.
 * Pass the `projectDir` given to toClaudeToolInput so an unchanged relative path goes back relative.
 */
export function toCursorToolInput(
  cursorName: string,
  original: Record<string, unknown>,
  claudeUpdated: Record<string, unknown>,
  projectDir?: string,
): Record<string, unknown> {
  const claudeName = claudeToolCandidates(cursorName, original)[0] ?? cursorName;
  const table = keysFor(claudeName);
  if (!table) return { ...claudeUpdated };
  const out: Record<string, unknown> = {};
  const spellingsOf = new Map(Object.entries(table));
  const modelled = new Set([...spellingsOf.values()].flat());
  for (const [claudeKey, value] of Object.entries(claudeUpdated)) {
    const spellings = spellingsOf.get(claudeKey);
    if (!spellings) {
      out[claudeKey] = value;
      continue;
    }
    const used = spellings.find((s) => original[s] !== undefined) ?? claudeKey;
    const before = original[used];
    // Keep Cursor's relative spelling when the script left the path as toClaudeToolInput made it.
    const same =
      PATH_KEYS.has(claudeKey) &&
      typeof before === 'string' &&
      isRelative(before) &&
      value === absolutePath(before, projectDir);
    out[used] = same
      ? before
      : claudeKey === 'subagent_type' && typeof value === 'string'
        ? (CURSOR_AGENT_TYPES[value] ?? value)
        : value;
  }
  for (const [k, v] of Object.entries(original)) if (!modelled.has(k) && !(k in out)) out[k] = v;
  return out;
}

/** A tool use as Claude would have logged it: name (first candidate) and input, with Cursor's MCP wrapper unwrapped. */
export function toClaudeToolUse(
  cursorName: string,
  rawInput: unknown,
  projectDir?: string,
): { name: string; input: Record<string, unknown> } {
  const { input } = parseToolInput(rawInput);
  const mcp = cursorName === 'CallMcpTool' ? unwrapMcpCall(input) : undefined;
  if (mcp) return mcp;
  const name = claudeToolCandidates(cursorName, input)[0] ?? cursorName;
  return { name, input: toClaudeToolInput(name, input, projectDir) };
}

/**
 * Transcript `CallMcpTool {server, toolName, arguments}` → `mcp__<server>__<tool>` with the arguments as input.
 * The key spellings are UNCONFIRMED (docs/cursor-hooks.md §6 names the tool, not its keys): any other shape keeps the raw name.
 */
function unwrapMcpCall(input: Record<string, unknown>): { name: string; input: Record<string, unknown> } | undefined {
  const server = anyString(input.server) ?? anyString(input.serverName) ?? anyString(input.server_name);
  const tool = anyString(input.toolName) ?? anyString(input.tool_name) ?? anyString(input.name);
  if (!server || !tool) return undefined;
  const args = input.arguments ?? input.args ?? input.input;
  return {
    name: `mcp__${server.replace(/[^A-Za-z0-9_-]/g, '_')}__${tool}`,
    input: args === undefined ? {} : parseToolInput(args).input,
  };
}

/** The key argument of a Claude tool input, for pairing results ('' when the tool has none). */
export function toolKey(claudeName: string, claudeInput: Record<string, unknown>): string {
  const arg = Object.hasOwn(TOOL_KEY_ARG, claudeName) ? TOOL_KEY_ARG[claudeName as ClaudeToolName] : null;
  if (arg === null) return '';
  const v = claudeInput[arg];
  return typeof v === 'string' ? v.trim().slice(0, KEY_MAX) : '';
}

/** `p` made absolute against `projectDir` (POSIX join; Windows drive and UNC paths count as absolute). */
export function absolutePath(p: string, projectDir: string | undefined): string {
  if (!projectDir || !isRelative(p)) return p;
  return posix.join(projectDir, p);
}

function isRelative(p: string): boolean {
  return p !== '' && !posix.isAbsolute(p) && !/^[A-Za-z]:[\\/]/.test(p) && !p.startsWith('\\\\') && !p.startsWith('~');
}
