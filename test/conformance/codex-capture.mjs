// `node test/conformance/codex-capture.mjs [out]`: capture the fixtures of test/fixtures/codex/ (docs/codex-hooks.md §8)
// with the real Codex CLI, offline: one scripted `codex exec` session with a shell call, an apply_patch that adds `.env`,
// one that updates a file and a shell call that exits 1, recording hooks on every Codex event in .codex/hooks.json. It
// writes each hook's stdin, the session's rollout file and the `--json` lines, with the scratch paths, ids and times
// replaced by placeholders. Skips with one line when the CLI cannot be had.
// @ts-check
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codexPaths, ensureCodex, runCodex, writeCodexHooks } from './codex.mjs';
import { CODEX_VERSION } from './version.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'test', 'fixtures', 'codex'));
/** Every event Codex 0.169.0 lists (the app-server's HookEventName), in Claude's spelling as hooks.json takes it. */
const EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreModelRequest',
  'PostModelRequest',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'SessionEnd',
];
/** Events whose rows take a matcher. */
const MATCHED = new Set(['PreToolUse', 'PermissionRequest', 'PostToolUse']);

/** Replace what differs between captures (paths, ids, times) with placeholders, so a rerun diffs only on substance. */
function scrubber(/** @type {{dir: string, codexHome: string, scratch: string, sessionId: string}} */ p) {
  const pkg = path.dirname(path.dirname(codexPaths().bin));
  return (/** @type {string} */ text) =>
    text
      .replaceAll(p.codexHome, '<codex-home>')
      .replaceAll(p.dir, '<project>')
      .replaceAll(p.scratch, '<scratch>')
      .replaceAll(pkg, '<codex-package>')
      .replaceAll(os.tmpdir(), '<tmp>')
      .replaceAll(p.sessionId, '<session-id>')
      .replace(/\d{4}-\d\d-\d\dT\d\d[:-]\d\d[:-]\d\d(\.\d+)?Z?/g, '<time>')
      .replace(/(sessions)\/\d{4}\/\d\d\/\d\d\//g, '$1/YYYY/MM/DD/');
}

// Capture, scrub and write the fixtures.
async function main() {
  const cli = ensureCodex(CODEX_VERSION);
  if (cli.skip) return console.log(`capture skipped: ${cli.skip}`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-codex-capture-'));
  const dir = path.join(scratch, 'proj');
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'before\nline two\n');
  const hooks = Object.fromEntries(
    EVENTS.map((e) => [e, [{ script: 'rec', ...(MATCHED.has(e) ? { matcher: '.*' } : {}) }]]),
  );
  writeCodexHooks(dir, hooks, { rec: 'cat >/dev/null' });
  const action = {
    prompt: 'Update the notes.',
    tools: [
      { tool: 'Bash', input: { command: 'echo ran > effect.txt' } },
      { tool: 'Write', input: { file_path: '$DIR/.env', content: 'API_KEY=not-a-secret\n' } },
      { tool: 'Edit', input: { file_path: '$DIR/notes.txt', old_string: 'before', new_string: 'after' } },
      { tool: 'Bash', input: { command: 'echo oops; exit 1' } },
    ],
    reply: 'Updated the notes.',
  };
  const r = await runCodex(dir, { action }, { ...cli, home: path.join(scratch, 'home') });
  if (r.exit !== 0 || !r.rollout.length) throw new Error(`Codex exited ${r.exit}: ${r.stderr.slice(0, 500)}`);
  const scrub = scrubber({ dir, codexHome: r.codexHome, scratch, sessionId: r.sessionId });
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(path.join(OUT, 'hooks'), { recursive: true });
  fs.writeFileSync(path.join(OUT, 'rollout.jsonl'), scrub(fs.readFileSync(r.rolloutPath, 'utf8')));
  fs.writeFileSync(path.join(OUT, 'exec-json.jsonl'), scrub(r.stdout));
  // Each hook's stdin, numbered in the order the hooks ran, named by event and tool.
  r.records.forEach((rec, i) => {
    const tool = rec.input.tool_name ? `.${rec.input.tool_name}` : '';
    const name = `${String(i + 1).padStart(2, '0')}.${rec.event}${tool}.json`;
    fs.writeFileSync(path.join(OUT, 'hooks', name), scrub(JSON.stringify(rec.input, null, 2)) + '\n');
  });
  // What a hook's environment held (names of all variables, values of CODEX_* and CLAUDE_*) and its cwd.
  const first = r.records[0];
  fs.writeFileSync(
    path.join(OUT, 'hook-env.json'),
    scrub(JSON.stringify({ cwd: first?.cwd, env: first?.env }, null, 2)) + '\n',
  );
  console.log(`captured with Codex CLI ${CODEX_VERSION}: ${r.records.length} hook inputs, ${r.rollout.length} rollout`);
  console.log(`lines into ${path.relative(ROOT, OUT) || OUT}`);
  fs.rmSync(scratch, { recursive: true, force: true });
}

await main();
