// The differences already explained, by case and dimension (docs/conformance.md §6). A label is a known limit (its
// row in docs/events.md "Known limits": L1…), a hookshim design choice (D1…), or the pending fix's number ("23.5").
// A run lists a labelled difference with its label, an unlabelled one as NOT EXPLAINED, and a label that no longer
// differs as one to drop.
const L = {
  ask: 'limit L1: Cursor accepts ask on preToolUse and does not enforce it (Claude -p denies it: nobody can answer)',
  userOnly: 'limit L2: no Cursor field reaches only the user on an allowed tool call; the warning goes to the model',
  halt: 'limit L3: Cursor cannot end the agent from a tool event; hookshim denies the call (pre) or tells the model (post)',
  failure: 'limit L4: postToolUseFailure has no answer field; the context waits for the next postToolUse',
  promptUser: 'limit L5: beforeSubmitPrompt shows user_message only with a block',
  stopUser:
    "limit L6: Cursor's stop answer has only followup_message (for the model): a systemMessage for the user is logged",
  envFile: 'limit L7: sessionStart env reaches later hooks, not the agent shell',
  process:
    'limit L8: no Claude process: CLAUDE_PID has no value; Cursor sends no effort (CLAUDE_EFFORT, the input key effort)',
  defer: 'limit L9: defer has no Cursor analog; Claude -p leaves the call pending, hookshim lets Cursor decide',
  toolOutput: 'limit L10: Cursor replaces a tool result only for MCP tools (updated_mcp_tool_output)',
  timeout: 'design D2: a timed-out guard denies (docs/fail-matrix.md, fail closed); Claude lets the call go on',
  subContext: "limit L11: subagentStart has no context field; the context waits for the main agent's next postToolUse",
  taskInput: 'limit L12: a Cursor Task input has only description, prompt and subagent_type',
  failure2: "limit L14: Cursor's stop with status error carries no error text: no last_assistant_message",
  mcpTwice:
    'limit L15: an MCP call is reported by preToolUse and beforeMCPExecution: its rows run in each, without mcp_server',
  noModel: 'limit L16: hookshim cannot run a prompt or agent row (no model to ask): it denies the call, naming the fix',
  denyText:
    "limit L17: a Cursor deny's user_message is what the model receives too (agent_message never reaches it): the systemMessage goes with the reason",
  stopLists:
    "limit L18: Cursor's stop payload says nothing of background tasks or scheduled prompts: background_tasks and session_crons are left out",
  exitCode: "design D3: Cursor's exitCode is kept in the Bash tool_response beside Claude's keys",
  cap: 'design D1: at loop_count = loop_limit hookshim runs no Stop row; Claude runs it a ninth time and ignores its block',
};

export const KNOWN = {
  'pre-deny-sysmsg': { model: L.denyText },
  'pre-deny-noreason': { model: L.denyText },
  'pre-deny-noreason-lines': { model: L.denyText },
  'pre-ask': { effects: L.ask, model: L.ask, user: L.ask },
  'pre-continue-false': { effects: L.halt, model: L.halt, user: L.halt },
  'pre-sysmsg-allow': { model: L.userOnly, user: L.userOnly },
  'pre-edit-probe': { keys: L.process, env: L.process },
  'pre-probe': { keys: L.process, env: L.process },
  'plugin-probe': { keys: L.process, env: L.process },
  'post-sysmsg': { model: L.userOnly, user: L.userOnly },
  'post-probe': { payload: L.exitCode, keys: L.process, env: L.process },
  'post-probe-quiet': { payload: L.exitCode, keys: L.process, env: L.process },
  'post-continue-false': { rows: L.halt, effects: L.halt, model: L.halt, payload: L.halt },
  'failure-context': { model: L.failure },
  'failure-probe': { keys: L.process, env: L.process },
  'ups-context-sysmsg': { user: L.promptUser },
  'ups-probe': { env: L.process },
  'stop-sysmsg': { user: L.stopUser },
  'stop-block-sysmsg': { user: L.stopUser },
  'stop-always': { rows: L.cap, payload: L.cap },
  'stop-probe': { keys: `${L.process}; ${L.stopLists}`, env: L.process },
  'ss-env-file': { effects: L.envFile },
  'ss-probe': { env: L.process },
  'pre-timeout': { effects: L.timeout },
  'pre-defer': { effects: L.defer },
  'pre-prompt-row': { user: L.noModel },
  'post-updated-output': { model: L.toolOutput },
  'subagent-start-context': { model: L.subContext },
  'pre-agent-matcher': { payload: L.taskInput },
  'subagent-probe': { keys: `${L.process}; ${L.stopLists}`, env: L.process },
  'stop-failure': { payload: L.failure2, keys: `${L.process}; ${L.failure2}`, env: L.process },
  'mcp-probe': {
    rows: L.mcpTwice,
    payload: L.mcpTwice,
    keys: `${L.process}; ${L.mcpTwice}`,
    env: L.process,
  },
};

