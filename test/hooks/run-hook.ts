// Runs a script of hooks/hooks.json the way Claude Code does: the catalog's own command through
// `sh -c` with ${CLAUDE_PLUGIN_ROOT} substituted, the Claude JSON on stdin, CLAUDE_PROJECT_DIR and
// CLAUDE_PLUGIN_ROOT in the environment, cwd = the project.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

interface Handler {
  type: string;
  command: string;
  timeout?: number;
  [key: string]: unknown;
}
interface Group {
  matcher?: string;
  hooks: Handler[];
  [key: string]: unknown;
}
export interface HooksFile {
  description?: string;
  hooks: Record<string, Group[]>;
  [key: string]: unknown;
}
export interface CatalogEntry {
  event: string;
  matcher: string | undefined;
  handler: Handler;
  group: Group;
}

export function readCatalog(): HooksFile {
  return JSON.parse(readFileSync(join(repoRoot, 'hooks', 'hooks.json'), 'utf8')) as HooksFile;
}

export function catalogEntries(): CatalogEntry[] {
  return Object.entries(readCatalog().hooks).flatMap(([event, groups]) =>
    groups.flatMap((group) => group.hooks.map((handler) => ({ event, matcher: group.matcher, handler, group }))),
  );
}

/** The one catalog entry whose command runs hooks/<script>. */
export function entryFor(script: string): CatalogEntry {
  const found = catalogEntries().filter((e) => e.handler.command.endsWith(`/hooks/${script}`));
  if (found.length !== 1) throw new Error(`hooks/hooks.json has ${found.length} rows for ${script}`);
  return found[0]!;
}

export interface HookRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed, when it is a JSON document (Claude reads stdout as JSON when it starts with `{`). */
  json: unknown;
}

export interface RunOptions {
  /** CLAUDE_PROJECT_DIR and cwd of the process; the repository root by default. */
  projectDir?: string;
  /** Extra environment; a value of undefined removes the variable. */
  env?: Record<string, string | undefined>;
}

export function runHook(script: string, input: object | string, options: RunOptions = {}): HookRun {
  const { handler } = entryFor(script);
  const projectDir = options.projectDir ?? repoRoot;
  const command = handler.command.replaceAll('${CLAUDE_PLUGIN_ROOT}', repoRoot);
  // GIT_* from an outer git process (e.g. a commit hook) would point git at the wrong repository.
  const env: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_') && !k.startsWith('CLAUDE_')),
  );
  Object.assign(env, { CLAUDE_PROJECT_DIR: projectDir, CLAUDE_PLUGIN_ROOT: repoRoot }, options.env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const run = spawnSync('sh', ['-c', command], {
    cwd: projectDir,
    input: typeof input === 'string' ? input : JSON.stringify(input),
    env,
    encoding: 'utf8',
    timeout: (handler.timeout ?? 10) * 1000,
  });
  if (run.error) throw run.error;
  const stdout = run.stdout;
  return {
    status: run.status,
    stdout,
    stderr: run.stderr,
    json: stdout.trimStart().startsWith('{') ? JSON.parse(stdout) : undefined,
  };
}

/** The fields Claude Code puts in every hook input (§2.1), plus the event's own. */
export function claudeInput(event: string, fields: Record<string, unknown>, cwd = repoRoot): Record<string, unknown> {
  return {
    session_id: '3f2a9c1e-7b4d-4e21-9a0f-5c8d2e6b1a47',
    transcript_path: '/nonexistent/3f2a9c1e.jsonl',
    cwd,
    permission_mode: 'default',
    hook_event_name: event,
    ...fields,
  };
}

// Temp dirs of one test file live under one root; the file removes it with afterAll(removeTempDirs).
let tempRoot: string | undefined;
export function tempDir(prefix: string): string {
  tempRoot ??= mkdtempSync(join(tmpdir(), 'hookshim-hooks-'));
  return mkdtempSync(join(tempRoot, `${prefix}-`));
}
export function removeTempDirs(): void {
  if (tempRoot) rmSync(tempRoot, { recursive: true, force: true });
  tempRoot = undefined;
}
