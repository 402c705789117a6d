#!/usr/bin/env node
// deny-secret-writes.mjs: PreToolUse guard for Write, Edit, MultiEdit and NotebookEdit.
//
// Keeps credentials out of the working tree, where one `git add` away they land in history.
// Denies writing a dotenv file (`.env`, `.env.local`, … but not the committed templates
// `.env.example`, `.env.sample`, `.env.template`) or a private key file (`id_rsa`, `*.pem`, `*.key`,
// …), and any new text that carries a private key block, an AWS access key id, a GitHub token or
// an npm token. Only the text being written is checked (Write `content`, Edit `new_string`,
// MultiEdit `edits[].new_string`, NotebookEdit `new_source`), so an edit that removes a secret
// passes. The reason names the kind of secret and the line, never the secret itself.
//
// Answer: `hookSpecificOutput.permissionDecision: "deny"` with a reason on stdout; silence allows.
// @ts-check
import { readFileSync } from 'node:fs';
import { basename, isAbsolute, relative } from 'node:path';

const TEMPLATES = new Set(['.env.example', '.env.sample', '.env.template']);
const KEY_FILES = /^id_(rsa|dsa|ecdsa|ed25519)$|\.(pem|key|p12|pfx|jks|keystore)$/i;

/** Kinds of secret, each with a pattern that matches only the real shape of that credential. */
/** @type {[string, RegExp][]} */
const SECRETS = [
  ['a private key block', /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/],
  // AWS publishes AKIAIOSFODNN7EXAMPLE for documentation; ids ending in EXAMPLE are placeholders.
  ['an AWS access key id', /\b(?:AKIA|ASIA)(?![0-9A-Z]{9}EXAMPLE\b)[0-9A-Z]{16}\b/],
  ['a GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b/],
  ['an npm token', /\bnpm_[A-Za-z0-9]{36}\b/],
];

/** Why writing to this path is refused, or undefined. */
function refusedPath(path) {
  const name = basename(path);
  if ((name === '.env' || name.startsWith('.env.')) && !TEMPLATES.has(name))
    return 'is a dotenv file, which holds real credentials (commit `.env.example` with placeholders instead)';
  if (KEY_FILES.test(name)) return 'is a private key or certificate store file';
  return undefined;
}

/** The texts a tool call writes. */
function writtenTexts(tool, input) {
  if (tool === 'Write') return [input.content ?? input.contents];
  if (tool === 'Edit') return [input.new_string];
  if (tool === 'MultiEdit') return (input.edits ?? []).map((e) => e?.new_string);
  if (tool === 'NotebookEdit') return [input.new_source];
  return [];
}

/** "an AWS access key id (line 3 of the new text)" for each kind of secret found. */
function secretsIn(texts) {
  const found = [];
  for (const [kind, pattern] of SECRETS) {
    const at = texts.flatMap((text, i) => {
      const m = typeof text === 'string' ? pattern.exec(text) : null;
      if (!m) return [];
      const line = text.slice(0, m.index).split('\n').length;
      return [texts.length > 1 ? `edit ${i + 1}, line ${line}` : `line ${line} of the new text`];
    });
    if (at.length) found.push(`${kind} (${at.join('; ')})`);
  }
  return found;
}

let payload;
try {
  payload = JSON.parse(readFileSync(0, 'utf8'));
} catch (error) {
  process.stderr.write(`deny-secret-writes: stdin is not JSON (${error.message}); allowing\n`);
  process.exit(0);
}
const tool = payload.tool_name;
if (!['Write', 'Edit', 'MultiEdit', 'NotebookEdit'].includes(tool)) process.exit(0);
const input = payload.tool_input ?? {};
const path = input.file_path ?? input.notebook_path ?? input.path ?? '';
const root = process.env.CLAUDE_PROJECT_DIR || payload.cwd || process.cwd();
const shown = path && isAbsolute(path) && !relative(root, path).startsWith('..') ? relative(root, path) : path;

const problems = [];
const pathProblem = path ? refusedPath(path) : undefined;
if (pathProblem) problems.push(`${shown} ${pathProblem}`);
const secrets = secretsIn(writtenTexts(tool, input));
if (secrets.length) problems.push(`the text for ${shown || 'this file'} contains ${secrets.join(', ')}`);

if (problems.length) {
  const reason =
    `deny-secret-writes: refused, ${problems.join('; and ')}. ` +
    'Secrets stay out of the repository: read them from the environment or a secret store, ' +
    'and use an obvious placeholder in code, tests and examples.';
  process.stdout.write(
    JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
    }) + '\n',
  );
}
