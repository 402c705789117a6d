// The real OpenAI Codex CLI side of a conformance case (docs/codex-hooks.md §9): the pinned CLI, installed on demand into
// a cache folder outside the repository, run as `codex exec --json`, offline, against the loopback Responses-API
// stand-in (responses.mjs) with a scratch CODEX_HOME and HOME. It plays a case's scripted conversation with Codex's
// tools (exec_command, apply_patch) and collects what the model got, what the user saw, the files, what each recording
// hook read on stdin, and the session's rollout file.
// @ts-check
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { customTurn, errorTurn, startResponses, textTurn, toolTurn } from './responses.mjs';
import { readRecords } from './copilot.mjs';
import { run, sub } from './proc.mjs';
import { CODEX_VERSION } from './version.mjs';

export { readRecords };

const CACHE = process.env.HOOKSHIM_CACHE_DIR || path.join(os.homedir(), '.cache', 'hookshim');

/** Where version `version` of the CLI lives: the npm prefix and the `codex` bin. */
export function codexPaths(version = CODEX_VERSION) {
  const dir = path.join(CACHE, 'codex', version);
  return { dir, bin: path.join(dir, 'node_modules', '.bin', 'codex') };
}

/** The `codex` binary of `version`, installed when missing; or `{ skip }` with the one reason it cannot be had. */
export function ensureCodex(version = CODEX_VERSION) {
  const { dir, bin } = codexPaths(version);
  const works = () => spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000 }).stdout?.includes(version);
  if (fs.existsSync(bin) && works()) return { bin };
  if (process.env.HOOKSHIM_CONFORMANCE_OFFLINE) return { skip: `Codex CLI ${version} is not in ${dir} (offline)` };
  fs.mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error'];
  const r = spawnSync(npm, [...args, `@openai/codex@${version}`], { encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) fs.rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) return { skip: `the registry did not serve @openai/codex@${version}: ${oneLine(r.stderr)}` };
  if (!fs.existsSync(bin) || !works())
    return { skip: `Codex CLI ${version} installed but its binary does not run here` };
  return { bin };
}

/** The telling line of npm's error output (not the pointer to its log file). */
const oneLine = (/** @type {string | null | undefined} */ s) =>
  ((s ?? '').split('\n').find((l) => /npm (error|ERR!)/.test(l) && !/complete log|^npm error\s*$/.test(l)) ?? '').slice(
    0,
    200,
  );

/** A path as apply_patch takes it: relative to the project when inside it. */
const rel = (/** @type {string} */ file, /** @type {string} */ dir) =>
  path.isAbsolute(file) && file.startsWith(dir + path.sep) ? path.relative(dir, file) : file;

/** A file's text as `+` lines of an apply_patch hunk (apply_patch works in whole lines). */
const plus = (/** @type {string} */ text) =>
  String(text ?? '')
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => `+${l}`)
    .join('\n');

