#!/usr/bin/env node
// keep-translation-pure.mjs: PostToolUse reminder for Write, Edit and MultiEdit.
//
// adapters/ and catalog/ are pure translation: payload in, payload out, so nearly every test
// runs without a child process. Reading files, spawning processes, the environment and logging
// live in src/. After a write to a .ts file under adapters/ or catalog/, this reads the file
// from disk and, if it imports fs, child_process, process, os, net, http(s), readline,
// worker_threads or execa, or uses `process.` or `console.`, tells the model which lines break
// the rule. The write has happened already, so this is context for the next step, not a block.
//
// Answer: `hookSpecificOutput.additionalContext` on stdout; silence when the file is clean.
// @ts-check
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

const IMPURE_MODULE =
  /^(?:node:)?(?:fs|fs\/promises|child_process|process|os|net|http|https|readline|worker_threads)$|^execa$/;
const MODULE_REF = /\b(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)(['"])([^'"]+)\1/g;
const GLOBAL_USE = /(?<![\w$.])(?:process|console)\s*\./;
const QUOTED = /'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g;
const MAX_LINES = 10;

let payload;
try {
  payload = JSON.parse(readFileSync(0, 'utf8'));
} catch (error) {
  process.stderr.write(`keep-translation-pure: stdin is not JSON (${error.message}); skipping\n`);
  process.exit(0);
}
const root = process.env.CLAUDE_PROJECT_DIR || payload.cwd || process.cwd();
const input = payload.tool_input ?? {};
const path = input.file_path ?? input.path;
if (typeof path !== 'string' || !/\.[cm]?ts$/.test(path)) process.exit(0);

const file = resolve(root, path);
const rel = relative(root, file);
const area = rel.split(/[\\/]/)[0];
if (isAbsolute(rel) || rel.startsWith('..') || (area !== 'adapters' && area !== 'catalog')) process.exit(0);

let source;
try {
  source = readFileSync(file, 'utf8');
} catch {
  process.exit(0); // deleted or moved since: nothing to check
}

// Blank out comments (keeping line breaks) so prose about console.log is not flagged.
const code = source
  .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
  .replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');

const original = source.split('\n');
const offending = [];
code.split('\n').forEach((line, i) => {
  const imports = [...line.matchAll(MODULE_REF)].some((m) => IMPURE_MODULE.test(m[2]));
  const uses = GLOBAL_USE.test(line.replace(QUOTED, "''")); // 'https://x/process.html' is text
  if (imports || uses) offending.push(`${i + 1}: ${original[i].trim().slice(0, 120)}`);
});
if (!offending.length) process.exit(0);

const shown = offending.slice(0, MAX_LINES);
if (offending.length > MAX_LINES) shown.push(`… and ${offending.length - MAX_LINES} more`);
const additionalContext =
  `keep-translation-pure: ${rel} is in ${area}/, which stays pure (payload in, payload out; ` +
  'no file system, processes, environment or console: that I/O lives in src/). These lines break it:\n' +
  shown.map((l) => `  ${l}`).join('\n') +
  `\nMove the I/O into src/ and pass its result in as data${area === 'adapters' ? ' (diagnostics can be returned as values)' : ''}.`;
process.stdout.write(
  JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext } }) + '\n',
);
