// Regression guard (no timing): the hook bundle vendored into user repos stays within its size budget, and
// its module graph holds nothing on the deny-list. The figures themselves come from `npm run bench`.
// test/e2e/tooling.test.ts ("the hook bundle stays lean") asserts part of the deny-list (yargs, ndjson,
// json-schema-to-typescript, src/commands/, zod classic/locales) on the bytes in the file; this file holds the whole
// list, prettier included, with a reason per entry, plus the size budget.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, cursorPayload, ensureBuilt, makeRepo, ROOT, toolUseId } from './harness.ts';

/** The target "bundle committed into user repos ≤ 300 KB" (docs/performance.md) (300 KiB, as scripts/build.mjs prints sizes); the one number
 * scripts/bench.mjs reports against too. */
const BUNDLE_BUDGET_BYTES: number = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'scripts', 'bench', 'targets.json'), 'utf8'),
).bundleBytes;

interface Meta {
  inputs: Record<string, unknown>;
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

/**
 * What the hook path must never load. `graph`: any module esbuild reached from src/entry/hook.ts, even if tree-shaken
 * (an import alone is the regression). `output`: only modules contributing bytes, for zod, whose zod/mini index
 * re-exports core modules that reach every locale; tree-shaking drops them and they cost nothing.
 */
const DENY: { name: string; pattern: RegExp; scope: 'graph' | 'output'; why: string }[] = [
  {
    name: 'yargs',
    pattern: /(^|\/)node_modules\/yargs\//,
    scope: 'graph',
    why: 'management CLI parser, about 60 ms of start-up',
  },
  { name: 'yargs-parser', pattern: /(^|\/)node_modules\/yargs-parser\//, scope: 'graph', why: "yargs' parser" },
  {
    name: 'ndjson',
    pattern: /(^|\/)node_modules\/(ndjson|split2|through2)\//,
    scope: 'graph',
    why: 'trace/replay tooling (with its stream deps split2, through2)',
  },
  {
    name: 'json-schema-to-typescript',
    pattern: /(^|\/)node_modules\/json-schema-to-typescript\//,
    scope: 'graph',
    why: 'type generation, a build-time tool',
  },
  {
    name: 'prettier',
    pattern: /(^|\/)node_modules\/prettier\//,
    scope: 'graph',
    why: 'pulled in by json-schema-to-typescript; megabytes',
  },
  // locales/index.js only re-exports; a CommonJS bundle keeps a few bytes of namespace stub for it. A locale itself
  // (en.js, …) or anything of zod classic is the regression.
  {
    name: 'full zod',
    pattern: /(^|\/)node_modules\/zod\/(v4\/classic\/|(v4\/)?locales\/(?!index\.js$))/,
    scope: 'output',
    why: 'about 35 ms of start-up; the hook path may use zod/mini',
  },
  {
    name: 'src/commands/',
    pattern: /(^|\/)src\/commands\//,
    scope: 'graph',
    why: 'management commands (init, doctor, check, …) belong to dist/cli.mjs',
  },
];

let meta: { shim: Meta; cli: Meta };
const graph = (m: Meta) => Object.keys(m.inputs);
const output = (m: Meta) =>
  Object.values(m.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([, v]) => v.bytesInOutput > 0)
      .map(([k]) => k),
  );
const offenders = (m: Meta, d: (typeof DENY)[number]) =>
  (d.scope === 'graph' ? graph(m) : output(m)).filter((i) => d.pattern.test(i));

beforeAll(() => {
  ensureBuilt();
  meta = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'meta.json'), 'utf8'));
});

describe('the hook bundle budget (docs/performance.md)', () => {
  it(`dist/hookshim.cjs is at most ${BUNDLE_BUDGET_BYTES / 1024} KiB`, () => {
    const size = fs.statSync(BUNDLE).size;
    // On failure, say where the bytes are: the heaviest packages of the file.
    const byPackage = new Map<string, number>();
    for (const o of Object.values(meta.shim.outputs))
      for (const [input, v] of Object.entries(o.inputs)) {
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/')[0] ?? input;
        byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + v.bytesInOutput);
      }
    const heaviest = [...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([p, b]) => `${p} ${(b / 1024).toFixed(1)} KiB`);
    expect(size, `${(size / 1024).toFixed(1)} KiB; heaviest: ${heaviest.join(', ')}`).toBeLessThanOrEqual(
      BUNDLE_BUDGET_BYTES,
    );
  });

  it('dist/meta.json describes the hook code of this build (so the deny-list check is not reading a stale graph)', () => {
    expect(graph(meta.shim).some((i) => i.endsWith('src/entry/hook.ts'))).toBe(true);
    expect(output(meta.shim).length).toBeGreaterThan(0);
    expect(fs.statSync(path.join(ROOT, 'dist', 'meta.json')).mtimeMs).toBeGreaterThanOrEqual(
      fs.statSync(BUNDLE).mtimeMs - 5_000,
    );
  });

  it.each(DENY.map((d) => [d.name, d] as const))('the hook path does not load %s', (_name, d) => {
    expect(offenders(meta.shim, d), `${d.name} on the hook path (${d.why})`).toEqual([]);
  });

  it('the deny-list patterns match the metafile paths (yargs and src/commands/ are found in dist/cli.mjs; zod locales but not their index)', () => {
    for (const name of ['yargs', 'src/commands/']) {
      const d = DENY.find((x) => x.name === name)!;
      expect(offenders(meta.cli, d).length, name).toBeGreaterThan(0);
    }
    const zod = DENY.find((x) => x.name === 'full zod')!.pattern;
    const probe = [
      'node_modules/zod/v4/locales/en.js',
      'node_modules/zod/v4/classic/schemas.js',
      'node_modules/zod/v4/locales/index.js',
    ];
    expect(probe.map((p) => zod.test(p))).toEqual([true, true, false]);
  });
});

