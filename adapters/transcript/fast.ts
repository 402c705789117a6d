// The rewrite's fast path (docs/transcripts.md "Speed"): a plain Cursor assistant record or turn_ended marker whose
// JSON is canonical (skim.ts) is written from its own bytes plus a built envelope: the bytes rewrite.ts's general path
// would write, without parsing and re-serialising the text. A line it does not take returns false before anything is
// written, and the general path takes it.
import type { Buffer } from 'node:buffer';
import {
  absolutePath,
  agentType,
  claudeToolCandidates,
  inputSteps,
  TOOL_KEY_ARG,
  toolKey,
  type ClaudeToolName,
  type ValueKind,
} from '../tools.ts';
import { assistantHead, chain, head, line, prefix, toolBlock } from './lines.ts';
import { idHex24, idUuid, KIND } from './ids.ts';
import { pairResult } from './results.ts';
import { ARR, asciiAt, decode, OBJ, rawIs, skim, str, STR, utf8, type Tape } from './skim.ts';
import { userContent } from './text.ts';
import type { Run } from './types.ts';

/** A tool_use as pairing sees it. */
interface Tool {
  name: string;
  key: string;
  id: string;
}

/** How a tool_use block is written: pieces, each text or a byte range of the line (two numbers); and the tool. */
interface ToolBlockLayout {
  pieces: (string | number)[];
  tool: Tool;
}

/** The last assistant text a Run.textRef points at: its JSON strings decoded, joined by newlines (text.ts noteText). */
export function materialize(buf: Buffer, ranges: readonly number[]): string {
  const parts: string[] = [];
  for (let k = 0; k < ranges.length; k += 2)
    parts.push(decode(buf, ranges[k] as number, ranges[k + 1] as number) as string);
  return parts.join('\n');
}

/** Bytes s..e of the batch, written if they are a canonical plain assistant record or turn_ended marker; else false. */
export function fastLine(s: number, e: number, run: Run): boolean {
  const b = run.buf;
  const tape = run.tape;
  if (!(run.utf8 || utf8(b, s, e)) || !skim(b, s, e, tape, 5) || tape.kind(0) !== OBJ || tape.count(0) !== 2)
    return false;
  const role = tape.child(b, 0, 'role');
  if (role < 0) return turnEnded(b, tape, run);
  const message = tape.child(b, 0, 'message');
  if (message < 0 || tape.kind(message) !== OBJ || tape.count(message) !== 1) return false;
  const content = tape.child(b, message, 'content');
  if (content < 0) return false;
  if (rawIs(b, tape, role, '"user"')) return user(b, tape, content, run);
  return rawIs(b, tape, role, '"assistant"') && tape.kind(content) === ARR && assistant(b, tape, content, run);
}

/** A plain user record: its content decoded and unwrapped (text.ts userContent), the rest of the line built. */
function user(b: Buffer, tape: Tape, content: number, run: Run): boolean {
  const { text, timestamp, cursorTimestamp } = userContent(decode(b, tape.start(content), tape.end(content)));
  run.stats.rewritten++;
  run.stats.copied++;
  const uuid = idUuid(run, 0, KIND.uuid);
  let out = `${prefix(run)},"type":"user","message":{"role":"user","content":${JSON.stringify(text)}},"uuid":"${uuid}"`;
  if (timestamp) out += `,"timestamp":${JSON.stringify(timestamp)}`;
  if (cursorTimestamp) out += `,"cursorTimestamp":${JSON.stringify(cursorTimestamp)}`;
  line(run, `${out}}`);
  chain(run, uuid);
  return true;
}

/** `{"type":"turn_ended","status":"…"}` → the system line rewrite.ts's turnEnded writes. */
function turnEnded(b: Buffer, tape: Tape, run: Run): boolean {
  const status = tape.child(b, 0, 'status');
  if (!rawIs(b, tape, tape.child(b, 0, 'type'), '"turn_ended"') || status < 0 || tape.kind(status) !== STR)
    return false;
  run.stats.turnEnded++;
  run.stats.copied++;
  const uuid = idUuid(run, 0, KIND.uuid);
  const ss = tape.start(status);
  const se = tape.end(status);
  const { sink } = run;
  head(run, `${prefix(run)},"type":"system","subtype":"turn_ended","content":"Turn ended (`);
  sink.bytes(b, ss + 1, se - 1);
  sink.ascii(`)","level":"${rawIs(b, tape, status, '"error"') ? 'error' : 'info'}","status":`);
  sink.bytes(b, ss, se);
  sink.ascii(`,"uuid":"${uuid}"}`);
  sink.end();
  run.emitted++;
  chain(run, uuid);
  return true;
}

