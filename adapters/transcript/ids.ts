// Ids of synthetic transcript lines: deterministic per (session, source line, block, kind), so a rebuild yields the
// same ids and no two collide.
import { sha256Words } from '../sha256.ts';
import type { Run } from './types.ts';

/** Id kinds: the line's uuid, its tool_use id, the message id, the result line's uuid. */
export const KIND = { uuid: 0, tool: 1, msg: 2, result: 3 } as const;

/**
 * Four 32-bit words that depend only on (session, source line, block, kind), left in WORDS: each a bijective mix
 * (murmur3 fmix32) of a per-session sha256 word and the tuple. Injective in the tuple, so ids never collide within a
 * session; across sessions they differ through the session hash. Cheap enough to run per block.
 */
function idWords(run: Run, block: number, kind: number): void {
  const base = run.base ?? (run.base = sessionWords(run.ctx.sessionId));
  const v = run.working.line * 0x40_0000 + (block + 1) * 4 + kind; // injective for blocks < 2^20 and lines < 2^31
  const lo = v >>> 0;
  const hi = Math.floor(v / 0x1_0000_0000) >>> 0;
  const w0 = fmix32((base[0] as number) ^ lo);
  const w1 = fmix32((base[1] as number) ^ hi ^ w0);
  const w2 = fmix32((base[2] as number) ^ w0 ^ Math.imul(w1, 0x9e3779b1));
  WORDS[0] = w0;
  WORDS[1] = w1;
  WORDS[2] = w2;
  WORDS[3] = fmix32((base[3] as number) ^ w1 ^ Math.imul(w2, 0x85ebca77));
}
const WORDS = new Uint32Array(4);

/** 24 hex digits of an id, for `toolu_hs_…` and `msg_hs_…`. */
export function idHex24(run: Run, block: number, kind: number): string {
  idWords(run, block, kind);
  const [w0, w1, w2] = WORDS as unknown as [number, number, number];
  // One string built from character codes (no intermediate strings: this runs for every line).
  return String.fromCharCode(
    h(w0, 0),
    h(w0, 1),
    h(w0, 2),
    h(w0, 3),
    h(w0, 4),
    h(w0, 5),
    h(w0, 6),
    h(w0, 7),
    h(w1, 0),
    h(w1, 1),
    h(w1, 2),
    h(w1, 3),
    h(w1, 4),
    h(w1, 5),
    h(w1, 6),
    h(w1, 7),
    h(w2, 0),
    h(w2, 1),
    h(w2, 2),
    h(w2, 3),
    h(w2, 4),
    h(w2, 5),
    h(w2, 6),
    h(w2, 7),
  );
}

/** A version-8 (custom) RFC 9562 UUID: xxxxxxxx-xxxx-8xxx-[89ab]xxx-xxxxxxxxxxxx. */
export function idUuid(run: Run, block: number, kind: number): string {
  idWords(run, block, kind);
  const [w0, w1, w2raw, w3] = WORDS as unknown as [number, number, number, number];
  const w2 = ((w2raw & 0x3fffffff) | 0x80000000) >>> 0;
  return String.fromCharCode(
    h(w0, 0),
    h(w0, 1),
    h(w0, 2),
    h(w0, 3),
    h(w0, 4),
    h(w0, 5),
    h(w0, 6),
    h(w0, 7),
    DASH,
    h(w1, 0),
    h(w1, 1),
    h(w1, 2),
    h(w1, 3),
    DASH,
    EIGHT,
    h(w1, 5),
    h(w1, 6),
    h(w1, 7),
    DASH,
    h(w2, 0),
    h(w2, 1),
    h(w2, 2),
    h(w2, 3),
    DASH,
    h(w2, 4),
    h(w2, 5),
    h(w2, 6),
    h(w2, 7),
    h(w3, 0),
    h(w3, 1),
    h(w3, 2),
    h(w3, 3),
    h(w3, 4),
    h(w3, 5),
    h(w3, 6),
    h(w3, 7),
  );
}

const DASH = 0x2d;
const EIGHT = 0x38;
/** Lowercase hex digits by value. */
const DIGITS = [0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66];

/** The character code of hex digit `i` (0 = most significant) of the 32-bit word `w`. */
function h(w: number, i: number): number {
  return DIGITS[(w >>> (28 - 4 * i)) & 15] as number;
}

function sessionWords(sessionId: string): number[] {
  const d = sha256Words(sessionId);
  return [d[0] as number, d[1] as number, d[2] as number, d[3] as number];
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
