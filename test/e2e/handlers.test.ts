// What Claude Code runs beyond command rows, and its fail-safe rules, from docs/claude-hooks.md §9 (handler types, `http`, Mods, fail safe on matching, `if` on Bash,
// `onFailure`, Off switches, Other hook sources), fired as Cursor fires hooks: a temp repository bound by
// `hookshim init`, the bound command through `sh -c` from its root, the payload on stdin. http rows talk to a loopback
// server on 127.0.0.1 in this process, so those events are fired without blocking it.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

beforeAll(() => ensureBuilt());
const repos: Repo[] = [];
afterAll(() => {
  for (const r of repos) r.cleanup();
});

const bound = (catalog: unknown, scripts: Record<string, string> = {}) => {
  const repo = makeRepo(catalog, scripts);
  repos.push(repo);
  repo.init();
  return repo;
};
/** Wait (without blocking this process's loopback server) until `ok`, for at most 10 s. */
async function until(ok: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}
const shell = (repo: Repo, command: string) =>
  cursorPayload('preToolUse', repo, { tool_name: 'Shell', tool_input: { command }, tool_use_id: toolUseId() });
const pre = (matcher: string, hook: Record<string, unknown>) => ({
  hooks: { PreToolUse: [{ matcher, hooks: [hook] }] },
});

/** A loopback guardrails server: denies force pushes, records what it was sent. */
async function guardServer(): Promise<{
  url: string;
  seen: { headers: http.IncomingHttpHeaders; body: unknown }[];
  close(): Promise<void>;
}> {
  const seen: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text) as { tool_input?: { command?: string } };
      seen.push({ headers: req.headers, body });
      if (req.url === '/500') return res.writeHead(500).end('down');
      if (req.url === '/text') return res.writeHead(200).end('not json');
      const deny = /--force/.test(body.tool_input?.command ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        deny
          ? JSON.stringify({
              hookSpecificOutput: {
                hookEventName: 'PreToolUse',
                permissionDecision: 'deny',
                permissionDecisionReason: 'guardrails: no force push',
              },
            })
          : '',
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => server.close(() => r())) };
}

