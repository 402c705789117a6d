// The Codex side of a conformance case (docs/conformance.md §9): the case's project written as for Claude Code, bound
// with `hookshim init --host codex`, its handlers trusted by hash as `/hooks` would (through `codex app-server`'s
// hooks/list, docs/codex-hooks.md §1: Codex's own hash, so the driver's trust cannot miss a handler), and
// played by the real OpenAI Codex CLI (codex.mjs) against the loopback Responses-API stand-in, offline; its outcome is
// compared with Claude Code's.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { runCodex } from './codex.mjs';
import { codexOutcome } from './observe.mjs';
import { run } from './proc.mjs';
import { writeProject } from './project.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli.mjs');

/** Why the Codex driver cannot express a case (printed, and the case not run), or undefined when it can. */
export function codexExcluded(kase) {
  const calls = kase.action.tools ?? (kase.action.tool ? [{ tool: kase.action.tool }] : []);
  if (kase.offline) return kase.offline;
  if (kase.mcp) return 'an MCP call: the driver configures no MCP server for Codex';
  if (kase.http) return 'http rows: the loopback hook endpoint is not wired to the Codex side';
  if (kase.action.compact) return 'compaction: codex exec has no /compact to drive';
  if (calls.some((c) => c.tool === 'Agent')) return 'no Codex analog: codex exec offers the model no subagent tool';
  // A Read before an Edit only satisfies Claude's read-first rule; a Read the case gates has no Codex tool to gate.
  const gated = Object.values(kase.catalog.hooks)
    .flat()
    .map((g) => g.matcher ?? '');
  if (calls.some((c) => c.tool === 'Read') && gated.some((m) => /\bRead\b/.test(m)))
    return 'no Codex analog: Codex has no read tool (a read is a shell command, which hooks see as Bash)';
  return undefined;
}

/** One case under Codex: write, `git init`, bind with init --host codex, trust, run, and read the outcome. */
export async function runCodexCase(cli, base, kase) {
  const dir = path.join(base, 'codex', 'proj');
  writeProject(dir, kase);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  const args = [CLI, 'init', dir, '--host', 'codex'];
  if (kase.catalog.kind === 'plugin') args.push('--catalog', 'plugins/p1');
  const init = await run(process.execPath, args, { cwd: dir }, 60_000);
  if (init.code !== 0) throw new Error(`init --host codex failed: ${(init.stdout + init.stderr).slice(0, 300)}`);
  const r = await runCodex(dir, kase, {
    ...cli,
    trust: 'hash',
    home: path.join(base, 'codex', 'home'),
    timeoutMs: 90_000,
  });
  if (r.timedOut) throw new Error(`Codex did not finish in time: ${r.stderr.slice(0, 300)}`);
  await new Promise((res) => setTimeout(res, kase.settleMs ?? 0));
  return { outcome: codexOutcome(dir, kase, r), exit: r.exit, dir, run: r };
}