/** A plain assistant record: one line per block, each block's own bytes (a tool_use through the tool mapping). */
function assistant(b: Buffer, tape: Tape, content: number, run: Run): boolean {
  let node = tape.first(content);
  if (node < 0) return false;
  run.stats.rewritten++;
  run.stats.copied++;
  const msgId = `msg_hs_${idHex24(run, -1, KIND.msg)}`;
  const { sink } = run;
  let texts: number[] | null = null;
  for (let j = 0; node >= 0; node = tape.next(node), j++) {
    let layout: ToolBlockLayout | null = null;
    if (tape.kind(node) === OBJ) {
      const type = tape.child(b, node, 'type');
      if (rawIs(b, tape, type, '"tool_use"')) {
        const name = tape.child(b, node, 'name');
        if (name >= 0 && tape.kind(name) === STR) layout = toolLayout(b, tape, node, run, j);
      } else if (rawIs(b, tape, type, '"text"')) {
        const t = tape.child(b, node, 'text');
        if (t >= 0 && tape.kind(t) === STR && !blank(b, tape.start(t), tape.end(t)))
          (texts ??= []).push(tape.start(t), tape.end(t));
      }
    }
    const uuid = idUuid(run, j, KIND.uuid);
    head(run, assistantHead(run, msgId));
    if (layout === null) sink.bytes(b, tape.start(node), tape.end(node));
    else {
      const { pieces } = layout;
      for (let k = 0; k < pieces.length; k++) {
        const p = pieces[k] as string | number;
        if (typeof p === 'string') sink.text(p);
        else sink.bytes(b, p, pieces[++k] as number);
      }
    }
    sink.ascii(`]},"uuid":"${uuid}"}`);
    sink.end();
    run.emitted++;
    chain(run, uuid);
    if (layout !== null) {
      run.stats.toolUses++;
      pairResult(run, layout.tool, j, layout.tool.id, uuid);
    }
  }
  // The line's texts (text.ts noteText), decoded only if a state keeps them.
  if (texts) run.textRef = texts;
  return true;
}

/** A tool_use block as toolBlock writes it: through the recipe of its shape, else decoded whole. */
function toolLayout(b: Buffer, tape: Tape, node: number, run: Run, j: number): ToolBlockLayout {
  const r = recipeFor(b, tape, node);
  const layout = r && cook(r, b, tape, node, run, j);
  if (layout) return layout;
  const { block, tool } = toolBlock(decode(b, tape.start(node), tape.end(node)) as Record<string, unknown>, run, j);
  return { pieces: [JSON.stringify(block)], tool };
}

/**
 * A value of the block in the output, as a number: ID, or 4i + RAW / PATH / AGENT for the input's i-th value (as is,
 * made absolute, mapped to an agent type), or 4i + REST for the block's i-th other value.
 */
const ID = -1;
const RAW = 0;
const PATH = 1;
const AGENT = 2;
const REST = 3;

/**
 * How every tool_use block of one shape (Cursor tool name, block keys, input keys and what their values are) is
 * written: toolBlock's output as text around the block's own values. Built once per shape from the same steps
 * toClaudeToolInput takes (inputSteps), so the mapping itself lives in one place.
 */
interface Recipe {
  name: string;
  parts: (string | number)[];
  /** The input value the tool's key argument comes from (-1: none), and whether it is made absolute first. */
  keyFrom: number;
  keyPath: boolean;
}

/** Recipes by a hash of their shape's bytes (see shapeOf), each with those bytes; null: the shape has none. */
const RECIPES = new Map<number, { shape: Uint8Array; recipe: Recipe | null }[]>();
const MAX_RECIPES = 512;
let recipes = 0;

// The shape of the block being looked up: its tool name, id kind, block keys, input keys and value kinds, as bytes.
let shape = new Uint8Array(256);
let shapeLen = 0;
let shapeHash = 0;

