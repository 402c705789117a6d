// The real GitHub Copilot CLI side of a conformance case (docs/copilot-hooks.md §9): the pinned CLI, installed
// on demand into a cache folder outside the repository, run in `-p` mode, offline, against the loopback Anthropic
// Messages-API stand-in (standin.mjs) with a scratch COPILOT_HOME. It plays a case's scripted conversation with
// Copilot's tool names and argument keys and collects what the model got, what the user saw, the files, what each
// recording hook read on stdin, and the session's events.jsonl.
// @ts-check
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorTurn, startStandin, textTurn, toolTurn } from './standin.mjs';
import { run, sub } from './proc.mjs';
import { COPILOT_VERSION } from './version.mjs';

const CACHE = process.env.HOOKSHIM_CACHE_DIR || path.join(os.homedir(), '.cache', 'hookshim');

/** Where version `version` of the CLI lives: the npm prefix, the `copilot` bin, and the folder its package unpacks to. */
export function copilotPaths(version = COPILOT_VERSION) {
  const dir = path.join(CACHE, 'copilot', version);
  // The binary unpacks its JavaScript and native runtime (~235 MB) on first start, into $COPILOT_PKG_CACHE_HOME/pkg:
  // kept beside the install, so a scratch HOME per run does not unpack it again.
  return { dir, bin: path.join(dir, 'node_modules', '.bin', 'copilot'), pkgCache: path.join(dir, 'pkg-cache') };
}

/** The `copilot` binary of `version`, installed when missing; or `{ skip }` with the one reason it cannot be had. */
export function ensureCopilot(version = COPILOT_VERSION) {
  const { dir, bin, pkgCache } = copilotPaths(version);
  const works = () =>
    spawnSync(bin, ['--version'], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, COPILOT_PKG_CACHE_HOME: pkgCache, COPILOT_AUTO_UPDATE: 'false' },
    }).stdout?.includes(version);
  if (fs.existsSync(bin) && works()) return { bin, pkgCache };
  if (process.env.HOOKSHIM_CONFORMANCE_OFFLINE) return { skip: `Copilot CLI ${version} is not in ${dir} (offline)` };
  fs.mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error'];
  const r = spawnSync(npm, [...args, `@github/copilot@${version}`], { encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) fs.rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) return { skip: `the registry did not serve @github/copilot@${version}: ${oneLine(r.stderr)}` };
  if (!fs.existsSync(bin) || !works())
    return { skip: `Copilot CLI ${version} installed but its binary does not run here` };
  return { bin, pkgCache };
}

/** The telling line of npm's error output (not the pointer to its log file). */
const oneLine = (/** @type {string | null | undefined} */ s) =>
  ((s ?? '').split('\n').find((l) => /npm (error|ERR!)/.test(l) && !/complete log|^npm error\s*$/.test(l)) ?? '').slice(
    0,
    200,
  );

/**
 * Claude Code's tools as Copilot CLI 1.0.102 offers them to the model (measured: the `tools` of its requests), with
 * the argument keys each takes. The cases script Claude's calls (`dsl.mjs`); this is how each reaches Copilot.
 * @type {Record<string, { name: string, input: (i: any) => Record<string, unknown> }>}
 */
export const COPILOT_TOOLS = {
  // bash {command, description (required), shellId?, mode?, detach?, initial_wait?}
  Bash: { name: 'bash', input: (i) => ({ command: i.command, description: i.description ?? 'run the command' }) },
  // view {path (absolute), view_range?, forceReadLargeFiles?}
  Read: { name: 'view', input: (i) => ({ path: i.file_path }) },
  // create {path (absolute; the file must not exist), file_text}
  Write: { name: 'create', input: (i) => ({ path: i.file_path, file_text: i.content }) },
  // edit {path (absolute; the file must exist), old_str, new_str}: no replace_all
  Edit: { name: 'edit', input: (i) => ({ path: i.file_path, old_str: i.old_string, new_str: i.new_string }) },
  // glob {pattern, paths?}; grep {pattern, paths?, output_mode?, glob?, type?, -i?, -n?, …}
  Glob: { name: 'glob', input: (i) => ({ pattern: i.pattern, ...(i.path ? { paths: i.path } : {}) }) },
  Grep: { name: 'grep', input: (i) => ({ pattern: i.pattern, ...(i.path ? { paths: i.path } : {}) }) },
  // task {name, prompt, agent_type: explore|task|general-purpose|…, description, mode?: sync|background}
  Agent: {
    name: 'task',
    input: (i) => ({
      name: 'helper',
      description: i.description,
      prompt: i.prompt,
      agent_type: i.subagent_type === 'Explore' ? 'explore' : 'general-purpose',
      mode: i.run_in_background ? 'background' : 'sync',
    }),
  },
};