describe('handler types (docs/claude-hooks.md §9 Handler types, `http`)', () => {
  it('an http PreToolUse row gets the same JSON, its allowed variables only, and its deny holds', async () => {
    const g = await guardServer();
    try {
      const repo = bound(
        pre('Bash', {
          type: 'http',
          url: `${g.url}/guard`,
          headers: { Authorization: 'Bearer $GUARD_TOKEN', 'X-Other': '${SECRET}' },
          allowedEnvVars: ['GUARD_TOKEN'],
          timeout: 5,
        }),
      );
      const env = { GUARD_TOKEN: 't0k', SECRET: 'hidden' };
      const deny = await repo.fireAsync('preToolUse', shell(repo, 'git push --force origin main'), { env });
      expect(deny.json).toMatchObject({
        permission: 'deny',
        user_message: expect.stringContaining('guardrails: no force push'),
      });
      const allow = await repo.fireAsync('preToolUse', shell(repo, 'ls'), { env });
      expect(allow.json.permission).toBe('allow');
      expect(g.seen[0]?.body).toMatchObject({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'git push --force origin main' },
      });
      expect([
        g.seen[0]?.headers.authorization,
        g.seen[0]?.headers['x-other'],
        g.seen[0]?.headers['content-type'],
      ]).toEqual(['Bearer t0k', '', 'application/json']);
    } finally {
      await g.close();
    }
  });

  it('a 500, a body that is not JSON, no server: non-blocking errors, named; onFailure "block" denies', async () => {
    const g = await guardServer();
    const gone = await guardServer();
    await gone.close();
    try {
      for (const url of [`${g.url}/500`, `${g.url}/text`, `${gone.url}/guard`]) {
        const soft = bound(pre('Bash', { type: 'http', url, timeout: 5 }));
        const r = await soft.fireAsync('preToolUse', shell(soft, 'ls'));
        expect(r.json.permission).toBe('allow');
        expect(r.stderr).toMatch(/non-blocking error/);
        const hard = bound(pre('Bash', { type: 'http', url, timeout: 5, onFailure: 'block' }));
        expect((await hard.fireAsync('preToolUse', shell(hard, 'ls'))).json.permission).toBe('deny');
      }
    } finally {
      await g.close();
    }
  });

  it('an async http row is answered for first, its request goes on after hookshim exits, and its context reaches the next postToolUse', async () => {
    // The server holds its answer until released: the preToolUse answer comes back while the request is still open.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const got: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((req, res) => {
      got.push(req.headers);
      req.resume();
      void held.then(() =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            hookSpecificOutput: {
              hookEventName: 'PreToolUse',
              permissionDecision: 'deny',
              additionalContext: 'audit: logged ls',
            },
          }),
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/audit`;
    try {
      const repo = bound(
        pre('Bash', { type: 'http', url, async: true, headers: { Authorization: 'Bearer $T' }, allowedEnvVars: ['T'] }),
      );
      expect(repo.starts('postToolUse', 'Read')).toBe(true);
      const payload = shell(repo, 'ls');
      const r = await repo.fireAsync('preToolUse', payload, { env: { T: 'sekret' } });
      expect(r.json).toEqual({ permission: 'allow' });
      await until(() => got.length === 1);
      expect(got[0]?.authorization).toBe('Bearer sekret');
      release();
      const dir = path.join(repo.stateDir, 'async');
      await until(() => fs.existsSync(dir) && fs.readdirSync(dir).some((n) => n.endsWith('.done')));
      const post = await repo.fireAsync('postToolUse', {
        ...payload,
        hook_event_name: 'postToolUse',
        tool_output: '{"output":"","exitCode":0}',
      });
      expect(post.json).toEqual({ additional_context: 'audit: logged ls' });
      expect(post.stderr).toMatch(/its decision has no effect/);
    } finally {
      release();
      await new Promise((r) => server.close(r));
    }
  });

  it('allowedHttpHookUrls of .claude/settings.json refuses a url it does not list', async () => {
    const g = await guardServer();
    try {
      const repo = makeRepo({ hooks: {} });
      repos.push(repo);
      repo.write('.git/HEAD', 'ref: refs/heads/main\n');
      repo.write(
        '.claude/settings.json',
        JSON.stringify({
          allowedHttpHookUrls: ['https://guard.example/*'],
          ...pre('Bash', { type: 'http', url: `${g.url}/guard`, onFailure: 'block' }),
        }),
      );
      repo.init(['--catalog', '.claude/settings.json']);
      const r = await repo.fireAsync('preToolUse', shell(repo, 'git push --force origin main'));
      expect(r.json.permission).toBe('deny');
      expect(r.stderr).toMatch(/is not in the settings' allowedHttpHookUrls/);
      expect(g.seen).toEqual([]);
    } finally {
      await g.close();
    }
  });

  it('a prompt row guarding Bash denies with the fix named; "unsupported": "skip" lets the call through, loudly', () => {
    const repo = bound(pre('Bash', { type: 'prompt', prompt: 'Is this command safe? $ARGUMENTS' }));
    const deny = repo.fire('preToolUse', shell(repo, 'rm -rf build'));
    expect(deny.json).toMatchObject({
      permission: 'deny',
      user_message: expect.stringMatching(/"prompt" hook needs Claude Code itself.*"unsupported": "skip"/),
    });
    const check = repo.init();
    expect(check.status).toBe(1);
    expect(check.stdout + check.stderr).toMatch(/handler-unsupported/);
    repo.write('.cursor/hookshim.json', JSON.stringify({ catalogs: ['hooks/hooks.json'], unsupported: 'skip' }));
    const skip = repo.fire('preToolUse', shell(repo, 'rm -rf build'));
    expect(skip.json.permission).toBe('allow');
    expect(skip.stderr).toMatch(/not run: .*PreToolUse\[0\]\.hooks\[0\].*"unsupported": "skip"/);
  });
});

describe('mods (docs/claude-hooks.md §9 Mods)', () => {
  it('a mod-only hooks.json loads as zero rows plus the finding; beside hooks, its modules deny guarded calls', () => {
    const only = makeRepo({ modules: ['./register.ts'] });
    repos.push(only);
    const init = only.init();
    expect(init.stdout + init.stderr).toMatch(/modules-unsupported/);
    expect(init.stdout + init.stderr).not.toMatch(/catalog-invalid/);
    const both = bound({
      modules: ['./register.ts'],
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: 'true' }] }],
        PreToolUse: [{ matcher: 'Read', hooks: [{ type: 'command', command: 'true' }] }],
      },
    });
    const r = both.fire(
      'preToolUse',
      cursorPayload('preToolUse', both, {
        tool_name: 'Read',
        tool_input: { file_path: 'a' },
        tool_use_id: toolUseId(),
      }),
    );
    expect(r.json).toMatchObject({
      permission: 'deny',
      user_message: expect.stringMatching(/hooks module "\.\/register\.ts" runs only inside Claude Code/),
    });
    const stop = both.fire('stop', cursorPayload('stop', both, { status: 'completed', loop_count: 0 }));
    expect(stop.json).toEqual({});
    expect(stop.stderr).toMatch(/not run: hooks\/hooks\.json modules\[0\]/);
  });
});

describe("Claude's fail-safe rules (docs/claude-hooks.md §9 Fail safe on matching, `if` on Bash, onFailure)", () => {
  it('an uncompilable PreToolUse matcher denies, naming the row', () => {
    const repo = bound(pre('Bash|(', { type: 'command', command: 'true' }));
    const r = repo.fire('preToolUse', shell(repo, 'ls'));
    expect(r.json).toMatchObject({
      permission: 'deny',
      user_message: expect.stringMatching(/PreToolUse\[0\]\.hooks\[0\] cannot be matched against this call/),
    });
  });

  it('`if: Bash(git push *)` runs its row for git $(echo push) and for echo $PWD; an `if` hookshim cannot evaluate runs its row', () => {
    const repo = bound(
      {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/deny.sh', if: 'Bash(git push *)' }],
            },
            {
              matcher: 'Grep',
              hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/deny.sh', if: 'Grep(*.secret)' }],
            },
          ],
        },
      },
      { 'deny.sh': '#!/bin/sh\necho "guard ran" >&2\nexit 2\n' },
    );
    expect(repo.fire('preToolUse', shell(repo, 'git $(echo push) origin main')).json.permission).toBe('deny');
    expect(repo.fire('preToolUse', shell(repo, 'git status')).json.permission).toBe('allow');
    // Measured on Claude Code 2.1.328 (docs/claude-hooks.md §8): any command with $VAR, $() or backticks runs the row.
    expect(repo.fire('preToolUse', shell(repo, 'echo $PWD > out.txt')).json.permission).toBe('deny');
    const grep = cursorPayload('preToolUse', repo, {
      tool_name: 'Grep',
      tool_input: { pattern: 'x' },
      tool_use_id: toolUseId(),
    });
    const r = repo.fire('preToolUse', grep);
    expect(r.json.permission).toBe('deny');
    expect(r.stderr).toMatch(/cannot evaluate "if".*the row runs/);
  });

  it('onFailure "block" on a Stop row is ignored: a crash is no follow-up', () => {
    const repo = bound({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'exit 1', onFailure: 'block' }] }] } });
    expect(repo.fire('stop', cursorPayload('stop', repo, { status: 'completed', loop_count: 0 })).json).toEqual({});
  });
});

describe('off switches and other hook sources (docs/claude-hooks.md §9 Off switches, Other hook sources)', () => {
  const guard = pre('Bash', { type: 'command', command: 'echo blocked >&2; exit 2' });
  const settingsRepo = (files: Record<string, unknown>) => {
    const repo = makeRepo({ hooks: {} });
    repos.push(repo);
    repo.write('.git/HEAD', 'ref: refs/heads/main\n');
    for (const [rel, doc] of Object.entries(files)) repo.write(rel, JSON.stringify(doc));
    repo.init();
    return repo;
  };

  it('disableAllHooks in .claude/settings.json turns every catalog off, loudly, and check reports it', () => {
    const repo = settingsRepo({
      '.claude/settings.json': { disableAllHooks: true, ...guard },
      'hooks/hooks.json': guard,
    });
    const r = repo.fire('preToolUse', shell(repo, 'ls'));
    expect(r.json.permission).toBe('allow');
    expect(r.stderr).toMatch(/\.claude\/settings\.json sets "disableAllHooks": true: no catalog hook runs/);
    expect(repo.init().stdout).toMatch(/hooks-disabled/);
  });

  it('disableAllHooks in the personal settings.local.json is refused on permission events, an error in check', () => {
    const repo = settingsRepo({
      '.claude/settings.json': guard,
      '.claude/settings.local.json': { disableAllHooks: true },
    });
    const r = repo.fire('preToolUse', shell(repo, 'ls'));
    expect(r.json.permission).toBe('deny');
    expect(r.stderr).toMatch(
      /error: \.claude\/settings\.local\.json sets "disableAllHooks": true, but a personal settings file cannot turn guards off/,
    );
    const init = repo.init();
    expect([init.status, /hooks-disabled/.test(init.stdout)]).toEqual([1, true]);
  });

  it('.claude-plugin/plugin.json hooks (a path, and inline) run like hooks/hooks.json; frontmatter hooks are reported', () => {
    const repo = settingsRepo({
      '.claude-plugin/plugin.json': { name: 'p', hooks: './extra/hooks.json' },
      'extra/hooks.json': guard,
    });
    expect(repo.fire('preToolUse', shell(repo, 'ls')).json.permission).toBe('deny');
    repo.write('.claude-plugin/plugin.json', JSON.stringify({ name: 'p', hooks: guard.hooks }));
    expect(repo.fire('preToolUse', shell(repo, 'ls')).json.permission).toBe('deny');
    repo.write('.claude/skills/deploy/SKILL.md', '---\nname: deploy\nhooks:\n  PreToolUse: []\n---\nDeploy.\n');
    expect(repo.init().stdout).toMatch(/frontmatter-hooks/);
  });
});
