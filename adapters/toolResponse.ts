// Claude's `tool_response` from Cursor's `tool_output`, per tool (docs/claude-hooks.md §5.3, docs/cursor-hooks.md §4).
// Pure: no I/O.
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
      const { output, stdout, stderr, interrupted, isImage, exitCode, ...rest } = obj ?? {};
      return {
        stdout: anyString(stdout) ?? anyString(output) ?? text ?? '',
        stderr: anyString(stderr) ?? '',
        interrupted: interrupted === true,
        isImage: isImage === true,
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
