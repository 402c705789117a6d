// The SHA-256 digests the state directory names its files by (a session, a path, a sentinel key). Short texts are
// hashed in plain code (adapters/sha256.ts; node:crypto is ~10 M instructions to load); a long one by node:crypto,
// since plain code that V8 has not optimised yet, in a fresh process, takes ~1.5 ms per KiB here: past 2 KiB, loading
// node:crypto is the cheaper (docs/performance.md). Both give the same bytes: the names on disk do not depend on it.
import { sha256Hex } from '../../adapters/sha256.ts';
import { nodeCrypto } from './fsx.ts';

/** Texts up to this many UTF-16 units are hashed in plain code. */
export const PLAIN_DIGEST_MAX = 2048;

/** The SHA-256 digest of `text` (UTF-8), lower-case hex. */
export function sha256HexOf(text: string): string {
  if (text.length <= PLAIN_DIGEST_MAX) return sha256Hex(text);
  return nodeCrypto().createHash('sha256').update(text, 'utf8').digest('hex');
}
