// @ts-check
// Every process-level variant `npm run bench` times. `run({verify})` fires one variant once and returns its figures;
// with `verify` (a trace file) it also checks, through hookshim's own trace log, that the expected guards ran. Each
// hookshim event is fired as Cursor fires it: the bound command through `sh -c`, from the repo root, payload on stdin.
import fs from 'node:fs';
import path from 'node:path';
import { SESSION } from '../bench-transcript.mjs';
import { claudePreToolUse, copilotPreToolUse, cursorPayload, freshId, ROOT } from './fixtures.mjs';
import { direct, fire, oneByOne } from './fire.mjs';

/** How many trivial guards the overhead rows run, and how many each scenario of the sequential comparison runs. */
export const MATCHING = [1, 5, 20];
export const SLOW_SCRIPTS = 4;
export const SLOW_S = 0.3;
export const SCENARIO_GUARDS = 5;
/** The Python guards' script names (scripts/bench.mjs binds them only where a system python3 exists). */
export const PY_NAMES = Array.from({ length: SCENARIO_GUARDS }, (_, i) => `p${i + 1}.py`);
/** stderr of an event whose transcript work stopped at its bound (docs/transcripts.md "Bounds"): later events go on. */
const CUT_SHORT = /within this event's time/;

/** The sequential runner (the design hookshim replaced), fired like the bound command: `node <runner> <event>` through sh -c. */
const SEQUENTIAL = path.join(ROOT, 'scripts', 'bench', 'sequential.cjs');

