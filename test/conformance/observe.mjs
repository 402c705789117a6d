// What matters of one run, the same record for both sides (docs/conformance.md §3): which rows ran, whether the prompt
// went out, the side effects, the marker tokens (QQ…) each audience received and when, Stop continuations, payloads.
import { readEffects, readProbes } from './project.mjs';
import { sub } from './cursor.mjs';

const TOKEN = /QQ[A-Z0-9]+/g;
const tokens = (text) => [...new Set(String(text ?? '').match(TOKEN) ?? [])];

/** The outcome of the real Claude Code run. */
export function claudeOutcome(dir, kase, r) {
  const model = new Map();
  r.turns.forEach((t, k) => {
    const phase = k === 0 ? 'prompt' : k < r.nScripted ? 'tool' : 'stop';
    for (const tok of tokens(JSON.stringify([t.body.system, t.body.messages]))) if (!model.has(tok)) model.set(tok, phase);
  });
  // The user sees notices, the result, and a call that did not run as its result line (as Cursor shows a deny).
  const shown = r.lines.filter(
    (l) =>
      (l.type === 'system' && !['hook_response', 'hook_started', 'init'].includes(l.subtype)) ||
      l.type === 'result' ||
      (l.type === 'user' && l.tool_result_meta?.some((m) => m.non_execution_kind)),
  );
  const user = tokens(JSON.stringify(shown) + r.stderr);
  return common(dir, kase, {
    prompt: r.turns.length === 0 ? 'blocked' : 'sent',
    model: [...model].map(([t, p]) => `${t}@${p}`),
    user,
    stops: Math.max(0, r.turns.length - r.nScripted),
  });
}

/** The outcome of hookshim's answers under Cursor's audiences (docs/cursor-hooks.md §4: what reaches the model). */
export function cursorOutcome(dir, kase, r) {
  const model = [];
  const user = [];
  const phase = { sessionStart: 'prompt', beforeSubmitPrompt: 'prompt', stop: 'stop' };
  for (const { event, answer } of r.answers) {
    const at = phase[event] ?? 'tool';
    for (const t of tokens(answer.additional_context)) model.push(`${t}@${at}`);
    for (const t of tokens(answer.followup_message)) model.push(`${t}@${at}`);
    // A deny's user_message is what the model received, measured; agent_message never reached it (§4).
    if (answer.permission === 'deny') for (const t of tokens(answer.user_message)) model.push(`${t}@${at}`);
    if (answer.permission === 'deny' || answer.continue === false || event === 'preCompact') user.push(...tokens(answer.user_message));
  }
  return common(dir, kase, {
    prompt: r.promptBlocked ? 'blocked' : 'sent',
    model: [...new Set(model.filter((m, i) => !model.slice(0, i).some((x) => x.split('@')[0] === m.split('@')[0])))],
    user: [...new Set(user)],
    stops: r.answers.filter((a) => a.event === 'stop' && a.answer.followup_message).length,
  });
}

function common(dir, kase, o) {
  const probes = readProbes(dir);
  return {
    rows: probes.map((p) => `${p.row}@${p.input.hook_event_name}`).sort(),
    prompt: o.prompt,
    effects: readEffects(dir, kase),
    model: o.model.sort(),
    user: o.user.sort(),
    stops: o.stops,
    payload: probes.map((p) => payloadOf(p, kase, dir)).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}

/** The part of a row's input a case compares: the action's own keys by default; every key and variable name in probe cases. */
function payloadOf(p, kase, dir) {
  const i = JSON.parse(JSON.stringify(p.input).replaceAll(dir, '<dir>'));
  const call = (kase.action.tools ?? [kase.action])[0] ?? {};
  const own = Object.keys(sub(call.input ?? {}, dir));
  const ti = i.tool_input && !kase.probe ? Object.fromEntries(own.map((k) => [k, i.tool_input[k]])) : i.tool_input;
  const out = { row: p.row, event: i.hook_event_name, tool_name: i.tool_name, tool_input: ti };
  for (const k of ['prompt', 'stop_hook_active', 'source', 'reason']) if (k in i) out[k] = i[k];
  if (kase.probe) {
    out.keys = Object.keys(i).sort();
    out.env = p.env;
    if (i.tool_response !== undefined) out.tool_response = i.tool_response;
    if (i.error !== undefined) out.error = i.error;
  }
  return out;
}

/** The dimensions that differ: `{dim: {claude, cursor}}`. */
export function compare(a, b) {
  const diff = {};
  for (const k of Object.keys(a)) {
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) diff[k] = { claude: a[k], cursor: b[k] };
  }
  return diff;
}
