import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../../catalog/load.ts';
import type { Catalog } from '../../catalog/types.ts';

const FILE = 'hooks/hooks.json';

function load(doc: unknown): Catalog {
  const result = parseCatalog(typeof doc === 'string' ? doc : JSON.stringify(doc), FILE);
  if (!result.ok) throw new Error(result.error);
  return result.catalog;
}

function fail(text: string): string {
  const result = parseCatalog(text, FILE);
  if (result.ok) throw new Error('expected ok:false');
  return result.error;
}

// The listed keys of a row, with `undefined` for absent ones.
const pick = (row: object, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k]]));

const one = (handler: Record<string, unknown>, event = 'PreToolUse', matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [handler] }] },
});

describe('docs/claude-hooks.md §1.2 shape', () => {
  it('flattens the documented plugin example into rows', () => {
    const catalog = load({
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
    });
    expect(catalog).toEqual({
      description: 'Format files after edits',
      warnings: [],
      rows: [
        {
          event: 'PostToolUse',
          locator: 'PostToolUse[0].hooks[0]',
          matcher: 'Write|Edit',
          type: 'command',
          command: '${CLAUDE_PLUGIN_ROOT}/scripts/format.sh',
          timeout: 30,
        },
        {
          event: 'Stop',
          locator: 'Stop[0].hooks[0]',
          type: 'command',
          command: 'node',
          args: ['${CLAUDE_PLUGIN_ROOT}/stop.js'],
        },
      ],
    });
  });

  it('numbers locators by group and handler position', () => {
    const catalog = load({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'a' }] },
          {
            matcher: 'Edit',
            hooks: [
              { type: 'command', command: 'b' },
              { type: 'command', command: 'c', if: 'Edit(*.ts)', async: true },
            ],
          },
        ],
      },
    });
    expect(catalog.rows.map((r) => [r.locator, r.matcher, r.command, r.if, r.async])).toEqual([
      ['PreToolUse[0].hooks[0]', 'Bash', 'a', undefined, undefined],
      ['PreToolUse[1].hooks[0]', 'Edit', 'b', undefined, undefined],
      ['PreToolUse[1].hooks[1]', 'Edit', 'c', 'Edit(*.ts)', true],
    ]);
  });

  it('accepts extra keys at every level without warnings (ai-config catalogs: script, why, _note_*)', () => {
    const catalog = load({
      _note_events: 'x',
      $schema: 'y',
      hooks: {
        Stop: [
          {
            _note: 'z',
            hooks: [
              { type: 'command', command: 'AI_CONFIG_STOP=1 python3 hooks/x.py', script: 'x.py', why: 'w', once: true },
            ],
          },
        ],
      },
    });
    expect(catalog.warnings).toEqual([]);
    expect(catalog.rows).toEqual([
      // The handler fields hookshim does not act on are kept for `hookshim check` to report.
      {
        event: 'Stop',
        locator: 'Stop[0].hooks[0]',
        type: 'command',
        extra: ['script', 'why', 'once'],
        command: 'AI_CONFIG_STOP=1 python3 hooks/x.py',
      },
    ]);
  });

  it.each([
    ['"block"', 'block', { onFailure: 'block' }, []],
    ['"continue" (the default)', 'continue', {}, []],
    [
      'anything else: reported, the default applies',
      'stop',
      {},
      [expect.stringMatching(/"onFailure" must be "continue" or "block", received "stop"; "continue" applies/)],
    ],
  ])('onFailure %s (docs/claude-hooks.md §1.2, §7)', (_n, onFailure, fields, warnings) => {
    const catalog = load({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', onFailure }] }] } });
    expect(catalog.rows).toEqual([
      { event: 'Stop', locator: 'Stop[0].hooks[0]', type: 'command', command: 'x', ...fields },
    ]);
    expect(catalog.warnings).toEqual(warnings);
  });

  it('strips a leading UTF-8 BOM', () => {
    expect(load('\uFEFF{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]}]}}').rows).toHaveLength(1);
  });

  it('an empty hooks object is a valid, empty catalog', () => {
    expect(load({ hooks: {} })).toEqual({ rows: [], warnings: [] });
  });
});

