// What matters of one run, the same record for both sides (docs/conformance.md §3): which rows ran, whether the prompt
// went out, the side effects, the marker tokens (QQ…) each audience received and when, Stop continuations, payloads.
import { readEffects, readProbes } from './project.mjs';
import { turnsDone } from './responses.mjs';

const TOKEN = /QQ[A-Z0-9]+/g;
const tokens = (text) => [...new Set(String(text ?? '').match(TOKEN) ?? [])];

/** A request's phase is the number of assistant turns it already holds (a retried request keeps its phase). */
const done = (t) => (t.body.messages ?? []).filter((m) => m.role === 'assistant').length;

/** The marker tokens the model was sent, each with the phase of the first request that held it. */
function modelTokens(r) {
  const model = new Map();
  r.turns.forEach((t) => {
    const phase = done(t) === 0 ? 'prompt' : done(t) < r.nScripted ? 'tool' : 'stop';
    for (const tok of tokens(JSON.stringify([t.body.system, t.body.messages])))
      if (!model.has(tok)) model.set(tok, phase);
  });
  for (const t of r.subTurns ?? [])
    for (const tok of tokens(JSON.stringify([t.body.system, t.body.messages])))
      if (!model.has(tok)) model.set(tok, 'subagent');
  return model;
}

/** The outcome of the real Claude Code run. */
export function claudeOutcome(dir, kase, r) {
  const model = modelTokens(r);
  // The user sees notices, the result, and a call that did not run as its result line (as Cursor shows a deny).
  const shown = r.lines.filter(
    (l) =>
      (l.type === 'system' && !['hook_response', 'hook_started', 'init'].includes(l.subtype)) ||
      l.type === 'result' ||
      (l.type === 'user' && l.tool_result_meta?.some((m) => m.non_execution_kind)),
  );
  const user = tokens(JSON.stringify(shown) + r.stderr);
  const said = (x) =>
    typeof x === 'string' ? (/QQ[A-Z0-9]+/.test(x) ? [x] : []) : Object.values(x ?? {}).flatMap(said);
  return common(dir, kase, {
    http: r.http,
    texts: [...new Set([...said(r.turns.map((t) => t.body.messages)), ...said(shown)])].map((t) => t.slice(0, 400)),
    prompt: r.turns.length === 0 ? 'blocked' : 'sent',
    model: [...model].map(([t, p]) => `${t}@${p}`),
    user,
    stops: r.turns.filter((t) => done(t) >= r.nScripted).length,
  });
}

/** The outcome of hookshim's answers under Cursor's audiences (docs/cursor-hooks.md §4: what reaches the model). */
export function cursorOutcome(dir, kase, r) {
  const model = [];
  const user = [];
  const phase = { sessionStart: 'prompt', beforeSubmitPrompt: 'prompt', stop: 'stop', subagentStop: 'subagent' };
  for (const { event, answer } of r.answers) {
    const at = phase[event] ?? 'tool';
    for (const t of tokens(answer.additional_context)) model.push(`${t}@${at}`);
    for (const t of tokens(answer.followup_message)) model.push(`${t}@${at}`);
    for (const t of tokens(JSON.stringify(answer.updated_mcp_tool_output ?? ''))) model.push(`${t}@${at}`);
    // A deny's user_message is what the model received, measured; agent_message never reached it (§4).
    if (answer.permission === 'deny') for (const t of tokens(answer.user_message)) model.push(`${t}@${at}`);
    if (answer.permission === 'deny' || answer.continue === false || event === 'preCompact')
      user.push(...tokens(answer.user_message));
  }
  return common(dir, kase, {
    http: r.http,
    texts: r.answers.filter((a) => Object.keys(a.answer).length).map((a) => `${a.event} ${JSON.stringify(a.answer)}`),
    prompt: r.promptBlocked ? 'blocked' : 'sent',
    model: [...new Set(model.filter((m, i) => !model.slice(0, i).some((x) => x.split('@')[0] === m.split('@')[0])))],
    user: [...new Set(user)],
    stops: r.answers.filter((a) => a.event === 'stop' && a.answer.followup_message).length,
  });
}

/**
 * The outcome of the real Copilot CLI running the catalog through hookshim's Copilot binding (copilot.mjs): what the
 * model got is read from the stand-in's requests as on Claude's side; what the user saw is Copilot's stdout and stderr.
 */
export function copilotOutcome(dir, kase, r) {
  const model = modelTokens(r);
  const said = (x) =>
    typeof x === 'string' ? (/QQ[A-Z0-9]+/.test(x) ? [x] : []) : Object.values(x ?? {}).flatMap(said);
  const shown = `${r.stdout}\n${r.stderr}`;
  return common(dir, kase, {
    http: [],
    texts: [
      ...new Set([
        ...said(r.turns.map((t) => t.body.messages)),
        ...shown.split('\n').filter((l) => /QQ[A-Z0-9]+/.test(l)),
      ]),
    ].map((t) => t.slice(0, 400)),
    prompt: r.turns.length === 0 ? 'blocked' : 'sent',
    model: [...model].map(([t, p]) => `${t}@${p}`),
    user: tokens(shown),
    stops: r.turns.filter((t) => done(t) >= r.nScripted).length,
  });
}