/** Append `b[s, e)` to the shape, hashing as it goes (FNV-1a). */
function put(b: Uint8Array, s: number, e: number): void {
  if (shapeLen + (e - s) > shape.length) {
    const bigger = new Uint8Array(Math.max(shape.length * 2, shapeLen + (e - s)));
    bigger.set(shape.subarray(0, shapeLen));
    shape = bigger;
  }
  let h = shapeHash;
  for (let x = s; x < e; x++) {
    const c = b[x] as number;
    shape[shapeLen++] = c;
    h = Math.imul(h ^ c, 0x01000193);
  }
  shapeHash = h;
}

/** Append one separator or kind byte to the shape. */
function put1(c: number): void {
  SEP[0] = c;
  put(SEP, 0, 1);
}
const SEP = new Uint8Array(1);

/** The recipe for the tool_use block at `node` (its input an object), or null. */
function recipeFor(b: Buffer, tape: Tape, node: number): Recipe | null {
  const input = tape.child(b, node, 'input');
  if (input < 0 || tape.kind(input) !== OBJ) return null;
  const name = tape.child(b, node, 'name');
  const id = tape.child(b, node, 'id');
  shapeLen = 0;
  shapeHash = 0x811c9dc5;
  put(b, tape.start(name), tape.end(name));
  put1(id >= 0 && tape.kind(id) === STR && tape.end(id) - tape.start(id) > 2 ? 1 : 2);
  for (let c = tape.first(node); c >= 0; c = tape.next(c)) {
    put1(3);
    put(b, tape.keyStart(c), tape.keyEnd(c));
  }
  for (let c = tape.first(input); c >= 0; c = tape.next(c)) {
    put1(4);
    put(b, tape.keyStart(c), tape.keyEnd(c));
    put1(tape.kind(c) !== STR ? 5 : tape.end(c) - tape.start(c) === 2 ? 6 : 7);
  }
  const bucket = RECIPES.get(shapeHash);
  if (bucket) {
    for (const r of bucket) if (r.shape.length === shapeLen && r.shape.every((c, k) => shape[k] === c)) return r.recipe;
  }
  const rest: string[] = [];
  for (let c = tape.first(node); c >= 0; c = tape.next(c)) {
    const k = keyOf(b, tape, c);
    if (k !== 'type' && k !== 'id' && k !== 'name' && k !== 'input') rest.push(k);
  }
  const keys: string[] = [];
  const kinds = new Map<string, ValueKind>();
  for (let c = tape.first(input); c >= 0; c = tape.next(c)) {
    const k = keyOf(b, tape, c);
    keys.push(k);
    kinds.set(k, tape.kind(c) !== STR ? 'other' : tape.end(c) - tape.start(c) === 2 ? 'empty' : 'string');
  }
  const made =
    keys.includes('__proto__') || rest.includes('__proto__') ? null : recipe(str(b, tape, name), keys, kinds, rest);
  if (recipes >= MAX_RECIPES) {
    RECIPES.clear();
    recipes = 0;
  }
  const entry = { shape: shape.slice(0, shapeLen), recipe: made };
  if (bucket) bucket.push(entry);
  else RECIPES.set(shapeHash, [entry]);
  recipes++;
  return made;
}

/** The recipe of a shape (recipeFor), or null when the mapping would not only move values (an MCP call to unwrap). */
function recipe(
  cursorName: string,
  keys: readonly string[],
  kinds: ReadonlyMap<string, ValueKind>,
  rest: readonly string[],
): Recipe | null {
  if (cursorName === 'CallMcpTool') return null;
  const name = claudeToolCandidates(cursorName, {})[0] ?? cursorName;
  const steps =
    inputSteps(name, keys, (k) => kinds.get(k) ?? 'absent') ??
    keys.map((k) => ({ out: k, from: k, path: false, agent: false }));
  const parts: (string | number)[] = ['{"type":"tool_use","id":', ID, `,"name":${JSON.stringify(name)},"input":{`];
  const arg = Object.hasOwn(TOOL_KEY_ARG, name) ? TOOL_KEY_ARG[name as ClaudeToolName] : null;
  let keyFrom = -1;
  let keyPath = false;
  steps.forEach((step, k) => {
    parts.push(
      `${k > 0 ? ',' : ''}${JSON.stringify(step.out)}:`,
      4 * keys.indexOf(step.from) + (step.path ? PATH : step.agent ? AGENT : RAW),
    );
    if (step.out === arg && kinds.get(step.from) !== 'other') {
      keyFrom = keys.indexOf(step.from);
      keyPath = step.path;
    }
  });
  parts.push('}');
  rest.forEach((k, i) => parts.push(`,${JSON.stringify(k)}:`, 4 * i + REST));
  parts.push('}');
  // Adjacent text joined.
  const joined: (string | number)[] = [];
  for (const p of parts) {
    const last = joined[joined.length - 1];
    if (typeof p === 'string' && typeof last === 'string') joined[joined.length - 1] = last + p;
    else joined.push(p);
  }
  return { name, parts: joined, keyFrom, keyPath };
}

