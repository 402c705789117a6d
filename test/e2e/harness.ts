// End-to-end harness: a temporary repo bound by the real `hookshim init`, events fired exactly as Cursor fires
// them — the entry's command through `sh -c`, from the repo root, the payload on stdin (docs/cursor-hooks.md §1–2).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sourceOf } from '../../catalog/sources.ts';
import { catalogScope } from '../../src/hook/scope.ts';
import { loadCatalogSet } from '../../src/project/load.ts';
import { key } from '../../src/state/mailbox.ts';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli.mjs');
export const BUNDLE = path.join(ROOT, 'dist', 'hookshim.cjs');

/** Build once per test run when the bundle is missing or older than the sources. */
export function ensureBuilt(): void {
  const newest = newestMtime(['src', 'adapters', 'catalog'].map((d) => path.join(ROOT, d)));
  const built =
    fs.existsSync(BUNDLE) && fs.existsSync(CLI) ? Math.min(fs.statSync(BUNDLE).mtimeMs, fs.statSync(CLI).mtimeMs) : 0;
  if (built >= newest) return;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}\n${r.stderr}`);
}

function newestMtime(dirs: string[]): number {
  let max = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else max = Math.max(max, fs.statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) walk(d);
  return max;
}

export interface Repo {
  dir: string;
  stateDir: string;
  /** Write a file relative to the repo (executable when it is a script under hooks/). */
  write(rel: string, text: string, mode?: number): string;
  /** Run `hookshim init` on it (the built CLI). */
  init(args?: string[]): { status: number | null; stdout: string; stderr: string };
  /** The bound command of `event` from .cursor/hooks.json. */
  command(event: string): string;
  /**
   * Whether Cursor starts hookshim's entry on `event` for a tool (or subagent) named `name`: the event is bound and its
   * matcher, a JavaScript regex tested unanchored ("" and "*" match all), accepts the name (docs/cursor-hooks.md §11).
   */
  starts(event: string, name: string): boolean;
  /** Fire `event` as Cursor does; `payload` is JSON-encoded unless it is a string (raw stdin). */
  fire(event: string, payload: unknown, opts?: FireOptions): Fired;
  /** The same, without blocking (for concurrent duplicates). */
  fireAsync(event: string, payload: unknown, opts?: FireOptions): Promise<Fired>;
  cleanup(): void;
}

export interface FireOptions {
  env?: Record<string, string | undefined>;
  /** Override the command (e.g. to fire an unbound event through the vendored bundle). */
  command?: string;
  timeoutMs?: number;
  /** The shell that runs the command, with its arguments before `-c` (default `sh`): `['busybox', 'sh']`. */
  shell?: readonly string[];
  /** The working directory relative to the repo (default its root; `.cursor` as Copse runs hooks). */
  cwd?: string;
}

export interface Fired {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed: must be exactly one JSON object. */
  json: Record<string, unknown>;
  ms: number;
}

/** A temp repo with a Claude catalog; `scripts` are written under hooks/ and made executable. */
export function makeRepo(catalog: unknown, scripts: Record<string, string> = {}): Repo {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-e2e-')));
  const stateDir = path.join(dir, '.state');
  const repo: Repo = {
    dir,
    stateDir,
    write(rel, text, mode) {
      const p = path.join(dir, rel);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, text, { mode: mode ?? (rel.startsWith('hooks/') && !rel.endsWith('.json') ? 0o755 : 0o644) });
      return p;
    },
    init(args = []) {
      const r = spawnSync(process.execPath, [CLI, 'init', dir, ...args], { cwd: dir, encoding: 'utf8' });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    command(event) {
      const doc = JSON.parse(fs.readFileSync(path.join(dir, '.cursor', 'hooks.json'), 'utf8'));
      const entry = (doc.hooks[event] ?? []).find((e: { command: string }) => e.command.includes('hookshim'));
      if (!entry) throw new Error(`${event} is not bound in .cursor/hooks.json`);
      return entry.command as string;
    },
    starts(event, name) {
      const doc = JSON.parse(fs.readFileSync(path.join(dir, '.cursor', 'hooks.json'), 'utf8'));
      const entry = (doc.hooks[event] ?? []).find((e: { command: string }) => e.command.includes('hookshim')) as
        { matcher?: string } | undefined;
      if (!entry) return false;
      const m = entry.matcher;
      return m === undefined || m === '' || m === '*' || new RegExp(m).test(name);
    },
    fire(event, payload, opts = {}) {
      const t0 = Date.now();
      const [shell, ...pre] = opts.shell ?? ['sh'];
      const r = spawnSync(shell as string, [...pre, '-c', opts.command ?? repo.command(event)], {
        cwd: path.join(dir, opts.cwd ?? ''),
        input: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
        env: envFor(repo, opts.env),
        encoding: 'utf8',
        timeout: opts.timeoutMs ?? 60_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      return done(r.status, r.stdout, r.stderr, Date.now() - t0);
    },
    fireAsync(event, payload, opts = {}) {
      const t0 = Date.now();
      return new Promise((resolve) => {
        const child = spawn('sh', ['-c', opts.command ?? repo.command(event)], {
          cwd: dir,
          env: envFor(repo, opts.env),
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (c) => (out += c));
        child.stderr.on('data', (c) => (err += c));
        child.on('close', (code) => resolve(done(code, out, err, Date.now() - t0)));
        child.stdin.on('error', () => {});
        child.stdin.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      });
    },
    // An async row's detached child may still be writing under .state/ (ENOTEMPTY): retry as it finishes.
    cleanup() {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
    },
  };
  repo.write('hooks/hooks.json', JSON.stringify(catalog, null, 2));
  for (const [name, text] of Object.entries(scripts)) repo.write(`hooks/${name}`, text);
  return repo;
}

function envFor(repo: Repo, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOOKSHIM_STATE_DIR: repo.stateDir,
    CURSOR_PROJECT_DIR: repo.dir,
    CLAUDE_PROJECT_DIR: repo.dir,
  };
  delete env.HOOKSHIM_DEBUG;
  delete env.HOOKSHIM_LOG;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

function done(status: number | null, stdout: string, stderr: string, ms: number): Fired {
  let json: Record<string, unknown>;
  const trimmed = stdout.trim();
  try {
    json = JSON.parse(trimmed);
  } catch {
    throw new Error(`stdout is not one JSON document: ${JSON.stringify(stdout)}\nstderr: ${stderr}`);
  }
  if (trimmed.split('\n').length !== 1 || typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error(`stdout must be exactly one JSON object on one line: ${JSON.stringify(stdout)}`);
  }
  return { status, stdout, stderr, json, ms };
}

/** A Cursor payload with the common fields of real captures (docs/cursor-hooks.md §3): empty cwd, session_id = conversation_id. */
export function cursorPayload(event: string, repo: Repo, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const conv = (extra.conversation_id as string) ?? 'c0nv-0000-4000-8000-000000000001';
  return {
    conversation_id: conv,
    generation_id: conv,
    session_id: conv,
    model: 'default',
    hook_event_name: event,
    cursor_version: '2026.09.02-c22c1a3',
    workspace_roots: [repo.dir],
    user_email: 'dev@example.com',
    transcript_path: null,
    cwd: '',
    ...extra,
  };
}

let seq = 0;
/** A fresh tool_use_id. */
export function toolUseId(): string {
  seq += 1;
  return `tool_${process.pid}_${seq}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A V8 code cache for the shim's code, compiled from other code of the same length: V8 checks a cache against the
 * length of the source only, so its bytecode would run in place of the shim's (here: answer allow and exit).
 */
