// Maintainer tooling through the built CLI and bundle: trace → replay round trip, HOOKSHIM=0, HOOKSHIM_DEBUG=1,
// check/doctor/explain as a user runs them, and a hook bundle free of the management code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cursorPayload, ensureBuilt, makeRepo, ROOT, toolUseId, type Repo } from './harness.ts';

const FORCE_PUSH = `#!/bin/sh
cmd=$(node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).tool_input.command||""))')
case "$cmd" in *"push --force"*) echo "Force push is blocked." >&2; exit 2 ;; esac
exit 0
`;
const BRIEF = `#!/bin/sh
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"Brief the subagent."}}'
`;
const STOP = `#!/bin/sh
cat >/dev/null
echo '{"decision":"block","reason":"Run the tests first."}'
`;
const MARK = `#!/bin/sh
cat >/dev/null
touch "$CLAUDE_PROJECT_DIR/ran"
`;
const CATALOG = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/force-push.sh', timeout: 10 }],
      },
      {
        matcher: 'Agent',
        hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/brief.sh', timeout: 10 }],
      },
      { matcher: 'Read', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/mark.sh', timeout: 10 }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/stop.sh', timeout: 10 }] }],
  },
};

let repo: Repo;
const cli = (args: string[], env: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: repo.dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', HOOKSHIM_STATE_DIR: repo.stateDir, ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(CATALOG, { 'force-push.sh': FORCE_PUSH, 'brief.sh': BRIEF, 'stop.sh': STOP, 'mark.sh': MARK });
  const r = repo.init();
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => repo?.cleanup());

const pre = (tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) =>
  cursorPayload('preToolUse', repo, { tool_name, tool_input, tool_use_id: toolUseId(), ...extra });

describe('trace log → replay round trip (HOOKSHIM_LOG, HOOKSHIM_LOG_PAYLOADS)', () => {
  const session = () =>
    [
      ['preToolUse', pre('Shell', { command: 'git push --force origin main', cwd: '' })],
      ['preToolUse', pre('Shell', { command: 'git status', cwd: '' })],
      ['preToolUse', pre('Task', { subagent_type: 'generalPurpose', description: 'd', prompt: 'p' })],
      ['stop', cursorPayload('stop', repo, { status: 'completed', loop_count: 0 })],
    ] as const;

  it('traces every event through the bound bundle; replay finds the same decisions; an edited guard shows up as a change', () => {
    const log = path.join(repo.dir, 'trace.ndjson');
    const answers = session().map(
      ([ev, p]) => repo.fire(ev, p, { env: { HOOKSHIM_LOG: log, HOOKSHIM_LOG_PAYLOADS: '1' } }).json,
    );
    expect(answers[0]).toMatchObject({ permission: 'deny' });
    const lines = fs
      .readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({
      v: 1,
      event: 'preToolUse',
      tool: 'Shell',
      conversation: expect.any(String),
      decision: answers[0],
      rows: [
        {
          row: 'PreToolUse[0].hooks[0]',
          label: 'hooks/force-push.sh',
          exit: 2,
          timedOut: false,
          ms: expect.any(Number),
        },
      ],
      payload: expect.objectContaining({ tool_name: 'Shell' }),
    });
    expect(lines[3]).toMatchObject({ event: 'stop', decision: { followup_message: 'Run the tests first.' } });

    const same = cli(['replay', log]);
    expect(same.code, same.out + same.err).toBe(0);
    expect(same.out).toMatch(/replay: 4 same, 0 wording only, 0 changed, 0 errors, 0 skipped\n$/);

    // The maintainer relaxes the force-push guard: replay names the event whose decision changed, exit 1.
    repo.write('hooks/force-push.sh', '#!/bin/sh\ncat >/dev/null\nexit 0\n');
    const changed = cli(['replay', log]);
    expect(changed.code).toBe(1);
    expect(changed.out).toMatch(
      /≠ line 1 preToolUse Shell \S+ {2}decision changed\n {6}was \{"permission":"deny",.*\n {6}now \{"permission":"allow"\}/,
    );
    expect(changed.out).toMatch(/replay: 3 same, 0 wording only, 1 changed, 0 errors, 0 skipped/);
    const j = JSON.parse(cli(['replay', log, '--json']).out);
    expect(j.counts).toEqual({ same: 3, wording: 0, changed: 1, error: 0, skipped: 0 });
    repo.write('hooks/force-push.sh', FORCE_PUSH);
    // Replaying wrote nothing to the trace.
    expect(fs.readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(4);
  });

  it('without HOOKSHIM_LOG_PAYLOADS the trace has no payload contents, and replay says what is missing (exit 3)', () => {
    const log = path.join(repo.dir, 'bare.ndjson');
    repo.fire('preToolUse', pre('Shell', { command: 'cat ~/.ssh/id_rsa', cwd: '' }), { env: { HOOKSHIM_LOG: log } });
    const text = fs.readFileSync(log, 'utf8');
    expect(text).not.toContain('id_rsa');
    expect(JSON.parse(text).payload).toBeUndefined();
    const r = cli(['replay', log]);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /nothing to replay in .*bare\.ndjson: no record has a payload \(trace with HOOKSHIM_LOG_PAYLOADS=1\)/,
    );
  });
});

describe('switches', () => {
  it('HOOKSHIM=0 turns the shim off: allow / {} and no guard runs; the trace says the shim was off', () => {
    const log = path.join(repo.dir, 'off.ndjson');
    fs.rmSync(path.join(repo.dir, 'ran'), { force: true });
    const env = { HOOKSHIM: '0', HOOKSHIM_LOG: log };
    expect(
      repo.fire('preToolUse', pre('Shell', { command: 'git push --force origin main', cwd: '' }), { env }).json,
    ).toEqual({ permission: 'allow' });
    expect(repo.fire('preToolUse', pre('Read', { file_path: 'x' }), { env }).json).toEqual({ permission: 'allow' });
    expect(
      repo.fire('stop', cursorPayload('stop', repo, { status: 'completed', loop_count: 0, generation_id: 'g-off' }), {
        env,
      }).json,
    ).toEqual({});
    expect(fs.existsSync(path.join(repo.dir, 'ran'))).toBe(false);
    const roles = fs
      .readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).role);
    expect(roles).toEqual(['off', 'off', 'off']);
  });

  it('HOOKSHIM_DEBUG=1 explains on stderr (why rows did not run) while stdout stays one JSON answer', () => {
    const r = repo.fire('preToolUse', pre('Shell', { command: 'ls', cwd: '' }), { env: { HOOKSHIM_DEBUG: '1' } });
    expect(r.json).toEqual({ permission: 'allow' });
    expect(r.stderr).toMatch(
      /^hookshim\[debug\]: preToolUse: project .*; Cursor timeout 30s \(\.cursor\/hooks\.json preToolUse\); deadline in \d+ms$/m,
    );
    expect(r.stderr).toMatch(/^hookshim\[debug\]: PreToolUse: matcher values \["Bash","Shell"\] → 1 row\(s\)/m);
    expect(r.stderr).toMatch(
      /^hookshim\[debug\]: not run: hooks\/hooks\.json PreToolUse\[1\]\.hooks\[0\]: matcher "Agent" \(exact names\) matches none of: Bash, Shell$/m,
    );
    const quiet = repo.fire('preToolUse', pre('Shell', { command: 'ls', cwd: '' }));
    expect(quiet.stderr).not.toMatch(/debug/);
  });
});

