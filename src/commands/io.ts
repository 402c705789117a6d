// What every management command shares: its streams and environment (swappable in tests), exit codes, colours.
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { PLUGIN_HOOKS } from '../project/plugin.ts';
import type { Finding } from './findings.ts';

/** Exit codes of the management commands (documented in `hookshim --help`). */
export const EXIT = {
  /** Done; nothing wrong. */
  ok: 0,
  /** The command ran and found problems (check, doctor), or replayed decisions changed (replay). */
  problems: 1,
  /** Bad command line or bad input (unknown option, a payload that is not a JSON object). */
  usage: 2,
  /** The project is not in a state the command can work on: no catalog, unreadable .cursor/hooks.json, no bundle, a write failed. */
  cannot: 3,
  /** hookshim itself crashed: a bug. */
  internal: 70,
} as const;

export interface CliIO {
  stdout: Pick<Writable, 'write'> & { isTTY?: boolean };
  stderr: Pick<Writable, 'write'> & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** The real process. */
export function cliIO(): CliIO {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };
}

/** A failure with the exit code it means; the message is for humans. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.cannot,
  ) {
    super(message);
  }
}

/** The folder `--plugin` names (explain, replay), once `init --plugin` has bound it: its .cursor-plugin/hooks.json exists. */
export function boundPluginFolder(given: string, cwd: string): string {
  const folder = path.resolve(cwd, given);
  if (!fs.existsSync(path.join(folder, PLUGIN_HOOKS)))
    throw new CommandError(
      `--plugin ${given}: no ${PLUGIN_HOOKS} in ${folder}; run \`hookshim init --plugin\` in the plugin's repository first`,
      EXIT.usage,
    );
  return folder;
}

export interface Paint {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
}

/** Colours only on a TTY, never with NO_COLOR (https://no-color.org) or TERM=dumb; FORCE_COLOR=1 forces them. */
export function paint(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Paint {
  const force = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  const on = !('NO_COLOR' in env && env.NO_COLOR !== '') && (force || (stream.isTTY === true && env.TERM !== 'dumb'));
  const c = (code: number) => (s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);
  return { bold: c(1), dim: c(2), red: c(31), yellow: c(33), green: c(32), cyan: c(36) };
}

/** A finding of check or doctor. `error` fails the command; `warning` only with --strict; `info` is context. */
/** Render findings one per line (plus an indented fix), most severe first. */
export function renderFindings(findings: readonly Finding[], p: Paint, opts: { info: boolean }): string[] {
  const order = { error: 0, warning: 1, info: 2 } as const;
  const lines: string[] = [];
  const shown = findings
    .filter((f) => opts.info || f.severity !== 'info')
    .sort((a, b) => order[a.severity] - order[b.severity]);
  for (const f of shown) {
    const tag =
      f.severity === 'error' ? p.red('error  ') : f.severity === 'warning' ? p.yellow('warning') : p.dim('info   ');
    lines.push(`${tag} ${f.where ? `${p.bold(f.where)}: ` : ''}${f.message} ${p.dim(`[${f.code}]`)}`);
    if (f.fix) lines.push(`        ${p.cyan('fix:')} ${f.fix}`);
  }
  return lines;
}

/** "2 errors, 1 warning". */
export function tally(findings: readonly Finding[]): { errors: number; warnings: number; text: string } {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
  return { errors, warnings, text: `${n(errors, 'error')}, ${n(warnings, 'warning')}` };
}

/** Pretty JSON for --json, with a trailing newline. */
export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
