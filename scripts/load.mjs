#!/usr/bin/env node
// @ts-check
// Load run: N concurrent preToolUse events with distinct tool_use_ids (each matching G guards), plus duplicates of
// some of them, then their postToolUse events, against a temp repo bound by `hookshim init` (built CLI and bundle,
// fired through `sh -c` from the repo root as Cursor does). Reports answers per second and p50/p99 latency; verifies
// every deny came back, every guard's warning left on an allowed preToolUse reached its postToolUse exactly once
// (docs/design.md §6: under load a guard's answer was lost when its pipes were closed before Node had read them),
// each distinct event ran the catalog once, and no stash or sentinel file outlives the collection window (forced
// with HOOKSHIM_STATE_MAX_AGE_S=0 on one last event).
//
//   node scripts/load.mjs [--n 200] [--dup 0.3] [--concurrency 40] [--guards 5] [--tolerate-deadline] [--json] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CLI = path.join(ROOT, 'dist', 'cli.mjs');

function parseArgs(argv) {
  const opts = { n: 200, dup: 0.3, concurrency: 40, guards: 5, json: false, keep: false, tolerateDeadline: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v < 0) throw new Error(`${a} needs a non-negative number`);
      return v;
    };
    if (a === '--n') opts.n = Math.max(1, Math.floor(next()));
    else if (a === '--dup') opts.dup = Math.min(1, next());
    else if (a === '--concurrency') opts.concurrency = Math.max(1, Math.floor(next()));
    else if (a === '--guards') opts.guards = Math.max(1, Math.floor(next()));
    else if (a === '--json') opts.json = true;
    else if (a === '--tolerate-deadline') opts.tolerateDeadline = true;
    else if (a === '--keep') opts.keep = true;
    else
      throw new Error(
        `unknown option ${a}; usage: node scripts/load.mjs [--n 200] [--dup 0.3] [--concurrency 40] ` +
          `[--guards 5] [--tolerate-deadline] [--json] [--keep]`,
      );
  }
  return opts;
}

// The guard, run as `guard.sh <k>` by each of the G rows: guard 0 denies `rm -rf` (and counts the catalog's runs),
// every guard warns (additionalContext naming itself and the call) on `curl`, all allow the rest.
const GUARD = `#!/bin/sh
input=$(cat)
[ "$1" = 0 ] && echo "$$" >> "$RUNS_FILE"
case "$input" in
  *"rm -rf"*) [ "$1" = 0 ] && { echo "load: rm -rf is denied" >&2; exit 2; } ;;
  *"curl https://example.com/"*)
    n=$(printf '%s' "$input" | sed -n 's/.*curl https:\\/\\/example\\.com\\/\\([0-9]*\\).*/\\1/p')
    ctx="load: guard $1: network access for call $n"
    echo "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"PreToolUse\\",\\"additionalContext\\":\\"$ctx\\"}}" ;;
esac
exit 0
`;

/** What the postToolUse of warned call `i` must carry: every guard's warning, each under its label when there are several. */
function warnings(i, guards) {
  if (guards === 1) return 'load: guard 0: network access for call ' + i;
  return Array.from(
    { length: guards },
    (_, k) => `[hooks/guard.sh] load: guard ${k}: network access for call ${i}`,
  ).join('\n\n');
}

/** A preToolUse answer given because a guard (or the leader a duplicate waited for) ran out of time. */
function slow(r) {
  const text = String(r.answer?.user_message ?? '');
  if (r.answer?.permission === 'deny') return /timeout: no answer within|deadline/.test(text);
  return r.answer !== undefined && Object.keys(r.answer).length === 0 && r.stderr.includes('by the deadline');
}

function makeRepo(guards) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-load-')));
  fs.mkdirSync(path.join(dir, 'hooks'));
  fs.writeFileSync(path.join(dir, 'hooks', 'guard.sh'), GUARD, { mode: 0o755 });
  fs.writeFileSync(
    path.join(dir, 'hooks', 'hooks.json'),
    JSON.stringify(
      {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: Array.from({ length: guards }, (_, k) => ({
                type: 'command',
                command: `"\${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh ${k}`,
                timeout: 20,
              })),
            },
          ],
        },
      },
      null,
      2,
    ),
  );
  const r = spawnSync(process.execPath, [CLI, 'init', dir], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`hookshim init failed: ${r.stderr || r.stdout}`);
  const bound = JSON.parse(fs.readFileSync(path.join(dir, '.cursor', 'hooks.json'), 'utf8')).hooks;
  const command = (event) => {
    const e = (bound[event] ?? []).find((x) => String(x.command).includes('hookshim'));
    if (!e) throw new Error(`${event} is not bound by init`);
    return e.command;
  };
  return { dir, stateDir: path.join(dir, '.state'), runsFile: path.join(dir, 'runs.txt'), command };
}

