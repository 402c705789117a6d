// @ts-check
// The bench's world: temp repos bound by the real `hookshim init` (built CLI, vendored bundle), each with its own
// state dir, the guard scripts they run, and Cursor payloads shaped like real captures (test/e2e/harness.ts and
// scripts/demo.mjs drive repos the same way).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { seedState } from '../bench-transcript.mjs';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli.mjs');

/** A trivial guard: reads its stdin, says nothing, exits 0. */
export const TRIVIAL = '#!/bin/sh\ncat >/dev/null\n';
/** A slow guard. */
export const SLOW = (seconds) => `#!/bin/sh\ncat >/dev/null\nsleep ${seconds}\n`;
/** A guard that reads the transcript (so hookshim keeps a Claude-shaped copy of it): the path from its stdin, the last line. */
export const TRANSCRIPT =
  '#!/bin/sh\n# reads the transcript: its last line\np=$(sed -n ' +
  '\'s/.*"transcript_path":"\\([^"]*\\)".*/\\1/p\')\n[ -n "$p" ] && tail -n 1 "$p" >/dev/null\nexit 0\n';
/** A guard that asks git about the work tree, as many real guards do. */
/** A guard that denies every call, as a Claude hook does: exit 2 with its reason on stderr (docs/claude-hooks.md §2). */
export const DENY = "#!/bin/sh\ncat >/dev/null\necho 'bench: this call is denied' >&2\nexit 2\n";
export const GIT = '#!/bin/sh\ncat >/dev/null\ngit status --porcelain >/dev/null\n';
/** A warn-only guard: its context is stashed on preToolUse and replayed on the matching postToolUse. */
export const WARN =
  `#!/bin/sh\ncat >/dev/null\necho ` +
  `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"Read with care."}}'\n`;

/**
 * A guard in Python, as the Python adapter's were: it parses its payload with `json` and exits 0. `python` is the
 * interpreter's absolute path (systemPython): a version manager's shim on PATH would time the shim.
 */
export const PYTHON = (python) => `#!${python}\nimport json, sys\njson.load(sys.stdin)\n`;

/** The system's python3 (the first of the usual places that is executable), or undefined: its rows are left out. */
export function systemPython() {
  for (const p of ['/usr/bin/python3', '/usr/local/bin/python3', '/opt/homebrew/bin/python3'])
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  return undefined;
}

/** The catalog command of script `name`, written as a Claude plugin writes it. */
export const commandOf = (name) => `"\${CLAUDE_PLUGIN_ROOT}"/hooks/${name}`;
const rows = (names) => names.map((n) => ({ type: 'command', command: commandOf(n), timeout: 60 }));

/**
 * A bound repo under `tmp`: `catalog` maps Claude events to [matcher, script names] pairs; `scripts` maps names to
 * their text. `results` (optional) seeds the state dir with the session's recorded tool results
 * (bench-transcript's seedState), so its transcript pairs as in a real session. `config` is written to
 * .cursor/hookshim.json before init. `host: 'copilot'` binds it for GitHub Copilot instead (`init --host copilot`):
 * `command(event)` is then the `bash` command of .github/hooks/hookshim.json.
 * @param {{ git?: boolean, config?: Record<string, unknown>, host?: 'copilot' }} [opts]
 */
