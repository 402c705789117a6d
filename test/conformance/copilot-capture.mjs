// `node test/conformance/copilot-capture.mjs [out]`: capture the fixtures of test/fixtures/copilot/ (docs/copilot-hooks.md
// §8) with the real Copilot CLI, offline: one scripted session with bash, create, edit and view calls (a failing bash, a
// view of a missing file, an edit that matches nothing), recording hooks on every Copilot event in .github/hooks/ and
// on the Claude events in .claude/settings.json (which Copilot runs natively). It writes the session's events.jsonl and
// each hook's stdin, with the scratch paths replaced by placeholders. Skips with one line when the CLI cannot be had.
// @ts-check
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCopilot, runCopilot, writeCopilotHooks } from './copilot.mjs';
import { COPILOT_VERSION } from './version.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'test', 'fixtures', 'copilot'));
/** A fixed session id, so the fixtures do not change from one capture to the next on that account. */
const SESSION = '00000000-0000-4000-8000-000000000038';
const EVENTS = [
  'sessionStart',
  'userPromptSubmitted',
  'preToolUse',
  'permissionRequest',
  'postToolUse',
  'postToolUseFailure',
  'agentStop',
  'sessionEnd',
];
const CLAUDE_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SessionEnd',
];

/** The Claude-side recorder: saves its stdin under .crec/ as `<n>.<Event>.json`. */
const claudeRecorder = `#!/bin/sh
in=$(cat); d="$CLAUDE_PROJECT_DIR/.crec"; mkdir -p "$d"
printf '%s' "$in" > "$d/$(date +%s%N)-$$.$1.json"
`;

// Capture, scrub and write the fixtures.
async function main() {
  const cli = ensureCopilot(COPILOT_VERSION);
  if (cli.skip) return console.log(`capture skipped: ${cli.skip}`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-copilot-capture-'));
  const dir = path.join(scratch, 'proj');
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'before\n');
  writeCopilotHooks(dir, Object.fromEntries(EVENTS.map((e) => [e, [{ script: 'rec' }]])), { rec: 'cat >/dev/null' });
  fs.mkdirSync(path.join(dir, '.claude'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.claude', 'rec'), claudeRecorder, { mode: 0o755 });
  const row = (/** @type {string} */ e) => ({ type: 'command', command: `"$CLAUDE_PROJECT_DIR"/.claude/rec ${e}` });
  const hooks = Object.fromEntries(
    CLAUDE_EVENTS.map((e) => [e, [{ ...(/Tool/.test(e) ? { matcher: '.*' } : {}), hooks: [row(e)] }]]),
  );
  fs.writeFileSync(path.join(dir, '.claude', 'settings.json'), JSON.stringify({ hooks }, null, 2));
  const action = {
    prompt: 'Update the notes.',
    tools: [
      { tool: 'Bash', input: { command: 'echo ran > effect.txt', description: 'Write the effect file' } },
      { tool: 'Bash', input: { command: 'echo oops; exit 1', description: 'A command that fails' } },
      { tool: 'Write', input: { file_path: '$DIR/new.txt', content: 'hello\n' } },
      { tool: 'Edit', input: { file_path: '$DIR/notes.txt', old_string: 'before', new_string: 'after' } },
      { tool: 'Read', input: { file_path: '$DIR/notes.txt' } },
      { tool: 'Read', input: { file_path: '$DIR/missing.txt' } },
      { tool: 'Edit', input: { file_path: '$DIR/notes.txt', old_string: 'not there', new_string: 'x' } },
    ],
    reply: 'Updated the notes.',
  };
  const r = await runCopilot(dir, { action }, { ...cli, sessionId: SESSION, home: path.join(scratch, 'home') });
  if (r.exit !== 0 || !r.events.length) throw new Error(`Copilot exited ${r.exit}: ${r.stderr.slice(0, 500)}`);
  const scrub = (/** @type {string} */ text) =>
    text
      .replaceAll(path.join(scratch, 'home', '.copilot'), '<copilot-home>')
      .replaceAll(dir, '<project>')
      .replaceAll(scratch, '<scratch>');
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(path.join(OUT, 'hooks'), { recursive: true });
  fs.mkdirSync(path.join(OUT, 'claude-native'), { recursive: true });
  fs.writeFileSync(path.join(OUT, 'events.jsonl'), scrub(fs.readFileSync(r.eventsPath, 'utf8')));
  // Each .github/hooks event's stdin, numbered in the order the hooks ran, named by event and tool.
  r.records.forEach((rec, i) => {
    const tool = rec.input.toolName ? `.${rec.input.toolName}` : '';
    const name = `${String(i + 1).padStart(2, '0')}.${rec.event}${tool}.json`;
    fs.writeFileSync(path.join(OUT, 'hooks', name), scrub(JSON.stringify(rec.input, null, 2)) + '\n');
  });
  // Each .claude/settings.json row's stdin as Copilot builds it natively.
  const crec = path.join(dir, '.crec');
  const native = fs.existsSync(crec) ? fs.readdirSync(crec).sort() : [];
  native.forEach((f, i) => {
    const input = JSON.parse(fs.readFileSync(path.join(crec, f), 'utf8'));
    const tool = input.tool_name ? `.${input.tool_name}` : '';
    const name = `${String(i + 1).padStart(2, '0')}.${input.hook_event_name}${tool}.json`;
    fs.writeFileSync(path.join(OUT, 'claude-native', name), scrub(JSON.stringify(input, null, 2)) + '\n');
  });
  fs.writeFileSync(path.join(OUT, 'stdout.txt'), scrub(r.stdout));
  console.log(`captured with Copilot CLI ${COPILOT_VERSION}: ${r.records.length} hook inputs, ${native.length} native`);
  console.log(`${r.events.length} events.jsonl lines into ${path.relative(ROOT, OUT) || OUT}`);
  fs.rmSync(scratch, { recursive: true, force: true });
}

await main();
