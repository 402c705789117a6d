// Claude names for a Cursor MCP tool. Claude calls MCP tools `mcp__<server>__<tool>` (docs/claude-hooks.md §1.3 rule 7);
// Cursor's preToolUse sends `MCP:<tool>` without the server, beforeMCPExecution the bare tool plus `mcp_server_name`
// (docs/cursor-hooks.md §4, §6). Pure: no I/O.

/**
 * The server part of a name when nothing says which server a bare `MCP:<tool>` belongs to: a server-wildcard row
 * (`mcp__.*__write.*`) still sees a server-qualified name and runs (fail toward running the guard).
 */
export const UNKNOWN_MCP_SERVER = 'unknown';

/** MCP tool names (without server) that look like GitHub operations: also offered as `mcp__github__<name>` (docs/peers.md §1.4). */
const GITHUB_OPERATION = /(?:^|_)(?:issues?|pull_requests?|pr_comments?|merge_pull)(?:_|$)/;

/**
 * Claude names for `MCP:<rest>`, server-qualified ones first so a row that accepts any name (`*`) sees one with a
 * server: the server Cursor named, else the server the name itself says (`github-<id>`, `<server>-<tool>`), the
 * servers Cursor or the catalog know (`servers`, best first), a GitHub guess, and only when none of those applies
 * UNKNOWN_MCP_SERVER; then the unqualified `mcp__<rest>`.
 */
export function mcpCandidates(rest: string, server: string | undefined, servers: readonly string[] = []): string[] {
  if (rest.startsWith('mcp__')) return [rest];
  // Cursor named the server (beforeMCPExecution): that is the one true name.
  if (server) return [qualified(server, rest)];
  if (rest.startsWith('github-')) return [`mcp__github__${rest.slice('github-'.length)}`];
  const out: string[] = [];
  const add = (name: string) => {
    if (!out.includes(name)) out.push(name);
  };
  const dash = rest.indexOf('-');
  // `server-tool`: the hyphen may separate the server from the tool, as in Claude's mcp__<server>__<tool>.
  const split = dash > 0 && dash < rest.length - 1 ? `mcp__${rest.slice(0, dash)}__${rest.slice(dash + 1)}` : undefined;
  if (split) add(split);
  for (const s of servers) add(qualified(s, rest));
  // A bare name that reads like a GitHub operation (a hyphenated one already said its server).
  if (!split && GITHUB_OPERATION.test(rest)) add(`mcp__github__${rest}`);
  if (out.length === 0) add(qualified(UNKNOWN_MCP_SERVER, rest));
  add(`mcp__${rest.replace(/-/g, '_')}`);
  return out;
}

/** `mcp__<server>__<tool>`, hyphens in the server folded to underscores. */
function qualified(server: string, tool: string): string {
  return `mcp__${server.replace(/-/g, '_')}__${tool}`;
}

/** The server of a Claude MCP name (`mcp__github__x` → github), or undefined. */
export function mcpServerOf(claudeName: string): string | undefined {
  return /^mcp__(.+?)__./.exec(claudeName)?.[1];
}