describe('unreadable files are ok:false with what, where, expected and received', () => {
  it('JSON syntax error names the file, the position and the expected shape', () => {
    const error = fail('{\n  "hooks": {,}\n}');
    expect(error).toContain(`${FILE}: not valid JSON at line 2, column 13`);
    expect(error).toContain('\n  expected: {"description"?: string, "hooks"');
    expect(error).toContain('\n  received: {\n  "hooks": {,}\n}');
  });

  it('truncates what it received', () => {
    const error = fail(`{"hooks": ${'x'.repeat(5000)}`);
    expect(error.length).toBeLessThan(600);
    expect(error).toMatch(/\n  received: \{"hooks": x+…$/);
  });

  it.each<[string, string, RegExp]>([
    ['empty file', '', /not valid JSON/],
    ['array root', '[]', /expected a JSON object with a "hooks" key/],
    ['null root', 'null', /expected a JSON object with a "hooks" key/],
    ['string root', '"hooks"', /expected a JSON object with a "hooks" key/],
    ['missing hooks', '{"description":"x"}', /missing "hooks".*\n.*→ at hooks/],
    ['hooks is an array', '{"hooks":[]}', /expected "hooks" to be an object keyed by event name.*\n.*→ at hooks/],
    ['hooks is a string', '{"hooks":"PreToolUse"}', /expected "hooks" to be an object/],
  ])('%s', (_name, text, message) => {
    const error = fail(text);
    expect(error).toMatch(message);
    expect(error).toContain(FILE);
  });
});

describe('non-fatal problems become warnings', () => {
  // [name, document, expected rows (locator + selected fields), warning pattern]
  it.each<[string, unknown, unknown[], RegExp]>([
    [
      'unknown event',
      one({ type: 'command', command: 'x' }, 'BeforeShell'),
      [{ event: 'BeforeShell' }],
      /hooks\.BeforeShell: unknown event "BeforeShell"/,
    ],
    [
      'event with wrong case',
      one({ type: 'command', command: 'x' }, 'preToolUse'),
      [{ event: 'preToolUse' }],
      /did you mean "PreToolUse"\?/,
    ],
    [
      'event value not an array',
      { hooks: { Stop: { hooks: [] } } },
      [],
      /hooks\.Stop: expected an array of matcher groups, received an object/,
    ],
    ['group not an object', { hooks: { Stop: ['x'] } }, [], /Stop\[0\]: not a matcher group/],
    [
      'matcher not a string',
      { hooks: { PreToolUse: [{ matcher: 5, hooks: [{ type: 'command', command: 'x' }] }] } },
      [],
      /PreToolUse\[0\]: not a matcher group .*"matcher" expected string, received number 5/,
    ],
    [
      'group hooks not an array',
      { hooks: { Stop: [{ hooks: { type: 'command' } }] } },
      [],
      /Stop\[0\]: not a matcher group .*"hooks" expected array, received an object/,
    ],
    [
      'handler not an object',
      { hooks: { Stop: [{ hooks: ['echo'] }] } },
      [],
      /Stop\[0\]\.hooks\[0\]: expected a handler object, received string "echo"/,
    ],
    ['handler without type', one({ command: 'x' }), [], /PreToolUse\[0\]\.hooks\[0\]: handler has no "type"/],
    ['http handler without a url', one({ type: 'http' }), [], /http handler needs a "url"/],
    [
      'unknown handler type',
      one({ type: 'script', command: 'x' }),
      [{ type: 'script' }],
      /unknown handler type "script"/,
    ],
    [
      'missing command',
      one({ type: 'command' }),
      [{ type: 'command', command: undefined }],
      /command handler has no "command" .*received nothing/,
    ],
    [
      'empty command',
      one({ type: 'command', command: '' }),
      [{ command: undefined }],
      /has no "command" .*received ""/,
    ],
    [
      'command not a string',
      one({ type: 'command', command: ['a'] }),
      [{ command: undefined }],
      /has no "command" .*received \["a"\]/,
    ],
    [
      'timeout 0',
      one({ type: 'command', command: 'x', timeout: 0 }),
      [{ timeout: undefined }],
      /"timeout" must be a positive number of seconds, received 0; ignored/,
    ],
    ['timeout negative', one({ type: 'command', command: 'x', timeout: -5 }), [{ timeout: undefined }], /received -5/],
    [
      'timeout string',
      one({ type: 'command', command: 'x', timeout: '30' }),
      [{ timeout: undefined }],
      /received "30"/,
    ],
    ['timeout null', one({ type: 'command', command: 'x', timeout: null }), [{ timeout: undefined }], /received null/],
    [
      'args not strings',
      one({ type: 'command', command: 'node', args: ['a', 1] }),
      [],
      /"args" must be an array of strings, received \["a",1\]; handler ignored/,
    ],
    ['args a string', one({ type: 'command', command: 'node', args: 'a b' }), [], /"args" must be an array of strings/],
    [
      'if not a string',
      one({ type: 'command', command: 'x', if: ['Bash'] }),
      [],
      /"if" must be a permission-rule string.*never runs unfiltered/,
    ],
    ['unknown shell', one({ type: 'command', command: 'x', shell: 'fish' }), [], /"shell": "fish" is not supported/],
    [
      'async not a boolean',
      one({ type: 'command', command: 'x', async: 'yes' }),
      [{ async: undefined }],
      /"async" must be true or false, received "yes"; ignored/,
    ],
    ['description not a string', { description: 5, hooks: {} }, [], /description: expected a string; ignored/],
  ])('%s', (_name, doc, rows, warning) => {
    const catalog = load(doc);
    const picked = catalog.rows.map((row, i) => pick(row, Object.keys((rows[i] ?? {}) as object)));
    expect(picked).toEqual(rows);
    expect(catalog.warnings).toHaveLength(1);
    expect(catalog.warnings[0]).toMatch(warning);
    expect(catalog.warnings[0]!.startsWith(FILE)).toBe(true);
  });

  it('checks the timeout of other handler types too', () => {
    const catalog = load(one({ type: 'prompt', prompt: 'p', timeout: 0 }));
    expect(catalog.rows).toEqual([{ event: 'PreToolUse', locator: 'PreToolUse[0].hooks[0]', type: 'prompt' }]);
    expect(catalog.warnings).toEqual([expect.stringMatching(/"timeout" must be a positive number/)]);
  });

  it('keeps valid timeouts, including fractions', () => {
    expect(load(one({ type: 'command', command: 'x', timeout: 0.5 })).rows[0]?.timeout).toBe(0.5);
  });

  it.each<[Record<string, unknown>, boolean | undefined]>([
    [{}, undefined],
    [{ async: true }, true],
    [{ async: false }, false],
    [{ asyncRewake: true }, true],
    [{ async: false, asyncRewake: true }, true],
    [{ asyncRewake: false }, undefined],
  ])('async flags %j → async %j (asyncRewake implies async)', (flags, async) => {
    const catalog = load(one({ type: 'command', command: 'x', ...flags }));
    expect(catalog.warnings).toEqual([]);
    expect(catalog.rows[0]?.async).toBe(async);
  });

  it('shell "powershell" (shell form) is kept for the runner (docs/claude-hooks.md §11)', () => {
    const catalog = load(one({ type: 'command', command: 'Get-Item .', shell: 'powershell' }));
    expect(catalog.warnings).toEqual([]);
    expect(catalog.rows[0]?.shell).toBe('powershell');
  });

  it('a catalog with CRLF line endings (written on Windows) loads as the same catalog', () => {
    const text = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, null, 2);
    const crlf = parseCatalog(text.replaceAll('\n', '\r\n'), 'hooks.json');
    expect(crlf.ok && crlf.catalog.rows).toEqual(load(JSON.parse(text)).rows);
  });

  it.each<[Record<string, unknown>]>([[{ shell: 'bash' }], [{ shell: 'powershell', args: ['-File', 'x.ps1'] }]])(
    'shell %j is accepted (ignored with args)',
    (extra) => {
      const catalog = load(one({ type: 'command', command: 'x', ...extra }));
      expect(catalog.warnings).toEqual([]);
      expect(catalog.rows).toHaveLength(1);
    },
  );

  it('one bad handler does not cost its neighbours', () => {
    const catalog = load({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: 'a' },
              { type: 'command', command: 'b', args: [1] },
              { type: 'command', command: 'c' },
            ],
          },
        ],
      },
    });
    expect(catalog.rows.map((r) => r.locator)).toEqual(['PreToolUse[0].hooks[0]', 'PreToolUse[0].hooks[2]']);
    expect(catalog.warnings).toHaveLength(1);
  });
});