export function makeRepo(tmp, name, catalog, scripts, results, opts = {}) {
  const { git = false, config, host } = opts;
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, 'hooks'), { recursive: true });
  if (git) gitInit(dir);
  const doc = { hooks: {} };
  for (const [event, groups] of Object.entries(catalog))
    doc.hooks[event] = groups.map(([matcher, names]) => ({ ...(matcher ? { matcher } : {}), hooks: rows(names) }));
  fs.writeFileSync(path.join(dir, 'hooks', 'hooks.json'), JSON.stringify(doc, null, 2));
  for (const [file, text] of Object.entries(scripts))
    fs.writeFileSync(path.join(dir, 'hooks', file), text, { mode: 0o755 });
  if (config) {
    fs.mkdirSync(path.join(dir, '.cursor'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, '.cursor', 'hookshim.json'),
      JSON.stringify({ catalogs: ['hooks/hooks.json'], ...config }),
    );
  }
  const hostArgs = host ? ['--host', host] : [];
  const init = spawnSync(process.execPath, [CLI, 'init', dir, ...hostArgs], { cwd: dir, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`hookshim init ${dir} failed:\n${init.stdout}${init.stderr}`);
  const stateDir = path.join(tmp, `${name}.state`);
  if (results) seedState(stateDir, results);
  // Cursor sets both project variables; Copilot sets neither (docs/copilot-hooks.md §3): hookshim finds the root itself.
  const projectEnv = host ? {} : { CURSOR_PROJECT_DIR: dir, CLAUDE_PROJECT_DIR: dir };
  const env = { ...process.env, HOOKSHIM_STATE_DIR: stateDir, ...projectEnv };
  if (host) for (const k of ['CURSOR_PROJECT_DIR', 'CLAUDE_PROJECT_DIR']) delete env[k];
  for (const k of ['HOOKSHIM', 'HOOKSHIM_DEBUG', 'HOOKSHIM_LOG', 'HOOKSHIM_LOG_PAYLOADS', 'HOOKSHIM_STATE_MAX_AGE_S'])
    delete env[k];
  const bindingFile = host
    ? path.join(dir, '.github', 'hooks', 'hookshim.json')
    : path.join(dir, '.cursor', 'hooks.json');
  const commandKey = host ? 'bash' : 'command';
  const bound = JSON.parse(fs.readFileSync(bindingFile, 'utf8')).hooks;
  return {
    name,
    dir,
    stateDir,
    env,
    /** The bound command of `event`, exactly as the binding file has it. */
    command(event) {
      const entry = (bound[event] ?? []).find((e) => String(e[commandKey]).includes('hookshim'));
      if (!entry) throw new Error(`${name}: ${event} is not bound`);
      return entry[commandKey];
    },
    /** What hookshim's runner hands /bin/sh -c for these scripts (${CLAUDE_PLUGIN_ROOT} substituted). */
    shellCommands(names) {
      return names.map((n) => commandOf(n).replace('${CLAUDE_PLUGIN_ROOT}', dir));
    },
  };
}

/** A git work tree with one commit (some files, so `git status` has something to look at). */
function gitInit(dir) {
  const git = (...args) => {
    const r = spawnSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'bench',
        GIT_AUTHOR_EMAIL: 'bench@example.com',
        GIT_COMMITTER_NAME: 'bench',
        GIT_COMMITTER_EMAIL: 'bench@example.com',
      },
    });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} in ${dir} failed: ${r.stderr}`);
  };
  git('init', '-q');
  for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(dir, `file${i}.txt`), `line ${i}\n`.repeat(20));
  git('add', '-A');
  git('commit', '-q', '-m', 'bench');
}

let seq = 0;
/** A fresh id (tool_use_id, generation_id): every fired event is a new one, never a duplicate of an earlier run. */
export function freshId(prefix) {
  seq += 1;
  return `${prefix}_${process.pid}_${seq}`;
}

/** A Cursor payload with the common fields of real captures (docs/cursor-hooks.md §3). */
export function cursorPayload(event, repo, session, extra = {}) {
  return JSON.stringify({
    conversation_id: session,
    generation_id: extra.generation_id ?? session,
    session_id: session,
    model: 'default',
    hook_event_name: event,
    cursor_version: '2026.09.02-c22c1a3',
    workspace_roots: [repo.dir],
    user_email: 'dev@example.com',
    cwd: '',
    ...extra,
  });
}

/** A Copilot preToolUse payload for a bash call (docs/copilot-hooks.md §3). */
export function copilotPreToolUse(repo, session) {
  return JSON.stringify({
    sessionId: session,
    timestamp: Date.now(),
    cwd: repo.dir,
    toolName: 'bash',
    toolArgs: { command: 'ls', description: 'list' },
  });
}

/** Roughly what hookshim hands a PreToolUse Bash guard on stdin, for the direct driver. */
export function claudePreToolUse(repo, session, transcriptPath) {
  return JSON.stringify({
    session_id: session,
    transcript_path: transcriptPath,
    cwd: repo.dir,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    tool_use_id: freshId('toolu'),
  });
}
