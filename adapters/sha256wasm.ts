// SHA-256 (FIPS 180-4) of a long string through a small WebAssembly module, built here byte by byte: in a fresh
// process the plain code (./sha256.ts) runs in V8's interpreter, and node:crypto costs ~10 M instructions to load;
// WebAssembly's baseline compiler (Liftoff) makes the module's machine code at its first call. One function, the 64
// rounds a loop (written out, the code was ten times larger and slower to first use, docs/performance.md). The same
// bytes as node:crypto's digest. The build inlines the module's bytes (scripts/build.mjs); the shell instantiates it.
import { K_WORDS, INIT_WORDS } from './sha256.ts';

// WebAssembly binary format (https://webassembly.github.io/spec/core/binary/): the opcodes this module uses.
const OP = {
  block: 0x02,
  loop: 0x03,
  br: 0x0c,
  brIf: 0x0d,
  end: 0x0b,
  get: 0x20,
  set: 0x21,
  load: 0x28,
  store: 0x36,
  const: 0x41,
  eqz: 0x45,
  add: 0x6a,
  sub: 0x6b,
  and: 0x71,
  or: 0x72,
  xor: 0x73,
  shrU: 0x76,
  rotl: 0x77,
  rotr: 0x78,
  ltU: 0x49,
} as const;

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit integer. */
function sleb(n: number): number[] {
  const out: number[] = [];
  n |= 0;
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}

// The memory: the state (8 words) at 0, K (64 words, the data segment) at 32, the schedule W (64 words) at 288, the
// message from 544 on. The function's locals: 0 state pointer, 1 block pointer, 2 blocks left; then a..h, j (4 × the
// round), t1, t2.
const K_AT = 32;
const W_AT = 288;
const MESSAGE_AT = 544;
const STATE = 0;
const PTR = 1;
const LEFT = 2;
const V0 = 3;
const J = 11;
const T1 = 12;
const T2 = 13;

// Instructions, as bytes.
const get = (i: number) => [OP.get, i];
const set = (i: number) => [OP.set, i];
const k = (n: number) => [OP.const, ...sleb(n)];
const load = (offset: number) => [OP.load, 2, ...uleb(offset)];
const store = (offset: number) => [OP.store, 2, ...uleb(offset)];
/** A loop over j = 4 × the round, from `from` up to `to` (exclusive) in steps of 4, its body `body`. */
const rounds = (from: number, to: number, body: number[]) => [
  ...[...k(from), ...set(J), OP.loop, 0x40, ...body],
  ...[...get(J), ...k(4), OP.add, ...set(J), ...get(J), ...k(to), OP.ltU, OP.brIf, 0, OP.end],
];

/** Σ/σ of local i: the xor of two rotations and a third rotation (or a shift). */
function sigma(i: number, [x, y, z]: [number, number, number], shift = false): number[] {
  const third = [...get(i), ...k(z), shift ? OP.shrU : OP.rotr, OP.xor];
  return [...get(i), ...k(x), OP.rotr, ...get(i), ...k(y), OP.rotr, OP.xor, ...third];
}

/** W[0..15]: the block's words, big-endian (a byte swap of each little-endian load), while j < 64. */
function loadWords(): number[] {
  const swap = [...get(T1), ...k(8), OP.rotl, ...k(0x00ff00ff), OP.and];
  const swapped = [...swap, ...get(T1), ...k(8), OP.rotr, ...k(0xff00ff00 | 0), OP.and, OP.or];
  return rounds(0, 64, [...get(J), ...get(PTR), ...get(J), OP.add, ...load(0), ...set(T1), ...swapped, ...store(W_AT)]);
}

/** W[16..63]: w[i] = σ1(w[i-2]) + w[i-7] + σ0(w[i-15]) + w[i-16] (the offsets: W_AT less 8, 28, 60, 64 bytes). */
function scheduleWords(): number[] {
  return rounds(64, 256, [
    ...[...get(J), ...get(J), ...load(W_AT - 8), ...set(T1), ...sigma(T1, [17, 19, 10], true)],
    ...[...get(J), ...load(W_AT - 28), OP.add, ...get(J), ...load(W_AT - 60), ...set(T2)],
    ...[...sigma(T2, [7, 18, 3], true), OP.add, ...get(J), ...load(W_AT - 64), OP.add, ...store(W_AT)],
  ]);
}

