// The per-project heartbeat (src/hook/heartbeat.ts): what it holds, how rarely it is written, and that doctor reads
// only this project's, well-formed ones. Filesystem only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { beat, readBeats } from '../../../src/hook/heartbeat.ts';
import type { StateDir } from '../../../src/state/dir.ts';

let st: StateDir;
beforeEach(() => {
  st = { root: fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-beat-')) };
});
afterEach(() => fs.rmSync(st.root, { recursive: true, force: true }));

const files = () => fs.readdirSync(path.join(st.root, 'beat'));

describe('beat', () => {
  it('one file per project, binding and event, holding the event and host version only', () => {
    beat(st, '/p', '', 'preToolUse', '3.24.12');
    beat(st, '/p', '/plug', 'preToolUse', undefined);
    beat(st, '/p', '', 'stop', undefined);
    expect(files()).toHaveLength(3);
    const doc = JSON.parse(
      fs.readFileSync(
        path.join(
          st.root,
          'beat',
          files().find((f) => f.endsWith('preToolUse'))!,
        ),
        'utf8',
      ),
    );
    expect(Object.keys(doc).sort()).toEqual(expect.arrayContaining(['binding', 'event', 'project']));
  });
  it("each host's beat apart (Copilot's event names are Cursor's), naming the host that ran it", () => {
    beat(st, '/p', '', 'preToolUse', '3.24.12');
    beat(st, '/p', '', 'preToolUse', '1.0.102', 'copilot');
    beat(st, '/p', '', 'PreToolUse', undefined, 'codex');
    expect(files()).toHaveLength(3);
    expect(
      readBeats(st.root, '/p')
        .map((b) => [b.event, b.hostId, b.host ?? null])
        .sort(),
    ).toEqual([
      ['PreToolUse', 'codex', null],
      ['preToolUse', 'copilot', '1.0.102'],
      ['preToolUse', 'cursor', '3.24.12'],
    ]);
  });
  it('a fresh heartbeat is not rewritten (one lstat on most events)', () => {
    beat(st, '/p', '', 'stop', 'a');
    const file = path.join(st.root, 'beat', files()[0]!);
    const ino = fs.statSync(file).ino;
    beat(st, '/p', '', 'stop', 'b');
    expect(fs.statSync(file).ino).toBe(ino);
    expect(fs.readFileSync(file, 'utf8')).toContain('"a"');
  });
  it('a symlink planted at its path is replaced, never written through', () => {
    beat(st, '/p', '', 'stop', undefined);
    const file = path.join(st.root, 'beat', files()[0]!);
    const target = path.join(st.root, 'target');
    fs.writeFileSync(target, 'keep');
    fs.rmSync(file);
    fs.symlinkSync(target, file);
    fs.utimesSync(target, new Date(0), new Date(0));
    fs.lutimesSync(file, new Date(0), new Date(0));
    beat(st, '/p', '', 'stop', undefined);
    expect(fs.readFileSync(target, 'utf8')).toBe('keep');
  });
});

describe('readBeats', () => {
  it("this project's beats, newest first; another project's and malformed files are skipped", () => {
    beat(st, '/p', '', 'stop', '1');
    beat(st, '/other', '', 'stop', undefined);
    fs.writeFileSync(path.join(st.root, 'beat', `${files()[0]!.split('.')[0]}.x.junk`), 'not json');
    const beats = readBeats(st.root, '/p');
    expect(beats.map((b) => [b.binding, b.event, b.host])).toEqual([['', 'stop', '1']]);
  });
  it('no state dir: none', () => expect(readBeats(path.join(st.root, 'absent'), '/p')).toEqual([]));
});
