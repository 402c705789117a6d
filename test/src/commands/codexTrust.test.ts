// Codex's two trust gates as doctor reads them (src/commands/codexTrust.ts, adapters/hosts/codex/trust.ts;
// docs/codex-hooks.md §1): the project's trust_level and each of hookshim's handlers' trusted_hash in config.toml.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codexHandlers, codexHookHash, snakeEvent } from '../../../adapters/hosts/codex/trust.ts';
import { codexTrust, codexTrustFindings } from '../../../src/commands/codexTrust.ts';
// @ts-expect-error: an untyped .mjs of the conformance harness (the hash measured against the real CLI)
import { codexHookHash as measuredHash } from '../../conformance/codex.mjs';
import { cleanupAll, tempRepo } from './helpers.ts';

afterAll(() => cleanupAll());

const OURS = (event: string) => `node --inspect-publish-uid stderr .codex/hooks/hookshim.cjs --host codex ${event}`;
const DOC = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'sh mine.sh', timeout: 5 }] },
      { matcher: 'Bash|Edit|Write', hooks: [{ type: 'command', command: OURS('PreToolUse'), timeout: 30 }] },
    ],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: OURS('UserPromptSubmit'), timeout: 30 }] }],
    Stop: [{ hooks: [{ type: 'command', command: OURS('Stop') }] }],
  },
};

describe('the handler hash and key (adapters/hosts/codex/trust.ts)', () => {
  it('snake_case events', () =>
    expect(['PreToolUse', 'UserPromptSubmit', 'SessionStart', 'Stop'].map(snakeEvent)).toEqual([
      'pre_tool_use',
      'user_prompt_submit',
      'session_start',
      'stop',
    ]));
  it("equals the conformance driver's hash, which equals Codex's currentHash (docs/codex-hooks.md §1)", () => {
    for (const h of codexHandlers(DOC, '/r/.codex/hooks.json'))
      expect(h.hash).toBe(
        measuredHash(snakeEvent(h.event), h.matcher, {
          command: h.command,
          ...(h.event === 'Stop' ? {} : { timeout: h.event === 'PreToolUse' && h.group === 0 ? 5 : 30 }),
        }),
      );
    expect(codexHookHash('Stop', undefined, { command: 'x' })).toBe(measuredHash('stop', undefined, { command: 'x' }));
  });
  it('keys name the file, the event, the group and the handler', () =>
    expect(codexHandlers(DOC, '/r/.codex/hooks.json').map((h) => h.key)).toEqual([
      '/r/.codex/hooks.json:pre_tool_use:0:0',
      '/r/.codex/hooks.json:pre_tool_use:1:0',
      '/r/.codex/hooks.json:user_prompt_submit:0:0',
      '/r/.codex/hooks.json:stop:0:0',
    ]));
});

describe('codexTrust and its findings', () => {
  const setup = (config?: string) => {
    const repo = tempRepo();
    repo.write('.codex/hooks.json', JSON.stringify(DOC));
    const home = tempRepo();
    if (config !== undefined) home.write('codex/config.toml', config);
    const env = { CODEX_HOME: path.join(home.dir, 'codex') };
    return { repo, env, home, trust: () => codexTrust(repo.dir, env, home.dir) };
  };
  const keyOf = (dir: string, event: string, group: number) => `${dir}/.codex/hooks.json:${event}:${group}:0`;

  it('no config.toml: the project and every handler of hookshim untrusted, each finding with its step', () => {
    const { repo, trust } = setup();
    const t = trust();
    expect(t?.read).toBe('absent');
    expect(t?.project).toBe('untrusted');
    expect(t?.handlers.map((h) => [h.event, h.status])).toEqual([
      ['PreToolUse', 'untrusted'],
      ['UserPromptSubmit', 'untrusted'],
      ['Stop', 'untrusted'],
    ]);
    const f = codexTrustFindings(t!, repo.dir);
    expect(f.map((x) => x.code)).toEqual(['codex-project-untrusted', 'codex-handler-untrusted']);
    expect(f[0]?.message).toMatch(
      /^Codex does not trust .*config\.toml does not exist .*Codex then loads no \.codex\/hooks\.json here/,
    );
    expect(f[0]?.fix).toMatch(/`--trust` to `codex exec`/);
    expect(f[1]?.message).toMatch(/^3 of hookshim's 3 handlers are not trusted .*PreToolUse \(not trusted; key /);
    expect(f[1]?.fix).toMatch(/type \/hooks/);
  });

  it('a trusted project, one handler trusted, one trusted with an older hash, one turned off', () => {
    const probe = setup('');
    const hashes = probe.trust()!.handlers.map((h) => h.hash);
    const dir = probe.repo.dir;
    fs.writeFileSync(
      path.join(probe.env.CODEX_HOME, 'config.toml'),
      [
        `[projects."${dir}"]`,
        'trust_level = "trusted"',
        `[hooks.state."${keyOf(dir, 'pre_tool_use', 1)}"]`,
        `trusted_hash = "${hashes[0]}"`,
        `[hooks.state."${keyOf(dir, 'user_prompt_submit', 0)}"]`,
        'trusted_hash = "sha256:0000"',
        `[hooks.state."${keyOf(dir, 'stop', 0)}"]`,
        `trusted_hash = "${hashes[2]}"`,
        'enabled = false',
      ].join('\n'),
    );
    const t = probe.trust()!;
    expect([t.project, ...t.handlers.map((h) => h.status)]).toEqual(['trusted', 'trusted', 'modified', 'disabled']);
    const f = codexTrustFindings(t, dir);
    expect(f.map((x) => x.code)).toEqual(['codex-handler-untrusted']);
    expect(f[0]?.message).toMatch(
      /2 of hookshim's 3 handlers are not trusted .*UserPromptSubmit \(trusted once, but its command or timeout changed since; .*Stop \(turned off;/,
    );
  });

  it('everything trusted: no finding', () => {
    const probe = setup('');
    const dir = probe.repo.dir;
    const lines = [`[projects."${dir}"]`, 'trust_level = "trusted"'];
    for (const h of probe.trust()!.handlers) lines.push(`[hooks.state."${h.key}"]`, `trusted_hash = "${h.hash}"`);
    fs.writeFileSync(path.join(probe.env.CODEX_HOME, 'config.toml'), lines.join('\n'));
    expect(codexTrustFindings(probe.trust()!, dir)).toEqual([]);
  });

  it('a project marked untrusted is said as not trusted', () => {
    const probe = setup('');
    fs.writeFileSync(
      path.join(probe.env.CODEX_HOME, 'config.toml'),
      `[projects."${probe.repo.dir}"]\ntrust_level = "untrusted"\n`,
    );
    expect(codexTrustFindings(probe.trust()!, probe.repo.dir)[0]?.message).toMatch(
      /has no \[projects\.".*"\] trust_level = "trusted"/,
    );
  });

  it('a config.toml it cannot parse is said with its line, not crashed on', () => {
    const { repo, trust } = setup('[projects."/x"\ntrust_level = "trusted"\n');
    const t = trust()!;
    expect([t.read, t.project, t.handlers[0]?.status]).toEqual(['unreadable', 'unknown', 'unknown']);
    const f = codexTrustFindings(t, repo.dir);
    expect(f.map((x) => [x.code, x.severity])).toEqual([['codex-config-unreadable', 'warning']]);
    expect(f[0]?.message).toMatch(/config\.toml cannot be read \(line 1: "\]" was expected\)/);
  });

  it('no .codex/hooks.json: nothing to say', () => {
    const repo = tempRepo();
    expect(codexTrust(repo.dir, {}, repo.dir)).toBeUndefined();
  });
});
