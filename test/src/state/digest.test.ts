import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PLAIN_DIGEST_MAX, sha256HexOf } from '../../../src/state/digest.ts';

const nodeDigest = (t: string) => crypto.createHash('sha256').update(t, 'utf8').digest('hex');

describe('sha256HexOf: the same digest whichever code hashes it', () => {
  it.each([
    ['empty', ''],
    ['short', 'session-1'],
    ['non-ASCII', 'é✓🙂'.repeat(10)],
    ['at the plain limit', 'x'.repeat(PLAIN_DIGEST_MAX)],
    ['just past it (node:crypto)', 'é'.repeat(PLAIN_DIGEST_MAX + 1)],
    ['long', 'ab\u0000'.repeat(20000)],
  ])('%s', (_name, text) => expect(sha256HexOf(text)).toBe(nodeDigest(text)));
});
