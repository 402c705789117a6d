#!/usr/bin/env node
// @ts-check
// The design hookshim replaced, as a minimal Node runner for the bench (docs/peers.md §1, the Python adapter): per
// event, read the payload and the catalog, rewrite the whole Cursor transcript when a script is to get one (as that
// adapter did in each process, docs/peers.md §1.7), then run each matching script one after another and fold exit 2
// into a deny or a follow-up. Nothing else: no state, no dedup, no deadline, no process groups, no env policy.
// CommonJS, like hookshim's vendored bundle, so both start the same way.
//
//   node scripts/bench/sequential.cjs <cursorEvent> [--transcript]   (payload on stdin, from the repository root)
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const CLAUDE_EVENT = { preToolUse: 'PreToolUse', postToolUse: 'PostToolUse', stop: 'Stop' };
const CLAUDE_TOOL = { Shell: 'Bash', StrReplace: 'Edit', ReadFile: 'Read' };

const event = process.argv[2];
const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const dir = process.env.CURSOR_PROJECT_DIR || process.cwd();
const claudeEvent = CLAUDE_EVENT[event];
const tool = input.tool_name ? (CLAUDE_TOOL[input.tool_name] ?? input.tool_name) : undefined;
const catalog = JSON.parse(fs.readFileSync(path.join(dir, 'hooks', 'hooks.json'), 'utf8'));
const rows = (catalog.hooks[claudeEvent] ?? [])
  .filter((g) => !g.matcher || (tool !== undefined && new RegExp(`^(?:${g.matcher})$`).test(tool)))
  .flatMap((g) => g.hooks);

/** The Python adapter's rewrite: every line parsed, `role` copied into `type`, tool names mapped, written whole. */
function translated(file) {
  if (!file) return '';
  const out = path.join(os.tmpdir(), `hookshim-bench-seq-${process.pid}.jsonl`);
  const lines = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const rec = JSON.parse(line);
      if (rec.role && !rec.type) rec.type = rec.role;
      for (const block of rec.message?.content ?? [])
        if (block.type === 'tool_use') block.name = CLAUDE_TOOL[block.name] ?? block.name;
      lines.push(JSON.stringify(rec));
    } catch {
      lines.push(line);
    }
  }
  fs.writeFileSync(out, `${lines.join('\n')}\n`);
  return out;
}

const transcript = rows.length > 0 && process.argv.includes('--transcript') ? translated(input.transcript_path) : '';
const stdin = JSON.stringify({
  session_id: input.conversation_id,
  transcript_path: transcript,
  cwd: dir,
  hook_event_name: claudeEvent,
  ...(tool !== undefined
    ? { tool_name: tool, tool_input: input.tool_input ?? {}, tool_use_id: input.tool_use_id }
    : {}),
});
const reasons = [];
for (const row of rows) {
  const r = spawnSync('/bin/sh', ['-c', row.command], {
    cwd: dir,
    env: { ...process.env, CLAUDE_PROJECT_DIR: dir, CLAUDE_PLUGIN_ROOT: dir },
    input: stdin,
    encoding: 'utf8',
    timeout: (row.timeout ?? 60) * 1000,
  });
  if (r.status === 2) reasons.push(r.stderr.trim() || 'denied by hook');
}
if (transcript) fs.rmSync(transcript, { force: true });
const answer =
  event === 'preToolUse'
    ? reasons.length
      ? { permission: 'deny', user_message: reasons.join('\n') }
      : { permission: 'allow' }
    : reasons.length
      ? { followup_message: reasons.join('\n\n') }
      : {};
process.stdout.write(`${JSON.stringify(answer)}\n`);
