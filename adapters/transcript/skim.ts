// Byte-level JSON skimming for the rewrite's fast path (docs/transcripts.md "Speed"): one pass over a line's bytes
// checks that it is exactly what JSON.stringify(JSON.parse(line)) would give back ("canonical"), and records where
// its values are, down to a chosen depth, without building them. A canonical value can then be copied byte for byte
// into the output: the bytes are the ones the parse-and-serialise path would have written. Anything else (spaces
// between tokens, `\/` or `\u00e9` escapes, `1.0`, duplicate or numeric keys, invalid UTF-8, deep nesting) is not
// canonical and goes through that path instead. Pure: bytes in, positions out.
import { Buffer, isUtf8 } from 'node:buffer';

/** Node kinds on a tape. */
export const OBJ = 1;
export const ARR = 2;
export const STR = 3;
export const NUM = 4;
export const LIT = 5;

/** Flag on a string node's kind: it holds an escape. */
const ESCAPED = 16;

/** Fields per node: kind, start, end, key start, key end (-1 outside an object), parent node (-1 for the root), next sibling (-1). */
const W = 7;

/** Containers nested deeper than this are left to JSON.parse. */
const MAX_NEST = 256;

/** The values of one skimmed line, in document order (a parent before its children), down to the recorded depth. */
export class Tape {
  t = new Int32Array(W * 64);
  n = 0;

  /** Append a node; returns its index. */
  push(kind: number, start: number, end: number, keyStart: number, keyEnd: number, parent: number): number {
    if ((this.n + 1) * W > this.t.length) {
      const bigger = new Int32Array(this.t.length * 2);
      bigger.set(this.t);
      this.t = bigger;
    }
    const o = this.n * W;
    const t = this.t;
    t[o] = kind;
    t[o + 1] = start;
    t[o + 2] = end;
    t[o + 3] = keyStart;
    t[o + 4] = keyEnd;
    t[o + 5] = parent;
    t[o + 6] = -1;
    return this.n++;
  }

  kind(i: number): number {
    return (this.t[i * W] as number) & 15;
  }

  /** True when string node `i` holds an escape (decoding it needs JSON.parse). */
  escaped(i: number): boolean {
    return ((this.t[i * W] as number) & ESCAPED) !== 0;
  }

  start(i: number): number {
    return this.t[i * W + 1] as number;
  }

  end(i: number): number {
    return this.t[i * W + 2] as number;
  }

  keyStart(i: number): number {
    return this.t[i * W + 3] as number;
  }

  keyEnd(i: number): number {
    return this.t[i * W + 4] as number;
  }

  parent(i: number): number {
    return this.t[i * W + 5] as number;
  }

  /** The first recorded child of `p` (it follows its parent), or -1. */
  first(p: number): number {
    return p + 1 < this.n && this.parent(p + 1) === p ? p + 1 : -1;
  }

  /** The next recorded sibling of `i`, or -1. */
  next(i: number): number {
    return this.t[i * W + 6] as number;
  }

  /** How many recorded children node `p` has. */
  count(p: number): number {
    let k = 0;
    for (let i = this.first(p); i >= 0; i = this.next(i)) k++;
    return k;
  }

  /** The child of object node `p` whose key is `key` (ASCII, no escapes), or -1. */
  child(b: Uint8Array, p: number, key: string): number {
    for (let i = this.first(p); i >= 0; i = this.next(i)) {
      const ks = this.keyStart(i) + 1;
      if (this.keyEnd(i) - 1 - ks === key.length && asciiAt(b, ks, key)) return i;
    }
    return -1;
  }
}

/** True when the bytes at `at` are `text` (ASCII). */
export function asciiAt(b: Uint8Array, at: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) if (b[at + k] !== text.charCodeAt(k)) return false;
  return true;
}

/** True when node `i` is a string whose raw JSON (quotes included) is exactly `json` (ASCII). */
export function rawIs(b: Uint8Array, tape: Tape, i: number, json: string): boolean {
  return i >= 0 && tape.end(i) - tape.start(i) === json.length && asciiAt(b, tape.start(i), json);
}

/** The value of a skimmed (canonical) JSON string or value, decoded. */
export function decode(b: Buffer, start: number, end: number): unknown {
  return JSON.parse(b.toString('utf8', start, end));
}

/** The text of string node `i`: its bytes when it holds no escape, else decoded. */
export function str(b: Buffer, tape: Tape, i: number): string {
  return tape.escaped(i)
    ? (decode(b, tape.start(i), tape.end(i)) as string)
    : b.toString('utf8', tape.start(i) + 1, tape.end(i) - 1);
}

/** The text of canonical UTF-8 bytes (no JSON decoding). */
export function text(b: Buffer, start: number, end: number): string {
  return b.toString('utf8', start, end);
}

/** Valid UTF-8: a raw copy of anything else would differ from the decode-and-encode path (U+FFFD). */
export function utf8(b: Buffer, start: number, end: number): boolean {
  return isUtf8(b.subarray(start, end));
}