/** One scripted call in Copilot's terms: a Claude tool through COPILOT_TOOLS, a Copilot tool name as it is. */
export function copilotCall(/** @type {{tool: string, input?: any}} */ call, /** @type {string} */ dir) {
  const input = sub(call.input, dir);
  const t = COPILOT_TOOLS[call.tool];
  return t ? { name: t.name, input: t.input(input) } : { name: call.tool, input };
}

/** The scripted assistant turns of an action in Copilot's tool names: its tool calls (if any), then a closing text. */
export function copilotScript(/** @type {any} */ action, /** @type {string} */ dir) {
  const calls = action.tools ?? (action.tool ? [{ tool: action.tool, input: action.input }] : []);
  return [
    ...calls.map((/** @type {any} */ c, /** @type {number} */ i) => {
      const { name, input } = copilotCall(c, dir);
      return toolTurn(name, input, `toolu_cop_${i}`);
    }),
    action.apiError ? errorTurn(action.apiError) : textTurn(action.reply ?? 'All done.'),
  ];
}

/**
 * The recording wrapper of a `.github/hooks` command: it saves its stdin, its cwd and its COPILOT_*, CLAUDE_* and
 * GITHUB_* variables (names and values) under `.rec/`, then runs `body` on the same stdin and exits with its code.
 */
const recorder = (/** @type {string} */ label, /** @type {string} */ body) => `#!/bin/sh
in=$(cat)
r="$(dirname "$0")/../.rec"; mkdir -p "$r"; n="$(date +%s%N)-$$"
printf '%s' "$in" > "$r/$n.${label}.json"
{ echo "cwd=$(pwd)"; env | grep -E '^(COPILOT|CLAUDE|GITHUB|CURSOR)' | sort; } > "$r/$n.${label}.env"
printf '%s' "$in" | {
${body}
}
exit $?
`;

/**
 * Write `.github/hooks/<file>.json` (version 1) into `dir`: `hooks` maps a Copilot event (or a PascalCase Claude event)
 * to entries `{script, matcher?, timeoutSec?, extra?}`; each script of `scripts` is written to `.gh-hooks/<name>`
 * behind the recorder, and an entry runs it as `bash: "sh .gh-hooks/<name> <event>"` (relative: Copilot runs it from
 * the repository root).
 */
export function writeCopilotHooks(
  /** @type {string} */ dir,
  /** @type {Record<string, Array<{script: string, matcher?: string, timeoutSec?: number, extra?: object}>>} */ hooks,
  /** @type {Record<string, string>} */ scripts,
  file = 'rec',
) {
  for (const [name, body] of Object.entries(scripts)) {
    for (const event of Object.keys(hooks)) {
      if (!hooks[event].some((e) => e.script === name)) continue;
      const p = path.join(dir, '.gh-hooks', `${name}.${event}`);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, recorder(`${name}.${event}`, body), { mode: 0o755 });
    }
  }
  const doc = {
    version: 1,
    hooks: Object.fromEntries(
      Object.entries(hooks).map(([event, entries]) => [
        event,
        entries.map((e) => ({
          type: 'command',
          bash: `sh .gh-hooks/${e.script}.${event}`,
          ...(e.matcher !== undefined ? { matcher: e.matcher } : {}),
          timeoutSec: e.timeoutSec ?? 10,
          ...e.extra,
        })),
      ]),
    ),
  };
  fs.mkdirSync(path.join(dir, '.github', 'hooks'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.github', 'hooks', `${file}.json`), JSON.stringify(doc, null, 2));
}

/** What the recording hooks saved, in the order they started: `{script, event, input, env, cwd}`. */
export function readRecords(/** @type {string} */ dir) {
  const r = path.join(dir, '.rec');
  if (!fs.existsSync(r)) return [];
  return fs
    .readdirSync(r)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const [, script, event] = f.split('.');
      const text = fs.readFileSync(path.join(r, f), 'utf8');
      /** @type {any} */
      let input;
      try {
        input = JSON.parse(text);
      } catch {
        input = { unreadable: text.slice(0, 200) };
      }
      const envFile = path.join(r, f.replace(/\.json$/, '.env'));
      const lines = fs.existsSync(envFile) ? fs.readFileSync(envFile, 'utf8').trim().split('\n') : [];
      const env = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
      const cwd = env.cwd;
      delete env.cwd;
      return { script, event, input, env, cwd };
    });
}