/** A POSIX shell word. */
const q = (/** @type {string} */ s) => `'${String(s).replaceAll("'", `'\\''`)}'`;

/** The apply_patch that makes Claude's Edit: the lines holding `old_string` (read from disk now) rewritten. */
export function editPatch(/** @type {any} */ i, /** @type {string} */ dir) {
  const file = path.isAbsolute(i.file_path) ? i.file_path : path.join(dir, i.file_path);
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : String(i.old_string ?? '');
  const at = text.indexOf(i.old_string);
  if (at < 0) {
    // Nothing to anchor on: the patch names old_string as a line, and apply_patch reports that it does not match.
    const body = `${String(i.old_string).replace(/^/gm, '-')}\n${plus(i.new_string)}`;
    return `*** Begin Patch\n*** Update File: ${rel(i.file_path, dir)}\n@@\n${body}\n*** End Patch\n`;
  }
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const endNl = text.indexOf('\n', at + String(i.old_string).length);
  const end = endNl < 0 ? text.length : endNl;
  const before = text.slice(start, end);
  const after = before.replace(i.old_string, i.new_string);
  const minus = before
    .split('\n')
    .map((l) => `-${l}`)
    .join('\n');
  return `*** Begin Patch\n*** Update File: ${rel(i.file_path, dir)}\n@@\n${minus}\n${plus(after)}\n*** End Patch\n`;
}

/**
 * Claude Code's tools as Codex CLI 0.169.0 offers them to the model (measured: the `tools` of its requests were
 * exec_command, write_stdin, request_user_input, apply_patch, view_image, get_goal, create_goal, update_goal,
 * tool_search, web_search). Codex has no read, search or write tool of its own: reads and searches go through the
 * shell, every file change through apply_patch. `kind` is `function` (JSON arguments) or `custom` (apply_patch's
 * freeform text).
 * @type {Record<string, (i: any, dir: string) => { kind: 'function' | 'custom', name: string, input: any }>}
 */
export const CODEX_TOOLS = {
  // exec_command {cmd, workdir?, shell?, login?, tty?, yield_time_ms?, max_output_tokens?}; hooks see Bash {command}
  Bash: (i) => ({ kind: 'function', name: 'exec_command', input: { cmd: i.command } }),
  // apply_patch "*** Add File: <path>": a new file (Claude's Write of a file that does not exist yet)
  Write: (i, dir) => ({
    kind: 'custom',
    name: 'apply_patch',
    input: `*** Begin Patch\n*** Add File: ${rel(i.file_path, dir)}\n${plus(i.content)}\n*** End Patch\n`,
  }),
  // apply_patch "*** Update File: <path>" with one hunk: the lines holding old_string, rewritten
  Edit: (i, dir) => ({ kind: 'custom', name: 'apply_patch', input: editPatch(i, dir) }),
  // apply_patch "*** Delete File: <path>": no Claude tool deletes; scripted as {tool: "Delete", input: {file_path}}
  Delete: (i, dir) => ({
    kind: 'custom',
    name: 'apply_patch',
    input: `*** Begin Patch\n*** Delete File: ${rel(i.file_path, dir)}\n*** End Patch\n`,
  }),
  // Read, Glob and Grep have no Codex tool: the model runs a shell command, and hooks see Bash
  Read: (i) => ({ kind: 'function', name: 'exec_command', input: { cmd: `cat ${q(i.file_path)}` } }),
  Glob: (i) => ({ kind: 'function', name: 'exec_command', input: { cmd: `ls -d ${i.pattern}` } }),
  Grep: (i) => ({
    kind: 'function',
    name: 'exec_command',
    input: { cmd: `grep -rn ${q(i.pattern)} ${q(i.path ?? '.')}` },
  }),
};

/** One scripted call in Codex's terms: a Claude tool through CODEX_TOOLS; a Codex tool name as it is. */
export function codexCall(/** @type {{tool: string, input?: any, patch?: string}} */ call, /** @type {string} */ dir) {
  if (call.tool === 'apply_patch') return { kind: 'custom', name: 'apply_patch', input: call.patch ?? call.input };
  const input = sub(call.input, dir);
  const t = CODEX_TOOLS[call.tool];
  return t ? t(input, dir) : { kind: 'function', name: call.tool, input };
}

/** The scripted turns of an action in Codex's tools: its tool calls (if any), then a closing text. */
export function codexScript(/** @type {any} */ action, /** @type {string} */ dir) {
  const calls = action.tools ?? (action.tool ? [{ tool: action.tool, input: action.input, patch: action.patch }] : []);
  return [
    ...calls.map((/** @type {any} */ c, /** @type {number} */ i) => {
      const { kind, name, input } = codexCall(c, dir);
      return kind === 'custom' ? customTurn(name, input, `call_cx_${i}`) : toolTurn(name, input, `call_cx_${i}`);
    }),
    action.apiError ? errorTurn(action.apiError) : textTurn(action.reply ?? 'All done.'),
  ];
}

/** A TOML basic string. */
const tq = (/** @type {string} */ s) => JSON.stringify(s);

/**
 * Write `$CODEX_HOME/config.toml` for an offline run: the model provider is the stand-in at `url`, approvals never
 * asked, no sandbox, plugins off (they reach for the network), and the project trusted unless `trusted` is false.
 * `extra` is appended as it is (TOML).
 */
export function writeCodexConfig(
  /** @type {string} */ codexHome,
  /** @type {{url: string, project: string, trusted?: boolean, model?: string, extra?: string}} */ o,
) {
  fs.mkdirSync(codexHome, { recursive: true });
  const lines = [
    // A model Codex knows, so that apply_patch is offered (docs/codex-hooks.md §9).
    `model = ${tq(o.model ?? 'gpt-5.5')}`,
    'model_provider = "mock"',
    'approval_policy = "never"',
    'sandbox_mode = "danger-full-access"',
    '',
    '[model_providers.mock]',
    'name = "mock"',
    `base_url = ${tq(o.url)}`,
    'wire_api = "responses"',
    'env_key = "MOCK_API_KEY"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    '[features]',
    'plugins = false',
    'remote_plugin = false',
    '',
    ...(o.trusted === false ? [] : [`[projects.${tq(o.project)}]`, 'trust_level = "trusted"', '']),
    o.extra ?? '',
  ];
  fs.writeFileSync(path.join(codexHome, 'config.toml'), lines.join('\n'));
}

/**
 * The recording wrapper of a `.codex/hooks.json` command: it saves its stdin, its cwd, the names of all its variables
 * and the values of its CODEX_*, CLAUDE_*, OPENAI_* ones under `.rec/`, then runs `body` on the same stdin and exits
 * with its code.
 */
const recorder = (/** @type {string} */ label, /** @type {string} */ body) => `#!/bin/sh
in=$(cat)
r="$(dirname "$0")/../.rec"; mkdir -p "$r"; n="$(date +%s%N)-$$"
printf '%s' "$in" > "$r/$n.${label}.json"
{ echo "cwd=$(pwd)"; echo "names=$(env | sed 's/=.*//' | sort | tr '\\n' ' ')"; \\
  env | grep -E '^(CODEX|CLAUDE|OPENAI|CURSOR|COPILOT)' | sort; } > "$r/$n.${label}.env"
