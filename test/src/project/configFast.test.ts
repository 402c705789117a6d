// The zod-free config reader (src/project/configFast.ts) agrees with the full parser (src/project/config.ts) whenever
// it answers, and leaves everything else to it.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/project/config.ts';
import { readConfigFast } from '../../../src/project/configFast.ts';

describe('readConfigFast', () => {
  it.each([
    ['empty', '{}'],
    ['catalogs', '{"$schema":"x","catalogs":["hooks/hooks.json",".claude/settings.json","plugins/hookify"]}'],
    [
      'every key',
      '{"catalogs":["hooks/hooks.json"],"resultGated":["Stop[0].hooks[0]",""],"promptContext":"beforeSubmitPrompt","transcripts":false,"check":{"readmeRows":true,"tests":false,"readme":"R.md","testDir":"t"}}',
    ],
    ['a BOM', '\uFEFF{"promptContext":"postToolUse"}'],
    ['unsupported', '{"unsupported":"skip"}'],
    ['loopLimit and promptContext auto', '{"loopLimit":3,"promptContext":"auto"}'],
    ['loopLimit null', '{"loopLimit":null}'],
  ])('%s: the same config as the full parser', (_name, text) => {
    const fast = readConfigFast(text);
    expect(fast).toBeDefined();
    expect(fast).toEqual(parseConfig(text).config);
    expect(parseConfig(text).error).toBeUndefined();
  });

  it.each([
    ['not JSON', '{'],
    ['an unknown key', '{"catalog":["x"]}'],
    ['an empty catalog entry', '{"catalogs":[""]}'],
    ['catalogs not a list', '{"catalogs":"hooks/hooks.json"}'],
    ['a wrong enum value', '{"promptContext":"stop"}'],
    ['transcripts not a boolean', '{"transcripts":"yes"}'],
    ['unsupported not deny or skip', '{"unsupported":"allow"}'],
    ['an unknown check key', '{"check":{"test":true}}'],
    ['an array', '[]'],
    ['a negative loopLimit', '{"loopLimit":-1}'],
    ['a fractional loopLimit', '{"loopLimit":1.5}'],
    ['check not an object', '{"check":[]}'],
  ])('%s: gives up (the full parser decides)', (_name, text) => {
    expect(readConfigFast(text)).toBeUndefined();
  });
});
