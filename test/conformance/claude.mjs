// The real Claude Code side of a conformance case (docs/conformance.md §2): the pinned CLI, installed on demand into a
// cache folder outside the repository, run in `-p` mode against the loopback stand-in with a scratch HOME.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorTurn, startStandin, textTurn, toolTurn } from './standin.mjs';
import { run, sub } from './proc.mjs';

const CACHE = process.env.HOOKSHIM_CACHE_DIR || path.join(os.homedir(), '.cache', 'hookshim');

/** The `claude` binary of `version`, installed when missing; or `{ skip }` with the one reason it cannot be had. */
export function ensureClaude(version) {
  const dir = path.join(CACHE, 'claude-code', version);
  const bin = path.join(dir, 'node_modules', '.bin', 'claude');
  const works = () => spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 }).stdout?.includes(version);
  if (fs.existsSync(bin) && works()) return { bin };
  if (process.env.HOOKSHIM_CONFORMANCE_OFFLINE) return { skip: `Claude Code ${version} is not in ${dir} (offline)` };
  fs.mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error'];
  const r = spawnSync(npm, [...args, `@anthropic-ai/claude-code@${version}`], { encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) fs.rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0)
    return { skip: `the registry did not serve @anthropic-ai/claude-code@${version}: ${oneLine(r.stderr)}` };
  if (!fs.existsSync(bin) || !works())
    return { skip: `Claude Code ${version} installed but its binary does not run here` };
  return { bin };
}

/** The conformance run's MCP server, as both hosts start it. */
export const MCP_SERVER = {
  command: process.execPath,
  args: [path.join(path.dirname(new URL(import.meta.url).pathname), 'mcp.mjs')],
};

/** The telling line of npm's error output (not the pointer to its log file). */
const oneLine = (s) =>
  ((s ?? '').split('\n').find((l) => /npm (error|ERR!)/.test(l) && !/complete log|^npm error\s*$/.test(l)) ?? '').slice(
    0,
    200,
  );

/** The scripted assistant turns of an action: its tool calls (if any), then a closing text. */
export function scriptOf(action, dir) {
  const calls = action.tools ?? (action.tool ? [{ tool: action.tool, input: action.input }] : []);
  return [
    ...calls.map((c, i) => toolTurn(c.tool, sub(c.input, dir), `toolu_conf_${i}`)),
    action.apiError ? errorTurn(action.apiError) : textTurn(action.reply ?? 'All done.'),
  ];
}

/** Run Claude Code once on `dir` (the case's project) and return what each audience got and what the rows saw. */
export async function runClaude(bin, dir, kase) {
  const script = scriptOf(kase.action, dir);
  const standin = await startStandin(script, kase.sideText);
  const home = path.join(dir, '..', 'home-claude');
  fs.mkdirSync(home, { recursive: true });
  const args = ['-p', kase.action.prompt ?? 'Do the task.', '--output-format', 'stream-json', '--verbose'];
  args.push('--allowedTools', 'Bash,Write,Edit,Read,Glob,Grep', '--permission-mode', 'acceptEdits');
  if (kase.catalog.kind === 'plugin') args.push('--plugin-dir', path.join(dir, 'plugins', 'p1'));
  if (kase.mcp) {
    // The stdio MCP server `conf` (mcp.mjs); its tools loaded up front, not through ToolSearch.
    const config = path.join(dir, '..', 'mcp-claude.json');
    fs.writeFileSync(config, JSON.stringify({ mcpServers: { conf: MCP_SERVER } }));
    args.push('--mcp-config', config, '--allowedTools', 'mcp__conf__echo');
  }
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    TMPDIR: os.tmpdir(),
    ANTHROPIC_BASE_URL: standin.url,
    ANTHROPIC_API_KEY: 'sk-test',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    ENABLE_TOOL_SEARCH: 'false',
  };
  try {
    const r = await run(bin, args, { cwd: dir, env }, 120_000);
    await settle(dir, kase);
    const lines = jsonLines(r.stdout);
    const turns = standin.turns();
    // A compaction case: the same session resumed with /compact (PreCompact runs with trigger "manual").
    const compact = kase.action.compact
      ? await run(bin, compactArgs(args, lines), { cwd: dir, env }, 120_000)
      : { stdout: '', stderr: '', timedOut: false };
    return {
      exit: r.code,
      timedOut: r.timedOut || compact.timedOut,
      stderr: r.stderr + compact.stderr,
      lines: [...lines, ...jsonLines(compact.stdout)],
      turns,
      subTurns: standin.subTurns(),
      nScripted: script.length,
    };
  } finally {
    await standin.close();
  }
}

const jsonLines = (out) =>
  out
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l));

/** `-p /compact --resume <session>` with the first run's other flags. */
function compactArgs(args, lines) {
  const session = lines.find((l) => l.session_id)?.session_id ?? '';
  return ['-p', '/compact', '--resume', session, ...args.slice(2)];
}

/** Async rows may still be writing their probes: wait (bounded) for the probe count to stop changing. */
async function settle(dir, kase) {
  if (!kase.settleMs) return;
  await new Promise((r) => setTimeout(r, kase.settleMs));
}
