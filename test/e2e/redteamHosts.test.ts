// docs/security.md under Copilot and Codex: what the guarded agent can write (the host's binding, hookshim's config
// for that host, the catalog, the state dir) never turns a deny into an allow unnoticed. Each row fires the bound
// command as the host does (test/e2e/hosts.ts). Where the host gives hookshim no way to notice (its entry removed or
// rewritten: the host never starts hookshim), the row shows that `hookshim check` fails on it instead, and
// docs/security.md says so.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPILOT } from '../../adapters/hosts/copilot/index.ts';
import { tickOf } from '../../src/state/sentinel.ts';
import { CLI, ensureBuilt, makeRepo, tickProject, type Repo } from './harness.ts';
import { HOSTS, fireHost, type Host } from './hosts.ts';

/** Denies `rm` and anything touching .env; allows the rest. */
const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in
  *'"rm '*|*'.env'*) echo "no rm, no .env" >&2; exit 2 ;;
esac
exit 0
`;
const CATALOG = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash|Write|Edit',
        hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/guard.sh' }],
      },
    ],
  },
};
const lines = (stderr: string) => stderr.split('\n').filter(Boolean);
/** The config file init writes for the host when the repository has no .cursor/hookshim.json. */
const CONFIG: Record<Host['id'], string> = {
  copilot: '.github/hooks/hookshim.config.json',
  codex: '.codex/hookshim.json',
};

describe.each(HOSTS)('$name: what the agent can write', (host) => {
  let repo: Repo;
  const file = (rel: string) => path.join(repo.dir, rel);
  const fire = (command: string, env: Record<string, string> = {}) =>
    fireHost(host, repo, host.payload(repo, command), env);
  const findings = () =>
    (
      JSON.parse(spawnSync(process.execPath, [CLI, 'check', repo.dir, '--json'], { encoding: 'utf8' }).stdout) as {
        findings: { code: string; severity: string; message: string }[];
      }
    ).findings;
  /** Run `body` with `rel` changed by `edit`, then put it back as it was. */
  const withEdit = (rel: string, edit: (text: string) => string, body: () => void) => {
    const saved = fs.readFileSync(file(rel), 'utf8');
    fs.writeFileSync(file(rel), edit(saved));
    try {
      body();
    } finally {
      fs.writeFileSync(file(rel), saved);
    }
  };
  const deny = () => host.deny('no rm, no .env');

  beforeAll(() => {
    ensureBuilt();
    // The catalog sits where no default looks, so only hookshim's config for this host names it (`init --catalog`).
    repo = makeRepo({ hooks: {} });
    fs.rmSync(file('hooks'), { recursive: true });
    repo.write('plugins/g/hooks/hooks.json', JSON.stringify(CATALOG));
    repo.write('plugins/g/guard.sh', GUARD, 0o755);
    const r = repo.init(['--host', host.id, '--catalog', 'plugins/g']);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(file(CONFIG[host.id]), 'utf8')).catalogs).toEqual(['plugins/g']);
    expect(fire('rm -rf /').json).toEqual(deny());
    expect(findings().filter((f) => f.severity === 'error')).toEqual([]);
  });
  afterAll(() => repo?.cleanup());

  describe(`the binding (${host.file}): ${host.name} alone decides whether hookshim starts`, () => {
    const edits: [string, (doc: any) => void][] = [
      ["hookshim's entry removed", (doc) => delete doc.hooks[host.id === 'copilot' ? 'preToolUse' : 'PreToolUse']],
      ['its command replaced by `true`', (doc) => setCommand(host, doc, 'true')],
      ['its timeout changed', (doc) => (host.entry(doc)[host.timeoutKey] = 600)],
    ];
    it.each(edits)(`%s: nothing runs hookshim to notice; check fails (${host.id}-binding-stale)`, (_name, edit) =>
      withEdit(
        host.file,
        (t) => {
          const doc = JSON.parse(t);
          edit(doc);
          return JSON.stringify(doc);
        },
        () =>
          expect(findings()).toContainEqual(
            expect.objectContaining({ code: `${host.id}-binding-stale`, severity: 'error' }),
          ),
      ),
    );

    it('pointed at another bundle that answers allow: that bundle decides; check fails on the binding', () => {
      const other = host.bundle.replace('hookshim.cjs', 'other.cjs');
      const allow = host.id === 'copilot' ? '{"permissionDecision":"allow"}' : '{}';
      repo.write(other, `process.stdout.write(${JSON.stringify(allow)});\n`);
      withEdit(
        host.file,
        (t) => t.replaceAll(host.bundle, other),
        () => {
          expect(fire('rm -rf /').json).toEqual(JSON.parse(allow));
          // .codex/hooks.json is also bound when init's bundle is beside it, so the repointed handler is stale.
          expect(findings()).toContainEqual(
            expect.objectContaining({ code: `${host.id}-binding-stale`, severity: 'error' }),
          );
        },
      );
    });

    const how = host.id === 'copilot' ? 'a failed preToolUse command' : "the command turns node's exit 1 into 2";
    it(`the bundle removed: ${host.name} denies (${how}); check fails`, () => {
      const saved = fs.readFileSync(file(host.bundle));
      fs.rmSync(file(host.bundle));
      try {
        const r = fire('rm -rf /');
        expect([r.status, r.stdout]).toEqual([host.id === 'codex' ? 2 : 1, '']);
        expect(findings()).toContainEqual(
          expect.objectContaining({
            code: `${host.id}-bundle-stale`,
            severity: 'error',
            // What check says the missing bundle does is what the host was just seen to do.
            message: expect.stringMatching(/denies every tool call|blocks every call/),
          }),
        );
      } finally {
        fs.writeFileSync(file(host.bundle), saved);
      }
    });
  });

  describe(`a malformed ${CONFIG[host.id]} does not open the gate`, () => {
    const breakings: [string, (t: string) => string, RegExp][] = [
      ['a trailing comma', (t) => t.replace(/\]/, ',]'), /not JSON \(at line \d+, column \d+: /],
      ['an unknown key', (t) => t.replace('"catalogs"', '"catalog"'), /unknown key "catalog"/],
      ['an empty file', () => '', /not JSON \(at line 1, column 1: /],
    ];

    it.each(breakings)('%s, a good version kept: it keeps guarding, loudly', (_name, breakIt, problem) => {
      expect(fire('rm -rf /').json).toEqual(deny());
      withEdit(CONFIG[host.id], breakIt, () => {
        const r = fire('rm -rf /');
        expect(r.json).toEqual(deny());
        expect(lines(r.stderr)[0]).toMatch(/; running its last good version \(saved \S+\) until it is fixed$/);
        expect(r.stderr).toMatch(problem);
      });
    });

    it.each(breakings)(
      '%s, no good version known: denied, naming the file; its repair goes through',
      (name, breakIt) => {
        const env = { HOOKSHIM_STATE_DIR: path.join(repo.dir, `.state-${name.replace(/\W/g, '-')}`) };
        const good = fs.readFileSync(file(CONFIG[host.id]), 'utf8');
        withEdit(CONFIG[host.id], breakIt, () => {
          const r = fire('ls', env);
          expect(r.json).toEqual(
            host.deny(
              expect.stringMatching(
                new RegExp(
                  `^hookshim: ${CONFIG[host.id].replace(/\./g, '\\.')} cannot be used \\(.+\\), so hookshim cannot ` +
                    'tell which guards to run and this tool call is denied\\.',
                ),
              ),
            ),
          );
          expect(lines(r.stderr)).toEqual([
            expect.stringMatching(/; no good version of it is known: denying \(fail closed\)$/),
          ]);
          const broken = fs.readFileSync(file(CONFIG[host.id]), 'utf8');
          const repair = host.edit(repo, file(CONFIG[host.id]), broken.split('\n')[0] ?? '', good.split('\n')[0] ?? '');
          expect(fireHost(host, repo, repair, env).json).toEqual({});
        });
      },
    );
  });

  it('a broken catalog keeps guarding by its last good version, loudly', () => {
    fire('ls');
    withEdit(
      'plugins/g/hooks/hooks.json',
      (t) => `${t.slice(0, -2)}},}\n`,
      () => {
        const r = fire('rm -rf /');
        expect(r.json).toEqual(deny());
        expect(lines(r.stderr)[0]).toMatch(/not valid JSON at line 1, column \d+: .*; running its last good version/);
      },
    );
  });

  it('rewriting everything hookshim keeps about the catalog in the state dir changes no answer', () => {
    fire('ls');
    const dir = path.join(repo.stateDir, 'catalog');
    for (const f of fs.readdirSync(dir))
      fs.writeFileSync(
        path.join(dir, f),
        JSON.stringify({ file: file('plugins/g/hooks/hooks.json'), text: '{"hooks":{}}', savedAt: 'forged' }),
      );
    expect(fire('rm -rf /').json).toEqual(deny());
  });

  if (host.id === 'copilot')
    it('Copilot names no tool call (no tool_use_id): an "allow" planted under the coming call\'s key is never replayed', async () => {
      // The key as the hook path computes it, from the payload in the shared vocabulary (src/hook/run.ts).
      const keyOf = async (payload: Record<string, unknown>) => {
        const input = COPILOT.canonical('preToolUse', payload as never, () => {});
        const project = await tickProject(repo.dir, ['plugins/g']);
        return tickOf('preToolUse', input, COPILOT.events.preToolUse.needs.dedup, '', project).key;
      };
      const plant = async (payload: Record<string, unknown>, answer: Record<string, unknown>) => {
        const key = await keyOf(payload);
        const file = path.join(repo.stateDir, 'tick', `${key}.json`);
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        const record = { key, pid: process.pid, state: 'done', at: Date.now(), answer };
        fs.writeFileSync(file, JSON.stringify(record), { mode: 0o600 });
        return file;
      };
      // A deny planted for an allowed call is replayed: the key is the one the hook path reads.
      const ls = host.payload(repo, 'ls');
      const denied = await plant(ls, { permission: 'deny', user_message: 'QQPLANTED', agent_message: 'QQPLANTED' });
      const rm = host.payload(repo, 'rm -rf /');
      const allowed = await plant(rm, { permission: 'allow' });
      try {
        expect(fireHost(host, repo, ls).json).toEqual(host.deny('QQPLANTED'));
        expect(fireHost(host, repo, rm).json).toEqual(deny());
      } finally {
        fs.rmSync(denied, { force: true });
        fs.rmSync(allowed, { force: true });
      }
    });

  it('a state dir replaced by a symlink is refused, never followed: the guard still decides, stderr says so', () => {
    const elsewhere = path.join(repo.dir, '.state-elsewhere');
    const link = path.join(repo.dir, '.state-link');
    fs.mkdirSync(elsewhere, { mode: 0o700 });
    fs.symlinkSync(elsewhere, link);
    const r = fire('rm -rf /', { HOOKSHIM_STATE_DIR: link });
    expect(r.json).toEqual(deny());
    expect(r.stderr).toMatch(/state directory .* cannot be used \(it is a symbolic link\); running degraded/);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});

/** Replace the command of hookshim's PreToolUse entry in a parsed binding (Copilot: both shells' strings). */
function setCommand(host: Host, doc: any, command: string): void {
  const e = host.entry(doc);
  if (host.id === 'copilot') Object.assign(e, { bash: command, powershell: command });
  else e.command = command;
}