/** Fire one event as Cursor does; resolves with the parsed answer and the latency. */
function fire(repo, event, payload, extraEnv = {}) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', repo.command(event)], {
      cwd: repo.dir,
      env: {
        ...process.env,
        HOOKSHIM_STATE_DIR: repo.stateDir,
        CURSOR_PROJECT_DIR: repo.dir,
        RUNS_FILE: repo.runsFile,
        HOOKSHIM_DEBUG: '',
        ...extraEnv,
      },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(payload));
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      let answer;
      let problem;
      const lines = out.trim().split('\n');
      try {
        answer = JSON.parse(out);
        if (lines.length !== 1 || typeof answer !== 'object' || answer === null || Array.isArray(answer))
          problem = 'not exactly one JSON object';
      } catch {
        problem = `stdout is not JSON: ${JSON.stringify(out.slice(0, 200))}`;
      }
      if (code !== 0) problem = `exit ${code}`;
      resolve({ answer, ms, problem, stderr: err });
    });
  });
}

/** Run `tasks` (functions returning promises) with at most `limit` in flight, in order. */
async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const r = (x) => Math.round(x);
  return {
    count: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    max: r(s[s.length - 1] ?? 0),
  };
}

function listArea(repo, area) {
  try {
    return fs.readdirSync(path.join(repo.stateDir, area));
  } catch {
    return [];
  }
}

