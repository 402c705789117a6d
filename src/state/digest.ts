// The SHA-256 digests the state directory names its files by (a session, a path, a sentinel key). Short texts are
// hashed in plain code (adapters/sha256.ts), longer ones by a WebAssembly module (adapters/sha256wasm.ts), the longest
// by node:crypto: plain code that V8 has not optimised yet, in a fresh process, grows by ~0.5 ms per KiB here, the
// module takes ~1.1-1.3 ms to first use (instantiating included), and node:crypto ~10 M instructions to load
// (docs/performance.md). node:crypto also serves where WebAssembly cannot run (`node --jitless`). All three give the
// same bytes: the names on disk do not depend on it.
import { sha256Hex } from '../../adapters/sha256.ts';
import { sha256HexWith, sha256Module, type Compressor } from '../../adapters/sha256wasm.ts';
import { nodeCrypto } from './fsx.ts';

/** The module's bytes, base64, inlined by the build (scripts/build.mjs); from source, the module is built on first use. */
declare const HOOKSHIM_SHA256_WASM: string;

/** Texts up to this many UTF-16 units are hashed in plain code. */
export const PLAIN_DIGEST_MAX = 2048;
/** Texts up to this many by the WebAssembly module, longer ones by node:crypto (its load is then the smaller cost). */
export const WASM_DIGEST_MAX = 64 * 1024;

/** What this file uses of the WebAssembly global (absent under `node --jitless`). */
interface Wasm {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

let compressor: Compressor | null | undefined;

/** The SHA-256 module, instantiated on first use; null where WebAssembly cannot run. */
function wasmSha256(): Compressor | null {
  if (compressor === undefined) {
    const wasm = (globalThis as { WebAssembly?: Wasm }).WebAssembly;
    try {
      const bytes =
        typeof HOOKSHIM_SHA256_WASM === 'string' ? Buffer.from(HOOKSHIM_SHA256_WASM, 'base64') : sha256Module();
      compressor = wasm ? (new wasm.Instance(new wasm.Module(bytes)).exports as Compressor) : null;
    } catch {
      compressor = null;
    }
  }
  return compressor;
}

/** The SHA-256 digest of `text` (UTF-8), lower-case hex. */
export function sha256HexOf(text: string): string {
  if (text.length <= PLAIN_DIGEST_MAX) return sha256Hex(text);
  const wasm = text.length <= WASM_DIGEST_MAX ? wasmSha256() : null;
  if (wasm) return sha256HexWith(wasm, text);
  return nodeCrypto().createHash('sha256').update(text, 'utf8').digest('hex');
}
