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
// Copilot binding (docs/conformance.md §8): each a Copilot limit, with its reason in docs/copilot-hooks.md.
const C = {};

export const COPILOT_KNOWN = {};
