// src/hook/setup.ts: phase 1 and the facts of one event: the payload (a stream or an fd), the project, its binding and
// time budget, the session, the catalog and the config, in a temp repo. In-process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../../adapters/events/index.ts';
import { createLog } from '../../../src/hook/log.ts';
import type { HandledEvent } from '../../../adapters/eventMap.ts';
import type { Json } from '../../../adapters/json.ts';
import { budgetFor } from '../../../src/project/budget.ts';
import type { StateDir } from '../../../src/state/dir.ts';
import {
  locate,
  readPayload,
  sessionIdOf,
  setUp,
  type HookIO,
  type Located,
  type Setup,
} from '../../../src/hook/setup.ts';

let tmp: string;
let repo: string;
let out: string[];
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-setup-')));
  repo = path.join(tmp, 'repo');
  fs.mkdirSync(path.join(repo, 'hooks'), { recursive: true });
  out = [];
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const log = (env: NodeJS.ProcessEnv = {}) => createLog(env, (t) => out.push(t));
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
  fs.writeFileSync(path.join(repo, rel), text);
};
const catalog = (hooks: unknown) => write('hooks/hooks.json', JSON.stringify({ hooks }));
const bind = (event: string, entry: Record<string, unknown>) =>
  write(
    '.cursor/hooks.json',
    JSON.stringify({
      version: 1,
      hooks: { [event]: [{ command: `node .cursor/hooks/hookshim.cjs ${event}`, ...entry }] },
    }),
  );
/** A HookIO whose stdin must not be touched (the fast read of an fd, or no read at all). */
const io = (over: Partial<HookIO> & { stdinText?: string } = {}): HookIO => {
  const { stdinText, ...rest } = over;
  const base = {
    env: { CURSOR_PROJECT_DIR: repo, HOOKSHIM_STATE_DIR: path.join(tmp, 'state') },
    cwd: tmp,
    startedAt: Date.now(),
    ...rest,
  };
  if (stdinText === undefined)
    return Object.defineProperty(base, 'stdin', {
      get: () => {
        throw new Error('stdin touched');
      },
    }) as HookIO;
  return { ...base, stdin: new PassThrough().end(stdinText) };
};
/** Locate, then read stdin, as the hook path does; the located facts returned beside the payload. */
const read = async (event: HandledEvent, hio: HookIO, l: ReturnType<typeof log>) => {
  const at = locate(event, hio);
  const r = await readPayload(hio, at, l);
  return 'problem' in r ? r : { ...r, root: at.root, binding: at.binding };
};
/** Set up a located event (`dir`: a known project, as explain gives). */
const setUpAt = (
  event: HandledEvent,
  input: Json,
  hio: HookIO,
  l: ReturnType<typeof log>,
  opts: { dir?: string; state?: StateDir | null; at?: Located } = {},
) =>
  setUp(
    event,
    input,
    hio,
    l,
    opts.at ?? locate(event, hio, opts.dir),
    opts.state !== undefined ? { state: opts.state } : {},
  );
const ok = (s: Setup | { problem: string }): Setup => {
  if ('problem' in s) throw new Error(s.problem);
  return s;
};

describe("readPayload: the payload, read within the binding's deadline", () => {
  it('from a stream; the project and its binding, which never depend on the payload', async () => {
    bind('preToolUse', { timeout: 12 });
    expect(await read('preToolUse', io({ stdinText: '\uFEFF{"tool_name":"Shell"}' }), log())).toEqual({
      input: { tool_name: 'Shell' },
      root: { dir: repo, how: 'CURSOR_PROJECT_DIR' },
      binding: { timeoutS: 12, loopLimit: 5, source: '.cursor/hooks.json preToolUse' },
    });
    expect(out).toEqual([]);
  });

  it('from a file descriptor, read at once without touching the stream', async () => {
    const file = path.join(tmp, 'payload.json');
    fs.writeFileSync(file, '{"conversation_id":"c1"}');
    const fd = fs.openSync(file, 'r');
    try {
      expect(await read('stop', io({ stdinFd: fd }), log())).toMatchObject({
        input: { conversation_id: 'c1' },
        root: { dir: repo },
      });
    } finally {
      fs.closeSync(fd);
    }
  });

  it('no CURSOR_PROJECT_DIR: the project is the working directory', async () => {
    expect(await read('stop', io({ env: {}, cwd: repo, stdinText: '{}' }), log())).toMatchObject({
      root: { dir: repo, how: 'the working directory' },
      binding: { timeoutS: 60, source: 'Cursor defaults' },
    });
  });

  it.each([
    ['empty', '', 'stdin was empty; expected one JSON object from Cursor'],
    ['an array', '[1]', 'stdin is JSON but not an object; received: "[1]"'],
  ])('no payload at all (%s): a problem, and hookshim fails open (docs/design.md §6)', async (_name, text, problem) => {
    expect(await read('preToolUse', io({ stdinText: text }), log())).toEqual({ problem });
  });

  it('a payload that arrived before the read failed: used, with a warning', async () => {
    const s = new PassThrough();
    const p = read('stop', { ...io(), stdin: s }, log());
    s.write('{"a":1}');
    await new Promise((r) => setImmediate(r));
    s.emit('error', new Error('EIO'));
    expect(await p).toMatchObject({ input: { a: 1 } });
    expect(out).toEqual(['hookshim: stdin read failed; continuing with what arrived\n']);
  });
});