describe('docs/claude-hooks.md §9: handler types, Mods, off switches', () => {
  it('an http row keeps its url, headers, allowedEnvVars and onFailure', () => {
    const h = {
      type: 'http',
      url: 'http://127.0.0.1:8/g',
      headers: { A: '$K' },
      allowedEnvVars: ['K'],
      onFailure: 'block',
    };
    expect(load(one(h)).rows[0]).toMatchObject({
      type: 'http',
      url: h.url,
      headers: h.headers,
      allowedEnvVars: ['K'],
      onFailure: 'block',
    });
  });
  it('bad headers and allowedEnvVars are reported, not sent', () => {
    const c = load(one({ type: 'http', url: 'https://x', headers: ['a'], allowedEnvVars: 'K' }));
    expect([c.rows[0]?.headers, c.rows[0]?.allowedEnvVars]).toEqual([undefined, undefined]);
    expect(c.warnings).toEqual([
      expect.stringMatching(/"headers" must be/),
      expect.stringMatching(/"allowedEnvVars" must be/),
    ]);
  });
  it.each(['prompt', 'agent', 'mcp_tool'])(
    'a %s row is kept without a load warning (the events that match it say so)',
    (type) => {
      expect(load(one({ type, prompt: 'p' }))).toMatchObject({ rows: [{ type }], warnings: [] });
    },
  );
  it('a mod-only hooks.json loads as zero rows plus its modules', () => {
    expect(load({ modules: ['./register.ts'] })).toEqual({ rows: [], warnings: [], modules: ['./register.ts'] });
  });
  it('modules beside hooks are kept beside the rows', () => {
    const c = load({ ...one({ type: 'command', command: 'x' }), modules: ['./a.ts', './b.ts'] });
    expect([c.rows.length, c.modules]).toEqual([1, ['./a.ts', './b.ts']]);
  });
  it('modules that are not a list of paths are reported (and still count as modules)', () => {
    expect(load({ hooks: {}, modules: 'x' })).toMatchObject({
      modules: [],
      warnings: [expect.stringMatching(/modules: expected an array/)],
    });
  });
  it('a settings file keeps disableAllHooks and the http restrictions, with or without hooks', () => {
    const text = JSON.stringify({
      disableAllHooks: true,
      allowedHttpHookUrls: ['http://127.0.0.1:*'],
      httpHookAllowedEnvVars: 5,
    });
    const r = parseCatalog(text, '.claude/settings.json', { settings: true });
    expect(r.ok && r.catalog).toMatchObject({
      rows: [],
      settings: { disableAllHooks: true, allowedHttpHookUrls: ['http://127.0.0.1:*'], httpHookAllowedEnvVars: [] },
      warnings: [expect.stringMatching(/httpHookAllowedEnvVars: expected an array of strings.*read as \[\]/)],
    });
  });
  it('a plugin hooks.json has no settings switches', () => {
    expect(load({ hooks: {}, disableAllHooks: true }).settings).toBeUndefined();
  });
});
