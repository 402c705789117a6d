// The plain-code SHA-256 gives node:crypto's digest exactly (the state half's file names depend on it).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256Words } from '../../adapters/sha256.ts';
import { SHA256_CASES } from './helpers.ts';

const node = (s: string) => createHash('sha256').update(s).digest('hex');

describe('sha256Hex', () => {
  it.each([...SHA256_CASES, ['a long path', '/home/user/project/'.repeat(40)]])(
    '%s: the same as node:crypto',
    (_name, s) => expect(sha256Hex(s)).toBe(node(s)),
  );
  it('any string: the same as node:crypto (property)', () =>
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => sha256Hex(s) === node(s))));
  it('sha256Words: the digest as eight big-endian words', () =>
    expect([...sha256Words('abc')]).toEqual(
      [0, 4, 8, 12, 16, 20, 24, 28].map((i) => createHash('sha256').update('abc').digest().readUInt32BE(i)),
    ));
});
