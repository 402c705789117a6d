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
      'claudeTranscript',
      'followerAnswer',
      'makeEnvFile',
      'maybeCollect',
      'pluginDataDir',
      'readEnvFile',
      'recordToolResult',
      'removeFile',
      'sizeOf',
      'tickOf',
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
      state.recordToolResult,
      state.claudeTranscript,
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
      toolResults.recordToolResult,
      transcript.claudeTranscript,
    ]);
  });
});
