// The commands a maintainer touches know hosts: doctor's "is it loaded?" per bound host from the
// heartbeats the built bundle leaves, check's summary, the stale-matcher warning under Copilot and Codex, and explain
// and replay of a Copilot or Codex payload through that host's table. Runs dist/cli.mjs and dist/hookshim.cjs.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, ensureBuilt } from './harness.ts';

const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in *'rm -rf'*) echo "QQDENY no rm -rf" >&2; exit 2 ;; esac
exit 0
`;
const CATALOG = {
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh' }] }],
  },
};

let scratch: string;
beforeAll(() => {
  ensureBuilt();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-hosttool-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A git repository with the catalog, bound for `hosts`; its own state dir and CODEX_HOME. */
function repo(name: string, hosts: string) {
  const dir = path.join(scratch, name);
  fs.mkdirSync(path.join(dir, 'hooks'), { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  fs.writeFileSync(path.join(dir, 'hooks', 'guard.sh'), GUARD, { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'hooks', 'hooks.json'), JSON.stringify(CATALOG));
  const env = {
    PATH: process.env.PATH,
    HOME: path.join(dir, '.home'),
    HOOKSHIM_STATE_DIR: path.join(dir, '.state'),
    CODEX_HOME: path.join(dir, '.codex-home'),
    CI: '',
  };
  const cli = (args: string[], input?: string) =>
    spawnSync(process.execPath, [CLI, ...args], { cwd: dir, env, encoding: 'utf8', ...(input ? { input } : {}) });
  expect(cli(['init', '--host', hosts]).status).toBe(0);
  /** Run a bound command as its host runs it: through a shell, from the project, the payload on stdin. */
  const fire = (command: string, payload: unknown, extra: Record<string, string> = {}) =>
    spawnSync('sh', ['-c', command], {
      cwd: dir,
      input: JSON.stringify(payload),
      env: { ...env, ...extra },
      encoding: 'utf8',
    });
  return { dir, env, cli, fire };
}

const codexPre = (dir: string, command: string) => ({
  session_id: 's-1',
  transcript_path: null,
  cwd: dir,
  hook_event_name: 'PreToolUse',
  model: 'gpt-5.5',
  permission_mode: 'bypassPermissions',
  turn_id: 't',
  tool_name: 'Bash',
  tool_input: { command },
  tool_use_id: 'call_1',
});
const copilotPre = (dir: string, command: string) => ({
  sessionId: 's-2',
  timestamp: 1,
  cwd: dir,
  toolName: 'bash',
  toolArgs: { command, description: 'x' },
});

describe('doctor: is it loaded, per bound host', () => {
  it('bound for Copilot and Codex, nothing ran: never-ran for each, with its own causes; Codex trust closed', () => {
    const r = repo('never', 'copilot,codex');
    const out = r.cli(['doctor', '--json']);
    const report = JSON.parse(out.stdout) as {
      hosts: { id: string }[];
      findings: { code: string; where: string; message: string; fix?: string }[];
      codexTrust: { project: string; handlers: { status: string }[] };
    };
    expect(report.hosts.map((h) => h.id)).toEqual(['copilot', 'codex']);
    const never = report.findings.filter((f) => f.code === 'never-ran');
    expect(never.map((f) => f.where)).toEqual(['.github/hooks/hookshim.json', '.codex/hooks.json']);
    expect(never[0]?.message).toMatch(/GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true/);
    expect(never[1]?.message).toMatch(/\(1\) the project is not trusted in \$CODEX_HOME\/config\.toml/);
    expect(report.codexTrust.project).toBe('untrusted');
    expect(report.codexTrust.handlers.map((h) => h.status)).toEqual(['untrusted', 'untrusted']);
    const codes = report.findings.map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['codex-project-untrusted', 'codex-handler-untrusted']));
    const text = r.cli(['doctor']).stdout;
    expect(text).toMatch(/! Copilot never ran hookshim for this project on this machine/);
    expect(text).toMatch(/! Codex never ran hookshim for this project on this machine/);
    expect(text).toMatch(/! Codex trust: project not trusted, 0 of 2 handlers trusted/);
  });

  it('Codex ran the binding (and trusts it), Copilot did not: last-ran for Codex, never-ran for Copilot only', () => {
    const r = repo('ran', 'copilot,codex');
    const codex = JSON.parse(fs.readFileSync(path.join(r.dir, '.codex', 'hooks.json'), 'utf8'));
    const denied = r.fire(codex.hooks.PreToolUse[0].hooks[0].command, codexPre(r.dir, 'rm -rf /'));
    expect(denied.stdout).toMatch(/QQDENY/);
    // Trust as Codex's /hooks view writes it: the project, and each handler's current hash (doctor --json lists them).
    const listed = JSON.parse(r.cli(['doctor', '--json']).stdout).codexTrust.handlers as {
      key: string;
      hash: string;
    }[];
    fs.mkdirSync(r.env.CODEX_HOME, { recursive: true });
    fs.writeFileSync(
      path.join(r.env.CODEX_HOME, 'config.toml'),
      [
        `[projects."${r.dir}"]`,
        'trust_level = "trusted"',
        ...listed.flatMap((h) => [`[hooks.state."${h.key}"]`, `trusted_hash = "${h.hash}"`]),
      ].join('\n'),
    );
    const report = JSON.parse(r.cli(['doctor', '--json']).stdout) as {
      lastRan: { hostId: string; events: { event: string }[] }[];
      findings: { code: string; where: string; message: string }[];
    };
    expect(report.lastRan.map((l) => [l.hostId, l.events.map((e) => e.event)])).toEqual([['codex', ['PreToolUse']]]);
    expect(report.findings.filter((f) => f.code === 'never-ran').map((f) => f.where)).toEqual([
      '.github/hooks/hookshim.json',
    ]);
    expect(report.findings.filter((f) => f.code.startsWith('codex-'))).toEqual([]);
    const text = r.cli(['doctor', '-v']).stdout;
    expect(text).toMatch(/✓ Codex last ran hookshim \d+ s ago \(PreToolUse\)/);
    expect(text).toMatch(/✓ Codex trust: project trusted, 2 of 2 handlers trusted/);
    expect(text).toMatch(/Codex: hookshim last ran for this project \d+ s ago \(its own binding\): PreToolUse/);
  });
});

describe('check: the summary counts the bound hosts', () => {
  it('a repository bound only for Copilot counts Copilot events', () => {
    const r = repo('summary', 'copilot');
    expect(r.cli(['check']).stdout).toMatch(/hookshim check: ok \(1 rows?, 2 Copilot events bound, vendored bundle/);
  });
});

describe('the stale-matcher warning under Copilot and Codex', () => {
  it('a new row for a tool the bound matcher skips is said on the event, naming the host and the fix', () => {
    const r = repo('stale', 'copilot,codex');
    const catalog = structuredClone(CATALOG) as typeof CATALOG;
    catalog.hooks.PreToolUse.push({ matcher: 'Write', hooks: [{ type: 'command', command: 'true' }] });
    fs.writeFileSync(path.join(r.dir, 'hooks', 'hooks.json'), JSON.stringify(catalog));
    const codex = JSON.parse(fs.readFileSync(path.join(r.dir, '.codex', 'hooks.json'), 'utf8'));
    const cx = r.fire(codex.hooks.PreToolUse[0].hooks[0].command, codexPre(r.dir, 'ls'));
    expect(cx.stderr).toMatch(
      /\.codex\/hooks\.json PreToolUse: its matcher skips apply_patch, which catalog rows now match, so Codex starts no hookshim .*commit \.codex\/hooks\.json/,
    );
    const copilot = JSON.parse(fs.readFileSync(path.join(r.dir, '.github', 'hooks', 'hookshim.json'), 'utf8'));
    const cp = r.fire(copilot.hooks.preToolUse[0].bash, copilotPre(r.dir, 'ls'));
    expect(cp.stderr).toMatch(/its matcher skips create, apply_patch, which catalog rows now match, so Copilot starts/);
    // Rebound: nothing to say.
    expect(r.cli(['init']).status).toBe(0);
    const again = JSON.parse(fs.readFileSync(path.join(r.dir, '.codex', 'hooks.json'), 'utf8'));
    expect(r.fire(again.hooks.PreToolUse[0].hooks[0].command, codexPre(r.dir, 'ls')).stderr).not.toMatch(
      /matcher skips/,
    );
  });
});

describe('explain and replay through the host table', () => {
  it('explain --run of a Codex payload (the bound host by default): the deny as Codex reads it', () => {
    const r = repo('explain-codex', 'codex');
    const out = r.cli(['explain', '--run', '--json'], JSON.stringify(codexPre(r.dir, 'rm -rf /')));
    const report = JSON.parse(out.stdout);
    expect(report.host).toEqual({ id: 'codex', name: 'Codex' });
    expect(report.run.answer).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'QQDENY no rm -rf',
      },
    });
    expect(r.cli(['explain', '--run'], JSON.stringify(codexPre(r.dir, 'ls'))).stdout).toMatch(
      /Codex timeout 30s \(\.codex\/hooks\.json PreToolUse\)[\s\S]*Codex answer \{\}/,
    );
  });

  it("explain --host copilot --event preToolUse: Copilot's payload in Claude's shape, its matcher checked", () => {
    const r = repo('explain-copilot', 'cursor,copilot');
    const text = JSON.stringify(copilotPre(r.dir, 'rm -rf /'));
    const report = JSON.parse(
      r.cli(['explain', '--host', 'copilot', '--event', 'preToolUse', '--run', '--json'], text).stdout,
    );
    expect(report.invocations[0].payloads[0].payload).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    });
    expect(report.run.answer).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: 'QQDENY no rm -rf',
    });
    const view = { ...copilotPre(r.dir, 'x'), toolName: 'view', toolArgs: { path: 'a' } };
    const skipped = JSON.parse(
      r.cli(['explain', '--host', 'copilot', '--event', 'preToolUse', '--json'], JSON.stringify(view)).stdout,
    );
    expect(skipped.notes.join('\n')).toMatch(
      /hookshim\.json preToolUse: its matcher skips "Read", so Copilot starts no hookshim/,
    );
  });

  it('replay of a Codex trace: each record as its host runs it, the recorded answer compared as Codex reads it', () => {
    const r = repo('replay-codex', 'codex');
    const trace = path.join(r.dir, 'trace.ndjson');
    const codex = JSON.parse(fs.readFileSync(path.join(r.dir, '.codex', 'hooks.json'), 'utf8'));
    const command = codex.hooks.PreToolUse[0].hooks[0].command;
    for (const c of ['rm -rf /', 'ls'])
      r.fire(command, codexPre(r.dir, c), { HOOKSHIM_LOG: trace, HOOKSHIM_LOG_PAYLOADS: '1' });
    const recs = fs
      .readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(recs.map((x) => x.host)).toEqual(['codex', 'codex']);
    const out = r.cli(['replay', trace, '--json']);
    expect(out.status, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout);
    expect(report.events.map((e: { host: string; status: string }) => [e.host, e.status])).toEqual([
      ['codex', 'same'],
      ['codex', 'same'],
    ]);
    expect(report.events[0].after.hookSpecificOutput.permissionDecision).toBe('deny');
  });
});

it('ROOT is this checkout', () => expect(fs.existsSync(path.join(ROOT, 'package.json'))).toBe(true));
