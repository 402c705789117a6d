// @ts-check
// The matcher effect (`npm run bench`, or `node scripts/bench/matchers.mjs [repo]`): how many hookshim processes Cursor
// starts for a session's tool calls with the matchers `hookshim init` wrote into .cursor/hooks.json, against the same
// binding without matchers. Cursor's reading of a matcher (docs/cursor-hooks.md §11): a JavaScript regex tested
// unanchored against the tool type; "" and "*" match all. Every call is taken to succeed (preToolUse + postToolUse).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * An example session of 100 tool calls: reads and searches dominate an agent's work, then shell commands and edits.
 * The mix is an assumption, stated so a reader can apply their own; the per-tool table below does not depend on it.
 */
export const SESSION_MIX = {
  Read: 34,
  Grep: 12,
  Glob: 6,
  Shell: 18,
  StrReplace: 14,
  Write: 5,
  TodoWrite: 5,
  Task: 2,
  WebFetch: 1,
  'MCP:list_issues': 2,
  'MCP:create_issue': 1,
};

const TOOL_EVENTS = ['preToolUse', 'postToolUse'];

/** The hookshim entries of a repository's .cursor/hooks.json on the tool events: event → matcher (undefined: none). */
function entries(dir) {
  const doc = JSON.parse(fs.readFileSync(path.join(dir, '.cursor', 'hooks.json'), 'utf8'));
  const out = {};
  for (const ev of TOOL_EVENTS) {
    const mine = (doc.hooks?.[ev] ?? []).find((e) => typeof e.command === 'string' && /hookshim\.c?js/.test(e.command));
    if (mine) out[ev] = mine.matcher;
  }
  return out;
}

function starts(matcher, tool) {
  return matcher === undefined || matcher === '' || matcher === '*' || new RegExp(matcher).test(tool);
}

/**
 * Processes started for the session with and without the matchers, and per tool which events start.
 * @param {string} dir
 * @param {Record<string, number>} [mix]
 */
export function matcherEffect(dir, mix = SESSION_MIX) {
  const bound = entries(dir);
  const calls = Object.values(mix).reduce((a, b) => a + b, 0);
  const perTool = Object.keys(mix).map((tool) => ({
    tool,
    events: Object.entries(bound)
      .filter(([, m]) => starts(m, tool))
      .map(([ev]) => ev),
  }));
  const without = calls * Object.keys(bound).length;
  const withMatchers = perTool.reduce((n, t) => n + t.events.length * mix[t.tool], 0);
  return { calls, bound: Object.keys(bound), without, with: withMatchers, perTool };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..'));
  const r = matcherEffect(dir);
  console.log(
    `matcher effect for ${dir}: ${r.calls} tool calls start ${r.with} hookshim processes with the ` +
      `matchers, ${r.without} without (${((1 - r.with / r.without) * 100).toFixed(0)}% fewer)`,
  );
  for (const t of r.perTool)
    console.log(
      `  ${t.tool.padEnd(18)} ${String(SESSION_MIX[t.tool]).padStart(3)} calls  starts: ${t.events.join(', ') || 'nothing'}`,
    );
}
