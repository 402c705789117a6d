import { readFile } from 'node:fs/promises';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { KNOWN_EVENTS, type KnownEvent } from '../../catalog/events.ts';
import type { HookCommand, HookMatcher, PluginHooksFile } from '../../catalog/generated/pluginHooks.ts';
import {
  HANDLER_TYPES,
  type commandHandlerSchema,
  type matcherGroupSchema,
  type timeoutSchema,
} from '../../catalog/schema.ts';

// A variable specifier keeps tsc from resolving the untyped .mjs module.
const genScript = new URL('../../scripts/gen-types.mjs', import.meta.url).href;
const generatedFile = new URL('../../catalog/generated/pluginHooks.ts', import.meta.url);
const schemaFile = new URL('../../catalog/schema/claude-code-plugin-hooks.schema.json', import.meta.url);

describe('catalog/generated/pluginHooks.ts', () => {
  it('matches what scripts/gen-types.mjs generates from the vendored schema (run `npm run gen` on drift)', async () => {
    const { generate } = (await import(genScript)) as { generate(): Promise<string> };
    const committed = await readFile(generatedFile, 'utf8');
    expect(await generate()).toBe(committed);
    expect(committed).toContain('DO NOT MODIFY IT BY HAND');
  });

  it('the vendored schema keeps its provenance line', async () => {
    const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as { $comment?: string };
    expect(schema.$comment).toMatch(
      /^Trimmed from SchemaStore src\/schemas\/json\/claude-code-settings\.json \(commit [0-9a-f]{40}, Apache-2\.0\)/,
    );
  });

  it('KNOWN_EVENTS has no duplicates', () => {
    expect(new Set(KNOWN_EVENTS).size).toBe(KNOWN_EVENTS.length);
  });
});

type GeneratedCommandHandler = Extract<HookCommand, { type: 'command' }>;

describe('zod schemas and generated types stay in lockstep', () => {
  it('command handler fields', () => {
    expectTypeOf<z.output<typeof commandHandlerSchema>>().toEqualTypeOf<GeneratedCommandHandler>();
  });

  it('handler types', () => {
    expectTypeOf<(typeof HANDLER_TYPES)[number]>().toEqualTypeOf<HookCommand['type']>();
  });

  it('matcher group matcher and handler timeout', () => {
    expectTypeOf<z.output<typeof matcherGroupSchema>['matcher']>().toEqualTypeOf<HookMatcher['matcher']>();
    expectTypeOf<z.output<typeof timeoutSchema>>().toEqualTypeOf<HookCommand['timeout']>();
  });

  it('every event of the schema is a known event', () => {
    expectTypeOf<keyof PluginHooksFile['hooks']>().toExtend<KnownEvent>();
  });
});