/** The variants, by id, for the world scripts/bench.mjs built (transcripts, repos). */
export function defineVariants({ tx, repos, names, spawners }) {
  const variants = new Map();
  /** @param {{ id: string, run: (opts?: { verify?: string }) => Promise<any> } & Record<string, any>} v */
  const add = (v) => variants.set(v.id, v);
  const T1 = tx[1].path;
  const shell = { tool_name: 'Shell', tool_input: { command: 'ls', cwd: '' } };
  const preShell = (repo, transcript = T1) =>
    cursorPayload('preToolUse', repo, SESSION, { ...shell, tool_use_id: freshId('tool'), transcript_path: transcript });
  const stopPayload = (repo, transcript) =>
    cursorPayload('stop', repo, SESSION, {
      generation_id: freshId('gen'),
      status: 'completed',
      loop_count: 0,
      transcript_path: transcript,
    });

  /**
   * Fire a bound event; check the answer, stderr and (when verifying) the trace.
   * @param {any} repo
   * @param {string} event
   * @param {string} input
   * @param {{ answer: (got: any, what: string) => void, rows?: number, verify?: string, env?: Record<string, string>,
   *   stderr?: RegExp }} expect
   */
  const hook = async (repo, event, input, { answer, rows, verify, env, stderr = /^$/ }) => {
    const r = await fire(repo.command(event), {
      cwd: repo.dir,
      env: { ...repo.env, ...env, ...(verify ? { HOOKSHIM_LOG: verify } : {}) },
      input,
    });
    const got = parseAnswer(r, `${repo.name} ${event}`);
    if (!stderr.test(r.stderr)) throw new Error(`${repo.name} ${event}: unexpected stderr: ${r.stderr}`);
    answer(got, `${repo.name} ${event}`);
    if (verify && rows !== undefined) {
      const records = fs
        .readFileSync(verify, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const last = records.at(-1);
      if (last.event !== event || last.rows.length !== rows || last.rows.some((x) => x.exit !== 0))
        throw new Error(
          `${repo.name} ${event}: expected ${rows} guards to run and exit 0, trace says ${JSON.stringify(last.rows)}`,
        );
    }
    return r;
  };
  /** The sequential runner on the same event, repo and payload. */
  const sequential = async (repo, event, input, answer, flags = []) => {
    const r = await fire(`node '${SEQUENTIAL}' ${event}${flags.map((f) => ` ${f}`).join('')}`, {
      cwd: repo.dir,
      env: repo.env,
      input,
    });
    answer(parseAnswer(r, `sequential ${repo.name} ${event}`), `sequential ${repo.name} ${event}`);
    if (r.stderr) throw new Error(`sequential ${repo.name} ${event}: unexpected stderr: ${r.stderr}`);
    return r;
  };
  const equals = (want) => (got, what) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      throw new Error(`${what}: answered ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  };
  const allow = equals({ permission: 'allow' });
  /** A bound repo's state dir holds a Claude-shaped copy of most of `source` (the transcript was rewritten, not skipped). */
  const copied = (repo, source) => {
    const out = path.join(repo.stateDir, 'tx');
    const written = fs.existsSync(out)
      ? fs
          .readdirSync(out)
          .filter((f) => f.endsWith('.jsonl'))
          .map((f) => fs.statSync(path.join(out, f)).size)
      : [];
    if (!written.some((s) => s > 0.5 * fs.statSync(source).size))
      throw new Error(`${repo.name}: no Claude transcript was written (${written}); does a guard read the transcript?`);
  };

  add({
    id: 'node',
    run: async () =>
      fire('node -e 0', { cwd: repos.nomatch.dir, env: repos.nomatch.env, input: preShell(repos.nomatch) }),
  });
  // The same with NODE_EXTRA_CA_CERTS cleared: where it is set, every Node start parses that file (doctor's
  // node-extra-ca-certs), hookshim's, the sequential runner's and `node -e 0`'s alike.
  add({
    id: 'node.noca',
    run: async () =>
      fire('node -e 0', {
        cwd: repos.nomatch.dir,
        env: { ...repos.nomatch.env, NODE_EXTRA_CA_CERTS: '' },
        input: preShell(repos.nomatch),
      }),
  });
  add({
    id: 'pre.nomatch',
    run: ({ verify } = {}) =>
      hook(repos.nomatch, 'preToolUse', preShell(repos.nomatch), { answer: allow, rows: 0, verify }),
  });
  add({ id: 'seq.nomatch', run: () => sequential(repos.nomatch, 'preToolUse', preShell(repos.nomatch), allow) });
  // The same event as the first of a fresh machine (a Cloud agent's boot): an empty state dir, nothing cached in it.
  let fresh = 0;
  add({
    id: 'pre.nomatch.fresh',
    run: ({ verify } = {}) =>
      hook(repos.nomatch, 'preToolUse', preShell(repos.nomatch), {
        answer: allow,
        rows: 0,
        verify,
        env: { HOOKSHIM_STATE_DIR: path.join(repos.nomatch.stateDir, '..', 'fresh', String(++fresh)) },
      }),
  });
  add({
    id: 'post.nomatch',
    run: ({ verify } = {}) =>
      hook(
        repos.nomatch,
        'postToolUse',
        cursorPayload('postToolUse', repos.nomatch, SESSION, {
          ...shell,
          tool_output: '{"output":"README.md\\nsrc\\n","exitCode":0}',
          tool_use_id: freshId('tool'),
          duration: 12.5,
          transcript_path: T1,
        }),
        {
          answer: equals({}),
          rows: 0,
          verify,
        },
      ),
  });
  add({
    id: 'post.replay',
    // Untimed: the preToolUse whose warn-only guard stashes context. Timed: the postToolUse that replays it.
    run: async ({ verify } = {}) => {
      const id = freshId('tool');
      const read = {
        tool_name: 'Read',
        tool_input: { file_path: `${repos.nomatch.dir}/README.md` },
        tool_use_id: id,
        transcript_path: T1,
      };
      await hook(repos.nomatch, 'preToolUse', cursorPayload('preToolUse', repos.nomatch, SESSION, read), {
        answer: allow,
        rows: 1,
        verify,
        stderr: /^hookshim: 1 warning\(s\) from hooks\/warn\.sh kept for this tool's postToolUse[^\n]*\n$/,
      });
      return hook(
        repos.nomatch,
        'postToolUse',
        cursorPayload('postToolUse', repos.nomatch, SESSION, {
          ...read,
          tool_output: '{"content":"# readme"}',
          duration: 3,
        }),
        {
          answer: (got, what) => {
            if (!String(got.additional_context ?? '').includes('Read with care.'))
              throw new Error(`${what}: the stash was not replayed: ${JSON.stringify(got)}`);
          },
          rows: 0,
          verify,
        },
      );
    },
  });
  // The same events with the V8 code cache on (HOOKSHIM_CODE_CACHE=1: opt-in, docs/security.md guarantee 5).
  const CACHE = { HOOKSHIM_CODE_CACHE: '1' };
  add({
    id: 'pre.nomatch.cache',
    run: ({ verify } = {}) =>
      hook(repos.nomatch, 'preToolUse', preShell(repos.nomatch), { answer: allow, rows: 0, verify, env: CACHE }),
  });
  for (const n of MATCHING) {
    const repo = repos[`m${n}`];
    add({
      id: `pre.${n}`,
      run: ({ verify } = {}) => hook(repo, 'preToolUse', preShell(repo), { answer: allow, rows: n, verify }),
    });
    add({
      id: `pre.${n}.cache`,
      run: ({ verify } = {}) =>
        hook(repo, 'preToolUse', preShell(repo), { answer: allow, rows: n, verify, env: CACHE }),
    });
    // The spawn floor: a bare Node process that only starts the same n scripts as the runner does (floor.mjs).
    add({
      id: `floor.${n}`,
      run: () =>
        fire(spawners.uv(path.join(repo.dir, 'hooks', 'g1.sh'), n), {
          cwd: repo.dir,
          env: { ...repo.env, ...spawners.uvEnv },
          input: claudePreToolUse(repo, SESSION, T1),
        }),
    });
    add({
      id: `direct.${n}`,
      run: () =>
        direct(repo.shellCommands(names(n)), {
          cwd: repo.dir,
          env: repo.env,
          input: claudePreToolUse(repo, SESSION, T1),
        }),
    });
  }
  // Copilot: hookshim's binding (the `bash` command init wrote, fired through `sh -c` from the repository root with
  // Copilot's payload) against Copilot running the same rows itself, one after another from its running process.
  for (const n of [1, SCENARIO_GUARDS]) {
    const repo = repos[`cp${n}`];
    add({
      id: `copilot.${n}`,
      run: ({ verify } = {}) =>
        hook(repo, 'preToolUse', copilotPreToolUse(repo, SESSION), { answer: equals({}), rows: n, verify }),
    });
    add({
      id: `native.${n}`,
      run: () =>
        oneByOne(repo.shellCommands(names(n)), {
          cwd: repo.dir,
          env: repo.env,
          input: claudePreToolUse(repo, SESSION, T1),
        }),
    });
  }
  add({
    id: 'pre.5.notx',
    run: ({ verify } = {}) =>
      hook(repos.m5notx, 'preToolUse', preShell(repos.m5notx), { answer: allow, rows: 5, verify }),
  });
  add({
    id: `seq.${SCENARIO_GUARDS}`,
    run: () => sequential(repos[`m${SCENARIO_GUARDS}`], 'preToolUse', preShell(repos[`m${SCENARIO_GUARDS}`]), allow),
  });
  // Five guards, one of which denies: both runners answer deny with its reason.
  const denies = (got, what) => {
    if (got.permission !== 'deny' || !String(got.user_message ?? '').includes('bench: this call is denied'))
      throw new Error(`${what}: answered ${JSON.stringify(got)}, expected the third guard's deny`);
  };
  add({
    id: 'pre.deny',
    run: () =>
      hook(repos.deny, 'preToolUse', preShell(repos.deny), {
        answer: denies,
        stderr: /^hookshim: deny from hooks\/g3\.sh: bench: this call is denied\n$/,
      }),
  });
  add({ id: 'seq.deny', run: () => sequential(repos.deny, 'preToolUse', preShell(repos.deny), denies) });
  /** Five matching guards of one kind: hookshim, the sequential runner, and the scripts run directly at once. */
  const scenario = (name, repo, scripts) => {
    add({
      id: `pre.${name}`,
      run: ({ verify } = {}) =>
        hook(repo, 'preToolUse', preShell(repo), { answer: allow, rows: SCENARIO_GUARDS, verify }),
    });
    add({ id: `seq.${name}`, run: () => sequential(repo, 'preToolUse', preShell(repo), allow) });
    add({
      id: `direct.${name}`,
      run: () =>
        direct(repo.shellCommands(scripts), {
          cwd: repo.dir,
          env: repo.env,
          input: claudePreToolUse(repo, SESSION, T1),
        }),
    });
  };
  // Guards that each ask git about the work tree.
  scenario('git', repos.git, names(SCENARIO_GUARDS));
  // Five guards in Python, where the host has one: each run starts an interpreter, which is what running at once saves.
  if (repos.py) scenario('py', repos.py, PY_NAMES);
  // Guards that read a 20 MB transcript: hookshim keeps its Claude-shaped copy up to date (one line per round); the
  // sequential runner rewrites it whole on every event, as the Python adapter did.
  const T20 = tx[20].path;
  // What a first rewrite cut short by its 1 s says (docs/transcripts.md "Bounds"); nothing else may be on stderr.
  const partial = /^(?:hookshim: [^\n]*within this event's time[^\n]*\n?)*$/;
  add({
    id: 'pre.tx20',
    run: async ({ verify } = {}) => {
      const r = await hook(repos.tx, 'preToolUse', preShell(repos.tx, T20), {
        answer: allow,
        rows: SCENARIO_GUARDS,
        verify,
        stderr: partial,
      });
      // A first rewrite goes on over events (1 s of transcript work each): fire until the copy is whole.
      for (let i = 0, last = r; verify && i < 30 && CUT_SHORT.test(last.stderr); i++)
        last = await hook(repos.tx, 'preToolUse', preShell(repos.tx, T20), { answer: allow, stderr: partial });
      if (verify) copied(repos.tx, T20);
      return r;
    },
  });
  add({
    id: 'seq.tx20',
    run: () => sequential(repos.tx, 'preToolUse', preShell(repos.tx, T20), allow, ['--transcript']),
  });
  add({
    id: 'stop.tx20',
    run: async ({ verify } = {}) => {
      const r = await hook(repos.stop20, 'stop', stopPayload(repos.stop20, T20), {
        answer: equals({}),
        rows: 1,
        verify,
        stderr: partial,
      });
      for (let i = 0, last = r; verify && i < 30 && CUT_SHORT.test(last.stderr); i++)
        last = await hook(repos.stop20, 'stop', stopPayload(repos.stop20, T20), {
          answer: equals({}),
          stderr: partial,
        });
      if (verify) copied(repos.stop20, T20);
      return r;
    },
  });
  add({
    id: 'seq.stop.tx20',
    run: () => sequential(repos.stop20, 'stop', stopPayload(repos.stop20, T20), equals({}), ['--transcript']),
  });
  add({
    id: 'pre.slow',
    run: ({ verify } = {}) =>
      hook(repos.slow, 'preToolUse', preShell(repos.slow), { answer: allow, rows: SLOW_SCRIPTS, verify }),
  });
  add({
    id: 'direct.slow',
    run: () =>
      direct(repos.slow.shellCommands(names(SLOW_SCRIPTS, 's')), {
        cwd: repos.slow.dir,
        env: repos.slow.env,
        input: claudePreToolUse(repos.slow, SESSION, T1),
      }),
  });
  add({
    id: 'dup',
    // Two identical preToolUse processes at once (same tool_use_id): the wall time until both have answered.
    run: async () => {
      const input = preShell(repos.m1);
      const t0 = performance.now();
      const both = await Promise.all(
        [0, 1].map(() => fire(repos.m1.command('preToolUse'), { cwd: repos.m1.dir, env: repos.m1.env, input })),
      );
      const ms = performance.now() - t0;
      for (const r of both) allow(parseAnswer(r, 'm1 duplicate preToolUse'), 'm1 duplicate preToolUse');
      return { ms, each: both.map((r) => r.ms) };
    },
  });
  for (const mb of [1, 50]) {
    const repo = repos[`stop${mb}`];
    add({
      id: `stop.${mb}mb`,
      run: ({ verify } = {}) =>
        hook(repo, 'stop', stopPayload(repo, tx[mb].path), { answer: equals({}), rows: 1, verify }),
      // The first stops of the session: the full rewrite of the transcript, end to end, spread over as many events as
      // its 1 s per event takes (docs/transcripts.md "Bounds"), with the peak RSS of each when GNU time is there.
      first: async () => {
        const timeOut = path.join(repo.stateDir, '..', `time-${mb}.txt`);
        const gnuTime = fs.existsSync('/usr/bin/time');
        const command = gnuTime ? `/usr/bin/time -f %M -o '${timeOut}' ${repo.command('stop')}` : repo.command('stop');
        const events = [];
        let rss;
        for (let i = 0, more = true; i < 100 && more; i++) {
          const r = await fire(command, { cwd: repo.dir, env: repo.env, input: stopPayload(repo, tx[mb].path) });
          more = CUT_SHORT.test(r.stderr);
          equals({})(parseAnswer(r, `${repo.name} first stop`), `${repo.name} first stop`);
          events.push(r.ms);
          if (gnuTime)
            rss = Math.max(rss ?? 0, Number(fs.readFileSync(timeOut, 'utf8').trim().split('\n').pop()) / 1024);
        }
        copied(repo, tx[mb].path);
        return {
          ms: events[0],
          events: events.length,
          totalMs: events.reduce((a, b) => a + b, 0),
          maxRssMB: rss,
          bytes: fs.statSync(tx[mb].path).size,
        };
      },
    });
  }
  return variants;
}

/** The one JSON document a runner printed (anything else is a failure of the bench). */
export function parseAnswer(r, what) {
  const text = r.stdout.trim();
  if (r.code !== 0 || text.includes('\n'))
    throw new Error(`${what}: exit ${r.code}, stdout ${JSON.stringify(r.stdout)}, stderr ${r.stderr}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what}: stdout is not JSON: ${JSON.stringify(r.stdout)}; stderr ${r.stderr}`);
  }
}
