// src/state/index.ts: the stateful half behind one lazy import: what it exports, and sizeOf (the transcript's size
// tells turns apart for dedup).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as collect from '../../../src/state/collect.ts';
import * as envFile from '../../../src/state/envFile.ts';
import * as fsx from '../../../src/state/fsx.ts';
import * as state from '../../../src/state/index.ts';
import * as mailbox from '../../../src/state/mailbox.ts';
import * as promptRun from '../../../src/state/promptRun.ts';
import * as sentinel from '../../../src/state/sentinel.ts';
import * as toolResults from '../../../src/state/toolResults.ts';
import * as transcript from '../../../src/state/transcript.ts';

const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-stateindex-')));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('sizeOf', () => {
  const file = path.join(tmp, 'conv.jsonl');
  const empty = path.join(tmp, 'empty.jsonl');
  fs.writeFileSync(file, 'é\n{}\n');
  fs.writeFileSync(empty, '');
  it.each([
    ['no path', undefined, ''],
    ['an empty path', '', ''],
    ['a missing file', path.join(tmp, 'none.jsonl'), ''],
    ['a file: its size in bytes', file, '6'],
    ['an empty file', empty, '0'],
  ])('%s → %j', (_name, f, want) => expect(state.sizeOf(f)).toBe(want));
});

describe("the hook path's lazy surface", () => {
  it('re-exports exactly the state functions the hook path uses, from their modules', () => {
    expect(Object.keys(state).sort()).toEqual([
      'applyEffects',
      'asyncOutput',
      'claim',
      'claimPromptRun',
      'claimTick',
      'followerAnswer',
      'makeEnvFile',
      'maybeCollect',
      'pluginDataDir',
      'readEnvFile',
      'removeFile',
      'sizeOf',
      'tickOf',
      'toolResults',
      'transcriptFor',
    ]);
    expect([
      state.maybeCollect,
      state.makeEnvFile,
      state.readEnvFile,
      state.removeFile,
      state.applyEffects,
      state.claim,
      state.asyncOutput,
      state.claimPromptRun,
      state.claimTick,
      state.followerAnswer,
      state.tickOf,
    ]).toEqual([
      collect.maybeCollect,
      envFile.makeEnvFile,
      envFile.readEnvFile,
      fsx.removeFile,
      mailbox.applyEffects,
      mailbox.claim,
      mailbox.asyncOutput,
      promptRun.claimPromptRun,
      sentinel.claimTick,
      sentinel.followerAnswer,
      sentinel.tickOf,
    ]);
  });
  it('hands out the results log itself, on first use', async () => expect(await state.toolResults()).toBe(toolResults));
});

describe('transcriptFor: the rewrite is loaded only for a transcript Cursor sent', () => {
  const opts = (cursorPath: string | undefined, root: string) => ({
    cursorPath,
    sessionId: 's1',
    cwd: tmp,
    state: { root },
    warn: () => {},
  });
  const root = path.join(tmp, 'state');
  fs.mkdirSync(root, { mode: 0o700 });
  const source = path.join(tmp, 'cursor.jsonl');
  fs.writeFileSync(
    source,
    `${JSON.stringify({ role: 'user', message: { content: [{ type: 'text', text: 'hi' }] } })}\n`,
  );
  it('no transcript: the empty one, as claudeTranscript gives it', async () => {
    const [got, want] = [
      await state.transcriptFor(opts(undefined, root)),
      await transcript.claudeTranscript(opts(undefined, root)),
    ];
    expect(got).toEqual(want);
    expect(fs.readFileSync(got.path, 'utf8')).toBe('');
  });
  it("Cursor's transcript: claudeTranscript's rewrite of it", async () => {
    const got = await state.transcriptFor(opts(source, root));
    expect(got.stats.bytesRead).toBe(fs.statSync(source).size);
    expect(got.path).toBe((await transcript.claudeTranscript(opts(source, root))).path);
    expect(fs.readFileSync(got.path, 'utf8')).toContain('"hi"');
  });
});