// The differences between Claude Code and the real GitHub Copilot CLI running the same catalog through hookshim's
// Copilot binding (docs/conformance.md §8): each a Copilot limit, with its reason in docs/copilot-hooks.md (the §N of a
// label), a hookshim design choice shared with Cursor (D…, L16), or a hookshim gap still open (G…).
const C = {
  userOnly:
    'copilot limit C1: no Copilot answer field reaches only the user (§4): a systemMessage is not shown ' +
    '(hookshim notes it on stderr), and on an allowed call it goes to the model',
  halt: 'copilot limit C2: a Copilot hook cannot end the agent from a tool event: hookshim denies the call (pre) or tells the model (post)',
  ids:
    'copilot limit C3: Copilot sends no tool call id, prompt id, effort or duration (§3) and runs no ' +
    'Claude process: tool_use_id, prompt_id, effort, duration_ms, CLAUDE_EFFORT, CLAUDE_PID are missing',
  bashFailure:
    'copilot limit C4: a Bash command that exits non-zero is a postToolUse success to Copilot (§3); hookshim reads ' +
    "its exit code as Claude's failure (PostToolUseFailure rows run, their context reaches the model with the " +
    "result), and Copilot prints a failed command's whole result to the user, that context included",
  defer:
    'copilot limit C5: defer has no Copilot analog: Claude -p leaves the call pending, hookshim lets Copilot decide (it runs)',
  toolOutput: 'copilot limit C6: no Copilot answer field replaces a tool result (§4): updatedToolOutput is not applied',
  promptBlock:
    'copilot limit C7: a Copilot hook cannot refuse a prompt (§4: additionalContext or modifiedPrompt ' +
    'only): hookshim tells the model not to act on it; the user sees nothing',
  envFile:
    'copilot limit C8: Copilot has no carrier for SessionStart env: CLAUDE_ENV_FILE exports do not reach the agent shell',
  stopLists:
    "copilot limit C9: Copilot's agentStop says nothing of background tasks or scheduled prompts (§3): " +
    'background_tasks and session_crons are left out',
  apiError:
    'copilot limit C10: a model API error fires errorOccurred (§3), which hookshim does not bind (no ' +
    'Claude event observes it there): StopFailure rows do not run',
  exitCode: L.exitCode,
  timeout: L.timeout,
  noModel: L.noModel,
};

/** One label for several dimensions. */
const all = (label, ...dims) => Object.fromEntries(dims.map((d) => [d, label]));

export const COPILOT_KNOWN = {
  'pre-deny-sysmsg': { user: C.userOnly },
  'pre-deny-noreason': { user: C.userOnly },
  'pre-deny-noreason-lines': { user: C.userOnly },
  'pre-sysmsg-allow': all(C.userOnly, 'model', 'user'),
  'post-sysmsg': all(C.userOnly, 'model', 'user'),
  'ups-context-sysmsg': { user: C.userOnly },
  'stop-sysmsg': { user: C.userOnly },
  'stop-block-sysmsg': { user: C.userOnly },
  'pre-continue-false': all(C.halt, 'effects', 'model', 'user'),
  'post-continue-false': all(C.halt, 'rows', 'effects', 'model', 'payload'),
  'pre-edit-probe': all(C.ids, 'keys', 'env'),
  'pre-probe': all(C.ids, 'keys', 'env'),
  'plugin-probe': all(C.ids, 'keys', 'env'),
  'ups-probe': all(C.ids, 'keys', 'env'),
  'ss-probe': all(C.ids, 'env'),
  'post-probe': { payload: C.exitCode, ...all(C.ids, 'keys', 'env') },
  'post-probe-quiet': { payload: C.exitCode, ...all(C.ids, 'keys', 'env') },
  'failure-context': { user: C.bashFailure },
  'failure-probe': all(C.ids, 'keys', 'env'),
  'pre-timeout': { effects: C.timeout },
  'pre-defer': { effects: C.defer },
  'pre-prompt-row': { user: C.noModel },
  'post-updated-output': { model: C.toolOutput },
  'ups-exit2': all(C.promptBlock, 'prompt', 'effects', 'model', 'user'),
  'ups-block': all(C.promptBlock, 'prompt', 'effects', 'model', 'user'),
  'ups-continue-false': all(C.promptBlock, 'prompt', 'effects', 'model', 'user'),
  'ups-block-ansi': all(C.promptBlock, 'prompt', 'effects', 'model', 'user'),
  'ups-stop-ansi': all(C.promptBlock, 'prompt', 'effects', 'model', 'user'),
  'ss-env-file': { effects: C.envFile },
  'stop-probe': { keys: `${C.ids}; ${C.stopLists}`, env: C.ids },
  'stop-failure': all(C.apiError, 'rows', 'payload', 'keys', 'env'),
};

