#!/usr/bin/env node
// require-tests-before-stop.mjs: Stop guard.
//
// A turn that changed code ends with the test suite run after the last change, and passing.
// It reads the Claude transcript (JSONL; `assistant` lines carry `tool_use` blocks, `user` lines
// carry the prompt or `tool_result` blocks) back to the last real user prompt. If that turn wrote
// code (Write / Edit / MultiEdit / NotebookEdit on a path under src/, adapters/, catalog/, hooks/,
// scripts/ or test/, on package.json or tsconfig.json, or on any .ts/.js/.mjs/… file) and no test
// command (`npm test`, `npm run test`, `npx vitest`, `vitest`) ran after the last such write, it
// blocks the stop and asks for `npm test`. If the last test run's result is recorded and shows a
// failure (is_error, or vitest / npm failure markers in the output), it blocks with that instead.
// Some hosts (Cursor, through hookshim) record no tool results: a test command that ran then
// counts as run. Writes that failed (their tool_result is an error) are not counted.
//
// Answer: `{"decision":"block","reason":…}` on stdout; silence lets the agent stop. With
// `stop_hook_active` it still blocks (the host caps the loop) and says this is a repeat. A
// missing or unreadable transcript allows, with a note on stderr.
// @ts-check
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

const NAME = 'require-tests-before-stop';
const WRITE_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);
const CODE_DIRS = new Set(['src', 'adapters', 'catalog', 'hooks', 'scripts', 'test']);
const CODE_ROOT_FILES = new Set(['package.json', 'tsconfig.json']);
const CODE_EXT = /\.[cm]?[jt]sx?$/;
const TEST_RUN =
  /^(?:npm\s+(?:test|t|run(?:-script)?\s+test)(?:\s|$)|npx\s+(?:-\S+\s+)*vitest(?:\s|$)|(?:\S*\/)?vitest(?:\s|$))/;
const WRAPPER = /^(?:[A-Za-z_]\w*=\S*|env|time|nice|nohup|timeout\s+\S+)\s+/;
// Markers of a failed run: vitest's FAIL lines and "N failed" summary, npm's lifecycle error, tsc.
const FAILURE = /\bFAIL\b|\b[1-9]\d* failed\b|\bfailed with\b|\bnpm (?:ERR!|error)\b|\berror TS\d+/;

function allow(note) {
  if (note) process.stderr.write(`${NAME}: ${note}\n`);
  process.exit(0);
}

/** True when one of the simple commands in `command` runs the test suite. */
function runsTests(command) {
  return String(command ?? '')
    .split(/&&|\|\||[;|&\n()]/)
    .some((part) => {
      let s = part.trim();
      while (WRAPPER.test(s)) s = s.replace(WRAPPER, '');
      return TEST_RUN.test(s);
    });
}

function textOf(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b) => (typeof b === 'string' ? b : typeof b?.text === 'string' ? b.text : '')).join('\n');
}

/** A prompt typed by a person: not a tool result, an injected meta line, a compaction summary or a
 *  Stop-hook follow-up (hosts record those as user lines too; ours carry this script's name). */
function isUserPrompt(entry) {
  if ((entry.type ?? entry.role) !== 'user' || entry.isMeta || entry.isCompactSummary) return false;
  const content = entry.message?.content;
  const typed = typeof content === 'string' || (Array.isArray(content) && content.some((b) => b?.type === 'text'));
  if (!typed) return false;
  const text = textOf(content);
  return !text.includes(`${NAME}:`) && !/^\s*Stop hook feedback/.test(text);
}

function blocks(entry) {
  const content = entry.message?.content;
  return Array.isArray(content) ? content.filter((b) => b && typeof b === 'object') : [];
}

let payload;
try {
  payload = JSON.parse(readFileSync(0, 'utf8'));
} catch (error) {
  allow(`stdin is not JSON (${error.message}); not checking`);
}
const root = process.env.CLAUDE_PROJECT_DIR || payload.cwd || process.cwd();

let lines;
try {
  if (!payload.transcript_path) throw new Error('no transcript_path in the input');
  lines = readFileSync(payload.transcript_path, 'utf8').split('\n');
} catch (error) {
  allow(`cannot read the transcript (${error.message}); not checking`);
}

// The current turn: every entry after the last real user prompt (read backwards, so a long
// session costs only its last turn).
const turn = [];
for (let i = lines.length - 1; i >= 0; i--) {
  if (!lines[i].trim()) continue;
  let entry;
  try {
    entry = JSON.parse(lines[i]);
  } catch {
    continue;
  }
  if (isUserPrompt(entry)) break;
  turn.unshift(entry);
}

const calls = []; // tool_use blocks of the turn, in order
const results = new Map(); // tool_use_id → tool_result block
for (const entry of turn) {
  const kind = entry.type ?? entry.role;
  for (const b of blocks(entry)) {
    if (kind === 'assistant' && b.type === 'tool_use') calls.push(b);
    if (kind === 'user' && b.type === 'tool_result') results.set(b.tool_use_id, b);
  }
}

/** The project-relative path of a code file this call wrote, or undefined. */
function codeWritten(call) {
  if (!WRITE_TOOLS.has(call.name) || results.get(call.id)?.is_error) return undefined;
  const input = call.input ?? {};
  const path = input.file_path ?? input.notebook_path ?? input.path ?? input.target_notebook;
  if (typeof path !== 'string' || !path) return undefined;
  const rel = relative(root, resolve(root, path));
  const inside = !rel.startsWith('..') && !isAbsolute(rel);
  const shown = inside ? rel : path;
  if (CODE_EXT.test(path)) return shown;
  if (inside && (CODE_DIRS.has(rel.split(/[\\/]/)[0]) || CODE_ROOT_FILES.has(rel))) return shown;
  return undefined;
}

let lastWrite = -1;
const written = new Set();
calls.forEach((call, i) => {
  const path = codeWritten(call);
  if (path) {
    lastWrite = i;
    written.add(path);
  }
});
if (lastWrite < 0) allow();

const testRun = calls.slice(lastWrite + 1).findLast((c) => c.name === 'Bash' && runsTests(c.input?.command));
const files = [...written];
const listed = files.length > 4 ? `${files.slice(0, 4).join(', ')} and ${files.length - 4} more` : files.join(', ');

let reason;
if (!testRun) {
  reason =
    `${NAME}: this turn changed code (${listed}) and the tests have not run since the last change. ` +
    'Run `npm test` now and report the result: that it passes, or which tests fail and why.';
} else {
  const result = results.get(testRun.id);
  const failed = result && (result.is_error === true || FAILURE.test(textOf(result.content)));
  if (!failed) allow();
  const command = String(testRun.input.command).replace(/\s+/g, ' ').trim();
  const shown = command.length > 100 ? `${command.slice(0, 99)}…` : command;
  reason =
    `${NAME}: the last test run failed (\`${shown}\`, after your changes to ${listed}). ` +
    'Fix what fails, run `npm test` again and report the result; if a failure is unrelated to this change, say which and why.';
}
if (payload.stop_hook_active === true) {
  reason +=
    ' (This is a repeat: a Stop hook already sent you back once. If the tests cannot pass in this session, ' +
    'run them once more and report exactly what fails.)';
}
process.stdout.write(JSON.stringify({ decision: 'block', reason }) + '\n');