describe('check, doctor and explain as a maintainer runs them', () => {
  it('check passes on the bound repo and fails (exit 1) with a clear line when a guard loses its executable bit', () => {
    expect(cli(['check']).code).toBe(0);
    fs.chmodSync(path.join(repo.dir, 'hooks/brief.sh'), 0o644);
    const r = cli(['check']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /^error +hooks\/hooks\.json PreToolUse\[1\]\.hooks\[0\]: runs hooks\/brief\.sh directly, but it is not executable: the shell exits 126 and hookshim fails closed \(a deny or follow-up naming it\) \[script-not-executable\]\n +fix: chmod \+x hooks\/brief\.sh && git update-index --chmod=\+x hooks\/brief\.sh, or run it as "sh hooks\/brief\.sh"$/m,
    );
    fs.chmodSync(path.join(repo.dir, 'hooks/brief.sh'), 0o755);
  });

  it('doctor --json and explain --json parse; explain runs nothing', () => {
    const d = cli(['doctor', '--json'], { HOME: repo.dir });
    expect(d.code, d.out).toBe(0);
    // preToolUse, beforeReadFile (a Read row), postToolUse, postToolUseFailure, stop.
    expect(JSON.parse(d.out).bound).toHaveLength(5);
    fs.rmSync(path.join(repo.dir, 'ran'), { force: true });
    const r = spawnSync(process.execPath, [CLI, 'explain', '--json'], {
      cwd: repo.dir,
      input: JSON.stringify(pre('Read', { file_path: 'README.md' })),
      encoding: 'utf8',
    });
    expect(JSON.parse(r.stdout).invocations[0].rows[2]).toMatchObject({
      locator: 'PreToolUse[2].hooks[0]',
      status: 'selected',
    });
    expect(fs.existsSync(path.join(repo.dir, 'ran'))).toBe(false);
  });
});

describe('the hook bundle stays lean', () => {
  it('dist/hookshim.cjs contains no yargs, ndjson or management command code', () => {
    type Meta = { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
    const meta = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'meta.json'), 'utf8')) as { shim: Meta; cli: Meta };
    // What ended up in the file, not everything esbuild looked at (a lazily loaded module leaves a ~17-byte stub per
    // module it re-exports, e.g. zod's locales index: code, not a stub, is what must stay out).
    const used = (m: Meta) =>
      Object.values(m.outputs).flatMap((o) =>
        Object.entries(o.inputs)
          .filter(([, v]) => v.bytesInOutput > 64)
          .map(([k]) => k),
      );
    const shim = used(meta.shim);
    expect(
      shim.filter(
        (i) =>
          /node_modules\/(yargs|yargs-parser|ndjson|split2|through2|json-schema-to-typescript)\//.test(i) ||
          i.includes('src/commands/'),
      ),
    ).toEqual([]);
    expect(shim.filter((i) => /zod\/v4\/(classic|locales)\//.test(i))).toEqual([]);
    expect(used(meta.cli).some((i) => i.includes('node_modules/yargs/'))).toBe(true);
  });
});