/** The lines of a session's events.jsonl, parsed (a line that does not parse is kept as `{unreadable}`). */
export function readEvents(/** @type {string} */ file) {
  if (!fs.existsSync(file)) return [];
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

/**
 * Run Copilot once in `dir` (a project, a git repository or not) on the case's action and return what each audience
 * got: `turns` (the stand-in's requests of the main conversation: what the model got), `subTurns`, `stdout`/`stderr`
 * (what the user saw), `records` (each recording hook's stdin, env and cwd), `events` (events.jsonl) and its path.
 * Options: `home` (the scratch HOME, default `<dir>/../home-copilot`), `env` (added variables), `args` (added flags),
 * `timeoutMs` (default 120 s), `sessionId`, `bin`, `pkgCache`.
 */
export async function runCopilot(/** @type {string} */ dir, /** @type {any} */ kase, /** @type {any} */ opts = {}) {
  const { bin, pkgCache } = opts.bin ? opts : copilotPaths();
  const script = copilotScript(kase.action, dir);
  const standin = await startStandin(script, kase.sideText);
  const home = opts.home ?? path.join(dir, '..', 'home-copilot');
  const copilotHome = path.join(home, '.copilot');
  fs.mkdirSync(copilotHome, { recursive: true });
  const sessionId = opts.sessionId ?? randomUUID();
  const args = ['-p', kase.action.prompt ?? 'Do the task.', '--allow-all-tools', '--session-id', sessionId];
  args.push('--no-auto-update', '--no-color', ...(opts.args ?? []));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    TMPDIR: os.tmpdir(),
    COPILOT_HOME: copilotHome,
    COPILOT_PKG_CACHE_HOME: pkgCache,
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_PROVIDER_BASE_URL: standin.url,
    COPILOT_PROVIDER_TYPE: 'anthropic',
    COPILOT_PROVIDER_API_KEY: 'x',
    COPILOT_MODEL: 'claude-sonnet-4-5',
    COPILOT_OFFLINE: 'true',
    // Repository hooks run in -p mode only in a trusted folder or with this variable (docs/copilot-hooks.md).
    GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS: 'true',
    NO_PROXY: '127.0.0.1,localhost',
    NO_COLOR: '1',
    ...opts.env,
  };
  try {
    const t0 = Date.now();
    const r = await run(bin, args, { cwd: dir, env }, opts.timeoutMs ?? 120_000);
    const eventsPath = path.join(copilotHome, 'session-state', sessionId, 'events.jsonl');
    return {
      exit: r.code,
      timedOut: r.timedOut,
      ms: Date.now() - t0,
      stdout: r.stdout,
      stderr: r.stderr,
      requests: standin.requests,
      turns: standin.turns(),
      subTurns: standin.subTurns(),
      nScripted: script.length,
      records: readRecords(dir),
      sessionId,
      eventsPath,
      events: readEvents(eventsPath),
      home,
    };
  } finally {
    await standin.close();
  }
}

/** What the model received in each request after its last assistant turn (tool results, user blocks), flattened. */
export function modelSaw(/** @type {any[]} */ turns) {
  return turns.map((t) => {
    const msgs = t.body.messages ?? [];
    const lastAssistant = msgs.map((/** @type {any} */ m) => m.role).lastIndexOf('assistant');
    return msgs
      .slice(lastAssistant + 1)
      .flatMap((/** @type {any} */ m) =>
        (Array.isArray(m.content) ? m.content : [{ type: 'text', text: String(m.content ?? '') }]).map(
          (/** @type {any} */ b) =>
            b.type === 'tool_result'
              ? { tool_result: b.tool_use_id, is_error: b.is_error, text: flat(b.content) }
              : { [b.type]: b.text ?? b },
        ),
      );
  });
}

const flat = (/** @type {any} */ c) =>
  typeof c === 'string' ? c : Array.isArray(c) ? c.map((x) => x.text ?? JSON.stringify(x)).join('') : JSON.stringify(c);