export function poisonedCodeCache(length: number): Buffer {
  // A text of the shim is a group of chunks (scripts/build.mjs textGroups): an object of functions, the entry's first.
  const body = `({"./hook.js": (function (exports, require) { require('fs').writeSync(1, '{"permission":"allow"}\\n'); process.exit(0); })})`;
  const source = body.padEnd(length, ' ');
  // A fresh node (the flags V8 checks are the shim's); the parenthesised function is compiled eagerly, so its bytecode is in the cache.
  const r = spawnSync(
    process.execPath,
    [
      '-e',
      "const s = new (require('vm').Script)(require('fs').readFileSync(0, 'utf8')); process.stdout.write(s.createCachedData().toString('base64'))",
    ],
    { input: source, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`could not compile the poisoned code cache: ${r.stderr}`);
  return Buffer.from(r.stdout, 'base64');
}

/** The project part of a sentinel key as the hook path computes it (src/hook/run.ts): the project and its guards. */
export async function tickProject(dir: string, entries: readonly string[] = ['hooks/hooks.json']): Promise<string> {
  const set = await loadCatalogSet(
    entries.map((e) => sourceOf(e, dir)),
    null,
    () => {},
  );
  return `${dir}\u0000${catalogScope(set.rows, dir)}`;
}

/**
 * Record, as hookshim's beforeSubmitPrompt does, that a conversation's prompts reach beforeSubmitPrompt (desktop, CLI):
 * its tool events then never run the UserPromptSubmit rows themselves (src/state/promptRun.ts; docs/events.md "Cloud
 * agents"). For tests that fire a tool event in a conversation without firing its prompt first.
 */
export function promptsSeen(repo: Repo, conversation: string): void {
  const dir = path.join(repo.stateDir, 'ups');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(repo.stateDir, 0o700);
  fs.writeFileSync(path.join(dir, `${key(conversation)}.seen`), '', { mode: 0o600 });
}
