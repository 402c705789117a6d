// src/hook/edits.ts: which of the files a tool call wrote its rows then changed (docs/claude-hooks.md §8 formatter note).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { watchFiles } from '../../../src/hook/edits.ts';

const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-edits-')));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('watchFiles', () => {
  const file = (name: string, text: string) => {
    const p = path.join(tmp, name);
    fs.writeFileSync(p, text);
    return p;
  };
  it('a file rewritten with other bytes is changed; one rewritten with the same bytes is not', () => {
    const a = file('a.ts', 'let a=1\n');
    const b = file('b.ts', 'same\n');
    const w = watchFiles([a, b]);
    fs.writeFileSync(a, 'let a = 1;\n');
    fs.writeFileSync(b, 'same\n');
    expect(w.changed()).toEqual([a]);
  });
  it('a file missing before or removed after counts as unchanged', () => {
    const gone = file('gone.ts', 'x');
    const w = watchFiles([path.join(tmp, 'none.ts'), gone]);
    fs.rmSync(gone);
    fs.writeFileSync(path.join(tmp, 'none.ts'), 'now');
    expect(w.changed()).toEqual([]);
  });
  it('no files: nothing changed', () => expect(watchFiles([]).changed()).toEqual([]));
});
