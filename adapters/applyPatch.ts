// Cursor's ApplyPatch (GPT-served models, docs/cursor-hooks.md §6: "input is patch text") as the Claude file edits it
// stands for, so Write/Edit guards see every file a patch touches. Format: the apply_patch envelope
// (*** Begin Patch / *** Add File: / *** Update File: / *** Delete File: / *** End Patch, hunks after @@).

/** One file of a patch, as a Claude Write (added file) or Edit (updated file), or a deletion. */
export type PatchedFile =
  | { op: 'add'; file_path: string; content: string }
  | { op: 'update'; file_path: string; old_string: string; new_string: string; move_to?: string }
  | { op: 'delete'; file_path: string };

/** The patch text of an ApplyPatch tool_input: a bare string, or the first of `patch`, `input`, `content`. */
export function patchText(input: unknown): string | undefined {
  if (typeof input === 'string') return input;
  if (typeof input !== 'object' || input === null) return undefined;
  const o = input as Record<string, unknown>;
  for (const k of ['patch', 'input', 'content']) if (typeof o[k] === 'string') return o[k] as string;
  return undefined;
}

/** Split a patch into its files; lines outside a file section are ignored. */
export function parsePatch(text: string): PatchedFile[] {
  const files: PatchedFile[] = [];
  let current: PatchedFile | undefined;
  let oldLines: string[] = [];
  let newLines: string[] = [];
  const flush = () => {
    if (current?.op === 'add') current.content = newLines.join('\n') + (newLines.length ? '\n' : '');
    if (current?.op === 'update') {
      current.old_string = oldLines.join('\n');
      current.new_string = newLines.join('\n');
    }
    if (current) files.push(current);
    current = undefined;
    oldLines = [];
    newLines = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const header = /^\*\*\* (Add|Update|Delete) File: (.+)$/.exec(line);
    if (header) {
      flush();
      const file_path = (header[2] as string).trim();
      current =
        header[1] === 'Add'
          ? { op: 'add', file_path, content: '' }
          : header[1] === 'Update'
            ? { op: 'update', file_path, old_string: '', new_string: '' }
            : { op: 'delete', file_path };
      continue;
    }
    if (/^\*\*\* (Begin|End) Patch/.test(line) || line === '*** End of File') continue;
    const move = /^\*\*\* Move to: (.+)$/.exec(line);
    if (move && current?.op === 'update') {
      current.move_to = (move[1] as string).trim();
      continue;
    }
    if (!current || current.op === 'delete' || line.startsWith('@@')) continue;
    // Hunk lines: "+" added, "-" removed, " " context (both sides); an added file has only "+" lines.
    if (line.startsWith('+')) newLines.push(line.slice(1));
    else if (line.startsWith('-')) oldLines.push(line.slice(1));
    else if (line.startsWith(' ')) {
      oldLines.push(line.slice(1));
      newLines.push(line.slice(1));
    }
  }
  flush();
  return files;
}
