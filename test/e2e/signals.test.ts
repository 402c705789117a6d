// Answer before the deadline, always. The deadline comes from the
// `timeout` of hookshim's own entry in .cursor/hooks.json (docs/cursor-hooks.md §1); SIGTERM/SIGINT from Cursor
// get the best answer at once (deny for an unfinished preToolUse, docs/design.md §6) and no guard process survives.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, installFixtures, killAll, pidsIn, row, until } from '../fixtures/bin/fixtures.ts';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

let repo: Repo;
let n = 0;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  json: Record<string, unknown>;
  ms: number;
}

/**
 * Start an event as Cursor does (sh -c from the repo root), in its own process group; `act` may signal it.
 * `stdin`: the payload, written and closed unless `keepOpen`.
 */
function start(event: string, stdin: string, env: Record<string, string> = {}, keepOpen = false) {
  const t0 = Date.now();
  const child = spawn('sh', ['-c', repo.command(event)], {
    cwd: repo.dir,
    detached: true,
    env: { ...process.env, HOOKSHIM_STATE_DIR: repo.stateDir, CURSOR_PROJECT_DIR: repo.dir, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  child.stdin.on('error', () => {});
  if (keepOpen) child.stdin.write(stdin);
  else child.stdin.end(stdin);
  const done = new Promise<Run>((resolve) => {
    child.on('close', (code) => {
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(stdout);
      } catch {
        json = { unparsable: stdout };
      }
      expect(stdout.trim().split('\n')).toHaveLength(1);
      resolve({ code, stdout, stderr, json, ms: Date.now() - t0 });
    });
  });
  return {
    child,
    done,
    /** Signal the whole process group (sh and hookshim), as a terminal or a group-killing parent would. */
    signal: (sig: NodeJS.Signals) => process.kill(-(child.pid as number), sig),
    /** Signal hookshim's node process alone (sh does not forward signals to its child). */
    signalHookshim: (sig: NodeJS.Signals) => process.kill(childOf(child.pid as number), sig),
  };
}

/** The single child process of `pid` (the node process sh -c started); `pid` itself when sh exec'd node (dash does for one simple command). */
function childOf(pid: number): number {
  if (path.basename(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '') === 'node') return pid;
  const kids = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  expect(kids).toHaveLength(1);
  return kids[0] as number;
}

/** True once `pid` has started a child process (or exec'd node itself). */
function hasChild(pid: number): boolean {
  try {
    return childOf(pid) > 0;
  } catch {
    return false;
  }
}

function pidfile(): string {
  n += 1;
  return path.join(repo.dir, `pids-${n}.txt`);
}

function setTimeout3s(...events: string[]): void {
  const file = path.join(repo.dir, '.cursor', 'hooks.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const ev of events) for (const e of doc.hooks[ev]) e.timeout = 3;
  fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
}

const pre = (extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    cursorPayload('preToolUse', repo, {
      generation_id: `g-${toolUseId()}`,
      tool_name: 'Shell',
      tool_input: { command: 'make', cwd: '' },
      tool_use_id: toolUseId(),
      ...extra,
    }),
  );

const FAIL_CLOSED = (label: string) =>
  new RegExp(
    `^hookshim: guard ${label.replace(/[.]/g, '\\.')} timeout: no answer within (\\d+ms|\\d+(\\.\\d)?s); the tool call is denied \\(fail closed\\)$`,
  );

beforeAll(() => {
  ensureBuilt();
  repo = makeRepo({
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [row('spawn-and-hang.sh')] },
        { matcher: 'Read', hooks: [row('sleep.sh', { args: '100' })] },
        { matcher: 'Grep', hooks: [row('hang.sh')] },
      ],
      Stop: [{ hooks: [row('sleep.sh', { args: '100' })] }],
    },
  });
  installFixtures(repo);
  const r = repo.init();
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => repo?.cleanup());

describe('SIGTERM / SIGINT from Cursor: the best answer at once, and no orphan', () => {
  it.each([
    ['SIGTERM', 'to hookshim alone'],
    ['SIGTERM', 'to the whole process group'],
    ['SIGINT', 'to hookshim alone'],
  ] as const)(
    '%s %s while a preToolUse guard (and its grandchild) runs → deny naming the unfinished guard; both processes are gone',
    async (sig, whom) => {
      const pids = pidfile();
      const run = start('preToolUse', pre(), { PIDFILE: pids });
      try {
        expect(await until(() => pidsIn(pids).length === 2, 10_000)).toBe(true);
        const sentAt = Date.now();
        if (whom === 'to hookshim alone') run.signalHookshim(sig);
        else run.signal(sig);
        const r = await run.done;
        expect(Date.now() - sentAt).toBeLessThan(1500);
        expect(r.json.permission).toBe('deny');
        expect(r.json.user_message).toMatch(FAIL_CLOSED('hooks/spawn-and-hang.sh'));
        expect(r.json.agent_message).toBe(r.json.user_message);
        expect(r.stderr).toContain(
          `hookshim: received ${sig}; answered with what had finished, unfinished guards count as timed out`,
        );
        const [script, grandchild] = pidsIn(pids) as [number, number];
        expect(await until(() => !alive(script) && !alive(grandchild), 2000)).toBe(true);
      } finally {
        killAll(pidsIn(pids));
      }
    },
  );

  it('SIGTERM while hookshim is still waiting for stdin (no guard started) → deny (fail closed), at once', async () => {
    const run = start('preToolUse', '{"conversation_id":', {}, true);
    // Once node runs (sh has started it), and had time to load hookshim (a busy machine needs more than a quiet one).
    expect(await until(() => hasChild(run.child.pid as number), 10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    const sentAt = Date.now();
    run.signalHookshim('SIGTERM');
    const r = await run.done;
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(r.json.permission, r.stderr).toBe('deny');
    expect(r.json.agent_message).toMatch(/^hookshim received SIGTERM before any guard ran; this preToolUse is denied/);
    expect(r.stderr).toContain('hookshim: received SIGTERM before any guard ran; denying (fail closed)');
  });
});

describe("the deadline is the timeout of hookshim's own entry in .cursor/hooks.json", () => {
  beforeAll(() => setTimeout3s('preToolUse', 'stop'));

  it('timeout 3 s: a guard that would sleep 100 s (no timeout of its own) still gets a deny answer in < 3 s', async () => {
    const r = await start('preToolUse', pre({ tool_name: 'Read', tool_input: { file_path: '/etc/hosts' } })).done;
    expect(r.json.permission).toBe('deny');
    expect(r.json.user_message).toMatch(FAIL_CLOSED('hooks/sleep.sh'));
    expect(r.ms).toBeLessThan(3000);
  });

  it('timeout 3 s: a guard that ignores SIGTERM is cut at the hard deadline, answered in < 3 s, and SIGKILLed', async () => {
    const pids = pidfile();
    try {
      const r = await start('preToolUse', pre({ tool_name: 'Grep', tool_input: { pattern: 'x' } }), { PIDFILE: pids })
        .done;
      expect(r.json.permission).toBe('deny');
      expect(r.json.user_message).toMatch(FAIL_CLOSED('hooks/hang.sh'));
      expect(r.ms).toBeLessThan(3000);
      expect(await until(() => pidsIn(pids).every((p) => !alive(p)), 2000)).toBe(true);
    } finally {
      killAll(pidsIn(pids));
    }
  });

  it('timeout 3 s: a guard that forks a grandchild and hangs is answered in < 3 s, and neither survives', async () => {
    const pids = pidfile();
    try {
      const r = await start('preToolUse', pre(), { PIDFILE: pids }).done;
      expect(r.json.user_message).toMatch(FAIL_CLOSED('hooks/spawn-and-hang.sh'));
      expect(r.ms).toBeLessThan(3000);
      expect(pidsIn(pids)).toHaveLength(2);
      expect(await until(() => pidsIn(pids).every((p) => !alive(p)), 2000)).toBe(true);
    } finally {
      killAll(pidsIn(pids));
    }
  });

  it('timeout 3 s: stop with a 100 s guard → a fail-closed follow-up in < 3 s', async () => {
    const r = await start(
      'stop',
      JSON.stringify(
        cursorPayload('stop', repo, { generation_id: 'g-stop-deadline', status: 'completed', loop_count: 0 }),
      ),
    ).done;
    expect(r.json.followup_message).toMatch(
      /^hookshim: guard hooks\/sleep\.sh timeout: no answer within \d+(\.\d)?s; treat this stop as not yet allowed \(fail closed\)$/,
    );
    expect(Object.keys(r.json)).toEqual(['followup_message']);
    expect(r.ms).toBeLessThan(3000);
  });

  it('timeout 3 s: stdin that is never closed but holds a complete payload is taken after a short quiet time', async () => {
    const run = start(
      'preToolUse',
      pre({ tool_name: 'Write', tool_input: { file_path: 'a.txt', content: 'x' } }),
      {},
      true,
    );
    const r = await run.done;
    expect(r.json).toEqual({ permission: 'allow' });
    expect(r.ms).toBeLessThan(2000);
    expect(r.stderr).toBe('');
  });

  it('timeout 3 s: stdin that is never closed and never complete → denied before the deadline, saying why', async () => {
    const r = await start('preToolUse', '{"tool_name":"Shell","tool_inp', {}, true).done;
    // What arrived cannot be read: a permission event denies it (docs/fail-matrix.md).
    expect(r.json).toMatchObject({ permission: 'deny' });
    expect(r.ms).toBeLessThan(3000);
    expect(r.stderr).toMatch(/hookshim: stdin was still open after \d+ms; used what arrived \(stdin is not JSON/);
  });
});

describe('a writer that sends the payload in pieces (the fast read of stdin hands over to the stream reader)', () => {
  it('half now, the rest 300 ms later: the whole payload is used', () => {
    const p = JSON.stringify(
      cursorPayload('preToolUse', repo, {
        tool_name: 'WebSearch',
        tool_input: { search_term: 'pieces' },
        tool_use_id: `slow-${process.pid}`,
      }),
    );
    const half = Math.floor(p.length / 2);
    const file = path.join(repo.dir, 'slow-payload.json');
    fs.writeFileSync(file, p);
    const cmd = `(head -c ${half} '${file}'; sleep 0.3; tail -c +${half + 1} '${file}') | ${repo.command('preToolUse')}`;
    const r = repo.fire('preToolUse', '', { command: cmd });
    expect(r.stderr).toBe('');
    expect(r.json).toEqual({ permission: 'allow' });
    expect(r.ms).toBeGreaterThan(250);
  });
});