/** A block written by its recipe; undefined when a value will not map (an agent type that is no string). */
function cook(r: Recipe, b: Buffer, tape: Tape, node: number, run: Run, j: number): ToolBlockLayout | undefined {
  const input = tape.child(b, node, 'input');
  const values: number[] = [];
  for (let c = tape.first(input); c >= 0; c = tape.next(c)) values.push(c);
  const others: number[] = [];
  for (let c = tape.first(node); c >= 0; c = tape.next(c)) if (!isBlockKey(b, tape, c)) others.push(c);
  const idNode = tape.child(b, node, 'id');
  const id =
    idNode >= 0 && tape.kind(idNode) === STR && tape.end(idNode) - tape.start(idNode) > 2
      ? str(b, tape, idNode)
      : `toolu_hs_${idHex24(run, j, KIND.tool)}`;
  const pieces: (string | number)[] = [];
  let text = '';
  for (const p of r.parts) {
    if (typeof p === 'string') {
      text += p;
      continue;
    }
    if (p === ID) {
      text += JSON.stringify(id);
      continue;
    }
    const how = p & 3;
    const c = (how === REST ? others[p >> 2] : values[p >> 2]) as number;
    if (how === REST || how === RAW) {
      if (text !== '') pieces.push(text);
      pieces.push(tape.start(c), tape.end(c));
      text = '';
    } else if (how === PATH) text += JSON.stringify(absolutePath(str(b, tape, c), run.ctx.cwd));
    else {
      const t = agentType(str(b, tape, c));
      if (typeof t !== 'string') return undefined;
      text += JSON.stringify(t);
    }
  }
  if (text !== '') pieces.push(text);
  let key = '';
  if (r.keyFrom >= 0) {
    const c = values[r.keyFrom] as number;
    const v = str(b, tape, c);
    key = toolKey(r.name, {
      [TOOL_KEY_ARG[r.name as ClaudeToolName] as string]: r.keyPath ? absolutePath(v, run.ctx.cwd) : v,
    });
  }
  return { pieces, tool: { name: r.name, key, id } };
}

/** True for the block keys toolBlock rebuilds (type, id, name, input). */
function isBlockKey(b: Buffer, tape: Tape, c: number): boolean {
  const ks = tape.keyStart(c) + 1;
  const len = tape.keyEnd(c) - 1 - ks;
  return (
    (len === 4 && (asciiAt(b, ks, 'type') || asciiAt(b, ks, 'name'))) ||
    (len === 2 && asciiAt(b, ks, 'id')) ||
    (len === 5 && asciiAt(b, ks, 'input'))
  );
}

/** An object key as a string (keys are canonical: escaped ones are decoded). */
function keyOf(b: Buffer, tape: Tape, c: number): string {
  const ks = tape.keyStart(c);
  const ke = tape.keyEnd(c);
  for (let x = ks + 1; x < ke - 1; x++) if (b[x] === 0x5c) return decode(b, ks, ke) as string;
  return b.toString('utf8', ks + 1, ke - 1);
}

/** A JSON string (quotes included) whose text is empty or only whitespace (String.prototype.trim's). */
function blank(b: Buffer, s: number, e: number): boolean {
  if (e - s === 2) return true;
  const c = b[s + 1] as number;
  if (c > 0x20 && c < 0x7f && c !== 0x5c) return false;
  return (decode(b, s, e) as string).trim() === '';
}
