import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeInput, removeTempDirs, runHook, tempDir } from './run-hook.ts';

afterAll(removeTempDirs);

const context = (rel: string, area: string, lines: string[]) => ({
  hookSpecificOutput: {
    hookEventName: 'PostToolUse',
    additionalContext:
      `keep-translation-pure: ${rel} is in ${area}/, which stays pure (payload in, payload out; ` +
      'no file system, processes, environment or console: that I/O lives in src/). These lines break it:\n' +
      lines.map((l) => `  ${l}`).join('\n') +
      `\nMove the I/O into src/ and pass its result in as data${area === 'adapters' ? ' (diagnostics can be returned as values)' : ''}.`,
  },
});

/** A project with `rel` written to disk, and the PostToolUse input for a Write of it. */
function afterWrite(rel: string, source: string | null, tool_name = 'Write') {
  const project = tempDir('pure');
  const file = join(project, rel);
  if (source !== null) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  const tool_input =
    tool_name === 'Write'
      ? { file_path: file, content: source }
      : { file_path: file, old_string: 'a', new_string: 'b' };
  const input = claudeInput(
    'PostToolUse',
    { tool_name, tool_input, tool_response: { filePath: file, type: 'create' }, tool_use_id: 'toolu_01' },
    project,
  );
  return runHook('keep-translation-pure.mjs', input, { projectDir: project });
}

const CLEAN =
  "import { z } from 'zod';\nimport type { CatalogRow } from '../catalog/types.ts';\nexport const x = (r: CatalogRow) => z.string().parse(r.event);\n";

describe('keep-translation-pure.mjs', () => {
  it.each<[string, string | null, string[] | null]>([
    // [file, its source, offending lines expected; null = silent]
    ['adapters/events/stop.ts', CLEAN, null],
    ['catalog/matcher.ts', 'export const m = (s: string) => new RegExp(s);\n', null],
    [
      'adapters/a.ts',
      '// never console.log here\n/* process.env is read in src/,\n   console too */\nexport {};\n',
      null,
    ],
    [
      'adapters/a.ts',
      "const url = 'https://example.com/process.html';\nconst o = { process: 1 };\nconst p = o.process;\nconst myconsole = { log() {} };\nmyconsole.log();\n",
      null,
    ],
    ['src/runner.ts', "import { execa } from 'execa';\nconsole.log(process.argv);\n", null],
    ['test/adapters/events/stop.test.ts', "import { readFileSync } from 'node:fs';\n", null],
    ['adapters/notes.md', 'console.log\n', null],
    ['adapters/gone.ts', null, null],
    [
      'adapters/a.ts',
      "import { readFileSync } from 'node:fs';\nexport {};\n",
      ["1: import { readFileSync } from 'node:fs';"],
    ],
    [
      'catalog/load.ts',
      'import * as fs from "fs";\nimport { join } from \'node:path\';\n',
      ['1: import * as fs from "fs";'],
    ],
    ['adapters/a.ts', "import { execa } from 'execa';\n", ["1: import { execa } from 'execa';"]],
    [
      'adapters/a.ts',
      "import { spawn } from 'node:child_process';\nimport 'node:process';\n",
      ["1: import { spawn } from 'node:child_process';", "2: import 'node:process';"],
    ],
    [
      'adapters/a.ts',
      "export async function f() {\n  const { readFile } = await import('node:fs/promises');\n}\n",
      ["2: const { readFile } = await import('node:fs/promises');"],
    ],
    [
      'catalog/a.mts',
      "import os from 'node:os';\nexport const home = os.homedir();\n",
      ["1: import os from 'node:os';"],
    ],
    [
      'adapters/a.ts',
      'export const debug = process.env.HOOKSHIM_DEBUG === "1";\n',
      ['1: export const debug = process.env.HOOKSHIM_DEBUG === "1";'],
    ],
    [
      'adapters/a.ts',
      'export function f(x: unknown) {\n  console.warn("odd", x); // remove\n  return x;\n}\n',
      ['2: console.warn("odd", x); // remove'],
    ],
    [
      'adapters/deep/nested.ts',
      'globalThis.process.exit(1);\nprocess . exitCode = 1;\n',
      ['2: process . exitCode = 1;'],
    ],
    [
      'adapters/noisy.ts',
      Array.from({ length: 12 }, (_, i) => `console.log(${i});`).join('\n'),
      [...Array.from({ length: 10 }, (_, i) => `${i + 1}: console.log(${i});`), '… and 2 more'],
    ],
  ])('%s', (rel, source, lines) => {
    const run = afterWrite(rel, source);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    if (lines === null) expect(run.stdout).toBe('');
    else expect(run.json).toEqual(context(rel, rel.split('/')[0]!, lines));
  });

  it('checks the file on disk after an Edit, not the edit text', () => {
    const run = afterWrite('catalog/x.ts', "console.error('x');\n", 'Edit');
    expect(run.json).toEqual(context('catalog/x.ts', 'catalog', ["1: console.error('x');"]));
  });

  it.each<[string, string | Record<string, unknown>]>([
    [
      'a path outside the project',
      claudeInput('PostToolUse', {
        tool_name: 'Write',
        tool_input: { file_path: '/tmp/adapters/x.ts', content: 'console.log(1)' },
      }),
    ],
    ['no file_path', claudeInput('PostToolUse', { tool_name: 'Write', tool_input: {} })],
  ])('is silent for %s', (_name, input) => {
    expect(runHook('keep-translation-pure.mjs', input)).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it('skips, with a note on stderr, when stdin is not JSON', () => {
    const run = runHook('keep-translation-pure.mjs', '{');
    expect(run).toMatchObject({ status: 0, stdout: '' });
    expect(run.stderr).toMatch(/^keep-translation-pure: stdin is not JSON \(.+\); skipping\n$/);
  });
});
