// `node test/conformance/codex-limits.mjs [--loop-seconds N]`: measure with the real Codex CLI (offline, codex.mjs) what
// it does when a hook handler passes its `timeout`, when one crashes (killed by a signal, or exits with no output), and
// whether it caps a Stop hook that always blocks (docs/codex-hooks.md §4, "Timeouts, crashes and the Stop loop").
// Each probe is one `codex exec` session with raw handlers in .codex/hooks.json (no hookshim); it prints one line per
// probe: whether the shell call ran, what the model got, what the user saw, the session's wall time, and whether the
// timed-out handler's process lived on. Skips with one line when the CLI cannot be had.
// @ts-check
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCodex, modelSaw, runCodex, writeCodexHooks } from './codex.mjs';
import { CODEX_VERSION } from './version.mjs';

const BASH = { tool: 'Bash', input: { command: 'echo ran > effect.txt' } };
/** A handler body that leaves `.late` behind when it outlives `s` seconds of sleep (so: it was not killed). */
const late = (/** @type {number} */ s, /** @type {string} */ then) =>
  `cat >/dev/null; sleep ${s}; touch .late; ${then}`;

/** The probes: name, the event bound, the handler's body and timeout, the action. */
const PROBES = [
  { id: 'pre-timeout', event: 'PreToolUse', timeout: 2, body: late(6, "echo 'QQLATE' >&2; exit 2"), action: BASH },
  {
    id: 'pre-timeout-json',
    event: 'PreToolUse',
    timeout: 2,
    body: `cat >/dev/null; echo '{"decision":"block","reason":"QQEARLY"}'; sleep 6; touch .late; exit 0`,
    action: BASH,
  },
  { id: 'ups-timeout', event: 'UserPromptSubmit', timeout: 2, body: late(6, 'echo QQLATE >&2; exit 2'), action: BASH },
  {
    id: 'stop-timeout',
    event: 'Stop',
    timeout: 2,
    body: late(6, `echo '{"decision":"block","reason":"QQLATE"}'`),
    action: BASH,
  },
  // The crashes are the command itself, so the shell Codex started is the process the signal kills.
  { id: 'pre-sigkill', event: 'PreToolUse', command: "cat >/dev/null; echo 'QQKILL' >&2; kill -KILL $$", action: BASH },
  { id: 'pre-sigsegv', event: 'PreToolUse', command: "cat >/dev/null; echo 'QQSEGV' >&2; kill -SEGV $$", action: BASH },
  {
    id: 'pre-deny-then-sigkill',
    event: 'PreToolUse',
    command: `cat >/dev/null; echo '{"decision":"block","reason":"QQDENYKILL"}'; kill -KILL $$`,
    action: BASH,
  },
  { id: 'pre-exit2-silent', event: 'PreToolUse', body: 'cat >/dev/null; exit 2', action: BASH },
  { id: 'pre-exit1-silent', event: 'PreToolUse', body: 'cat >/dev/null; exit 1', action: BASH },
  { id: 'pre-exit0-silent', event: 'PreToolUse', body: 'cat >/dev/null; exit 0', action: BASH },
  {
    id: 'stop-deny-then-sigkill',
    event: 'Stop',
    command: `cat >/dev/null; echo '{"decision":"block","reason":"QQSTOPKILL"}'; kill -KILL $$`,
    action: BASH,
  },
  { id: 'stop-exit2-silent', event: 'Stop', body: 'cat >/dev/null; exit 2', action: BASH },
];

/** One probe: a fresh project, the handler bound on its event, one session; what came of it. */
async function probe(/** @type {any} */ cli, /** @type {string} */ scratch, /** @type {any} */ p) {
  const dir = path.join(scratch, p.id, 'proj');
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  const matcher = p.event === 'PreToolUse' ? { matcher: 'Bash' } : {};
  const entry = { script: 'h', ...matcher, timeout: p.timeout, ...(p.command ? { command: p.command } : {}) };
  writeCodexHooks(dir, { [p.event]: [entry] }, { h: p.body ?? '' });
  const r = await runCodex(dir, { action: p.action }, { ...cli, home: path.join(scratch, p.id, 'home') });
  await new Promise((res) => setTimeout(res, p.timeout ? 6_000 : 0));
  // What the model got after the call: the tool output of the shell call, and any hook text (developer or user).
  const saw = modelSaw(r.turns).flat();
  const model = saw
    .filter((/** @type {any} */ s) => s.call_id || /QQ|hook_prompt/.test(s.text ?? ''))
    .map((/** @type {any} */ s) => (s.output ?? s.text ?? '').replace(/\s+/g, ' ').slice(0, 200));
  const user = [
    r.stderr,
    ...r.events.filter((e) => e.type === 'error' || e.item?.type === 'error').map((e) => JSON.stringify(e)),
  ]
    .join('\n')
    .split('\n')
    .filter(
      (l) =>
        l.trim() && !/dangerously-bypass-hook-trust|could not create PATH aliases|Reading additional input/.test(l),
    );
  return {
    id: p.id,
    ran: fs.existsSync(path.join(dir, 'effect.txt')),
    requests: r.turns.length,
    model,
    user: user.length ? user.map((l) => l.slice(0, 200)) : ['(nothing)'],
    seconds: (r.ms / 1000).toFixed(1),
    handlerLivedOn: p.timeout ? fs.existsSync(path.join(dir, '.late')) : undefined,
    exit: r.exit,
  };
}

/** The Stop loop: a Stop handler that always blocks, for `seconds`; how many continuations Codex asked for. */
async function stopLoop(/** @type {any} */ cli, /** @type {string} */ scratch, /** @type {number} */ seconds) {
  const dir = path.join(scratch, 'stop-loop', 'proj');
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  writeCodexHooks(
    dir,
    { Stop: [{ script: 'h' }] },
    { h: `cat >/dev/null; echo '{"decision":"block","reason":"QQAGAIN"}'` },
  );
  const r = await runCodex(
    dir,
    { action: { prompt: 'Say hi.' } },
    { ...cli, home: path.join(scratch, 'stop-loop', 'home'), timeoutMs: seconds * 1000 },
  );
  const fired = r.records.filter((x) => x.event === 'Stop').length;
  return { fired, continuations: r.turns.length - 1, endedItself: !r.timedOut, seconds: (r.ms / 1000).toFixed(0) };
}

// Run every probe, then the loop, and print what each showed.
async function main() {
  const cli = ensureCodex(CODEX_VERSION);
  if (cli.skip) return console.log(`codex limits skipped: ${cli.skip}`);
  const i = process.argv.indexOf('--loop-seconds');
  const loopSeconds = i > 0 ? Number(process.argv[i + 1]) : 60;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-codex-limits-'));
  console.log(`Codex CLI ${CODEX_VERSION}, raw handlers, offline:`);
  for (const p of PROBES) console.log(JSON.stringify(await probe(cli, scratch, p)));
  if (loopSeconds > 0) console.log(`stop loop: ${JSON.stringify(await stopLoop(cli, scratch, loopSeconds))}`);
  fs.rmSync(scratch, { recursive: true, force: true });
}

await main();
