// `hookshim init --host copilot` on the command line: its report, in words or as JSON.
import path from 'node:path';
import type { Ctx } from './cliContext.ts';
import { initCopilot, type CopilotInit } from './initCopilot.ts';
import { EXIT, json } from './io.ts';

/** Bind for Copilot only, and print the report. */
export function initCopilotRun(
  c: Ctx,
  args: { dir: string; 'dry-run': boolean; json: boolean; catalog?: string[] | undefined },
): void {
  const dir = path.resolve(c.io.cwd, args.dir);
  const report = initCopilot({ dir, dryRun: args['dry-run'], catalogs: args.catalog ?? [] });
  c.setCode(EXIT.ok);
  c.out(
    args.json
      ? json({ ok: true, dryRun: args['dry-run'], copilot: report })
      : renderCopilotInit(report, args['dry-run']),
  );
}

/** The Copilot part of init's report: what it bound, the files, what to know, what to do next. */
export function renderCopilotInit(r: CopilotInit, dryRun: boolean): string {
  const lines = ['GitHub Copilot (.github/hooks/hookshim.json):'];
  for (const [event, e] of Object.entries(r.entries))
    lines.push(
      `  ${event.padEnd(20)} timeoutSec ${String(e.timeoutSec).padStart(3)}  ${e.matcher ? `matcher ${e.matcher}  ` : ''}${e.bash}`,
    );
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  const verb = dryRun ? 'would write' : 'wrote';
  if (r.written.length > 0) lines.push(`${verb}: ${r.written.join(', ')}`);
  if (r.unchanged.length > 0) lines.push(`unchanged: ${r.unchanged.join(', ')}`);
  if (!dryRun && r.written.length > 0) lines.push('next: commit .github/hooks/ (hookshim.json and hookshim.cjs)');
  return `${lines.join('\n')}\n`;
}