/**
 * The outcome of the real Codex CLI running the catalog through hookshim's Codex binding (codex.mjs): what the model
 * got is read from the Responses-API requests (instructions and input; the phase is the number of model items a
 * request already holds); what the user saw is `codex exec`'s stderr and its `--json` items, less the commands' output.
 */
export function codexOutcome(dir, kase, r) {
  const model = new Map();
  for (const t of r.turns) {
    const n = turnsDone(t.body);
    const phase = n === 0 ? 'prompt' : n < r.nScripted ? 'tool' : 'stop';
    for (const tok of tokens(JSON.stringify([t.body.instructions, t.body.input])))
      if (!model.has(tok)) model.set(tok, phase);
  }
  const shown = r.events.filter((e) => !['command_execution', 'file_change'].includes(e.item?.type));
  const said = (x) =>
    typeof x === 'string' ? (/QQ[A-Z0-9]+/.test(x) ? [x] : []) : Object.values(x ?? {}).flatMap(said);
  return common(dir, kase, {
    http: [],
    texts: [
      ...new Set([
        ...said(r.turns.map((t) => t.body.input)),
        ...said(shown),
        ...r.stderr.split('\n').filter((l) => /QQ[A-Z0-9]+/.test(l)),
      ]),
    ].map((t) => t.slice(0, 400)),
    prompt: r.turns.length === 0 ? 'blocked' : 'sent',
    model: [...model].map(([t, p]) => `${t}@${p}`),
    user: tokens(JSON.stringify(shown) + r.stderr),
    stops: r.turns.filter((t) => turnsDone(t.body) >= r.nScripted).length,
  });
}

function common(dir, kase, o) {
  const probes = readProbes(dir, o.http);
  return {
    rows: probes.map((p) => `${p.row}@${p.input.hook_event_name}`).sort(),
    prompt: o.prompt,
    effects: readEffects(dir, kase),
    model: o.model.sort(),
    user: o.user.sort(),
    stops: o.stops,
    payload: probes
      .map((p) => payloadOf(p, kase, dir))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ...shapes(probes, kase),
    _texts: o.texts, // what each side said, verbatim (recorded for the docs, not compared)
  };
}

/** The variables a row may rely on (docs/claude-hooks.md §1.5); Claude Code's other, internal ones are not compared. */
const ENV =
  /^(CLAUDECODE|CLAUDE_PROJECT_DIR|CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA|CLAUDE_CODE_SESSION_ID|CLAUDE_ENV_FILE|CLAUDE_EFFORT|CLAUDE_PID|CLAUDE_CODE_CHILD_SESSION|CURSOR_.*)$/;

/** The part of a row's input a case compares: the action's own keys; in probe cases also the tool's response. */
function payloadOf(p, kase, dir) {
  const i = JSON.parse(JSON.stringify(p.input).replaceAll(dir, '<dir>'));
  const own = (kase.action.tools ?? [kase.action]).flatMap((c) => Object.keys(c.input ?? {}));
  const ti = i.tool_input && Object.fromEntries(own.filter((k) => k in i.tool_input).map((k) => [k, i.tool_input[k]]));
  const out = { row: p.row, event: i.hook_event_name, tool_name: i.tool_name, tool_input: ti };
  for (const k of ['prompt', 'stop_hook_active', 'source', 'reason']) if (k in i) out[k] = i[k];
  if (kase.probe && 'last_assistant_message' in i) out.last_assistant_message = i.last_assistant_message;
  if (kase.probe && i.tool_response !== undefined) out.tool_response = i.tool_response;
  if (kase.probe && i.error !== undefined) out.error = i.error;
  return out;
}

/** Probe cases: every input key (tool_input's too) and every variable name of the first run of each row. */
function shapes(probes, kase) {
  if (!kase.probe) return {};
  const first = [...new Map([...probes].reverse().map((p) => [`${p.row}@${p.input.hook_event_name}`, p])).values()];
  return {
    keys: first.flatMap((p) => [
      ...Object.keys(p.input).map((k) => `${p.row}@${p.input.hook_event_name}:${k}`),
      ...Object.keys(p.input.tool_input ?? {}).map((k) => `${p.row}@${p.input.hook_event_name}:tool_input.${k}`),
    ]),
    env: first.flatMap((p) => p.env.filter((n) => ENV.test(n)).map((n) => `${p.row}:${n}`)),
  };
}

/** The dimensions that differ: `{dim: {claude, cursor}}`. */
export function compare(a, b) {
  const diff = {};
  for (const k of Object.keys(a)) {
    if (k.startsWith('_') || JSON.stringify(a[k]) === JSON.stringify(b[k])) continue;
    if (k !== 'keys' && k !== 'env') {
      diff[k] = { claude: a[k], cursor: b[k] };
      continue;
    }
    // Key and variable lists: what a row misses under hookshim, and any Cursor variable it should not see. Extra input
    // keys (Cursor's own, passed through) do a script no harm (docs/claude-hooks.md §2.2) and are only recorded.
    const missing = a[k].filter((x) => !b[k].includes(x));
    const wrong = b[k].filter((x) => !a[k].includes(x) && (k === 'env' ? /:CURSOR_/.test(x) : false));
    if (missing.length || wrong.length) diff[k] = { claude: missing, cursor: wrong };
  }
  return diff;
}
