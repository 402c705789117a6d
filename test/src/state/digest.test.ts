// src/state/digest.ts: the same digest whichever code hashes it (plain code, WebAssembly, node:crypto).
import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAIN_DIGEST_MAX, sha256HexOf, WASM_DIGEST_MAX } from '../../../src/state/digest.ts';

const nodeDigest = (t: string) => crypto.createHash('sha256').update(t, 'utf8').digest('hex');

describe('sha256HexOf: the same digest whichever code hashes it', () => {
  it.each([
    ['empty', ''],
    ['short', 'session-1'],
    ['non-ASCII', 'é✓🙂'.repeat(10)],
    ['at the plain limit', 'x'.repeat(PLAIN_DIGEST_MAX)],
    ['just past it (WebAssembly)', 'é'.repeat(PLAIN_DIGEST_MAX + 1)],
    ['at the WebAssembly limit', 'y'.repeat(WASM_DIGEST_MAX)],
    ['past it (node:crypto)', 'ab\u0000'.repeat(30000)],
  ])('%s', (_name, text) => expect(sha256HexOf(text)).toBe(nodeDigest(text)));
});

describe('where WebAssembly cannot run (node --jitless): node:crypto hashes a long text', () => {
  afterEach(() => vi.unstubAllGlobals());
  it.each([
    ['no WebAssembly global', undefined],
    [
      'a module that fails to compile',
      {
        Module: class {
          constructor() {
            throw new Error('no');
          }
        },
        Instance: class {},
      },
    ],
  ])('%s', async (_name, wasm) => {
    vi.resetModules();
    vi.stubGlobal('WebAssembly', wasm);
    const fresh = await import('../../../src/state/digest.ts');
    const text = 'long '.repeat(PLAIN_DIGEST_MAX);
    expect(fresh.sha256HexOf(text)).toBe(nodeDigest(text));
  });
});
