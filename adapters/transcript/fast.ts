// The rewrite's fast path (docs/transcripts.md "Speed"): a plain Cursor assistant record or turn_ended marker whose
// JSON is canonical (skim.ts) is written from its own bytes plus a built envelope: the bytes rewrite.ts's general path
// would write, without parsing and re-serialising the text. A line it does not take returns false before anything is
// written, and the general path takes it.
import type { Buffer } from 'node:buffer';
import { READ_INPUT_KEYS } from '../tools.ts';
import { assistantHead, chain, prefix, toolBlock } from './emit.ts';
import { idHex24, idUuid, KIND } from './ids.ts';
import { pairResult } from './results.ts';
import { ARR, decode, OBJ, rawIs, skim, STR, utf8, type Tape } from './skim.ts';
import type { Run } from './types.ts';

/** Tool input strings at least this long (in bytes, quotes included) are carried unparsed through the tool mapping. */
const LONG = 64;

/** Placeholders stand in for long strings as "\u0000<k>": a NUL, which no such string holds unescaped. */
const MARK = '\\u0000';

/** How one block of an assistant line is written: its own bytes, or pieces (text, or a byte range of the line). */
type Plan = { start: number; end: number } | { pieces: (string | [number, number])[]; tool: { name: string; key: string; id: string } };

/** The last assistant text a Run.textRef points at: its JSON strings decoded, joined by newlines (text.ts noteText). */
export function materialize(buf: Buffer, ranges: readonly number[]): string {
  const parts: string[] = [];
  for (let k = 0; k < ranges.length; k += 2) parts.push(decode(buf, ranges[k] as number, ranges[k + 1] as number) as string);
  return parts.join('\n');
}

/** Bytes s..e of the batch, written if they are a canonical plain assistant record or turn_ended marker; else false. */
export function fastLine(s: number, e: number, run: Run): boolean {
  const b = run.buf;
  const tape = run.tape;
  if (!utf8(b, s, e) || !skim(b, s, e, tape, 5) || tape.kind(0) !== OBJ || tape.count(0) !== 2) return false;
  const role = tape.child(b, 0, 'role');
  if (role < 0) return turnEnded(b, tape, run);
  const message = tape.child(b, 0, 'message');
  if (!rawIs(b, tape, role, '"assistant"') || message < 0 || tape.kind(message) !== OBJ || tape.count(message) !== 1) return false;
  const content = tape.child(b, message, 'content');
  if (content < 0 || tape.kind(content) !== ARR) return false;
  return assistant(b, tape, content, run);
}

/** `{"type":"turn_ended","status":"…"}` → the system line rewrite.ts's turnEnded writes. */
function turnEnded(b: Buffer, tape: Tape, run: Run): boolean {
  const status = tape.child(b, 0, 'status');
  if (!rawIs(b, tape, tape.child(b, 0, 'type'), '"turn_ended"') || status < 0 || tape.kind(status) !== STR) return false;
  run.stats.turnEnded++;
  run.stats.copied++;
  const uuid = idUuid(run, 0, KIND.uuid);
  const ss = tape.start(status);
  const se = tape.end(status);
  const { sink } = run;
  sink.text(`${prefix(run)},"type":"system","subtype":"turn_ended","content":"Turn ended (`);
  sink.bytes(b, ss + 1, se - 1);
  sink.text(`)","level":"${rawIs(b, tape, status, '"error"') ? 'error' : 'info'}","status":`);
  sink.bytes(b, ss, se);
  sink.text(`,"uuid":"${uuid}"}`);
  sink.end();
  run.emitted++;
  chain(run, uuid);
  return true;
}

