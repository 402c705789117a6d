// `hookshim init [--host …]` on the command line: Cursor's binding (./init.ts) and the other hosts' (./initCopilot.ts,
// ./initCodex.ts), their reports in words or as JSON.
import path from 'node:path';
import type { HostId } from '../../adapters/hosts/types.ts';
import type { Ctx } from './cliContext.ts';
import { initCodex, type CodexInit } from './initCodex.ts';
import { initCopilot, type CopilotInit } from './initCopilot.ts';
import { hostsFor } from './hosts.ts';
import { init } from './init.ts';
import { findRoot } from './initFiles.ts';
import { EXIT, json, tally } from './io.ts';
import { renderInit } from './render.ts';
import { safeHome } from '../state/fsx.ts';

/** Run `hookshim init` for the command line's arguments and print its report. */
export function initRun(
  c: Ctx,
  args: {
    dir: string;
    catalog?: string[] | undefined;
    here: boolean;
    package?: boolean | undefined;
    'dry-run': boolean;
    json: boolean;
    host?: string | undefined;
  },
): void {
  const root = findRoot(path.resolve(c.io.cwd, args.dir), args.here).root;
  const hosts = hostsFor(args.host, root);
  if (!hosts.includes('cursor')) return initHostsRun(c, { ...args, dir: root }, hosts);
  const catalogs = args.catalog ?? [];
  const copilot = hosts.includes('copilot') ? initCopilot({ dir: root, dryRun: args['dry-run'], catalogs }) : undefined;
  const machine = { env: c.io.env, home: c.io.env.HOME || safeHome() || '' };
  const codex = hosts.includes('codex')
    ? initCodex({ dir: root, dryRun: args['dry-run'], catalogs, machine })
    : undefined;
  const report = init({
    dir: path.resolve(c.io.cwd, args.dir),
    env: c.io.env,
    cwd: c.io.cwd,
    catalogs: args.catalog ?? [],
    here: args.here,
    ...(args.package !== undefined ? { mode: args.package ? 'package' : 'vendored' } : {}),
    dryRun: args['dry-run'],
  });
  const t = tally(report.findings);
  c.setCode(t.errors > 0 ? EXIT.problems : EXIT.ok);
  c.out(
    args.json
      ? json({
          ok: t.errors === 0,
          dryRun: args['dry-run'],
          errors: t.errors,
          ...report,
          ...(copilot ? { copilot } : {}),
          ...(codex ? { codex } : {}),
        })
      : renderInit(report, c.color, args['dry-run']) +
          (copilot ? renderCopilotInit(copilot, args['dry-run']) : '') +
          (codex ? renderCodexInit(codex, args['dry-run']) : ''),
  );
}

/** Bind for hosts other than Cursor only, and print the report. */
export function initHostsRun(
  c: Ctx,
  args: { dir: string; 'dry-run': boolean; json: boolean; catalog?: string[] | undefined },
  hosts: HostId[],
): void {
  const dir = path.resolve(c.io.cwd, args.dir);
  const dryRun = args['dry-run'];
  const copilot = hosts.includes('copilot') ? initCopilot({ dir, dryRun, catalogs: args.catalog ?? [] }) : undefined;
  const machine = { env: c.io.env, home: c.io.env.HOME || safeHome() || '' };
  const codex = hosts.includes('codex') ? initCodex({ dir, dryRun, catalogs: args.catalog ?? [], machine }) : undefined;
  c.setCode(EXIT.ok);
  if (args.json) return c.out(json({ ok: true, dryRun, ...(copilot ? { copilot } : {}), ...(codex ? { codex } : {}) }));
  c.out((copilot ? renderCopilotInit(copilot, dryRun) : '') + (codex ? renderCodexInit(codex, dryRun) : ''));
}

/** The files part of a host's report, and what to commit. */
function filesLines(r: { written: string[]; unchanged: string[] }, dryRun: boolean, commit: string): string[] {
  const lines: string[] = [];
  if (r.written.length > 0) lines.push(`${dryRun ? 'would write' : 'wrote'}: ${r.written.join(', ')}`);
  if (r.unchanged.length > 0) lines.push(`unchanged: ${r.unchanged.join(', ')}`);
  if (!dryRun && r.written.length > 0) lines.push(`next: commit ${commit}`);
  return lines;
}

/** The Copilot part of init's report: what it bound, the files, what to know, what to do next. */
export function renderCopilotInit(r: CopilotInit, dryRun: boolean): string {
  const lines = ['GitHub Copilot (.github/hooks/hookshim.json):'];
  for (const [event, e] of Object.entries(r.entries))
    lines.push(
      `  ${event.padEnd(20)} timeoutSec ${String(e.timeoutSec).padStart(3)}  ${e.matcher ? `matcher ${e.matcher}  ` : ''}${e.bash}`,
    );
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  lines.push(
    ...filesLines(r, dryRun, '.github/hooks/ (hookshim.json, hookshim.cjs and hookshim.config.json if written)'),
  );
  return `${lines.join('\n')}\n`;
}

/** The Codex part of init's report: what it bound, the files, what to trust, what to do next. */
export function renderCodexInit(r: CodexInit, dryRun: boolean): string {
  const lines = ['OpenAI Codex (.codex/hooks.json):'];
  for (const [event, g] of Object.entries(r.groups))
    for (const h of g.hooks)
      lines.push(
        `  ${event.padEnd(20)} timeout ${String(h.timeout).padStart(3)}  ${g.matcher ? `matcher ${g.matcher}  ` : ''}${h.command}`,
      );
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  lines.push(...filesLines(r, dryRun, '.codex/ (hooks.json, hooks/hookshim.cjs and hookshim.json if written)'));
  return `${lines.join('\n')}\n`;
}