// What the built bundle loads at run time, bound and fired as Cursor fires it: the modules node:child_process brings
// (net, dgram, its internals) are loaded by neither a preToolUse that matches nothing nor one that runs a guard on
// POSIX, whose scripts start on libuv's handles (src/hook/uvSpawn.ts); an async row still loads them.
describe('the built bundle at run time loads no node:child_process on POSIX', () => {
  const probe = `process.on('exit', () => require('node:fs').writeSync(2, '\\nloaded: ' + process.moduleLoadList.filter((m) => /^NativeModule (child_process|net|dgram)$/.test(m)).join(',')));`;
  const loaded = (stderr: string) => /\nloaded: (.*)$/.exec(stderr)?.[1];
  it.runIf(process.platform !== 'win32').each([
    ['a guard that runs', 'Bash', {}, ''],
    ['nothing matching', 'Read', {}, ''],
    ['an async row', 'Bash', { async: true }, 'NativeModule net,NativeModule dgram,NativeModule child_process'],
  ])('preToolUse with %s', (_what, matcher, extra, expected) => {
    const repo = makeRepo(
      { hooks: { PreToolUse: [{ matcher, hooks: [{ type: 'command', command: 'hooks/g.sh', ...extra }] }] } },
      { 'g.sh': '#!/bin/sh\ncat >/dev/null\n' },
    );
    try {
      expect(repo.init().status).toBe(0);
      repo.write('probe.cjs', probe);
      const payload = cursorPayload('preToolUse', repo, {
        tool_name: 'Shell',
        tool_input: { command: 'ls' },
        tool_use_id: toolUseId(),
      });
      // The internals path whatever the run's own setting (CI runs this suite once with HOOKSHIM_NODE_INTERNALS=0).
      const env = { NODE_OPTIONS: `--require ${repo.dir}/probe.cjs`, HOOKSHIM_NODE_INTERNALS: undefined };
      const r = repo.fire('preToolUse', payload, { env });
      expect(r.json).toEqual({ permission: 'allow' });
      expect(loaded(r.stderr)).toBe(expected);
    } finally {
      repo.cleanup();
    }
  });
});

// A digest of 2-64 KiB (here a tool_input's, in the sentinel key) goes through WebAssembly, not node:crypto
// (src/state/digest.ts); a longer one loads node:crypto. The first event of a repo keeps the catalog's last good
// version, which loads node:crypto for its record's name (src/project/load.ts), so each case fires twice.
describe('the built bundle hashes a long tool_input without node:crypto up to 64 KiB', () => {
  const probe = `process.on('exit', () => require('node:fs').writeSync(2, '\\nloaded: ' + process.moduleLoadList.filter((m) => m === 'NativeModule crypto').join(',')));`;
  const loaded = (stderr: string) => /\nloaded: (.*)$/.exec(stderr)?.[1];
  it.each([
    ['5 KiB: WebAssembly', 5000, ''],
    ['70 KiB: node:crypto', 70_000, 'NativeModule crypto'],
  ])('a tool_input of %s', (_what, size, expected) => {
    const repo = makeRepo(
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'hooks/g.sh' }] }] } },
      { 'g.sh': '#!/bin/sh\ncat >/dev/null\n' },
    );
    try {
      expect(repo.init().status).toBe(0);
      repo.write('probe.cjs', probe);
      const fire = () =>
        repo.fire(
          'preToolUse',
          cursorPayload('preToolUse', repo, {
            tool_name: 'Shell',
            tool_input: { command: `echo ${'x'.repeat(size)}` },
            tool_use_id: toolUseId(),
          }),
          { env: { NODE_OPTIONS: `--require ${repo.dir}/probe.cjs` } },
        );
      expect(fire().json).toEqual({ permission: 'allow' });
      const r = fire();
      expect(r.json).toEqual({ permission: 'allow' });
      expect(loaded(r.stderr)).toBe(expected);
    } finally {
      repo.cleanup();
    }
  });
});

// Node 21 and 22.0-22.2 have no process.getBuiltinModule: the built-ins loaded on first use come through require
// there (src/project/builtin.ts). Simulated by deleting it before the shim runs.
describe('the built bundle on a Node without process.getBuiltinModule', () => {
  it.runIf(process.platform !== 'win32')(
    'an async row (node:child_process) and a tool_input over 64 KiB (node:crypto) still answer as they should',
    () => {
      const repo = makeRepo(
        {
          hooks: {
            PreToolUse: [
              { matcher: 'Bash', hooks: [{ type: 'command', command: 'hooks/bg.sh', async: true }] },
              { matcher: 'Bash', hooks: [{ type: 'command', command: 'hooks/deny.sh' }] },
            ],
          },
        },
        { 'bg.sh': '#!/bin/sh\ncat >/dev/null\n', 'deny.sh': '#!/bin/sh\ncat >/dev/null\necho no >&2\nexit 2\n' },
      );
      try {
        expect(repo.init().status).toBe(0);
        repo.write('old-node.cjs', 'delete process.getBuiltinModule;');
        const payload = cursorPayload('preToolUse', repo, {
          tool_name: 'Shell',
          tool_input: { command: `echo ${'x'.repeat(70_000)}` },
          tool_use_id: toolUseId(),
        });
        const r = repo.fire('preToolUse', payload, { env: { NODE_OPTIONS: `--require ${repo.dir}/old-node.cjs` } });
        expect(r.json).toMatchObject({ permission: 'deny', agent_message: expect.stringContaining('no') });
        expect(r.stderr).not.toMatch(/getBuiltinModule/);
      } finally {
        repo.cleanup();
      }
    },
  );
});