// The differences between Claude Code and the real OpenAI Codex CLI running the same catalog through hookshim's Codex
// binding (docs/conformance.md §9): each a Codex limit (X…), with its reason in docs/codex-hooks.md (the §N of a label),
// a hookshim design choice shared with the other hosts (D…, L16), or a hookshim gap still open (G…).
const X = {
  userOnly:
    'codex limit X1: no Codex answer field reaches only the user (§4): codex exec shows a hook nothing but the log ' +
    "line of a blocked call on stderr; a systemMessage is not shown (hookshim's note goes to its own stderr, which " +
    'Codex does not show), and on an allowed call it goes to the model',
  halt:
    'codex limit X2: a Codex hook cannot end the agent from a tool event (§4: continue:false is ignored): hookshim ' +
    'denies the call (pre) or tells the model (post), and the turn goes on',
  ids:
    'codex limit X3: Codex sends no effort and no duration (§3) and runs no Claude process: effort, duration_ms, ' +
    'CLAUDE_EFFORT, CLAUDE_PID are missing',
  bashFailure:
    'codex limit X4: Codex reports a shell command that exits non-zero on PostToolUse with its bare output and no ' +
    'exit code (§3): hookshim cannot tell it failed, so PostToolUseFailure rows do not run',
  defer:
    'codex limit X5: defer has no Codex analog: Claude -p leaves the call pending, hookshim lets Codex decide (it runs)',
  promptUser:
    'codex limit X6: Codex blocks the prompt but shows the reason to nobody (§4: not in --json, not on stderr)',
  envFile:
    'codex limit X7: Codex has no carrier for SessionStart env (§4): CLAUDE_ENV_FILE exports do not reach the agent shell',
  stopLists:
    "codex limit X8: Codex's Stop says nothing of background tasks or scheduled prompts (§3): background_tasks and " +
    'session_crons are left out',
  apiError:
    'codex limit X9: on a refused model request Codex fires no Stop, only PostModelRequest with status "failed" ' +
    '(§3), which hookshim does not bind (adapters/hosts/codex/index.ts): StopFailure rows do not run',
  patchLines:
    'codex limit X10: Codex writes files only through apply_patch, whose added lines each end in a newline (§5): the ' +
    'Write a row sees holds the content the file will have, with its last newline',
  toolOutput:
    "hookshim gap G5: Codex ignores updatedToolOutput, but a PostToolUse block's reason replaces the output the model " +
    'sees (§4); adapters/events/postToolUse.ts drops updatedToolOutput for a non-MCP tool before the Codex answer is made',
  exitCode: L.exitCode,
  timeout: L.timeout,
  noModel: L.noModel,
};

export const CODEX_KNOWN = {
  'pre-deny-sysmsg': { user: X.userOnly },
  'pre-deny-noreason': { user: X.userOnly },
  'pre-deny-noreason-lines': { user: X.userOnly },
  'pre-sysmsg-allow': all(X.userOnly, 'model', 'user'),
  'post-sysmsg': all(X.userOnly, 'model', 'user'),
  'ups-context-sysmsg': { user: X.userOnly },
  'stop-sysmsg': { user: X.userOnly },
  'stop-block-sysmsg': { user: X.userOnly },
  'pre-continue-false': all(X.halt, 'effects', 'model', 'user'),
  'post-continue-false': all(X.halt, 'rows', 'effects', 'model', 'payload'),
  'pre-edit-probe': all(X.ids, 'keys', 'env'),
  'pre-probe': all(X.ids, 'keys', 'env'),
  'plugin-probe': all(X.ids, 'keys', 'env'),
  'post-probe': all(X.ids, 'keys', 'env'),
  'post-probe-quiet': all(X.ids, 'keys', 'env'),
  'ups-probe': { env: X.ids },
  'ss-probe': { env: X.ids },
  'stop-probe': { keys: `${X.ids}; ${X.stopLists}`, env: X.ids },
  'failure-context': all(X.bashFailure, 'rows', 'model', 'payload'),
  'failure-probe': all(X.bashFailure, 'rows', 'payload', 'keys', 'env'),
  'pre-timeout': { effects: X.timeout },
  'pre-defer': { effects: X.defer },
  'pre-prompt-row': { user: X.noModel },
  'post-updated-output': { model: X.toolOutput },
  'ups-exit2': { user: X.promptUser },
  'ups-block': { user: X.promptUser },
  'ups-continue-false': { user: X.promptUser },
  'ups-block-ansi': { user: X.promptUser },
  'ups-stop-ansi': { user: X.promptUser },
  'ss-env-file': { effects: X.envFile },
  'stop-always': { rows: L.cap, payload: L.cap },
  'stop-failure': all(X.apiError, 'rows', 'payload', 'keys', 'env'),
  'pre-write-deny': { payload: X.patchLines },
  'pre-updated-input-write': { payload: X.patchLines },
  'pre-matcher-star': { payload: X.patchLines },
};