/** A plain assistant record: one line per block, each block's own bytes (a tool_use through the tool mapping). */
function assistant(b: Buffer, tape: Tape, content: number, run: Run): boolean {
  const blocks: number[] = [];
  for (let i = content + 1; i < tape.n; i++) if (tape.parent(i) === content) blocks.push(i);
  if (blocks.length === 0) return false;
  let texts: number[] | null = null;
  const plans: Plan[] = [];
  for (let j = 0; j < blocks.length; j++) {
    const node = blocks[j] as number;
    if (tape.kind(node) === OBJ) {
      const type = tape.child(b, node, 'type');
      if (rawIs(b, tape, type, '"tool_use"')) {
        const name = tape.child(b, node, 'name');
        if (name >= 0 && tape.kind(name) === STR) {
          plans.push(toolPlan(b, tape, node, run, j));
          continue;
        }
      } else if (rawIs(b, tape, type, '"text"')) {
        const t = tape.child(b, node, 'text');
        if (t >= 0 && tape.kind(t) === STR && !blank(b, tape.start(t), tape.end(t))) (texts ??= []).push(tape.start(t), tape.end(t));
      }
    }
    plans.push({ start: tape.start(node), end: tape.end(node) });
  }
  run.stats.rewritten++;
  run.stats.copied++;
  if (texts) run.textRef = texts;
  const msgId = `msg_hs_${idHex24(run, -1, KIND.msg)}`;
  const { sink } = run;
  for (let j = 0; j < plans.length; j++) {
    const plan = plans[j] as Plan;
    const uuid = idUuid(run, j, KIND.uuid);
    sink.text(assistantHead(run, msgId));
    if ('start' in plan) sink.bytes(b, plan.start, plan.end);
    else for (const p of plan.pieces) typeof p === 'string' ? sink.text(p) : sink.bytes(b, p[0], p[1]);
    sink.text(`]},"uuid":"${uuid}"}`);
    sink.end();
    run.emitted++;
    chain(run, uuid);
    if ('tool' in plan) {
      run.stats.toolUses++;
      pairResult(run, plan.tool, j, plan.tool.id, uuid);
    }
  }
  return true;
}

/**
 * A tool_use block through toolBlock, with each long input string the mapping does not read replaced by a placeholder
 * while it runs, and its bytes put back in the result. Should the mapping have read, moved or copied a placeholder
 * after all, the block is decoded whole instead.
 */
function toolPlan(b: Buffer, tape: Tape, node: number, run: Run, j: number): Plan {
  const input = tape.child(b, node, 'input');
  const longs: number[] = [];
  if (input >= 0 && tape.kind(input) === OBJ) {
    for (let i = input + 1; i < tape.n; i++) {
      if (tape.parent(i) !== input || tape.kind(i) !== STR || tape.end(i) - tape.start(i) < LONG) continue;
      if (!READ_INPUT_KEYS.has(b.toString('utf8', tape.keyStart(i) + 1, tape.keyEnd(i) - 1))) longs.push(i);
    }
  }
  if (longs.length > 0) {
    let src = '';
    let pos = tape.start(node);
    longs.forEach((c, k) => {
      src += `${b.toString('utf8', pos, tape.start(c))}"${MARK}${k}"`;
      pos = tape.end(c);
    });
    src += b.toString('utf8', pos, tape.end(node));
    const { block, tool } = toolBlock(JSON.parse(src) as Record<string, unknown>, run, j);
    const pieces = putBack(JSON.stringify(block), tool, longs, tape);
    if (pieces) return { pieces, tool };
  }
  const { block, tool } = toolBlock(decode(b, tape.start(node), tape.end(node)) as Record<string, unknown>, run, j);
  return { pieces: [JSON.stringify(block)], tool };
}

/** The serialised block with each placeholder back as its byte range; undefined unless each is there once, whole, and nowhere else. */
function putBack(json: string, tool: { name: string; key: string; id: string }, longs: readonly number[], tape: Tape): (string | [number, number])[] | undefined {
  if (tool.name.includes('\u0000') || tool.key.includes('\u0000') || tool.id.includes('\u0000')) return undefined;
  const found: [number, number][] = [];
  for (let k = 0; k < longs.length; k++) {
    const token = `"${MARK}${k}"`;
    const at = json.indexOf(token);
    if (at < 0 || json.indexOf(token, at + 1) >= 0) return undefined;
    found.push([at, k]);
  }
  let marks = 0;
  for (let at = json.indexOf(MARK); at >= 0; at = json.indexOf(MARK, at + 1)) marks++;
  if (marks !== longs.length) return undefined;
  found.sort((x, y) => x[0] - y[0]);
  const pieces: (string | [number, number])[] = [];
  let pos = 0;
  for (const [at, k] of found) {
    const c = longs[k] as number;
    pieces.push(json.slice(pos, at), [tape.start(c), tape.end(c)]);
    pos = at + `"${MARK}${k}"`.length;
  }
  pieces.push(json.slice(pos));
  return pieces;
}

/** A JSON string (quotes included) whose text is empty or only whitespace (String.prototype.trim's). */
function blank(b: Buffer, s: number, e: number): boolean {
  const c = b[s + 1] as number;
  if (c > 0x20 && c < 0x7f && c !== 0x5c) return false;
  return (decode(b, s, e) as string).trim() === '';
}