// Container frames of the skim, reused across calls (the skim never re-enters).
const frameKind = new Int32Array(MAX_NEST + 1);
const frameNode = new Int32Array(MAX_NEST + 1);
const frameKeys = new Int32Array(MAX_NEST + 1);
const frameLast = new Int32Array(MAX_NEST + 1);
/** Keys held at once by the open objects of one skim. */
const MAX_KEYS = 512;
// Key ranges of the open objects (start, end pairs), for the duplicate check.
const keys = new Int32Array(2 * MAX_KEYS);

/**
 * Skim `b[s, e)` as exactly one canonical JSON value and record its values down to depth `maxDepth` (the root is
 * depth 0) on `tape`. False when it is not one canonical value: the caller then parses it the ordinary way.
 * The caller checks UTF-8 validity (utf8()).
 */
export function skim(b: Uint8Array, s: number, e: number, tape: Tape, maxDepth: number): boolean {
  tape.n = 0;
  let i = s;
  let top = -1;
  nKeys = 0;
  keyS = -1;
  keyE = -1;
  for (;;) {
    // One value at i; its key (in an object) is keyS..keyE.
    if (i >= e) return false;
    const parent = top >= 0 ? (frameNode[top] as number) : -1;
    const rec = top + 1 <= maxDepth && (top < 0 || parent >= 0);
    const c = b[i] as number;
    if (c === 0x7b || c === 0x5b) {
      if (top + 1 >= MAX_NEST) return false;
      const node = rec ? link(tape, top, tape.push(c === 0x7b ? OBJ : ARR, i, -1, keyS, keyE, parent)) : -1;
      top++;
      frameLast[top] = -1;
      frameKind[top] = c;
      frameNode[top] = node;
      frameKeys[top] = nKeys;
      i++;
      if (b[i] !== c + 2) {
        i = c === 0x7b ? member(b, i, e, top) : element(i);
        if (i < 0) return false;
        continue;
      }
      // Empty container: `{}` or `[]` (the closer is the opener + 2).
      i++;
      if (node >= 0) tape.t[node * W + 2] = i;
      top--;
    } else {
      const end = scalar(b, i, e, c);
      if (end < 0) return false;
      if (rec) link(tape, top, tape.push(scalarKind, i, end, keyS, keyE, parent));
      i = end;
    }
    // After a value: close containers, or move on to the next element.
    for (;;) {
      if (top < 0) return i === e;
      const kind = frameKind[top] as number;
      if (b[i] === 0x2c) {
        i = kind === 0x7b ? member(b, i + 1, e, top) : element(i + 1);
        if (i < 0) return false;
        break;
      }
      if (b[i] !== kind + 2) return false;
      i++;
      const node = frameNode[top] as number;
      if (node >= 0) tape.t[node * W + 2] = i;
      nKeys = frameKeys[top] as number;
      top--;
    }
  }
}

// The skim's key of the value being read (keyS..keyE, -1 in an array), how many keys the open objects hold, and the
// kind of the last scalar.
let keyS = -1;
let keyE = -1;
let nKeys = 0;
let scalarKind = 0;

/** An array element starts at `i` (no key). */
function element(i: number): number {
  keyS = -1;
  keyE = -1;
  return i;
}

/** An object member starts at `i`: its key read and remembered; the index of its value, or -1. */
function member(b: Uint8Array, i: number, e: number, top: number): number {
  const k = key(b, i, e, top, nKeys);
  if (k < 0) return -1;
  keyS = i;
  keyE = k - 1;
  nKeys = pushKey(nKeys, i, keyE);
  return nKeys < 0 ? -1 : k;
}

/** The index after the string, number or literal at `i` (its kind in scalarKind), or -1. */
function scalar(b: Uint8Array, i: number, e: number, c: number): number {
  if (c === 0x22) {
    escapes = false;
    const end = stringEnd(b, i, e);
    scalarKind = escapes ? STR | ESCAPED : STR;
    return end;
  }
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
    scalarKind = NUM;
    return numberEnd(b, i, e);
  }
  scalarKind = LIT;
  const len =
    c === 0x74 ? lit(b, i, e, 'true') : c === 0x66 ? lit(b, i, e, 'false') : c === 0x6e ? lit(b, i, e, 'null') : 0;
  return len === 0 ? -1 : i + len;
}

/** Make `node` the next sibling of the last child recorded in frame `top`; returns it. */
function link(tape: Tape, top: number, node: number): number {
  if (top >= 0) {
    const last = frameLast[top] as number;
    if (last >= 0) tape.t[last * W + 6] = node;
    frameLast[top] = node;
  }
  return node;
}

