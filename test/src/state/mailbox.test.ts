// Cross-event records (stash, carried context, the prompt's pending context): every read is a claim, so a
// record is delivered at most once; a claim that could not be delivered is restored. Filesystem only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEffects, claim, key } from '../../../src/state/mailbox.ts';
import type { StateDir } from '../../../src/state/dir.ts';
import { listArea } from './helpers.ts';

let st: StateDir;
beforeEach(() => {
  st = { root: fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-records-')) };
});
afterEach(() => fs.rmSync(st.root, { recursive: true, force: true }));

const S = 'session-1';
const msg = (text: string) => ({ from: 'hooks/a.sh', text });

describe('stash: a preToolUse warning, replayed once on its postToolUse', () => {
  it('claimed once; a second claim finds nothing; release deletes it', () => {
    expect(applyEffects(st, S, [{ kind: 'stash', toolUseId: 'tu\n1', messages: [msg('careful')] }])).toEqual([]);
    const first = claim(st, S, { stash: true }, 'tu\n1');
    expect(first.state.stashed).toEqual([msg('careful')]);
    expect(claim(st, S, { stash: true }, 'tu\n1').state.stashed).toEqual([]);
    first.release();
    expect(listArea(st, 'stash')).toEqual([]);
  });

  it('restore puts a claimed stash back for the next claim (the answer could not be delivered)', () => {
    applyEffects(st, S, [{ kind: 'stash', toolUseId: 't', messages: [msg('careful')] }]);
    claim(st, S, { stash: true }, 't').restore();
    expect(claim(st, S, { stash: true }, 't').state.stashed).toEqual([msg('careful')]);
  });

  it('another session or another id never sees it', () => {
    applyEffects(st, S, [{ kind: 'stash', toolUseId: 't', messages: [msg('careful')] }]);
    expect(claim(st, 'session-2', { stash: true }, 't').state.stashed).toEqual([]);
    expect(claim(st, S, { stash: true }, 't2').state.stashed).toEqual([]);
  });

  it('a stash replaced by a symlink is not read through', () => {
    applyEffects(st, S, [{ kind: 'stash', toolUseId: 't', messages: [msg('careful')] }]);
    const file = path.join(st.root, 'stash', `${key(S, 't')}.json`);
    const planted = path.join(st.root, 'planted.json');
    fs.writeFileSync(planted, JSON.stringify({ messages: [msg('planted')] }));
    fs.rmSync(file);
    fs.symlinkSync(planted, file);
    expect(claim(st, S, { stash: true }, 't').state.stashed).toEqual([]);
  });

  it('a corrupt stash yields no messages instead of an error', () => {
    fs.mkdirSync(path.join(st.root, 'stash'), { mode: 0o700 });
    fs.writeFileSync(
      path.join(st.root, 'stash', `${key(S, 't')}.json`),
      '{"messages": [{"from": 1}, {"from":"x","text":"ok"}]',
    );
    expect(claim(st, S, { stash: true }, 't').state.stashed).toEqual([]);
  });
});

describe("carried context and the prompt's pending context", () => {
  it('carried messages from several events are all claimed by the next postToolUse, in order, once', () => {
    applyEffects(st, S, [{ kind: 'carry', messages: [msg('one')] }]);
    applyEffects(st, S, [{ kind: 'carry', messages: [msg('two')] }]);
    const c = claim(st, S, { carried: true });
    expect(c.state.carried).toEqual([msg('one'), msg('two')]);
    expect(claim(st, S, { carried: true }).state.carried).toEqual([]);
  });

  it("a new prompt's pending context replaces an undelivered one, and says so", () => {
    expect(applyEffects(st, S, [{ kind: 'pendingPrompt', messages: [msg('first')] }])).toEqual([]);
    expect(applyEffects(st, S, [{ kind: 'pendingPrompt', messages: [msg('second')] }])).toEqual([
      "the previous prompt's context was never delivered (no tool call followed it); replaced by this prompt's",
    ]);
    expect(claim(st, S, { pending: true }).state.pendingPrompt).toEqual([msg('second')]);
  });
});

describe('no state directory: degraded, and every effect reported lost', () => {
  it('claims are empty; effects come back as notes', () => {
    expect(claim(null, S, { stash: true, carried: true, pending: true }, 't').state).toEqual({
      stashed: [],
      carried: [],
      pendingPrompt: [],
    });
    expect(
      applyEffects(null, S, [
        { kind: 'stash', toolUseId: 't', messages: [msg('a')] },
        { kind: 'carry', messages: [msg('b')] },
      ]),
    ).toEqual([
      'state directory unavailable: 1 warning(s) stashed for tool_use_id "t" lost',
      'state directory unavailable: 1 carried message(s) lost',
    ]);
  });

  it('an unusable area is reported per effect', () => {
    fs.writeFileSync(path.join(st.root, 'stash'), 'not a dir');
    expect(applyEffects(st, S, [{ kind: 'stash', toolUseId: 't', messages: [msg('a')] }])).toEqual([
      'could not keep 1 warning(s) stashed for tool_use_id "t": stash area unusable',
    ]);
  });
});
