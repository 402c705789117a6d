// SHA-256 (FIPS 180-4) of a short string, in plain code: the state half names its files by the digest of a session or
// a path, and loading node:crypto costs ~10 M instructions, several ms (docs/performance.md).
// The same bytes as node:crypto's `createHash('sha256').update(text).digest()`, so the names on disk do not change.

/** The 64 round constants (FIPS 180-4 §4.2.2). */
export const K_WORDS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
/** The initial hash value (FIPS 180-4 §5.3.3). */
export const INIT_WORDS = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

// Every word is kept a signed 32-bit integer (`| 0`), never `>>> 0`: in a fresh process this code runs in V8's
// interpreter, where an unsigned value past 2^31 is a heap number, allocated on every operation. The rotations are
// written out, not called. The bytes are the same as an unsigned version's; only `sha256Words` turns them unsigned.

/** The eight 32-bit words of the SHA-256 digest of `text` (UTF-8). */
export function sha256Words(text: string): Uint32Array {
  const bytes = new TextEncoder().encode(text);
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const m = new Uint8Array(blocks * 64);
  m.set(bytes);
  m[bytes.length] = 0x80;
  const view = new DataView(m.buffer);
  // The message length in bits, 64-bit big-endian (strings here are far below 2^32 bytes).
  view.setUint32(m.length - 8, Math.floor((bytes.length * 8) / 2 ** 32));
  view.setUint32(m.length - 4, (bytes.length * 8) >>> 0);
  const hv = new Int32Array(INIT_WORDS);
  const w = new Int32Array(64);
  for (let b = 0; b < blocks; b++) {
    schedule(m, b * 64, w);
    compress(hv, w);
  }
  return new Uint32Array(hv.buffer);
}

/** The 64 words of one block's message schedule. */
function schedule(m: Uint8Array, at: number, w: Int32Array): void {
  for (let t = 0, i = at; t < 16; t++, i += 4)
    w[t] = ((m[i] as number) << 24) | ((m[i + 1] as number) << 16) | ((m[i + 2] as number) << 8) | (m[i + 3] as number);
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15] as number;
    const y = w[t - 2] as number;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = ((w[t - 16] as number) + s0 + (w[t - 7] as number) + s1) | 0;
  }
}

/** One block's 64 rounds, folded into the running hash `hv`. */
function compress(hv: Int32Array, w: Int32Array): void {
  let a = hv[0] as number;
  let b = hv[1] as number;
  let c = hv[2] as number;
  let d = hv[3] as number;
  let e = hv[4] as number;
  let f = hv[5] as number;
  let g = hv[6] as number;
  let h = hv[7] as number;
  for (let t = 0; t < 64; t++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + s1 + ch + (K_WORDS[t] as number) + (w[t] as number)) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + s0 + maj) | 0;
  }
  hv[0] = (hv[0] as number) + a;
  hv[1] = (hv[1] as number) + b;
  hv[2] = (hv[2] as number) + c;
  hv[3] = (hv[3] as number) + d;
  hv[4] = (hv[4] as number) + e;
  hv[5] = (hv[5] as number) + f;
  hv[6] = (hv[6] as number) + g;
  hv[7] = (hv[7] as number) + h;
}

/** The SHA-256 digest of `text` (UTF-8) in lower-case hex, as `createHash('sha256').update(text).digest('hex')`. */
export function sha256Hex(text: string): string {
  let out = '';
  for (const word of sha256Words(text)) out += word.toString(16).padStart(8, '0');
  return out;
}
