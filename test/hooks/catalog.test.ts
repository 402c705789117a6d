// Conventions of this repository's own catalog (docs/design.md §9): every row names an executable
// script in hooks/, every script there has a row and a test, and hooks/hooks.json stays a file
// Claude Code itself accepts.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../../catalog/load.ts';
import { catalogEntries, readCatalog, repoRoot } from './run-hook.ts';

const COMMAND = /^"\$\{CLAUDE_PLUGIN_ROOT\}"\/hooks\/([A-Za-z0-9._-]+)$/;
const HANDLER_KEYS = new Set(['type', 'command', 'timeout', 'async', 'shell', 'if', 'statusMessage', 'args']);
// Claude Code ignores a matcher on these events (docs/claude-hooks.md §1.3).
const NO_MATCHER = new Set([
  'UserPromptSubmit',
  'Stop',
  'PostToolBatch',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
]);

const entries = catalogEntries();
const scriptOf = (command: string) => COMMAND.exec(command)?.[1];
const scriptsInCatalog = new Set(entries.map((e) => scriptOf(e.handler.command)));
const scriptsOnDisk = readdirSync(join(repoRoot, 'hooks')).filter(
  (name) =>
    !name.startsWith('.') &&
    !/^readme/i.test(name) &&
    name !== 'hooks.json' &&
    statSync(join(repoRoot, 'hooks', name)).isFile(),
);

describe('hooks/hooks.json', () => {
  it('has the plugin shape: an optional description and the hooks object, nothing else', () => {
    const file = readCatalog();
    expect(Object.keys(file).filter((k) => k !== 'description' && k !== 'hooks')).toEqual([]);
    expect(typeof file.description).toBe('string');
    for (const groups of Object.values(file.hooks)) {
      for (const group of groups)
        expect(Object.keys(group).filter((k) => k !== 'matcher' && k !== 'hooks')).toEqual([]);
    }
  });

  it.each(entries.map((e) => [`${e.event} ${e.matcher ?? '(all)'} ${e.handler.command}`, e] as const))(
    '%s',
    (_name, { event, matcher, handler }) => {
      expect(Object.keys(handler).filter((k) => !HANDLER_KEYS.has(k))).toEqual([]);
      expect(handler.type).toBe('command');
      expect(handler.command).toMatch(COMMAND);
      expect(handler.timeout).toBeGreaterThan(0);
      expect(handler.timeout).toBeLessThanOrEqual(30);
      if (NO_MATCHER.has(event)) expect(matcher).toBeUndefined();
      else expect(() => new RegExp(matcher ?? '')).not.toThrow();
    },
  );

  it("loads through hookshim's own catalog loader with no warnings", () => {
    const parsed = parseCatalog(readFileSync(join(repoRoot, 'hooks', 'hooks.json'), 'utf8'), 'hooks/hooks.json');
    expect(parsed.ok && parsed.catalog.warnings).toEqual([]);
    expect(parsed.ok && parsed.catalog.rows.length).toBe(entries.length);
  });

  it('runs each script once', () => {
    expect(entries.length).toBe(scriptsInCatalog.size);
  });
});

describe('hooks/ scripts', () => {
  it('every script in hooks/ has a row in hooks/hooks.json', () => {
    expect(scriptsOnDisk.filter((s) => !scriptsInCatalog.has(s))).toEqual([]);
  });

  it.each([...scriptsInCatalog].map((s) => [s ?? '(unparsable command)']))('%s', (script) => {
    const path = join(repoRoot, 'hooks', script);
    expect(existsSync(path), `${path} exists`).toBe(true);
    expect(() => accessSync(path, constants.X_OK), 'executable bit').not.toThrow();
    expect(existsSync(join(repoRoot, 'test', 'hooks', `${script}.test.ts`)), `test/hooks/${script}.test.ts`).toBe(true);

    const source = readFileSync(path, 'utf8');
    const [shebang, ...rest] = source.split('\n');
    expect(rest.slice(0, 3).join('\n'), 'a header comment says what it guards').toMatch(
      new RegExp(`^(#|//) ${script.replace('.', '\\.')}: `),
    );
    if (script.endsWith('.sh')) {
      expect(shebang).toBe('#!/bin/sh');
      expect(spawnSync('sh', ['-n', path]).status, 'parses as POSIX sh').toBe(0);
      expect(source, 'no jq or python').not.toMatch(/\b(jq|python3?)\b/);
    } else if (script.endsWith('.mjs')) {
      expect(shebang).toBe('#!/usr/bin/env node');
      expect(spawnSync(process.execPath, ['--check', path]).status, 'parses as ESM').toBe(0);
      const imports = [...source.matchAll(/from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
      expect(
        imports.filter((m) => !m!.startsWith('node:')),
        'node built-ins only',
      ).toEqual([]);
    } else {
      throw new Error(`hooks/${script}: scripts are POSIX sh (.sh) or node ESM (.mjs)`);
    }
  });
});
