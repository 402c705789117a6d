// src/state/asyncContext.ts: an async row's output slot, and the claim of finished outputs (once, for their session).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asyncMessages } from '../../../adapters/asyncContext.ts';
import type { StateDir } from '../../../src/state/dir.ts';
import { asyncOutput, claim } from '../../../src/state/mailbox.ts';
import { listArea } from './helpers.ts';

let st: StateDir;
beforeEach(() => {
  st = { root: fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-async-')) };
});
afterEach(() => fs.rmSync(st.root, { recursive: true, force: true }));

/** What the watchdog does when the row ends: its stdout in .part, renamed with its exit code. */
const finish = (base: string, stdout: string, code = 0) => {
  fs.appendFileSync(`${base}.part`, stdout);
  fs.renameSync(`${base}.part`, `${base}.${code}.done`);
};
const CTX = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"lint ok"}}';

describe('async outputs', () => {
  it('a slot is a .part and a .meta; an unfinished one is never claimed', () => {
    const base = asyncOutput(st, 's1', 'hooks/lint.sh', 'PreToolUse') as string;
    expect(listArea(st, 'async').map((n) => n.replace(/^.*\./, ''))).toEqual(['meta', 'part']);
    expect(claim(st, 's1', { carried: true }, undefined, asyncMessages).state.carried).toEqual([]);
    expect(fs.existsSync(`${base}.part`)).toBe(true);
  });
  it('a finished one is carried once, for its own session, and removed on release', () => {
    finish(asyncOutput(st, 's1', 'hooks/lint.sh', 'PreToolUse') as string, CTX);
    expect(claim(st, 's2', { carried: true }, undefined, asyncMessages).state.carried).toEqual([]);
    const first = claim(st, 's1', { carried: true }, undefined, asyncMessages);
    expect(first.state.carried).toEqual([{ from: 'hooks/lint.sh (async)', text: 'lint ok' }]);
    expect(first.notes).toEqual([expect.stringMatching(/finished after its event was answered/)]);
    expect(claim(st, 's1', { carried: true }, undefined, asyncMessages).state.carried).toEqual([]);
    first.release();
    expect(listArea(st, 'async')).toEqual([]);
  });
  it('restore puts it back for the next claim', () => {
    finish(asyncOutput(st, 's1', 'hooks/lint.sh', 'PreToolUse') as string, CTX);
    claim(st, 's1', { carried: true }, undefined, asyncMessages).restore();
    expect(claim(st, 's1', { carried: true }, undefined, asyncMessages).state.carried).toHaveLength(1);
  });
  it('a symlink planted as an output is refused (nothing read through it)', () => {
    const base = asyncOutput(st, 's1', 'hooks/lint.sh', 'PreToolUse') as string;
    const secret = path.join(st.root, 'secret.json');
    fs.writeFileSync(secret, CTX);
    fs.symlinkSync(secret, `${base}.0.done`);
    expect(claim(st, 's1', { carried: true }, undefined, asyncMessages).state.carried).toEqual([]);
  });
  it('a catalog without async rows claims none (no work for it)', () => {
    finish(asyncOutput(st, 's1', 'hooks/lint.sh', 'PreToolUse') as string, CTX);
    expect(claim(st, 's1', { carried: true }).state.carried).toEqual([]);
  });
  it('no state directory: no slot', () => expect(asyncOutput(null, 's1', 'x', 'PreToolUse')).toBeUndefined());
});
