// An apply_patch call as the Claude calls it stands for, in a transcript rewritten from a host's log: one Write per
// added file, one Edit per updated file (as the host's hooks offer them to Write/Edit rows, adapters/toolEvent.ts),
// each its own tool_use block; a deletion, or a patch hookshim cannot read, stays one ApplyPatch block.
import { parsePatch } from '../applyPatch.ts';
import { toClaudeToolUse } from '../tools.ts';

/** The tool_use blocks of one apply_patch call with id `callId` (the first block keeps the id, the others get `#n`). */
export function applyPatchUses(callId: string, patch: string, cwd: string): Record<string, unknown>[] {
  const files = parsePatch(patch);
  const whole = [{ type: 'tool_use', id: callId, name: 'ApplyPatch', input: { patch } }];
  if (!files.length) return whole;
  const blocks: Record<string, unknown>[] = [];
  for (const [i, f] of files.entries()) {
    if (f.op === 'delete') return whole;
    const call =
      f.op === 'add'
        ? toClaudeToolUse('Write', { file_path: f.file_path, content: f.content }, cwd)
        : toClaudeToolUse(
            'StrReplace',
            { file_path: f.move_to ?? f.file_path, old_string: f.old_string, new_string: f.new_string },
            cwd,
          );
    blocks.push({ type: 'tool_use', id: i === 0 ? callId : `${callId}#${i + 1}`, name: call.name, input: call.input });
  }
  return blocks;
}