describe("sessionIdOf: Cursor's conversation id (docs/cursor-hooks.md §3)", () => {
  it.each([
    [{ conversation_id: 'c1', session_id: 's1' }, 'c1'],
    [{ conversation_id: '', session_id: 's1' }, 's1'],
    [{ session_id: 's1' }, 's1'],
    [{ conversation_id: 7 }, 'unknown-session'],
    [{}, 'unknown-session'],
  ])('%j → %s', (input, want) => expect(sessionIdOf(input)).toBe(want));
});

describe('setUp: project, binding, budget, session, catalog and config, computed once', () => {
  const ROW = { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh' };

  it('a temp repo: every fact of the event', async () => {
    catalog({
      Stop: [{ hooks: [ROW] }],
      PreToolUse: [{ matcher: 'mcp__github__.*', hooks: [{ ...ROW, command: 'hooks/gh.mjs' }] }],
    });
    bind('stop', { timeout: 42, loop_limit: 3 });
    const hio = io({ startedAt: 1_000_000 });
    const s = ok(await setUpAt('stop', { conversation_id: 'c1' }, hio, log()));
    expect(s).toMatchObject({
      event: 'stop',
      input: { conversation_id: 'c1' },
      dir: repo,
      binding: { timeoutS: 42, loopLimit: 3, source: '.cursor/hooks.json stop' },
      // Cursor's 42 s minus a slack of 15 %, at most 5 s (src/project/budget.ts).
      budget: { deadline: 1_000_000 + 37_000, slackMs: 5000 },
      sessionId: 'c1',
      state: { root: path.join(tmp, 'state') },
      catalog: { sources: [{ file: path.join(repo, 'hooks', 'hooks.json'), root: repo }] },
      config: {},
      env: hio.env,
      startedAt: 1_000_000,
    });
    expect(s.adapter).toBe(ADAPTERS.stop);
    expect(s.catalog.rows.map((r) => r.locator)).toEqual(['Stop[0].hooks[0]', 'PreToolUse[0].hooks[0]']);
    expect(s.ctx).toEqual({
      event: 'stop',
      input: { conversation_id: 'c1' },
      projectDir: repo,
      sessionId: 'c1',
      loopLimit: 3,
      processEnv: hio.env,
      mcpServers: ['github'],
      promptContext: 'auto',
    });
    expect(out).toEqual([]);
  });

  it('the context is frozen after setup: what the shell learns later is a payload argument, never written into it', async () => {
    catalog({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] });
    const s = ok(await setUpAt('preToolUse', { conversation_id: 'c1', tool_name: 'Shell' }, io(), log()));
    expect(Object.isFrozen(s.ctx)).toBe(true);
    expect(() => Object.assign(s.ctx, { transcriptPath: '/x.jsonl' })).toThrow(TypeError);
    expect('transcriptPath' in s.ctx).toBe(false);
  });

  it("no binding: Cursor's defaults (60 s, loop_limit 5)", async () => {
    catalog({});
    expect(ok(await setUpAt('stop', {}, io(), log())).binding).toEqual({
      timeoutS: 60,
      loopLimit: 5,
      source: 'Cursor defaults',
    });
  });

  it("the payload's roots never choose the project; a payload that names another one is said on stderr", async () => {
    catalog({});
    bind('stop', { timeout: 20 });
    const s = ok(
      await setUpAt(
        'stop',
        { workspace_roots: ['/another/repo'] },
        io({ env: { HOOKSHIM_STATE_DIR: path.join(tmp, 'state') }, cwd: repo }),
        log(),
      ),
    );
    expect([s.dir, s.catalog.sources[0]?.root]).toEqual([repo, repo]);
    expect(out).toEqual([
      `hookshim: the payload's workspace_roots (/another/repo) do not include the project ${repo} (from the working directory); running ${repo}'s catalog\n`,
    ]);
  });

  it('the located root, binding and budget are used, not found again', async () => {
    catalog({});
    bind('stop', { timeout: 20 });
    const binding = { timeoutS: 7, loopLimit: null, source: 'from locate' };
    const at = { root: { dir: repo, how: 'test' }, binding, budget: budgetFor(7, Date.now()) };
    expect(ok(await setUpAt('stop', {}, io(), log(), { at })).binding).toEqual(binding);
  });

  it('options: a known project dir and state dir (explain)', async () => {
    catalog({});
    const s = ok(
      await setUpAt('stop', { workspace_roots: ['/nowhere'] }, io({ env: {} }), log(), { dir: repo, state: null }),
    );
    expect([s.dir, s.state]).toEqual([repo, null]);
  });

  it('HOOKSHIM_CATALOG: the catalog file, and its root is the folder above its hooks/ folder', async () => {
    fs.mkdirSync(path.join(tmp, 'plugin', 'hooks'), { recursive: true });
    fs.writeFileSync(
      path.join(tmp, 'plugin', 'hooks', 'hooks.json'),
      JSON.stringify({ hooks: { Stop: [{ hooks: [ROW] }] } }),
    );
    const hio = io();
    hio.env.HOOKSHIM_CATALOG = '../plugin/hooks/hooks.json';
    const s = ok(await setUpAt('stop', {}, hio, log()));
    expect([s.catalog.sources[0]?.file, s.catalog.sources[0]?.root, s.catalog.rows.length]).toEqual([
      path.join(tmp, 'plugin', 'hooks', 'hooks.json'),
      path.join(tmp, 'plugin'),
      1,
    ]);
  });

  it('catalog warnings are reported', async () => {
    catalog({ Pretooluse: [{ hooks: [ROW] }] });
    ok(await setUpAt('preToolUse', {}, io(), log()));
    expect(out).toEqual([
      expect.stringMatching(
        /^hookshim: .*hooks\/hooks\.json.* hooks\.Pretooluse: unknown event "Pretooluse" \(did you mean "PreToolUse"\? event names are case-sensitive\); its handlers will never run\n$/,
      ),
    ]);
  });

  // setUp prefixes the project-relative path, but parseCatalog's warning already names the absolute file.
  it('a catalog warning names the catalog file once, relative to the project', async () => {
    catalog({ Pretooluse: [{ hooks: [ROW] }] });
    ok(await setUpAt('preToolUse', {}, io(), log()));
    expect(out).toEqual([
      'hookshim: hooks/hooks.json hooks.Pretooluse: unknown event "Pretooluse" (did you mean "PreToolUse"? event names are case-sensitive); its handlers will never run\n',
    ]);
  });

  it.each([
    ['missing', () => {}, (f: string) => ({ problem: `no catalog at ${f}`, dir: repo })],
    [
      'a directory',
      (f: string) => fs.mkdirSync(f),
      (f: string) => ({ problem: `cannot read ${f}: EISDIR: ${f} is a directory`, dir: repo, broken: f }),
    ],
  ])('a %s catalog: { problem } (broken: it exists but cannot be read)', async (_name, make, problem) => {
    const file = path.join(repo, 'hooks', 'hooks.json');
    make(file);
    expect(await setUpAt('preToolUse', {}, io(), log())).toEqual(problem(file));
  });

  it('not JSON: { problem } naming the file', async () => {
    write('hooks/hooks.json', '{');
    const s = await setUpAt('preToolUse', {}, io(), log());
    expect('problem' in s && s.problem.split('\n')[0]).toMatch(/^\S+\/hooks\/hooks\.json: not valid JSON/);
  });

  it.each([
    ['a valid config', '{"promptContext":"beforeSubmitPrompt"}', { promptContext: 'beforeSubmitPrompt' }, 0],
    ['an invalid config: defaults, and a warning', '{"promptContext":1}', {}, 1],
  ])('.cursor/hookshim.json: %s', async (_name, text, config, warnings) => {
    catalog({});
    write('.cursor/hookshim.json', text);
    expect(ok(await setUpAt('beforeSubmitPrompt', {}, io(), log())).config).toEqual(config);
    expect(out.length).toBe(warnings);
  });

  it('an unusable state dir: degraded (state null), with a warning', async () => {
    catalog({});
    fs.writeFileSync(path.join(tmp, 'state'), 'a file');
    const s = ok(await setUpAt('stop', {}, io(), log()));
    expect(s.state).toBeNull();
    expect(out).toEqual([
      expect.stringMatching(
        /^hookshim: state directory \S+ cannot be used \(.+\); running degraded: no stash, replay or dedup for this event\n$/,
      ),
    ]);
  });
});