export async function loadRun(opts) {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const repo = makeRepo(opts.guards);
  const failures = [];
  const fail = (m) => failures.length < 50 && failures.push(m);
  try {
    const conv = `load-${process.pid}`;
    const base = {
      conversation_id: conv,
      session_id: conv,
      generation_id: conv,
      model: 'default',
      cursor_version: '2026.09.02-c22c1a3',
      workspace_roots: [repo.dir],
      user_email: null,
      transcript_path: null,
      cwd: '',
    };
    // Every fifth call is denied, two in five warn, the rest are allowed; some calls get 1–3 duplicate processes.
    const calls = Array.from({ length: opts.n }, (_, i) => {
      const kind = i % 5 === 0 ? 'deny' : i % 5 === 1 || i % 5 === 2 ? 'warn' : 'allow';
      const command =
        kind === 'deny' ? `rm -rf build-${i}` : kind === 'warn' ? `curl https://example.com/${i}` : `ls dir-${i}`;
      const dups = ((i * 7919) % 1000) / 1000 < opts.dup ? 1 + (i % 3) : 0;
      return { i, kind, id: `tool_load_${i}_${process.pid}`, command, dups };
    });

    // Phase 1: preToolUse, duplicates queued right after their original so they overlap.
    const preTasks = [];
    for (const c of calls) {
      const payload = {
        ...base,
        hook_event_name: 'preToolUse',
        tool_name: 'Shell',
        tool_input: { command: c.command, cwd: '', timeout: 30000 },
        tool_use_id: c.id,
      };
      for (let k = 0; k <= c.dups; k++)
        preTasks.push(() => fire(repo, 'preToolUse', payload).then((r) => ({ c, ...r })));
    }
    const t0 = performance.now();
    const preResults = await pool(preTasks, opts.concurrency);
    const preWall = performance.now() - t0;

    const byCall = new Map();
    for (const r of preResults) {
      if (r.problem) fail(`preToolUse ${r.c.id}: ${r.problem}`);
      (byCall.get(r.c.id) ?? byCall.set(r.c.id, []).get(r.c.id)).push(r);
    }
    let denies = 0;
    // Calls a guard could not answer in time on a starved machine: denied (fail closed) and said so, not lost; their
    // tool never runs, so they get no postToolUse. A failure unless --tolerate-deadline (the tests' shared machine).
    const atDeadline = new Set();
    for (const c of calls) {
      const rs = byCall.get(c.id) ?? [];
      if (rs.some(slow)) {
        atDeadline.add(c.id);
        if (!opts.tolerateDeadline)
          fail(`preToolUse ${c.id}: a guard did not answer before the deadline (machine too slow?)`);
        continue;
      }
      const want =
        c.kind === 'deny'
          ? { permission: 'deny', user_message: 'load: rm -rf is denied', agent_message: 'load: rm -rf is denied' }
          : { permission: 'allow' };
      for (const r of rs)
        if (JSON.stringify(r.answer) !== JSON.stringify(want))
          fail(`preToolUse ${c.id} (${c.kind}): got ${JSON.stringify(r.answer)}`);
      if (c.kind === 'deny' && rs.length && rs.every((r) => r.answer?.permission === 'deny')) denies++;
    }
    const runsAfterPre = fs.existsSync(repo.runsFile)
      ? fs.readFileSync(repo.runsFile, 'utf8').split('\n').filter(Boolean).length
      : 0;
    // A guard that ran out of time may not have counted its run yet.
    if (runsAfterPre > calls.length || runsAfterPre < calls.length - atDeadline.size)
      fail(`the catalog ran ${runsAfterPre} times for ${calls.length} distinct preToolUse events`);

    // Phase 2: postToolUse for every call that ran (duplicates included): each warning reaches exactly one answer.
    const postTasks = [];
    const ran = calls.filter((x) => x.kind !== 'deny' && !atDeadline.has(x.id));
    for (const c of ran) {
      const payload = {
        ...base,
        hook_event_name: 'postToolUse',
        tool_name: 'Shell',
        tool_input: { command: c.command, cwd: '' },
        tool_output: '{"output":"ok","exitCode":0}',
        tool_use_id: c.id,
        duration: 5,
      };
      for (let k = 0; k <= c.dups; k++)
        postTasks.push(() => fire(repo, 'postToolUse', payload).then((r) => ({ c, ...r })));
    }
    const t1 = performance.now();
    const postResults = await pool(postTasks, opts.concurrency);
    const postWall = performance.now() - t1;
    const postBy = new Map();
    for (const r of postResults) {
      if (r.problem) fail(`postToolUse ${r.c.id}: ${r.problem}`);
      (postBy.get(r.c.id) ?? postBy.set(r.c.id, []).get(r.c.id)).push(r);
    }
    let replayed = 0;
    let lost = 0;
    for (const c of ran) {
      const rs = postBy.get(c.id) ?? [];
      const withContext = rs.filter((r) => r.answer && 'additional_context' in r.answer);
      const empty = rs.filter((r) => r.answer && Object.keys(r.answer).length === 0);
      if (c.kind === 'warn') {
        const want = warnings(c.i, opts.guards);
        const got = withContext.map((r) => String(r.answer.additional_context));
        // A guard's warning missing after its preToolUse answered allow: the loss docs/design.md §6 guards against.
        const missing = Array.from({ length: opts.guards }, (_, k) => k).filter(
          (k) => !got.some((t) => t.includes(`load: guard ${k}: network access for call ${c.i}`)),
        );
        lost += missing.length;
        if (missing.length) fail(`postToolUse ${c.id}: the warning of guard(s) ${missing.join(', ')} never arrived`);
        if (withContext.length !== 1 || got[0] !== want)
          fail(`postToolUse ${c.id}: warning delivered ${withContext.length} time(s): ${JSON.stringify(got)}`);
        else replayed++;
        if (empty.length !== rs.length - 1) fail(`postToolUse ${c.id}: duplicates must answer {}`);
      } else if (withContext.length || empty.length !== rs.length)
        fail(
          `postToolUse ${c.id} (allow): expected {} from every copy, got ${JSON.stringify(rs.map((r) => r.answer))}`,
        );
    }

    // State left behind: no stash or carried context; tick records only until the collection window passes.
    const stashLeft = listArea(repo, 'stash').length + listArea(repo, 'ctx').length;
    if (stashLeft)
      fail(
        `${stashLeft} stash/context file(s) left after every postToolUse ran: ` +
          `${listArea(repo, 'stash').concat(listArea(repo, 'ctx')).join(', ')}`,
      );
    const ticksBefore = listArea(repo, 'tick').length;
    const expectedTicks = calls.length + ran.length;
    // Checked only when every guard answered in time: a leader killed at its deadline may leave no record.
    if (atDeadline.size === 0 && ticksBefore !== expectedTicks)
      fail(`${ticksBefore} tick records for ${expectedTicks} distinct events`);
    // Force collection: the stamp says "collected long ago", and the max age is 0 for this one event.
    fs.rmSync(path.join(repo.stateDir, '.collected'), { force: true });
    const last = await fire(
      repo,
      'preToolUse',
      { ...base, tool_name: 'Shell', tool_input: { command: 'ls' }, tool_use_id: `tool_load_final_${process.pid}` },
      { HOOKSHIM_STATE_MAX_AGE_S: '0' },
    );
    if (JSON.stringify(last.answer) !== '{"permission":"allow"}')
      fail(`final event: ${JSON.stringify(last.answer)} ${last.problem ?? ''}`);
    const leftovers = {};
    for (const area of ['stash', 'tick', 'ctx', 'ups', 'env', 'tx', 'results'])
      leftovers[area] = listArea(repo, area).length;
    // Only the final event's own tick record may remain.
    if (leftovers.tick > 1 || leftovers.stash || leftovers.ctx || leftovers.env)
      fail(`after forced collection: ${JSON.stringify(leftovers)}`);
    const tmpLeft = fs
      .readdirSync(repo.stateDir, { recursive: true })
      .filter((f) => /\.tmp$|\.claimed-|\.stale-/.test(String(f)));
    if (tmpLeft.length) fail(`temporary files left: ${tmpLeft.join(', ')}`);

    const allMs = [...preResults, ...postResults].map((r) => r.ms);
    return {
      ok: failures.length === 0,
      failures,
      machine: {
        nproc: os.availableParallelism?.() ?? os.cpus().length,
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
      },
      options: opts,
      distinct: {
        preToolUse: calls.length,
        deny: calls.filter((c) => c.kind === 'deny').length,
        warn: calls.filter((c) => c.kind === 'warn').length,
        withDuplicates: calls.filter((c) => c.dups).length,
      },
      processes: { preToolUse: preResults.length, postToolUse: postResults.length },
      catalogRuns: runsAfterPre,
      deniesBack: denies,
      warningsReplayedOnce: replayed,
      warningsLost: lost,
      deniedAtDeadline: Object.fromEntries(
        ['deny', 'warn', 'allow'].map((k) => [k, calls.filter((c) => c.kind === k && atDeadline.has(c.id)).length]),
      ),
      ticksBeforeCollection: ticksBefore,
      afterCollection: leftovers,
      answersPerSecond: {
        preToolUse: Math.round((preResults.length / preWall) * 10000) / 10,
        postToolUse: Math.round((postResults.length / postWall) * 10000) / 10,
      },
      latencyMs: {
        preToolUse: stats(preResults.map((r) => r.ms)),
        postToolUse: stats(postResults.map((r) => r.ms)),
        all: stats(allMs),
      },
      wallMs: { preToolUse: Math.round(preWall), postToolUse: Math.round(postWall) },
      repo: opts.keep ? repo.dir : undefined,
    };
  } finally {
    if (!opts.keep) fs.rmSync(repo.dir, { recursive: true, force: true });
  }
}

