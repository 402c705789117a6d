// The fail matrix under Copilot and Codex (docs/fail-matrix.md, docs/security.md guarantee 7): a slow, hung or crashing
// guard and a damaged bundle, fired as each host fires its bound command (Copilot's `bash` string and Codex's `command`
// through a shell, from the repository root, the host's payload on stdin). Both hosts let a call through when a hook
// times out (docs/copilot-hooks.md §4, docs/codex-hooks.md §4), so hookshim must answer its own deny before the
// host's timeout: the deadline is read from hookshim's entry in the host's binding. The payloads are the captured
// fixtures (test/fixtures/copilot/hooks/, test/fixtures/codex/hooks/).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, installFixtures, killAll, pidsIn, row, until } from '../fixtures/bin/fixtures.ts';
import { ensureBuilt, makeRepo, type Repo } from './harness.ts';
import { HOSTS, fireHost } from './hosts.ts';

/** A deny reason hookshim gives for a guard that did not answer in time. */
const timedOut = (label: string) =>
  expect.stringMatching(
    new RegExp(
      `^hookshim: guard ${label.replace(/[.]/g, '\\.')} timeout: no answer within (\\d+ms|\\d+(\\.\\d)?s); ` +
        'the tool call is denied \\(fail closed\\)$',
    ),
  );

