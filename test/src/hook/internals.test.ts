// Node's internals behind one module: each binding or its public-API path, and a missing one said once on stderr.
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalsOn, nodeBinding, sourceOf } from '../../../src/hook/internals.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** What the module wrote on stderr while `fn` ran. */
function stderrOf(fn: () => void): string {
  const out: string[] = [];
  vi.spyOn(fs, 'writeSync').mockImplementation((fd: number, text: unknown) => {
    if (fd === 2) out.push(String(text));
    return 0;
  });
  fn();
  return out.join('');
}

describe('nodeBinding', () => {
  it("returns this Node's binding", () => expect(typeof nodeBinding('pipe_wrap', 'x')?.Pipe).toBe('function'));

  it('a binding this Node lacks: undefined, and said once with what is done instead', () => {
    vi.spyOn(process as unknown as { binding: (name: string) => unknown }, 'binding').mockImplementation(() => {
      throw new Error('No such module: process_wrap');
    });
    const said = stderrOf(() => {
      expect(nodeBinding('process_wrap', 'scripts start through node:child_process instead')).toBeUndefined();
      expect(nodeBinding('process_wrap', 'scripts start through node:child_process instead')).toBeUndefined();
    });
    expect(said).toBe(
      `hookshim: Node's process_wrap binding is not available in Node ${process.version} (No such module: ` +
        'process_wrap); scripts start through node:child_process instead\n',
    );
  });

  it('HOOKSHIM_NODE_INTERNALS=0: undefined for every binding, and nothing said (the public API was chosen)', () => {
    vi.stubEnv('HOOKSHIM_NODE_INTERNALS', '0');
    expect(internalsOn()).toBe(false);
    const said = stderrOf(() => {
      for (const name of ['process_wrap', 'pipe_wrap', 'stream_wrap', 'inspector'] as const)
        expect(nodeBinding(name, 'x')).toBeUndefined();
    });
    expect(said).toBe('');
  });
});

describe('sourceOf', () => {
  it("a function's own text", () => expect(sourceOf(function f() {})).toBe('function f() {}'));
  it('internals off: undefined (the loader reads its file instead)', () => {
    vi.stubEnv('HOOKSHIM_NODE_INTERNALS', '0');
    expect(sourceOf(function f() {})).toBeUndefined();
  });
});
