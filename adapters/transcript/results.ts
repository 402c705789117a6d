// Result lines: a tool_use paired with its recorded result (the rule is in rewrite.ts), written from the record's own
// bytes when they are canonical JSON (skim.ts), else parsed and re-serialised: the same bytes either way.
import type { Buffer } from 'node:buffer';
import { chain, appendRecord, envelope, head, prefix } from './lines.ts';
import { idUuid, KIND } from './ids.ts';
import { takeOpen } from './pairing.ts';
import { failedExit, resultText } from './records.ts';
import { NUM, OBJ, rawIs, skim, str, STR, text, utf8, type Tape } from './skim.ts';
import { PENDING_MAX, type Run, type ToolResultRef } from './types.ts';

/** Pair a tool_use with its recorded result (rule at the top of the file), or leave it pending. */
export function pairResult(
  run: Run,
  tool: { name: string; key: string },
  block: number,
  toolUseId: string,
  toolUseLine: string,
): void {
  const { working } = run;
  const taken = takeOpen(run, tool);
  if (!taken) {
    // A new list (marks keep the old one): the oldest gives up past PENDING_MAX.
    const pending =
      working.pending.length >= PENDING_MAX
        ? working.pending.slice(working.pending.length - PENDING_MAX + 1)
        : working.pending.slice();
    pending.push({ line: working.line, chars: working.chars, name: tool.name, key: tool.key });
    working.pending = pending;
    run.newPending = true;
    return;
  }
  const ref = {
    seq: taken.seq,
    claudeName: taken.name,
    key: taken.key,
    ...(taken.ref !== undefined ? { ref: taken.ref } : {}),
  };
  const uuid = idUuid(run, block, KIND.result);
  if (run.fast && run.ctx.results.loadBytes) {
    const bytes = run.ctx.results.loadBytes(ref);
    if (bytes && fastResult(run, bytes, ref, toolUseId, toolUseLine, uuid)) {
      run.stats.resultsPaired++;
      return;
    }
  }
  const rec = run.ctx.results.load(ref);
  if (!rec) {
    run.stats.resultsMissing++;
    return;
  }
  run.stats.resultsPaired++;
  const isError = rec.isError || failedExit(rec.response);
  appendRecord(
    run,
    {
      ...envelope(run),
      type: 'user',
      message: {
        role: 'user',
        content: [
          { tool_use_id: toolUseId, type: 'tool_result', content: resultText(rec.response), is_error: isError },
        ],
      },
      uuid,
      timestamp: rec.at,
      toolUseResult: rec.response,
      sourceToolAssistantUUID: toolUseLine,
    },
    uuid,
  );
}

/** A result line written from the record's bytes; false (nothing written) when they are not canonical or not this record. */
export function fastResult(
  run: Run,
  rec: { buf: Buffer; start: number; end: number },
  ref: ToolResultRef,
  toolUseId: string,
  toolUseLine: string,
  uuid: string,
): boolean {
  const { buf: b, start: s, end: e } = rec;
  const tape = run.recTape;
  if (!utf8(b, s, e) || !skim(b, s, e, tape, 2) || tape.kind(0) !== OBJ) return false;
  const name = tape.child(b, 0, 'claudeName');
  const key = tape.child(b, 0, 'key');
  const resp = tape.child(b, 0, 'response');
  if (name < 0 || key < 0 || resp < 0 || tape.kind(name) !== STR || tape.kind(key) !== STR) return false;
  if (str(b, tape, name) !== ref.claudeName || str(b, tape, key) !== ref.key) return false;
  const content = contentPieces(b, tape, resp);
  if (!content) return false;
  const isError = rawIs(b, tape, tape.child(b, 0, 'isError'), 'true') || exitCode(b, tape, resp) !== undefined;
  const at = tape.child(b, 0, 'at');
  const sink = run.sink;
  head(run, `${prefix(run)},"type":"user","message":{"role":"user","content":[{"tool_use_id":`);
  sink.text(JSON.stringify(toolUseId));
  sink.ascii(',"type":"tool_result","content":');
  for (const p of content) {
    if (typeof p === 'string') sink.ascii(p);
    else sink.bytes(b, p[0], p[1]);
  }
  sink.ascii(`,"is_error":${isError}}]},"uuid":"${uuid}","timestamp":`);
  if (at >= 0 && tape.kind(at) === STR) sink.bytes(b, tape.start(at), tape.end(at));
  else sink.ascii('""');
  sink.ascii(',"toolUseResult":');
  sink.bytes(b, tape.start(resp), tape.end(resp));
  sink.text(`,"sourceToolAssistantUUID":${JSON.stringify(toolUseLine)}}`);
  sink.end();
  run.emitted++;
  run.stats.copied++;
  chain(run, uuid);
  return true;
}

/**
 * resultText(response) as JSON text, in pieces (text, or a byte range of the record): a string response is itself; a
 * Bash one is its non-empty stdout and stderr joined by a newline, after "Exit code N" when N is not 0 (records.ts).
 * Joining the insides of canonical JSON strings is the JSON of the joined strings. Undefined for any other response.
 */
function contentPieces(b: Buffer, tape: Tape, resp: number): (string | [number, number])[] | undefined {
  if (tape.kind(resp) === STR) return [[tape.start(resp), tape.end(resp)]];
  if (tape.kind(resp) !== OBJ) return undefined;
  const out = tape.child(b, resp, 'stdout');
  const err = tape.child(b, resp, 'stderr');
  const outStr = out >= 0 && tape.kind(out) === STR;
  const errStr = err >= 0 && tape.kind(err) === STR;
  if (!outStr && !errStr) return undefined;
  const code = exitCode(b, tape, resp);
  const pieces: (string | [number, number])[] = [code === undefined ? '"' : `"Exit code ${code}\\n`];
  let first = true;
  for (const [node, isStr] of [
    [out, outStr],
    [err, errStr],
  ] as const) {
    if (!isStr || tape.end(node) - tape.start(node) === 2) continue;
    if (!first) pieces.push('\\n');
    pieces.push([tape.start(node) + 1, tape.end(node) - 1]);
    first = false;
  }
  pieces.push('"');
  return pieces;
}

/** The response's exitCode when it is a number other than 0 (failedExit), as written; else undefined. */
function exitCode(b: Buffer, tape: Tape, resp: number): string | undefined {
  if (tape.kind(resp) !== OBJ) return undefined;
  const code = tape.child(b, resp, 'exitCode');
  return code >= 0 && tape.kind(code) === NUM && !rawIs(b, tape, code, '0')
    ? text(b, tape.start(code), tape.end(code))
    : undefined;
}