describe.each(HOSTS)('$name: a failing guard or bundle, fired as $name fires it', (host) => {
  let repo: Repo;
  const binding = () => JSON.parse(fs.readFileSync(path.join(repo.dir, host.file), 'utf8'));
  /** Set the timeout of hookshim's PreToolUse and stop entries, as a team (or the agent) may edit it. */
  const setTimeoutS = (seconds: number) => {
    const doc = binding();
    host.entry(doc)[host.timeoutKey] = seconds;
    host.stop.entry(doc)[host.timeoutKey] = seconds;
    fs.writeFileSync(path.join(repo.dir, host.file), JSON.stringify(doc, null, 2));
  };
  const useGuard = (guard: Record<string, unknown>) =>
    repo.write('hooks/hooks.json', JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guard] }] } }));
  const fire = (command = 'echo hi', env: Record<string, string> = {}) =>
    fireHost(host, repo, host.payload(repo, command), env);

  beforeAll(() => {
    ensureBuilt();
    repo = makeRepo({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [row('exit.sh', { args: '0' })] }],
        Stop: [{ hooks: [row('exit.sh', { args: '0' })] }],
      },
    });
    installFixtures(repo);
    const r = repo.init(['--host', host.id]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });
  afterAll(() => repo?.cleanup());

  describe(`a ${host.timeoutKey} of 3 s in ${host.file}: hookshim denies before ${host.name}'s own timeout lets the call run`, () => {
    beforeAll(() => setTimeoutS(3));
    afterAll(() => setTimeoutS(30));

    it('a hung guard (no timeout of its own: Claude gives it 600 s) that ignores SIGTERM → deny in < 3 s, killed', async () => {
      const pidfile = path.join(repo.dir, `hang-${host.id}.pids`);
      useGuard(row('hang.sh'));
      try {
        const r = fire('echo hi', { PIDFILE: pidfile });
        expect(r.json).toEqual(host.deny(timedOut('hooks/hang.sh')));
        expect(r.status).toBe(0);
        expect(r.ms).toBeLessThan(3000);
        expect(r.stderr).toMatch(new RegExp(`deadline reached \\d+ms before ${host.name}'s 3s timeout`));
        expect(await until(() => pidsIn(pidfile).every((p) => !alive(p)), 3000)).toBe(true);
      } finally {
        killAll(pidsIn(pidfile));
      }
    });

    it('a slow guard within its own timeout (10 s) but past the budget (sleeps 2.8 s) → deny in < 3 s', () => {
      useGuard(row('sleep.sh', { args: '2.8', timeout: 10 }));
      const r = fire();
      expect(r.json).toEqual(host.deny(timedOut('hooks/sleep.sh')));
      expect(r.ms).toBeLessThan(3000);
    });

    it(`a hung Stop guard → hookshim's fail-closed block on every stop, also a continued one (${host.name} caps ${host.id === 'copilot' ? 'the loop at 8' : 'no loop'})`, () => {
      repo.write(
        'hooks/hooks.json',
        JSON.stringify({ hooks: { Stop: [{ hooks: [row('sleep.sh', { args: '100' })] }] } }),
      );
      const command = host.command(host.stop.entry(binding()));
      for (const again of [false, true]) {
        const r = fireHost(host, repo, host.stop.payload(repo, again), {}, command);
        expect(r.json).toEqual({
          decision: 'block',
          reason: expect.stringMatching(
            /^hookshim: guard hooks\/sleep\.sh timeout: no answer within \S+; treat this stop as not yet allowed \(fail closed\)$/,
          ),
        });
        expect(r.ms).toBeLessThan(3000);
      }
    });

    it("a guard past its own timeout (1 s) → deny naming that timeout, as Claude's fail matrix row", () => {
      useGuard(row('sleep.sh', { args: '5', timeout: 1 }));
      const r = fire();
      expect(r.json).toEqual(
        host.deny('hookshim: guard hooks/sleep.sh timeout: no answer within 1s; the tool call is denied (fail closed)'),
      );
    });
  });

  if (host.id === 'copilot')
    it("Copilot's alias `timeout` (docs/copilot-hooks.md §2) is honoured too: the shorter of the two is the deadline", () => {
      const doc = binding();
      Object.assign(host.entry(doc), { timeoutSec: 30, timeout: 3 });
      fs.writeFileSync(path.join(repo.dir, host.file), JSON.stringify(doc, null, 2));
      try {
        useGuard(row('sleep.sh', { args: '100' }));
        const r = fire();
        expect(r.json).toEqual(host.deny(timedOut('hooks/sleep.sh')));
        expect(r.ms).toBeLessThan(3000);
      } finally {
        delete host.entry(doc).timeout;
        fs.writeFileSync(path.join(repo.dir, host.file), JSON.stringify(doc, null, 2));
      }
    });

  it.each([
    [
      'in exec form, it dies by SIGSEGV itself',
      { type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/signal.sh', args: [] },
      'killed by SIGSEGV',
    ],
    ['through sh -c (exit 139)', row('signal.sh'), 'exit 139'],
  ])(
    'a guard killed by a signal, %s: a non-blocking error, as Claude Code reads it: no deny, stderr says so',
    (_how, guard, what) => {
      useGuard(guard);
      const r = fire();
      expect(r.json).toEqual({});
      expect(r.stderr).toContain(`hookshim: hooks/signal.sh (PreToolUse): ${what}`);
    },
  );

  it(`a guard that exits 1: non-blocking in Claude Code, so {} (${host.name} itself would ${host.id === 'copilot' ? 'deny' : 'run the call'})`, () => {
    useGuard(row('exit.sh', { args: '1 "guard broke"' }));
    const r = fire();
    expect(r.json).toEqual({});
    expect(r.stderr).toContain('hookshim: hooks/exit.sh (PreToolUse): exit 1 (non-blocking error): guard broke');
  });

  it('garbage on stdout: no answer, logged, never a decision', () => {
    useGuard(row('print.sh', { args: `'{"permissionDecision": allow'` }));
    const r = fire();
    expect(r.json).toEqual({});
    expect(r.stderr).toMatch(
      /hookshim: hooks\/print\.sh \(PreToolUse\): stdout starts with "\{" but is not valid JSON/,
    );
  });

  it.each([
    ['missing', null],
    ['damaged (cut in the middle)', (text: string) => text.slice(0, Math.floor(text.length / 2))],
    ['replaced by garbage', () => '}{ not javascript'],
  ] as const)('the bundle %s: node exits non-zero with nothing on stdout', (_name, damage) => {
    const file = path.join(repo.dir, host.bundle);
    const text = fs.readFileSync(file, 'utf8');
    try {
      if (damage) fs.writeFileSync(file, damage(text));
      else fs.rmSync(file);
      useGuard(row('exit.sh', { args: '0' }));
      const r = fire();
      expect(r.stdout).toBe('');
      // Copilot denies a preToolUse command that exits non-zero ("hook errored"); Codex runs a call whose hook exits 1
      // but blocks on 2 (measured with the real CLIs: docs/copilot-hooks.md §4, docs/codex-hooks.md §4), so the Codex
      // PreToolUse command ends in `|| exit 2`, with node's own error on stderr as the reason.
      expect(r.status).toBe(host.id === 'codex' ? 2 : 1);
      expect(r.stderr).not.toBe('');
    } finally {
      fs.writeFileSync(file, text);
    }
  });

  it(`every bound command runs the vendored bundle by a relative path from the repository root (${host.name}'s cwd)`, () => {
    const doc = binding();
    expect(host.command(host.entry(doc))).toContain(` ${host.bundle} --host ${host.id} `);
    if (host.id === 'copilot') expect(host.entry(doc).powershell).toBe(host.entry(doc).bash);
  });
});
