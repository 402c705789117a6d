// The WebAssembly SHA-256 gives node:crypto's digest exactly (the state half's file names depend on it), over any
// length (the module's memory grows).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256HexWith, sha256Module, type Compressor } from '../../adapters/sha256wasm.ts';
import { SHA256_CASES } from './helpers.ts';

const node = (s: string) => createHash('sha256').update(s).digest('hex');
/** What the test uses of the WebAssembly global (its types are not in this project's lib). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Module: new (bytes: Uint8Array) => object;
      Instance: new (module: object) => { exports: unknown };
      validate(bytes: Uint8Array): boolean;
    };
  }
).WebAssembly;
const compressor = new wasm.Instance(new wasm.Module(sha256Module())).exports as Compressor;
const sha256HexWasm = (s: string) => sha256HexWith(compressor, s);

describe('sha256HexWith', () => {
  it('the module is valid WebAssembly', () => expect(wasm.validate(sha256Module())).toBe(true));
  it.each([
    ...SHA256_CASES,
    ['119 and 120 bytes', 'z'.repeat(119) + '|' + 'z'.repeat(120)],
    ['3 KiB of JSON (a tool_input)', JSON.stringify({ content: 'line\n'.repeat(600) })],
    ['1 MiB (the memory grows past its first page)', 'abcdefgh'.repeat(131072)],
  ])('%s: the same as node:crypto', (_name, s) => expect(sha256HexWasm(s)).toBe(node(s)));
  it('a short text after a long one: the padding is cleared', () => {
    sha256HexWasm('q'.repeat(5000));
    expect(sha256HexWasm('abc')).toBe(node('abc'));
  });
  it('any string: the same as node:crypto (property)', () =>
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 5000 }), (s) => sha256HexWasm(s) === node(s))));
});
