// Writing output lines of the rewrite: the envelope Claude Code puts on every line, the uuid chain, tool_use blocks.
import { toClaudeToolUse, toolKey } from '../tools.ts';
import { idHex24, KIND } from './ids.ts';
import type { Run } from './types.ts';

/** Write one whole output line. */
export function line(run: Run, text: string): void {
  run.sink.text(text);
  run.sink.end();
  run.emitted++;
}

/** The last assistant text is now `text`. */
export function setLastText(run: Run, text: string): void {
  run.working.lastText = text;
  run.textRef = null;
}

/** The envelope every synthetic line starts with (key order as Claude Code writes it, docs/claude-hooks.md §4). */
export function envelope(run: Run): Record<string, unknown> {
  return {
    parentUuid: run.working.lastUuid,
    isSidechain: false,
    userType: 'external',
    cwd: run.ctx.cwd,
    sessionId: run.ctx.sessionId,
  };
}

/** Append a synthetic line and advance the uuid chain. */
export function appendRecord(run: Run, obj: Record<string, unknown>, uuid: string): void {
  line(run, JSON.stringify(obj));
  chain(run, uuid);
}

/** The next line's parentUuid is `uuid`. */
export function chain(run: Run, uuid: string): void {
  run.working.lastUuid = uuid;
  run.lastUuidJson = `"${uuid}"`;
  run.asciiUuid = true;
}

/** Only ASCII characters. */
const ASCII = /^[\x00-\x7f]*$/;

/** Write text that starts with prefix(run) (called first): as ASCII when that is (the rest of `s` must be ASCII too). */
export function head(run: Run, s: string): void {
  if (run.asciiFixed && run.asciiUuid) run.sink.ascii(s);
  else run.sink.text(s);
}

/** A Cursor tool_use block in Claude's shape (the id kept, else a synthetic one), and what pairing needs of it. */
export function toolBlock(
  b: Record<string, unknown>,
  run: Run,
  j: number,
): { block: Record<string, unknown>; tool: { name: string; key: string; id: string } } {
  const mapped = toClaudeToolUse(b.name as string, b.input, run.ctx.cwd);
  const { id, name: _n, input: _in, type: _bt, ...blockRest } = b;
  const useId = typeof id === 'string' && id ? id : `toolu_hs_${idHex24(run, j, KIND.tool)}`;
  return {
    block: { type: 'tool_use', id: useId, name: mapped.name, input: mapped.input, ...blockRest },
    tool: { name: mapped.name, key: toolKey(mapped.name, mapped.input), id: useId },
  };
}

/** The text of an assistant line of a plain Cursor record up to its block, as JSON.stringify writes the general path's object. */
export function assistantHead(run: Run, msgId: string): string {
  return `${prefix(run)},"type":"assistant","message":{"id":"${msgId}","type":"message","role":"assistant","content":[`;
}

/** The serialised envelope up to (not including) `"type"`, as JSON.stringify(envelope(run)) without its `}`. */
export function prefix(run: Run): string {
  let fixed = run.fixed;
  if (fixed === undefined) {
    const { cwd, sessionId } = run.ctx;
    fixed =
      run.fixed = `,"isSidechain":false,"userType":"external","cwd":${JSON.stringify(cwd)},"sessionId":${JSON.stringify(sessionId)}`;
    run.asciiFixed = ASCII.test(fixed);
  }
  let uuid = run.lastUuidJson;
  if (uuid === undefined) {
    uuid = run.lastUuidJson = JSON.stringify(run.working.lastUuid);
    run.asciiUuid = ASCII.test(uuid);
  }
  return `{"parentUuid":${uuid}${fixed}`;
}