/** After a key at `i` of the object in frame `top`: the index after its `:`, or -1 (not a canonical, new, non-numeric key). */
function key(b: Uint8Array, i: number, e: number, top: number, nKeys: number): number {
  if (b[i] !== 0x22) return -1;
  const end = stringEnd(b, i, e);
  if (end < 0 || b[end] !== 0x3a) return -1;
  // JSON.stringify puts integer-like keys first: leave objects with such keys to the ordinary path.
  const first = b[i + 1] as number;
  if (first >= 0x30 && first <= 0x39) return -1;
  const len = end - i;
  for (let k = frameKeys[top] as number; k < nKeys; k++) {
    const ks = keys[2 * k] as number;
    if ((keys[2 * k + 1] as number) - ks !== len) continue;
    let same = true;
    for (let x = 1; x < len - 1; x++) {
      if (b[ks + x] !== b[i + x]) {
        same = false;
        break;
      }
    }
    if (same) return -1;
  }
  return end + 1;
}

/** Remember a key of the open objects; -1 past MAX_KEYS (the duplicate check is quadratic: such objects take the ordinary path). */
function pushKey(nKeys: number, start: number, end: number): number {
  if (nKeys >= MAX_KEYS) return -1;
  keys[2 * nKeys] = start;
  keys[2 * nKeys + 1] = end;
  return nKeys + 1;
}

/**
 * The index after the canonical string starting at `i` (a quote), or -1. Canonical escapes are those JSON.stringify
 * writes: \" \\ \b \f \n \r \t, and \u00XX (lowercase) for the other control characters. Plain bytes are skipped
 * four at a time where the buffer allows (see view()).
 */
export function stringEnd(b: Uint8Array, i: number, e: number): number {
  if (b !== viewOf) view(b);
  const w = words;
  const sh = shift;
  let j = i + 1;
  for (;;) {
    if (w !== null && ((j + sh) & 3) === 0) {
      while (j + 4 <= e) {
        const v = w[(j + sh) >> 2] as number;
        const q = v ^ 0x22222222;
        const bs = v ^ 0x5c5c5c5c;
        // Some byte is a quote, a backslash, or below 0x20 (the classic zero-byte and less-than word tests).
        if (
          (q - 0x01010101) & ~q & 0x80808080 ||
          (bs - 0x01010101) & ~bs & 0x80808080 ||
          (v - 0x20202020) & ~v & 0x80808080
        )
          break;
        j += 4;
      }
    }
    if (j >= e) return -1;
    const c = b[j] as number;
    if (c === 0x22) return j + 1;
    if (c === 0x5c) {
      escapes = true;
      const x = b[j + 1];
      if (x === 0x6e || x === 0x22 || x === 0x5c || x === 0x74 || x === 0x72 || x === 0x62 || x === 0x66) {
        j += 2;
        continue;
      }
      if (x === 0x75 && j + 6 <= e && controlEscape(b, j + 2)) {
        j += 6;
        continue;
      }
      return -1;
    }
    if (c < 0x20) return -1;
    j++;
  }
}

/** Set by stringEnd when the string holds an escape. */
let escapes = false;

// A 32-bit view of the bytes last skimmed, for stringEnd: word k holds b[4k - shift, 4k - shift + 4).
let viewOf: Uint8Array | null = null;
let words: Int32Array | null = null;
let shift = 0;

/** Point the word view at `b` (none when its memory cannot be viewed as aligned words). */
function view(b: Uint8Array): void {
  viewOf = b;
  shift = b.byteOffset & 3;
  const start = b.byteOffset - shift;
  const len = (b.byteLength + shift) >> 2;
  words = len > 0 && start + 4 * len <= b.buffer.byteLength ? new Int32Array(b.buffer, start, len) : null;
}

/** `00XX` at `at`, lowercase hex, XX a control character JSON.stringify escapes this way (not \b \t \n \f \r). */
function controlEscape(b: Uint8Array, at: number): boolean {
  if (b[at] !== 0x30 || b[at + 1] !== 0x30) return false;
  const hi = b[at + 2];
  const lo = b[at + 3] as number;
  const loVal = lo >= 0x30 && lo <= 0x39 ? lo - 0x30 : lo >= 0x61 && lo <= 0x66 ? lo - 0x61 + 10 : -1;
  if (loVal < 0) return false;
  if (hi === 0x31) return true;
  return hi === 0x30 && loVal !== 8 && loVal !== 9 && loVal !== 10 && loVal !== 12 && loVal !== 13;
}

/** The index after a canonical number at `i` (an integer of at most 15 digits, no `-0`), or -1. */
function numberEnd(b: Uint8Array, i: number, e: number): number {
  let j = i;
  if (b[j] === 0x2d) j++;
  const first = j;
  if (b[j] === 0x30) j++;
  else while (j < e && (b[j] as number) >= 0x30 && (b[j] as number) <= 0x39) j++;
  const digits = j - first;
  if (digits === 0 || digits > 15) return -1;
  if (j - i === 2 && b[i] === 0x2d && b[first] === 0x30) return -1;
  const next = b[j];
  if (
    j < e &&
    (next === 0x2e || next === 0x65 || next === 0x45 || (next !== undefined && next >= 0x30 && next <= 0x39))
  )
    return -1;
  return j;
}

/** The length of literal `word` at `i`, or 0. */
function lit(b: Uint8Array, i: number, e: number, word: string): number {
  return i + word.length <= e && asciiAt(b, i, word) ? word.length : 0;
}
