// src/state/promptRun.ts: where beforeSubmitPrompt never fires, one tool event per generation claims the run of the
// UserPromptSubmit rows, unless the conversation's prompts reach beforeSubmitPrompt (docs/events.md "Cloud agents").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StateDir } from '../../../src/state/dir.ts';
import { claimPromptRun } from '../../../src/state/promptRun.ts';

let st: StateDir;
beforeEach(() => {
  st = { root: fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-ups-')) };
});
afterEach(() => fs.rmSync(st.root, { recursive: true, force: true }));

const tx = () => {
  const file = path.join(st.root, 'cursor.jsonl');
  fs.writeFileSync(
    file,
    JSON.stringify({
      role: 'user',
      message: { content: [{ type: 'text', text: '<user_query>\nhi\n</user_query>' }] },
    }) + '\n',
  );
  return file;
};

describe('claimPromptRun', () => {
  it('the first tool event of a generation wins, with the prompt; the next one of it does not', () => {
    expect(claimPromptRun(st, 's', ['/p', '', 'g1'], 'fallback', tx())).toEqual({ prompt: 'hi' });
    expect(claimPromptRun(st, 's', ['/p', '', 'g1'], 'fallback', tx())).toBeUndefined();
    expect(claimPromptRun(st, 's', ['/p', '', 'g2'], 'fallback', undefined)).toEqual({ prompt: undefined });
  });
  it('once beforeSubmitPrompt was seen in the conversation, tool events never run the rows', () => {
    expect(claimPromptRun(st, 's', ['/p', '', 'g1'], 'seen', undefined)).toBeUndefined();
    expect(claimPromptRun(st, 's', ['/p', '', 'g2'], 'fallback', tx())).toBeUndefined();
    expect(claimPromptRun(st, 'other', ['/p', '', 'g2'], 'fallback', tx())).toEqual({ prompt: 'hi' });
  });
  it("another binding (a plugin's) claims its own rows' run for the same generation", () => {
    expect(claimPromptRun(st, 's', ['/p', '', 'g1'], 'fallback', undefined)).toEqual({ prompt: undefined });
    expect(claimPromptRun(st, 's', ['/p', '/p/plugins/x', 'g1'], 'fallback', undefined)).toEqual({ prompt: undefined });
  });
  it('no state directory: nothing can be claimed, so nothing runs', () =>
    expect(claimPromptRun(null, 's', ['/p', '', 'g'], 'fallback', undefined)).toBeUndefined());
});
