// Shared by the command tests: temp repos with a catalog, and in-process CLI runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../../../src/commands/main.ts';
import { Readable } from 'node:stream';
import type { CliIO } from '../../../src/commands/io.ts';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');

export interface TempRepo {
  dir: string;
  write(rel: string, text: string, mode?: number): string;
  read(rel: string): string;
  catalog(hooks: unknown, extra?: Record<string, unknown>): void;
  cleanup(): void;
}

const made: string[] = [];

/** A temp directory (realpath) with helpers; scripts under hooks/ are executable unless a mode is given. */
export function tempRepo(): TempRepo {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-cmd-')));
  made.push(dir);
  const repo: TempRepo = {
    dir,
    write(rel, text, mode) {
      const p = path.join(dir, rel);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, text);
      fs.chmodSync(p, mode ?? (rel.startsWith('hooks/') && !rel.endsWith('.json') ? 0o755 : 0o644));
      return p;
    },
    read: (rel) => fs.readFileSync(path.join(dir, rel), 'utf8'),
    catalog(hooks, extra = {}) {
      repo.write('hooks/hooks.json', `${JSON.stringify({ ...extra, hooks }, null, 2)}\n`);
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
  return repo;
}

export function cleanupAll(): void {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

/** Run the CLI in-process. `env` replaces the environment (HOME and PATH default to harmless values). */
export async function cli(
  argv: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; stdin?: string } = {},
): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIO({
    env: { PATH: process.env.PATH, HOME: path.join(os.tmpdir(), 'hookshim-no-home'), ...opts.env },
    cwd: opts.cwd ?? ROOT,
    ...(opts.stdin !== undefined ? { stdin: opts.stdin } : {}),
  });
  const code = await run(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** A one-line executable sh script. */
export const sh = (body: string) => `#!/bin/sh\ncat >/dev/null\n${body}\n`;

/** An in-memory CliIO: collects stdout and stderr. */
export function memoryIO(
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; stdin?: string } = {},
): CliIO & { out(): string; err(): string } {
  let out = '';
  let err = '';
  const stdin = Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]) as NodeJS.ReadableStream & {
    isTTY?: boolean;
  };
  return {
    stdout: { write: (s: string | Uint8Array) => ((out += String(s)), true) },
    stderr: { write: (s: string | Uint8Array) => ((err += String(s)), true) },
    stdin,
    env: opts.env ?? {},
    cwd: opts.cwd ?? process.cwd(),
    out: () => out,
    err: () => err,
  };
}