printf '%s' "$in" | {
${body}
}
exit $?
`;

/**
 * Write `.codex/hooks.json` into `dir`: `hooks` maps a Claude event to matcher groups' entries
 * `{script, matcher?, timeout?, command?}`; each script of `scripts` is written to `.cx-hooks/<name>.<Event>` behind
 * the recorder, and an entry runs it as `sh .cx-hooks/<name>.<Event>` (relative: Codex runs it from the session's
 * working directory), or as `command` when given. Entries of one event with the same matcher share a group.
 */
export function writeCodexHooks(
  /** @type {string} */ dir,
  /** @type {Record<string, Array<{script: string, matcher?: string, timeout?: number, command?: string}>>} */ hooks,
  /** @type {Record<string, string>} */ scripts,
) {
  for (const [event, entries] of Object.entries(hooks))
    for (const e of entries) {
      if (scripts[e.script] === undefined) continue;
      const p = path.join(dir, '.cx-hooks', `${e.script}.${event}`);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, recorder(`${e.script}.${event}`, scripts[e.script]), { mode: 0o755 });
    }
  /** @type {Record<string, any[]>} */
  const doc = {};
  for (const [event, entries] of Object.entries(hooks)) {
    /** @type {any[]} */
    const groups = [];
    for (const e of entries) {
      const handler = {
        type: 'command',
        command: e.command ?? `sh .cx-hooks/${e.script}.${event}`,
        ...(e.timeout !== undefined ? { timeout: e.timeout } : {}),
      };
      const g = groups.find((x) => x.matcher === e.matcher);
      if (g) g.hooks.push(handler);
      else groups.push({ ...(e.matcher !== undefined ? { matcher: e.matcher } : {}), hooks: [handler] });
    }
    doc[event] = groups;
  }
  fs.mkdirSync(path.join(dir, '.codex'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.codex', 'hooks.json'), JSON.stringify({ hooks: doc }, null, 2));
}

/** JSON with its object keys sorted, compact: the form Codex hashes. */
const canonical = (/** @type {any} */ v) =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, x[k]]),
        )
      : x,
  );

/**
 * The hash Codex keeps per trusted handler (measured: it equals `currentHash` of `hooks/list` for every handler tried):
 * sha256 of the canonical JSON of `{event_name (snake_case), matcher (when set), hooks: [handler]}`, the handler with
 * Codex's defaults filled in (`timeout` 600, `async` false; a SessionEnd timeout clamped to 3). It covers the command
 * string, not the script it runs.
 */
export function codexHookHash(
  /** @type {string} */ eventSnake,
  /** @type {string | undefined} */ matcher,
  /** @type {{command: string, timeout?: number, async?: boolean}} */ h,
) {
  // Codex clamps a SessionEnd handler's timeout to 3 s, and hashes the clamped value (hooks/list warns of it).
  const timeout = eventSnake === 'session_end' ? Math.min(h.timeout ?? 600, 3) : (h.timeout ?? 600);
  const handler = { type: 'command', command: h.command, timeout, async: h.async ?? false };
  const identity = { event_name: eventSnake, ...(matcher != null ? { matcher } : {}), hooks: [handler] };
  return `sha256:${createHash('sha256').update(canonical(identity)).digest('hex')}`;
}

/**
 * Ask `codex app-server` (JSON-RPC over stdio: initialize, initialized, hooks/list) what hooks apply in `cwd`, with
 * their key, currentHash and trustStatus. Resolves `{hooks, warnings, errors}` of the cwd's entry, or throws.
 */
export async function listCodexHooks(/** @type {string} */ bin, /** @type {string} */ cwd, /** @type {any} */ env) {
  const p = spawn(bin, ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const send = (/** @type {any} */ o) => p.stdin.write(JSON.stringify(o) + '\n');
  let stderr = '';
  p.stderr.on('data', (c) => (stderr += c));
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`app-server gave no hooks/list in 30 s: ${stderr}`)), 30_000);
      let buf = '';
      p.on('exit', (code) => reject(new Error(`app-server exited ${code}: ${stderr.slice(0, 300)}`)));
      p.stdout.on('data', (c) => {
        buf += c;
        for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
          const m = JSON.parse(buf.slice(0, i));
          buf = buf.slice(i + 1);
          if (m.id === 1) {
            send({ method: 'initialized' });
            send({ id: 2, method: 'hooks/list', params: { cwds: [cwd] } });
          }
          if (m.id === 2) {
            clearTimeout(timer);
            if (m.error) reject(new Error(`hooks/list: ${JSON.stringify(m.error)}`));
            else resolve(m.result.data.find((/** @type {any} */ d) => d.cwd === cwd) ?? m.result.data[0]);
          }
        }
      });
      send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'hookshim-conformance', version: '0' } } });
    });
  } finally {
    p.stdin.end();
    p.kill();
  }
}

/**
 * Trust every hook Codex lists for `dir` as `/hooks` would: append `[hooks.state."<key>"] trusted_hash = "<currentHash>"`
 * for each untrusted or modified one to `$CODEX_HOME/config.toml`. Returns the hooks as listed before.
 */
export async function trustCodexHooks(/** @type {string} */ bin, /** @type {string} */ dir, /** @type {any} */ env) {
  const listed = await listCodexHooks(bin, dir, env);
  const todo = listed.hooks.filter(
    (/** @type {any} */ h) => h.trustStatus === 'untrusted' || h.trustStatus === 'modified',
  );
  const toml = todo.map((/** @type {any} */ h) => `[hooks.state.${tq(h.key)}]\ntrusted_hash = ${tq(h.currentHash)}\n`);
  if (toml.length) fs.appendFileSync(path.join(env.CODEX_HOME, 'config.toml'), '\n' + toml.join('\n'));
  return listed;
}

/** The lines of a JSONL file, parsed (a line that does not parse is kept as `{unreadable}`). */
export function readJsonl(/** @type {string} */ file) {
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return { unreadable: l.slice(0, 200) };
      }
    });
}

/** The session's rollout file under `$CODEX_HOME/sessions/YYYY/MM/DD/`, by its id (or the newest), or ''. */
export function rolloutPath(/** @type {string} */ codexHome, /** @type {string} */ sessionId = '') {
  const root = path.join(codexHome, 'sessions');
  if (!fs.existsSync(root)) return '';
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /rollout-.*\.jsonl$/.test(f) && f.includes(sessionId))
    .map((f) => path.join(root, f));
  return files.sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs).at(-1) ?? '';
}

/**
 * Run `codex exec --json` once in `dir` (a project, a git repository or not) on the case's action and return what each
 * audience got: `turns` (the stand-in's main requests: what the model got), `stdout`/`stderr` and `events` (the `--json`
 * lines: what the user saw), `records` (each recording hook's stdin, env and cwd), `rollout` (the session's rollout
 * lines) and its path, `files` (the project's top-level files and their text). Options: `trust` (`bypass`, the
 * default: `--dangerously-bypass-hook-trust`; `hash`: every listed hook trusted through `hooks/list` first; `none`),
 * `trustedProject` (default true), `home` (the scratch HOME, default `<dir>/../home-codex`), `env`, `args` (added
 * flags), `config` (TOML added to config.toml), `timeoutMs` (default 120 s), `bin`.
 */
export async function runCodex(/** @type {string} */ dir, /** @type {any} */ kase, /** @type {any} */ opts = {}) {
  const { bin } = opts.bin ? opts : codexPaths();
  const script = codexScript(kase.action, dir);
  const standin = await startResponses(script, kase.sideText);
  const home = opts.home ?? path.join(dir, '..', 'home-codex');
  const codexHome = path.join(home, '.codex');
  writeCodexConfig(codexHome, { url: standin.url, project: dir, trusted: opts.trustedProject, extra: opts.config });
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    TMPDIR: os.tmpdir(),
    CODEX_HOME: codexHome,
    MOCK_API_KEY: 'x',
    NO_PROXY: '127.0.0.1,localhost',
    NO_COLOR: '1',
    ...opts.env,
  };
  const trust = opts.trust ?? 'bypass';
  const args = [
    'exec',
    '--json',
    '--skip-git-repo-check',
    ...(trust === 'bypass' ? ['--dangerously-bypass-hook-trust'] : []),
  ];
  args.push(...(opts.args ?? []), kase.action.prompt ?? 'Do the task.');
  try {
    const listed = trust === 'hash' ? await trustCodexHooks(bin, dir, env) : undefined;
    const t0 = Date.now();
    // stdin is closed at once: with a prompt and an open stdin, codex exec waits to append it as a <stdin> block.
    const r = await run(bin, args, { cwd: dir, env }, opts.timeoutMs ?? 120_000);
    const events = r.stdout
      .split('\n')
      .filter((l) => l.trim().startsWith('{'))
      .map((l) => JSON.parse(l));
    const sessionId = events.find((e) => e.type === 'thread.started')?.thread_id ?? '';
    const file = rolloutPath(codexHome, sessionId);
    return {
      exit: r.code,
      timedOut: r.timedOut,
      ms: Date.now() - t0,
      stdout: r.stdout,
      stderr: r.stderr,
      events,
      requests: standin.requests,
      turns: standin.turns(),
      nScripted: script.length,
      records: readRecords(dir),
      sessionId,
      rolloutPath: file,
      rollout: readJsonl(file),
      files: readFiles(dir),
      listed,
      home,
      codexHome,
    };
  } finally {
    await standin.close();
  }
}

/** The project's top-level regular files (not dot-folders) and their text, for the files a case left behind. */
function readFiles(/** @type {string} */ dir) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const f of fs.readdirSync(dir, { withFileTypes: true }))
    if (f.isFile()) out[f.name] = fs.readFileSync(path.join(dir, f.name), 'utf8').slice(0, 4000);
  return out;
}

/**
 * What the model received in each request after its last own item (tool outputs, developer and user messages),
 * flattened to `{call_id, output}` or `{role, text}`.
 */
export function modelSaw(/** @type {any[]} */ turns) {
  return turns.map((t) => {
    const input = Array.isArray(t.body.input) ? t.body.input : [];
    const own = (/** @type {any} */ i) =>
      ['function_call', 'custom_tool_call'].includes(i.type) || (i.type === 'message' && i.role === 'assistant');
    const last = input.map(own).lastIndexOf(true);
    return input.slice(last + 1).map((/** @type {any} */ i) =>
      i.type === 'message'
        ? { role: i.role, text: (i.content ?? []).map((/** @type {any} */ c) => c.text ?? '').join('') }
        : {
            type: i.type,
            call_id: i.call_id,
            output: typeof i.output === 'string' ? i.output : JSON.stringify(i.output),
          },
    );
  });
}
