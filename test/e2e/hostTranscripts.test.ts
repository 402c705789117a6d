// A Stop row that reads `transcript_path`, under the real Copilot and Codex CLIs (offline against the stand-ins,
// test/conformance/copilot.mjs and codex.mjs; each skipped with the reason when its CLI cannot be had): the guard
// "refuse to stop before the tests ran" finds the earlier Bash call and its output in the Claude-shaped copy of the
// host's own log (docs/copilot-hooks.md §7, docs/codex-hooks.md §7), and Stop's last_assistant_message is the reply.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: an untyped .mjs of the conformance harness
import { ensureCodex, modelSaw as codexSaw, runCodex } from '../conformance/codex.mjs';
// @ts-expect-error: an untyped .mjs of the conformance harness
import { ensureCopilot, modelSaw as copilotSaw, runCopilot } from '../conformance/copilot.mjs';
import { CLI, ensureBuilt } from './harness.ts';

const copilot = ensureCopilot() as { skip?: string };
const codex = ensureCodex() as { skip?: string };
if (copilot.skip) console.log(`hostTranscripts.test.ts (Copilot) skipped: ${copilot.skip}`);
if (codex.skip) console.log(`hostTranscripts.test.ts (Codex) skipped: ${codex.skip}`);

/** Blocks the stop until the transcript holds a Bash `npm test` call whose result says the tests passed; records what it saw. */
const STOP_GUARD = `const fs = require('node:fs');
const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const recs = fs.readFileSync(input.transcript_path, 'utf8').split('\\n').filter(Boolean).map((l) => JSON.parse(l));
const blocks = recs.flatMap((r) => (Array.isArray(r.message?.content) ? r.message.content : []));
const run = blocks.find((b) => b.type === 'tool_use' && b.name === 'Bash' && /npm test/.test(b.input.command));
const out = run && blocks.find((b) => b.type === 'tool_result' && b.tool_use_id === run.id);
fs.appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/.stopseen', JSON.stringify({
  inCopy: input.transcript_path.includes('/tx/'), records: recs.length, call: run?.input?.command,
  output: typeof out?.content === 'string' ? out.content : undefined, last: input.last_assistant_message,
}) + '\\n');
if (!out || !/12 tests passed/.test(out.content))
  console.log(JSON.stringify({ decision: 'block', reason: 'QQRUN run the tests before stopping' }));
`;
const catalog = (command: string) => ({
  hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] },
});
const ACTION = {
  prompt: 'Fix the bug.',
  tools: [{ tool: 'Bash', input: { command: 'echo 12 tests passed # npm test', description: 'Run the tests' } }],
  reply: 'Fixed; the tests pass.',
};

let scratch: string;
beforeAll(() => {
  ensureBuilt();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-host-tx-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A git repository with the Stop guard, bound for `host` (Copilot: the plugin form, which Copilot never runs itself). */
function boundRepo(host: 'copilot' | 'codex'): string {
  const dir = path.join(scratch, host);
  fs.mkdirSync(path.join(dir, 'hooks'), { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  fs.writeFileSync(path.join(dir, 'hooks', 'stop-guard.cjs'), STOP_GUARD);
  if (host === 'copilot')
    fs.writeFileSync(
      path.join(dir, 'hooks', 'hooks.json'),
      JSON.stringify(catalog('node "${CLAUDE_PLUGIN_ROOT}"/hooks/stop-guard.cjs')),
    );
  else {
    fs.mkdirSync(path.join(dir, '.claude'));
    fs.writeFileSync(
      path.join(dir, '.claude', 'settings.json'),
      JSON.stringify(catalog('node "$CLAUDE_PROJECT_DIR"/hooks/stop-guard.cjs')),
    );
  }
  const r = spawnSync(process.execPath, [CLI, 'init', dir, '--host', host], { encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return dir;
}

/** What the guard recorded, one entry per Stop. */
const stopSeen = (dir: string) =>
  fs
    .readFileSync(path.join(dir, '.stopseen'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe.skipIf(Boolean(copilot.skip))('the real Copilot CLI: a Stop row reads the transcript', () => {
  it('finds the Bash call and its output in the rewritten events.jsonl, and the reply as last_assistant_message', async () => {
    const dir = boundRepo('copilot');
    const r = await runCopilot(dir, { action: ACTION }, { ...copilot, home: path.join(scratch, 'home-copilot') });
    expect(r.exit, r.stderr).toBe(0);
    const [seen] = stopSeen(dir);
    expect(seen).toMatchObject({
      inCopy: true,
      call: 'echo 12 tests passed # npm test',
      last: 'Fixed; the tests pass.',
    });
    expect(seen.output).toMatch(/^12 tests passed\n/);
    expect((copilotSaw(r.turns) as unknown[]).map((t) => JSON.stringify(t)).join('\n')).not.toMatch(/QQRUN/);
  }, 180_000);
});

describe.skipIf(Boolean(codex.skip))('the real Codex CLI: a Stop row reads the transcript', () => {
  it('finds the Bash call and its output in the rewritten rollout file, and the reply as last_assistant_message', async () => {
    const dir = boundRepo('codex');
    const r = await runCodex(dir, { action: ACTION }, { ...codex, home: path.join(scratch, 'home-codex') });
    expect(r.exit, r.stderr).toBe(0);
    const [seen] = stopSeen(dir);
    expect(seen).toMatchObject({
      inCopy: true,
      call: 'echo 12 tests passed # npm test',
      last: 'Fixed; the tests pass.',
    });
    expect(seen.output).toMatch(/Output:\n12 tests passed\n$/);
    expect((codexSaw(r.turns) as unknown[]).map((t) => JSON.stringify(t)).join('\n')).not.toMatch(/QQRUN/);
  }, 180_000);
});