/** The 64 rounds on a..h (locals V0..V0+7). */
function compressRounds(): number[] {
  const [a, b, c, d, e, f, g, h] = [V0, V0 + 1, V0 + 2, V0 + 3, V0 + 4, V0 + 5, V0 + 6, V0 + 7] as const;
  const move = (from: number, to: number) => [...get(from), ...set(to)];
  return rounds(0, 256, [
    // t1 = h + Σ1(e) + ch(e, f, g) + K[i] + w[i]; ch = g ^ (e & (f ^ g)).
    ...[...get(h), ...sigma(e, [6, 11, 25]), OP.add],
    ...[...get(g), ...get(e), ...get(f), ...get(g), OP.xor, OP.and, OP.xor, OP.add],
    ...[...get(J), ...load(K_AT), OP.add, ...get(J), ...load(W_AT), OP.add, ...set(T1)],
    // t2 = Σ0(a) + maj(a, b, c); maj = (a & b) | (c & (a | b)).
    ...[...sigma(a, [2, 13, 22]), ...get(a), ...get(b), OP.and],
    ...[...get(c), ...get(a), ...get(b), OP.or, OP.and, OP.or, OP.add, ...set(T2)],
    // h = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2.
    ...[...move(g, h), ...move(f, g), ...move(e, f), ...get(d), ...get(T1), OP.add, ...set(e)],
    ...[...move(c, d), ...move(b, c), ...move(a, b), ...get(T1), ...get(T2), OP.add, ...set(a)],
  ]);
}

/** The body of `compress(state, blocks, count)`: `count` 64-byte blocks at `blocks` into the eight words at `state`. */
function compressBody(): number[] {
  const c = [OP.block, 0x40, OP.loop, 0x40, ...get(LEFT), OP.eqz, OP.brIf, 1, ...loadWords(), ...scheduleWords()];
  for (let j = 0; j < 8; j++) c.push(...get(STATE), ...load(4 * j), ...set(V0 + j));
  c.push(...compressRounds());
  for (let j = 0; j < 8; j++)
    c.push(...get(STATE), ...get(STATE), ...load(4 * j), ...get(V0 + j), OP.add, ...store(4 * j));
  c.push(...get(PTR), ...k(64), OP.add, ...set(PTR), ...get(LEFT), ...k(1), OP.sub, ...set(LEFT));
  c.push(OP.br, 0, OP.end, OP.end, OP.end);
  return c;
}

/** A section: its id, then its size and contents. */
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const name = (s: string) => [...uleb(s.length), ...[...s].map((ch) => ch.charCodeAt(0))];

/** The module: one memory ("m", K in it) and one function ("compress"), of type (i32, i32, i32) -> (). */
export function sha256Module(): Uint8Array {
  const body = [1, 11, 0x7f, ...compressBody()]; // one run of 11 i32 locals
  const kBytes = [...K_WORDS].flatMap((w) => [w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, (w >>> 24) & 0xff]);
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 3, 0x7f, 0x7f, 0x7f, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0, 1]),
    ...section(7, [2, ...name('m'), 2, 0, ...name('compress'), 0, 0]),
    ...section(10, [1, ...uleb(body.length), ...body]),
    // One active data segment: K at K_AT.
    ...section(11, [1, 0, ...k(K_AT), OP.end, ...uleb(kBytes.length), ...kBytes]),
  ]);
}

/** The module's exports, once instantiated (by the shell: src/state/digest.ts). */
export interface Compressor {
  m: { buffer: ArrayBuffer; grow(pages: number): number };
  compress: (state: number, blocks: number, count: number) => void;
}

/** The SHA-256 digest of `text` (UTF-8), lower-case hex, computed by the module's `compress`. */
export function sha256HexWith(w: Compressor, text: string): string {
  const bytes = new TextEncoder().encode(text);
  const total = Math.ceil((bytes.length + 9) / 64) * 64;
  const need = MESSAGE_AT + total;
  if (w.m.buffer.byteLength < need) w.m.grow(Math.ceil((need - w.m.buffer.byteLength) / 65536));
  const mem = new Uint8Array(w.m.buffer, 0, need);
  const view = new DataView(w.m.buffer);
  for (let j = 0; j < 8; j++) view.setInt32(4 * j, INIT_WORDS[j] as number, true);
  mem.set(bytes, MESSAGE_AT);
  mem[MESSAGE_AT + bytes.length] = 0x80;
  mem.fill(0, MESSAGE_AT + 1 + bytes.length, need - 8);
  // The message length in bits, 64-bit big-endian.
  view.setUint32(need - 8, Math.floor((bytes.length * 8) / 2 ** 32));
  view.setUint32(need - 4, (bytes.length * 8) >>> 0);
  w.compress(0, MESSAGE_AT, total / 64);
  let hex = '';
  for (let j = 0; j < 8; j++)
    hex += view
      .getUint32(4 * j, true)
      .toString(16)
      .padStart(8, '0');
  return hex;
}
