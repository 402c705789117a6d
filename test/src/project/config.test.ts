// hookshim's own config: the zod schema (src/project/config.ts), the published JSON Schema and the generated type stay in lockstep.
import { readFile } from 'node:fs/promises';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import type { HookshimConfig as GeneratedConfig } from '../../../catalog/generated/hookshimConfig.ts';
import { ConfigSchema, parseConfig, salvageCatalogs, type HookshimConfig } from '../../../src/project/config.ts';

// A variable specifier keeps tsc from resolving the untyped .mjs module.
const genScript = new URL('../../../scripts/gen-types.mjs', import.meta.url).href;
const generatedFile = new URL('../../../catalog/generated/hookshimConfig.ts', import.meta.url);
const schemaFile = new URL('../../../catalog/schema/hookshim-config.schema.json', import.meta.url);

// Annotations only: what a validator ignores.
const ANNOTATIONS = new Set(['$schema', '$id', '$comment', 'title', 'description', 'default', 'examples']);
function structure(node: unknown, top = true): unknown {
  if (Array.isArray(node)) return node.map((n) => structure(n, false));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    // Inside "properties", keys are property names (the config has a "$schema" property), not keywords.
    if (ANNOTATIONS.has(k) && (top || typeof v !== 'object' || v === null)) continue;
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, structure(s, false)]))
        : structure(v, false);
  }
  return out;
}

describe('catalog/schema/hookshim-config.schema.json', () => {
  it('has the structure of the zod ConfigSchema (edit both together)', async () => {
    const committed = JSON.parse(await readFile(schemaFile, 'utf8'));
    expect(structure(committed)).toEqual(structure(z.toJSONSchema(ConfigSchema, { target: 'draft-7' })));
  });

  it('describes every property, for editors', async () => {
    const committed = JSON.parse(await readFile(schemaFile, 'utf8'));
    const missing: string[] = [];
    const walk = (node: { properties?: Record<string, { description?: string; properties?: object }> }, at: string) => {
      for (const [name, prop] of Object.entries(node.properties ?? {})) {
        if (!prop.description) missing.push(`${at}${name}`);
        walk(prop as never, `${at}${name}.`);
      }
    };
    walk(committed, '');
    expect(missing).toEqual([]);
  });
});

describe('catalog/generated/hookshimConfig.ts', () => {
  it('matches what scripts/gen-types.mjs generates from the schema (run `npm run gen` on drift)', async () => {
    const { generateConfig } = (await import(genScript)) as { generateConfig(): Promise<string> };
    const committed = await readFile(generatedFile, 'utf8');
    expect(await generateConfig()).toBe(committed);
    expect(committed).toContain('DO NOT MODIFY IT BY HAND');
  });

  it('is the type the zod schema parses to', () => {
    expectTypeOf<HookshimConfig>().toEqualTypeOf<GeneratedConfig>();
    expectTypeOf<z.input<typeof ConfigSchema>>().toEqualTypeOf<GeneratedConfig>();
  });
});

describe('parseConfig', () => {
  it.each([
    ['empty object', '{}', {}, undefined],
    [
      'full',
      '{"$schema":"x","resultGated":["Stop[0].hooks[0]"],"promptContext":"beforeSubmitPrompt","check":{"readmeRows":true,"tests":true,"readme":"docs/GUARDS.md","testDir":"t"}}',
      {
        $schema: 'x',
        resultGated: ['Stop[0].hooks[0]'],
        promptContext: 'beforeSubmitPrompt',
        check: { readmeRows: true, tests: true, readme: 'docs/GUARDS.md', testDir: 't' },
      },
      undefined,
    ],
    ['BOM', '\uFEFF{"promptContext":"postToolUse"}', { promptContext: 'postToolUse' }, undefined],
    [
      'an unknown key is an error: a typo would drop what it meant',
      '{"resultgated":["x"]}',
      {},
      /^at line 1: unknown key "resultgated" \(known: \$schema, catalogs, /,
    ],
    ['not JSON', '{', {}, /^not JSON/],
    ['wrong enum value: the line and the path named', '{\n"promptContext":"stop"}', {}, /^at line 2: .*promptContext/],
    ['wrong nested type', '{"check":{"tests":"yes"}}', {}, /check\.tests/],
  ])('%s', (_name, text, config, error) => {
    const parsed = parseConfig(text);
    expect(parsed.config).toEqual(config);
    if (error) expect(parsed.error).toMatch(error);
    else expect(parsed.error).toBeUndefined();
  });
});

describe('salvageCatalogs: what a broken config still names', () => {
  it.each([
    [
      'a trailing comma',
      '{"catalogs": ["a/hooks.json", ".claude/settings.json",],}',
      ['a/hooks.json', '.claude/settings.json'],
    ],
    ['a lone string', '{"catalogs": "a/hooks.json"}', ['a/hooks.json']],
    ['the typo "catalog"', '{"catalog": ["a"]}', ['a']],
    ['an escaped quote', '{"catalogs": ["a\\"b"', ['a"b']],
    ['none named', '{"transcripts": fals}', undefined],
    ['an empty list', '{"catalogs": [],}', undefined],
  ])('%s', (_name, text, expected) => {
    expect(salvageCatalogs(text)).toEqual(expected);
  });
});
