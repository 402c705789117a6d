// The hookshim side of a conformance case (docs/conformance.md §2): `hookshim init` binds the project, then the
// events Cursor would fire for the same action run the bound command exactly as Cursor does (`sh -c` from the root,
// payload on stdin; docs/cursor-hooks.md §2, §4), with the tool itself carried out in between.
import fs from 'node:fs';
import path from 'node:path';
import { MCP_SERVER } from './claude.mjs';
import { run, sub } from './proc.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli.mjs');
/** A Cursor recent enough to deliver prompt context in the same turn (docs/cursor-hooks.md §11). */
const CURSOR_VERSION = '3.15.6';
const CONV = 'c0nf-0000-4000-8000-000000000001';
/** The IDE's generation_id, one per turn (docs/cursor-hooks.md §3): each case is one prompt. */
const GEN = 'c0nf-0000-4000-8000-0000000000a1';

/** How an abstract tool call reaches Cursor: its tool type and input (docs/cursor-hooks.md §6). */
function cursorCall(call, dir) {
  const input = sub(call.input, dir);
  if (call.tool === 'Bash') return { name: 'Shell', input: { command: input.command, cwd: '', timeout: 30000 } };
  if (call.tool === 'Edit') return { name: 'StrReplace', input };
  if (call.tool.startsWith('mcp__conf__')) return { name: `MCP:${call.tool.slice('mcp__conf__'.length)}`, input };
  if (call.tool === 'Agent') {
    const type = { 'general-purpose': 'generalPurpose', Explore: 'explore', Plan: 'plan' }[input.subagent_type];
    return { name: 'Task', input: { description: input.description, prompt: input.prompt, subagent_type: type } };
  }
  return { name: call.tool, input };
}

/** Carry out the tool as Cursor would; returns the postToolUse output, or a failure. */
async function perform(call, input, dir) {
  if (call.tool === 'Bash') {
    const r = await run('sh', ['-c', input.command], { cwd: dir }, 30_000);
    // Cursor's Shell output keeps the command's last newline (docs/cursor-hooks.md §4: "rosetta-hook-probe\n").
    const output = r.stdout + r.stderr;
    return r.code === 0
      ? { output: { output, exitCode: 0 } }
      : { failure: `Exit code ${r.code}${output.trimEnd() ? `\n${output.trimEnd()}` : ''}` };
  }
  if (call.tool.startsWith('mcp__conf__')) {
    fs.writeFileSync(path.join(dir, 'effect.txt'), String(input.text ?? ''));
    return { output: { content: [{ type: 'text', text: `echo: ${input.text}` }] } };
  }
  if (call.tool === 'Write') {
    fs.writeFileSync(input.file_path, input.content);
    return { output: {} };
  }
  if (call.tool === 'Edit') {
    const text = fs.readFileSync(input.file_path, 'utf8');
    if (!text.includes(input.old_string)) return { failure: 'String to replace not found in file.' };
    fs.writeFileSync(input.file_path, text.replace(input.old_string, input.new_string));
    return { output: {} };
  }
  return { output: { content: fs.existsSync(input.file_path ?? '') ? fs.readFileSync(input.file_path, 'utf8') : '' } };
}

