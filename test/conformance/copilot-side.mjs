// The Copilot side of a conformance case (docs/conformance.md §8): the case's project written as for Claude Code,
// bound with `hookshim init --host copilot`, and played by the real GitHub Copilot CLI (copilot.mjs) against the
// loopback stand-in, offline; its outcome is compared with Claude Code's.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { runCopilot } from './copilot.mjs';
import { copilotOutcome } from './observe.mjs';
import { run } from './proc.mjs';
import { writeProject } from './project.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli.mjs');

/** Why the Copilot driver cannot express a case (printed, and the case not run), or undefined when it can. */
export function copilotExcluded(kase) {
  const calls = kase.action.tools ?? (kase.action.tool ? [{ tool: kase.action.tool }] : []);
  if (kase.offline) return kase.offline;
  if (kase.mcp) return 'an MCP call: the driver configures no MCP server for Copilot';
  if (kase.http) return 'http rows: the loopback hook endpoint is not wired to the Copilot side';
  if (kase.action.compact) return 'compaction: a `-p /compact` of a resumed Copilot session is not driven';
  if (calls.some((c) => c.tool === 'Agent')) return 'a subagent: the stand-in cannot tell a Copilot task prompt apart';
  return undefined;
}

/** One case under Copilot: write, `git init`, bind with init --host copilot, run, and read the outcome. */
export async function runCopilotCase(cli, base, kase) {
  const dir = path.join(base, 'copilot', 'proj');
  writeProject(dir, kase, '', true);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  const args = [CLI, 'init', dir, '--host', 'copilot'];
  if (kase.catalog.kind === 'plugin') args.push('--catalog', 'plugins/p1');
  const init = await run(process.execPath, args, { cwd: dir }, 60_000);
  if (init.code !== 0) throw new Error(`init --host copilot failed: ${(init.stdout + init.stderr).slice(0, 300)}`);
  const r = await runCopilot(dir, kase, { ...cli, timeoutMs: 90_000 });
  if (r.timedOut) throw new Error(`Copilot did not finish in time: ${r.stderr.slice(0, 300)}`);
  await new Promise((res) => setTimeout(res, kase.settleMs ?? 0));
  return { outcome: copilotOutcome(dir, kase, r), exit: r.exit, dir };
}
