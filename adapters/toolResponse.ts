// Claude's `tool_response` from Cursor's `tool_output`, per tool (docs/claude-hooks.md §5.3, docs/cursor-hooks.md §4).
// Pure: no I/O.
import { tokenize, type Token } from '../catalog/command.ts';
import { anyString, isRecord } from './json.ts';
import { todoWriteResult } from './todos.ts';

/**
 * Claude's `tool_response` (docs/claude-hooks.md §5.3) from Cursor's `postToolUse.tool_output`, a JSON string
 * (e.g. Shell `{"output":"…","exitCode":0}`, docs/cursor-hooks.md §4). Shapes are filled where derivable;
 * `claudeInput` supplies what the output lacks (paths, written content). Never throws: an unknown tool
 * gets the parsed value, an unparsable string stays a string.
 */
export function toClaudeToolResponse(
  claudeName: string,
  toolOutput: unknown,
  claudeInput: Record<string, unknown> = {},
): unknown {
  const parsed = parseMaybeJson(toolOutput);
  const obj = isRecord(parsed) ? parsed : undefined;
  const text = typeof parsed === 'string' ? parsed : undefined;
  switch (claudeName) {
    case 'Bash': {
      if (!obj && text === undefined) return parsed;
      const { output, stdout, stderr, interrupted, isImage, exitCode, noOutputExpected, ...rest } = obj ?? {};
      const quiet = typeof noOutputExpected === 'boolean' ? noOutputExpected : noOutputFrom(claudeInput.command);
      return {
        // Claude Code drops the blank lines at both ends of stdout (docs/claude-hooks.md §8: "hi", not "hi\n").
        stdout: trimBlankLines(anyString(stdout) ?? anyString(output) ?? text ?? ''),
        stderr: anyString(stderr) ?? '',
        interrupted: interrupted === true,
        isImage: isImage === true,
        ...(quiet !== undefined ? { noOutputExpected: quiet } : {}),
        ...(typeof exitCode === 'number' ? { exitCode } : {}),
        ...rest,
      };
    }
    case 'Write': {
      const filePath = anyString(obj?.filePath) ?? anyString(claudeInput.file_path);
      const content = anyString(obj?.content) ?? anyString(claudeInput.content);
      if (filePath === undefined) return parsed;
      // `type` ("create" | "update") is only known when Cursor says so.
      return {
        ...(anyString(obj?.type) ? { type: obj?.type } : {}),
        filePath,
        ...(content !== undefined ? { content } : {}),
        ...omit(obj, ['type', 'filePath', 'content']),
      };
    }
    case 'Edit': {
      const filePath = anyString(obj?.filePath) ?? anyString(claudeInput.file_path);
      if (filePath === undefined) return parsed;
      const oldString = anyString(obj?.oldString) ?? anyString(claudeInput.old_string);
      const newString = anyString(obj?.newString) ?? anyString(claudeInput.new_string);
      const replaceAll = obj?.replaceAll ?? claudeInput.replace_all;
      return {
        filePath,
        ...(oldString !== undefined ? { oldString } : {}),
        ...(newString !== undefined ? { newString } : {}),
        ...(typeof replaceAll === 'boolean' ? { replaceAll } : {}),
        ...omit(obj, ['filePath', 'oldString', 'newString', 'replaceAll']),
      };
    }
    case 'Read': {
      if (obj && isRecord(obj.file)) return obj;
      const filePath = anyString(claudeInput.file_path);
      const content = text ?? anyString(obj?.content) ?? anyString(obj?.contents) ?? anyString(obj?.output);
      if (filePath === undefined || content === undefined) return parsed;
      const offset = typeof claudeInput.offset === 'number' ? claudeInput.offset : 1;
      return {
        type: 'text',
        file: { filePath, content, numLines: content === '' ? 0 : content.split('\n').length, startLine: offset },
      };
    }
    case 'TodoWrite':
      // Built from the input: Cursor's output does not hold the list. Without the previous list (the shell passes the
      // recorded one where it has it), a merge starts from an empty one.
      return todoWriteResult(claudeInput, undefined).response;
    default:
      return parsed;
  }
}

/** Text without its leading and trailing blank (whitespace-only) lines; the lines between are kept as they are. */
export function trimBlankLines(text: string): string {
  const inner = text.replace(/^(?:[^\S\n]*\n)+/, '').replace(/(?:\n[^\S\n]*)+$/, '');
  return inner.trim() === '' ? '' : inner;
}

/** The commands Claude Code expects to print nothing on success (docs/claude-hooks.md §8, `noOutputExpected`). */
const QUIET_COMMANDS: ReadonlySet<string> = new Set(
  'mv cp rm mkdir rmdir chmod chown chgrp touch ln cd export unset wait'.split(' '),
);

/**
 * Claude's `noOutputExpected` for a Bash command: every simple command (split at `;`, `&`, `|`, newlines; redirections
 * and their targets left out) starts with a quiet command word. Undefined where hookshim's sh lexer cannot read the
 * command as Claude's parser would (subshells, `$(…)`, backticks, an unterminated quote): not synthesised there.
 */
export function noOutputFrom(command: unknown): boolean | undefined {
  if (typeof command !== 'string') return undefined;
  const heads: string[] = [];
  let words: string[] = [];
  let redirect = false;
  let previous: Token | undefined;
  for (const t of tokenize(command)) {
    const after = previous;
    previous = t;
    if (t.kind === 'word') {
      if (t.parts.some((p) => 'code' in p)) return undefined;
      if (redirect) redirect = false;
      else words.push(t.raw);
      continue;
    }
    if (t.op === 'unterminated' || t.op === '(' || t.op === ')') return undefined;
    // `>`, `>>`, `<`, and the `&` of `2>&1`: a redirection, whose target word is no command.
    const inRedirect = after?.kind === 'op' && (after.op === '<' || after.op === '>');
    if (t.op === '<' || t.op === '>' || (t.op === '&' && inRedirect)) redirect = true;
    else if (words.length) {
      heads.push(words[0] as string);
      words = [];
    }
  }
  if (words.length) heads.push(words[0] as string);
  return heads.length > 0 && heads.every((h) => QUIET_COMMANDS.has(h));
}

function parseMaybeJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[') && !t.startsWith('"')) return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

function omit(obj: Record<string, unknown> | undefined, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (obj) for (const [k, v] of Object.entries(obj)) if (!keys.includes(k)) out[k] = v;
  return out;
}