/** Bind the project and play the action as Cursor's events; returns every answer and what each event carried. */
export async function runCursor(dir, kase) {
  const init = await run(
    process.execPath,
    [CLI, 'init', dir, ...(kase.catalog.kind === 'plugin' ? ['--catalog', 'plugins/p1'] : [])],
    { cwd: dir },
    60_000,
  );
  const bound = JSON.parse(fs.readFileSync(path.join(dir, '.cursor', 'hooks.json'), 'utf8')).hooks ?? {};
  const tx = path.join(dir, '..', 'cursor-transcript.jsonl');
  const state = { env: {}, answers: [], dir, bound, tx };
  const action = kase.action;
  const prompt = action.prompt ?? 'Do the task.';
  await fire(state, 'sessionStart', '', { session_id: CONV, is_background_agent: false, composer_mode: 'agent' });
  appendTx(tx, {
    role: 'user',
    message: { content: [{ type: 'text', text: `<user_query>\n${prompt}\n</user_query>` }] },
  });
  const submit = await fire(state, 'beforeSubmitPrompt', 'UserPromptSubmit', { prompt, attachments: [] }, false);
  if (submit?.continue === false) return { init, answers: state.answers, promptBlocked: true };
  const calls = action.tools ?? (action.tool ? [{ tool: action.tool, input: action.input }] : []);
  for (const [i, call] of calls.entries()) await toolCall(state, call, `tool_conf_${i}`);
  if (action.apiError) {
    // The model call failed: Cursor ends the turn with stop status "error" (docs/cursor-hooks.md §4).
    appendTx(tx, { type: 'turn_ended', status: 'error' });
    await fire(state, 'stop', 'Stop', { status: 'error', loop_count: 0 });
    await fire(state, 'sessionEnd', '', { session_id: CONV, reason: 'error', duration_ms: 1000 });
    return { init, answers: state.answers, promptBlocked: false };
  }
  appendTx(tx, { role: 'assistant', message: { content: [{ type: 'text', text: action.reply ?? 'All done.' }] } });
  appendTx(tx, { type: 'turn_ended', status: 'success' });
  const limit = bound.stop?.find((e) => e.command.includes('hookshim'))?.loop_limit ?? 5;
  for (let loop = 0; loop <= (limit ?? 8); loop++) {
    const a = await fire(state, 'stop', 'Stop', { status: 'completed', loop_count: loop });
    if (!a?.followup_message) break;
    appendTx(tx, { role: 'user', message: { content: [{ type: 'text', text: a.followup_message }] } });
    appendTx(tx, { role: 'assistant', message: { content: [{ type: 'text', text: 'Done.' }] } });
  }
  if (action.compact) {
    const usage = { context_usage_percent: 10, context_tokens: 1000, context_window_size: 200000, message_count: 4 };
    await fire(state, 'preCompact', '', {
      trigger: 'manual',
      ...usage,
      messages_to_compact: 4,
      is_first_compaction: true,
    });
  }
  await fire(state, 'sessionEnd', '', { session_id: CONV, reason: 'completed', duration_ms: 1000 });
  return { init, answers: state.answers, promptBlocked: false };
}

/** One tool call: preToolUse (or beforeReadFile), the tool, then postToolUse or postToolUseFailure. */
async function toolCall(state, call, id) {
  const c = cursorCall(call, state.dir);
  appendTx(state.tx, { role: 'assistant', message: { content: [{ type: 'tool_use', name: c.name, input: c.input }] } });
  const ev = { tool_name: c.name, tool_input: c.input, tool_use_id: id, cwd: '' };
  const read = c.name === 'Read' && state.bound.beforeReadFile;
  const gate = read
    ? await fire(state, 'beforeReadFile', 'Read', { file_path: c.input.file_path, content: '', attachments: [] })
    : await fire(state, 'preToolUse', c.name, ev);
  // An MCP call is reported again by beforeMCPExecution, which names the server (docs/cursor-hooks.md §4).
  const mcp = c.name.startsWith('MCP:') && gate?.permission !== 'deny' ? await mcpGate(state, c) : undefined;
  if (mcp?.permission === 'deny') return denied(state, c, ev, mcp);
  if (gate?.permission === 'deny') {
    const denied = { error_message: gate.user_message ?? '', failure_type: 'permission_denied', duration: 0 };
    await fire(state, 'postToolUseFailure', c.name, { ...ev, ...denied, is_interrupt: false });
    return;
  }
  if (c.name === 'Task') return subagent(state, c, id);
  const input = c.name === 'Shell' && gate?.updated_input ? { ...c.input, ...gate.updated_input } : c.input;
  const done = await perform(call, input, state.dir);
  if (done.failure !== undefined) {
    const failed = { error_message: done.failure, failure_type: 'error', duration: 5, is_interrupt: false };
    await fire(state, 'postToolUseFailure', c.name, { ...ev, tool_input: input, ...failed });
  } else {
    await fire(state, 'postToolUse', c.name, {
      ...ev,
      tool_input: input,
      tool_output: JSON.stringify(done.output),
      duration: 5,
    });
  }
}

