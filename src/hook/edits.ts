// The files a tool call wrote, looked at before its PostToolUse rows run and again before the fold: which of them a
// row changed (a formatter), so the model can be told as Claude Code tells it (docs/claude-hooks.md §8, §10 Formatter
// note). On the matched path only, and only for an Edit or Write whose event runs rows.
import fs from 'node:fs';

/** Files larger than this are compared by size and modification time only, not read. */
const READ_MAX = 8 * 1024 * 1024;

/** What a file was: its bytes (or, when large, its size and mtime), or null when it could not be read. */
type Print = Buffer | string | null;

function print(file: string): Print {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) return null;
    return st.size > READ_MAX ? `${st.size}:${st.mtimeMs}` : fs.readFileSync(file);
  } catch {
    return null;
  }
}

function differ(a: Print, b: Print): boolean {
  if (a === null || b === null) return false;
  if (typeof a === 'string' || typeof b === 'string') return a !== b;
  return !a.equals(b);
}

/** A look at `files` now; `changed()` names those that differ later (a file gone or unreadable counts as unchanged). */
export function watchFiles(files: readonly string[]): { changed(): string[] } {
  const before = files.map((f) => [f, print(f)] as const);
  return {
    changed: () => before.filter(([f, p]) => differ(p, print(f))).map(([f]) => f),
  };
}