function report(r) {
  const l = r.latencyMs;
  const lines = [
    `hookshim load run: ${r.distinct.preToolUse} distinct preToolUse, ${r.options.guards} guard(s) ` +
      `each (${r.distinct.deny} denied, ${r.distinct.warn} warned, ${r.distinct.withDuplicates} with ` +
      `1–3 duplicates), then their postToolUse, concurrency ${r.options.concurrency}`,
    `machine: ${r.machine.nproc} CPUs, node ${r.machine.node}, ${r.machine.platform}`,
    '',
    '| phase | processes | answers/s | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|---|',
    `| preToolUse | ${r.processes.preToolUse} | ${r.answersPerSecond.preToolUse} | ` +
      `${l.preToolUse.p50} | ${l.preToolUse.p95} | ${l.preToolUse.p99} | ${l.preToolUse.max} |`,
    `| postToolUse | ${r.processes.postToolUse} | ${r.answersPerSecond.postToolUse} | ` +
      `${l.postToolUse.p50} | ${l.postToolUse.p95} | ${l.postToolUse.p99} | ${l.postToolUse.max} |`,
    '',
    `catalog runs: ${r.catalogRuns} for ${r.distinct.preToolUse} distinct events (duplicates replayed)`,
    `denies back: ${r.deniesBack}/${r.distinct.deny}; warnings replayed exactly once: ` +
      `${r.warningsReplayedOnce}/${r.distinct.warn}; guard warnings lost: ${r.warningsLost}`,
    `calls denied at the deadline (machine too slow, said so, no postToolUse): ${JSON.stringify(r.deniedAtDeadline)}`,
    `tick records before collection: ${r.ticksBeforeCollection}; after forced collection: ${JSON.stringify(r.afterCollection)}`,
    r.ok ? 'all checks passed' : `FAILED (${r.failures.length}):\n  ${r.failures.join('\n  ')}`,
  ];
  if (r.repo) lines.push(`repo kept at ${r.repo}`);
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  loadRun(opts).then(
    (r) => {
      process.stdout.write(`${opts.json ? JSON.stringify(r, null, 2) : report(r)}\n`);
      process.exit(r.ok ? 0 : 1);
    },
    (err) => {
      process.stderr.write(`load run failed: ${err.stack ?? err}\n`);
      process.exit(1);
    },
  );
}
