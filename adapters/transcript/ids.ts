// Ids of synthetic transcript lines: deterministic per (session, source line, block, kind), so a rebuild yields the
// same ids and no two collide.
import { createHash } from 'node:crypto';
import type { Run } from './types.ts';

/** Id kinds: the line's uuid, its tool_use id, the message id, the result line's uuid. */
export const KIND = { uuid: 0, tool: 1, msg: 2, result: 3 } as const;

/**
 * Four 32-bit words that depend only on (session, source line, block, kind): each a bijective mix (murmur3
 * fmix32) of a per-session sha256 word and the tuple. Injective in the tuple, so ids never collide within a
 * session; across sessions they differ through the session hash. Cheap enough to run per block.
 */
export function idWords(run: Run, block: number, kind: number): [number, number, number, number] {
  const base = run.base ?? (run.base = sessionWords(run.ctx.sessionId));
  const v = run.st.line * 0x40_0000 + (block + 1) * 4 + kind; // injective for blocks < 2^20 and lines < 2^31
  const lo = v >>> 0;
  const hi = Math.floor(v / 0x1_0000_0000) >>> 0;
  const w0 = fmix32((base[0] as number) ^ lo);
  const w1 = fmix32((base[1] as number) ^ hi ^ w0);
  const w2 = fmix32((base[2] as number) ^ w0 ^ Math.imul(w1, 0x9e3779b1));
  const w3 = fmix32((base[3] as number) ^ w1 ^ Math.imul(w2, 0x85ebca77));
  return [w0, w1, w2, w3];
}

/** 24 hex digits of an id, for `toolu_hs_…` and `msg_hs_…`. */
export function idHex24(run: Run, block: number, kind: number): string {
  const [w0, w1, w2] = idWords(run, block, kind);
  return hex8(w0) + hex8(w1) + hex8(w2);
}

/** A version-8 (custom) RFC 9562 UUID: xxxxxxxx-xxxx-8xxx-[89ab]xxx-xxxxxxxxxxxx. */
export function idUuid(run: Run, block: number, kind: number): string {
  const [w0, w1, w2, w3] = idWords(run, block, kind);
  const w1hex = hex8(w1);
  const w2hex = hex8((w2 & 0x3fffffff) | 0x80000000);
  return `${hex8(w0)}-${w1hex.slice(0, 4)}-8${w1hex.slice(5, 8)}-${w2hex.slice(0, 4)}-${w2hex.slice(4, 8)}${hex8(w3)}`;
}

function sessionWords(sessionId: string): number[] {
  const d = createHash('sha256').update(sessionId).digest();
  return [d.readUInt32BE(0), d.readUInt32BE(4), d.readUInt32BE(8), d.readUInt32BE(12)];
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex8(n: number): string {
  return (HEX[n >>> 24] as string) + (HEX[(n >>> 16) & 0xff] as string) + (HEX[(n >>> 8) & 0xff] as string) + (HEX[n & 0xff] as string);
}
