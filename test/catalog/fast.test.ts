// The zod-free catalog reader (catalog/fast.ts) agrees with the full parser (catalog/load.ts) whenever it answers, and
// leaves to the full parser everything that parser would warn about.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCatalogFast } from '../../catalog/fast.ts';
import { parseCatalog } from '../../catalog/load.ts';

const full = (text: string) => {
  const r = parseCatalog(text, 'hooks/hooks.json');
  return r.ok ? r.catalog : undefined;
};

describe('readCatalogFast reads the well-formed catalog (docs/claude-hooks.md §1.2)', () => {
  it.each([
    [
      'the documented plugin example',
      {
        description: 'Format files after edits',
        hooks: {
          PostToolUse: [
            {
              matcher: 'Write|Edit',
              hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/scripts/format.sh', timeout: 30 }],
            },
          ],
          Stop: [{ hooks: [{ type: 'command', command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/stop.js'] }] }],
        },
      },
    ],
    [
      'if, async, asyncRewake, shell bash, statusMessage',
      {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                {
                  type: 'command',
                  command: 'a',
                  if: 'Bash(git *)',
                  async: false,
                  asyncRewake: true,
                  shell: 'bash',
                  statusMessage: 'checking',
                },
              ],
            },
          ],
        },
      },
    ],
    [
      'onFailure block and continue (docs/claude-hooks.md §1.2)',
      {
        hooks: {
          Stop: [
            {
              hooks: [
                { type: 'command', command: 'a', onFailure: 'block' },
                { type: 'command', command: 'b', onFailure: 'continue', statusMessage: 's' },
              ],
            },
          ],
        },
      },
    ],
    ['an empty catalog', { hooks: {} }],
    ['a BOM', '\uFEFF{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]}]}}'],
  ])('%s: the same rows as the full parser', (_name, doc) => {
    const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
    expect(readCatalogFast(text)).toEqual(full(text));
    expect(readCatalogFast(text)).toBeDefined();
  });

  it.each([
    ['not JSON', '{"hooks": {'],
    ['no hooks', '{}'],
    ['an unknown event', '{"hooks":{"PreToolUsed":[]}}'],
    ['a prompt handler', '{"hooks":{"Stop":[{"hooks":[{"type":"prompt","prompt":"x"}]}]}}'],
    ['an empty command', '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":""}]}]}}'],
    ['a zero timeout', '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x","timeout":0}]}]}}'],
    [
      'a handler field it does not know',
      '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x","once":true}]}]}}',
    ],
    [
      'an onFailure value Claude does not define',
      '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x","onFailure":"deny"}]}]}}',
    ],
    ['a non-string matcher', '{"hooks":{"PreToolUse":[{"matcher":1,"hooks":[]}]}}'],
  ])('%s: left to the full parser', (_name, text) => {
    expect(readCatalogFast(text)).toBeUndefined();
  });
});

describe('readCatalogFast never disagrees with the full parser (property)', () => {
  const value = fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.integer({ min: -2, max: 700 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
  );
  const handler = fc.record(
    {
      type: fc.constantFrom('command', 'command', 'prompt', 'http'),
      command: fc.oneof(fc.constantFrom('a.sh', 'node x.mjs', ''), value),
      timeout: fc.oneof(fc.integer({ min: -1, max: 700 }), value),
      if: fc.oneof(fc.constantFrom('Bash(git *)', 'Read(*.env)'), value),
      async: fc.oneof(fc.boolean(), value),
      asyncRewake: fc.boolean(),
      shell: fc.constantFrom('bash', 'powershell', 'zsh'),
      args: fc.oneof(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }), value),
      statusMessage: value,
      onFailure: fc.oneof(fc.constantFrom('block', 'continue'), value),
    },
    { requiredKeys: ['type'] },
  );
  const group = fc.record(
    {
      matcher: fc.oneof(fc.constantFrom('Bash', 'Write|Edit', 'mcp__.*', '['), value),
      hooks: fc.array(handler, { maxLength: 3 }),
    },
    { requiredKeys: ['hooks'] },
  );
  const catalog = fc.record(
    {
      description: fc.oneof(fc.string({ maxLength: 5 }), value),
      hooks: fc.dictionary(
        fc.constantFrom('PreToolUse', 'Stop', 'PostToolUse', 'UserPromptSubmit', 'Nope'),
        fc.array(group, { maxLength: 3 }),
      ),
    },
    { requiredKeys: ['hooks'] },
  );
  it('whenever it answers, it answers exactly what the full parser does, with no warnings', () => {
    fc.assert(
      fc.property(catalog, (doc) => {
        const text = JSON.stringify(doc);
        const fast = readCatalogFast(text);
        if (fast) expect(fast).toEqual(full(text));
      }),
      { numRuns: 2000, seed: 11 },
    );
  });
});

describe('keys only the full parser reads (docs/claude-hooks.md §9)', () => {
  it.each(['modules', 'disableAllHooks', 'allowedHttpHookUrls', 'httpHookAllowedEnvVars'])(
    '%s sends the file to the full parser',
    (key) => {
      expect(readCatalogFast(JSON.stringify({ hooks: {}, [key]: [] }))).toBeUndefined();
    },
  );
  it('an http row sends the file to the full parser', () => {
    expect(
      readCatalogFast(JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'http', url: 'http://x' }] }] } })),
    ).toBeUndefined();
  });
});