/** beforeMCPExecution for a call of the `conf` server, started as Cursor starts it. */
function mcpGate(state, c) {
  const server = `${MCP_SERVER.command} ${MCP_SERVER.args.join(' ')}`;
  const tool = c.name.slice('MCP:'.length);
  return fire(state, 'beforeMCPExecution', tool, {
    tool_name: tool,
    tool_input: JSON.stringify(c.input),
    mcp_server_name: 'conf',
    command: server,
  });
}

/** After a deny Cursor fires postToolUseFailure with the deny's user_message (docs/cursor-hooks.md §4). */
async function denied(state, c, ev, gate) {
  const why = { error_message: gate.user_message ?? '', failure_type: 'permission_denied', duration: 0 };
  await fire(state, 'postToolUseFailure', c.name, { ...ev, ...why, is_interrupt: false });
}

/** A Task: subagentStart, the subagent's turn, subagentStop while it follows up; Cursor fires no postToolUse (§6). */
async function subagent(state, c, id) {
  const type = c.input.subagent_type;
  const start = { subagent_id: 'sub-1', subagent_type: type, task: c.input.prompt, parent_conversation_id: CONV };
  const ok = await fire(state, 'subagentStart', type, {
    ...start,
    tool_call_id: id,
    subagent_model: 'default',
    is_parallel_worker: false,
  });
  if (ok?.permission === 'deny') return;
  const limit = state.bound.subagentStop?.find((e) => e.command.includes('hookshim'))?.loop_limit ?? 5;
  for (let loop = 0; loop <= (limit ?? 8); loop++) {
    const a = await fire(state, 'subagentStop', type, {
      subagent_type: type,
      status: 'completed',
      task: c.input.prompt,
      description: c.input.description,
      summary: 'Sub done.',
      duration_ms: 100,
      message_count: 2,
      tool_call_count: 0,
      loop_count: loop,
      modified_files: [],
      agent_transcript_path: null,
    });
    if (!a?.followup_message) break;
  }
}

/** Fire `event` when it is bound and its matcher starts it for `value` (docs/cursor-hooks.md §11). */
async function fire(state, event, value, extra, withTranscript = true) {
  const entry = (state.bound[event] ?? []).find((e) => e.command.includes('hookshim'));
  if (!entry) return undefined;
  const m = entry.matcher;
  if (value && m !== undefined && m !== '' && m !== '*' && !new RegExp(m).test(value)) return undefined;
  const payload = {
    conversation_id: CONV,
    generation_id: GEN,
    session_id: CONV,
    model: 'default',
    hook_event_name: event,
    cursor_version: CURSOR_VERSION,
    workspace_roots: [state.dir],
    user_email: 'dev@example.com',
    transcript_path: withTranscript && event !== 'sessionStart' ? state.tx : null,
    cwd: '',
    ...extra,
  };
  const env = {
    PATH: process.env.PATH,
    HOME: path.join(state.dir, '..', 'home-cursor'),
    CURSOR_PROJECT_DIR: state.dir,
    CLAUDE_PROJECT_DIR: state.dir,
    CURSOR_VERSION,
    HOOKSHIM_STATE_DIR: path.join(state.dir, '..', 'state-cursor'),
    ...state.env,
  };
  const r = await run(
    'sh',
    ['-c', entry.command],
    { cwd: state.dir, env },
    (entry.timeout ?? 60) * 1000 + 5_000,
    JSON.stringify(payload),
  );
  let answer;
  try {
    answer = JSON.parse(r.stdout.trim());
  } catch {
    answer = { unreadable: r.stdout.slice(0, 300) };
  }
  if (event === 'sessionStart' && answer.env) Object.assign(state.env, answer.env);
  state.answers.push({ event, answer, stderr: r.stderr, code: r.code });
  return answer;
}

function appendTx(file, line) {
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}
