// src/hook/jobs.ts: each selected row becomes a runner job (command, environment, stdin, time allowed), its command
// prepared once per event; and the transcripts scripts get, through a fake rewrite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ADAPTERS } from '../../../adapters/events/index.ts';
import { NO_LATE_FACTS, type EventContext, type Invocation } from '../../../adapters/types.ts';
import * as command from '../../../catalog/command.ts';
import type { CatalogRow } from '../../../catalog/types.ts';
import {
  attachTranscripts,
  scriptBaseEnv,
  jobOf,
  notStarted,
  keepsTranscripts,
  RowPrep,
  toJob,
  type JobContext,
} from '../../../src/hook/jobs.ts';
import { createLog } from '../../../src/hook/log.ts';
import type { Chosen } from '../../../src/hook/select.ts';
import type { Setup } from '../../../src/hook/setup.ts';
import { budgetFor } from '../../../src/project/budget.ts';
import type { ClaudeTranscript, TranscriptOptions } from '../../../src/state/transcript.ts';

vi.mock('../../../catalog/command.ts', async (original) => {
  const mod = await original<typeof import('../../../catalog/command.ts')>();
  return { ...mod, prepareCommand: vi.fn(mod.prepareCommand) };
});

const repo = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-jobs-')));
fs.mkdirSync(path.join(repo, 'hooks'));
fs.writeFileSync(path.join(repo, 'hooks', 'g.sh'), '#!/bin/sh\n', { mode: 0o755 });
afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const NOW = 1_767_225_600_000;
const G = '"${CLAUDE_PLUGIN_ROOT}"/hooks/g.sh';
const row = (over: Partial<CatalogRow> = {}): CatalogRow => ({
  event: 'PreToolUse',
  locator: 'PreToolUse[0].hooks[0]',
  type: 'command',
  command: G,
  ...over,
});
const inv = (over: Partial<Invocation> = {}): Invocation => ({
  claudeEvent: 'PreToolUse',
  subject: { values: ['Bash'], projectDir: repo },
  payload: (m) => ({ session_id: 'conv-1', tool_name: m }),
  ...over,
});
const chosen = (r: CatalogRow = row(), i: Invocation = inv(), matched: string | undefined = 'Bash'): Chosen => ({
  inv: i,
  row: r,
  matched,
});
const jc = (over: Partial<JobContext> = {}): JobContext => ({
  prep: new RowPrep(repo),
  late: NO_LATE_FACTS,
  env: { PATH: '/usr/bin' },
  deadline: NOW + 25_000,
  ...over,
});
const job = (c: Chosen, over: Partial<JobContext> = {}) => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  return toJob(c, jc(over));
};

describe('RowPrep: each row prepared once per event', () => {
  it('of(): the command and the script, computed on first use only', () => {
    const prep = new RowPrep(repo);
    const r = row();
    const calls = () => vi.mocked(command.prepareCommand).mock.calls.filter(([x]) => x === r).length;
    const first = prep.of(r);
    expect([prep.of(r), prep.label(r), calls()]).toEqual([first, 'hooks/g.sh', 1]);
    expect(first.script).toEqual({
      kind: 'file',
      path: path.join(repo, 'hooks', 'g.sh'),
      written: path.join(repo, 'hooks', 'g.sh'),
      direct: true,
    });
    expect(first.command).toMatchObject({ file: G, shell: true, env: {}, label: 'hooks/g.sh' });
  });

  it.each([
    ['a script path, relative to the project', row(), 'hooks/g.sh'],
    ['an interpreter and a script', row({ command: 'node "$CLAUDE_PROJECT_DIR"/hooks/x.mjs' }), 'hooks/x.mjs'],
    ['an inline command: its place in the catalog', row({ command: 'echo hi' }), 'PreToolUse[0].hooks[0]'],
    ['no command: the locator', row({ type: 'prompt', command: undefined }), 'PreToolUse[0].hooks[0]'],
  ])('label: %s', (_name, r, label) => expect(new RowPrep(repo).label(r)).toBe(label));
});

describe('notStarted: a selected row that never answered', () => {
  it.each([
    ['its own timeout', row({ timeout: 7 }), 'PreToolUse', 7],
    [
      'the default of its event (docs/claude-hooks.md §1.4)',
      row({ event: 'UserPromptSubmit' }),
      'UserPromptSubmit',
      30,
    ],
  ] as const)('%s', (_name, r, claudeEvent, timeoutSeconds) => {
    expect(notStarted(chosen(r, inv({ claudeEvent })), new RowPrep(repo))).toEqual({
      label: 'hooks/g.sh',
      locator: 'PreToolUse[0].hooks[0]',
      claudeEvent,
      timeoutSeconds,
    });
  });
});

describe('toJob: the runner job of one row (docs/design.md §6)', () => {
  it('a shell-form row: its command for sh, the project as cwd, the Claude JSON on stdin', () => {
    expect(job(chosen(row({ timeout: 10 })))).toEqual({
      label: 'hooks/g.sh',
      locator: 'PreToolUse[0].hooks[0]',
      claudeEvent: 'PreToolUse',
      file: G,
      shell: true,
      cwd: repo,
      env: {
        PATH: '/usr/bin',
        CLAUDECODE: '1',
        CLAUDE_CODE_CHILD_SESSION: '1',
        CLAUDE_PROJECT_DIR: repo,
        CLAUDE_PLUGIN_ROOT: repo,
        CLAUDE_CODE_SESSION_ID: 'conv-1',
      },
      input: '{"session_id":"conv-1","tool_name":"Bash"}',
      // The script it runs directly: a run that exits 127 reads its #! line for a program PATH lacks.
      direct: path.join(repo, 'hooks', 'g.sh'),
      timeoutMs: 10_000,
      timeoutSeconds: 10,
    });
  });
  it('a row that starts a program from PATH names it, for a run that cannot find it', () =>
    expect(job(chosen(row({ command: 'uv run hooks/g.py' })))).toMatchObject({ program: 'uv' }));

  it('rows with the same environment share one object, built once per event; another prefix gets its own', () => {
    const c = jc({ envs: new Map() });
    const [a, b, other] = [row(), row({ locator: 'PreToolUse[0].hooks[1]' }), row({ command: `X=1 ${G}` })].map(
      (r) => toJob(chosen(r), c).env,
    );
    expect([a === b, a === other, other?.X, a?.X]).toEqual([true, false, '1', undefined]);
  });

  it('the payload is built for the value the row matched through', () => {
    expect(job(chosen(row(), inv(), 'Shell')).input).toBe('{"session_id":"conv-1","tool_name":"Shell"}');
  });

  it.each([
    [
      'exec form: args, no shell',
      row({ command: '${CLAUDE_PLUGIN_ROOT}/hooks/g.sh', args: ['--flag', '${CLAUDE_PROJECT_DIR}'] }),
      { file: `${repo}/hooks/g.sh`, args: ['--flag', repo], shell: false },
    ],
    ['shell "bash"', row({ shell: 'bash' }), { file: G, shell: true, shellPath: 'bash' }],
    ['async: started in the background', row({ async: true }), { background: true }],
  ])('%s', (_name, r, fields) => expect(job(chosen(r))).toMatchObject(fields));

  describe('environment (docs/claude-hooks.md §1.5)', () => {
    const envOf = (c: Chosen, over: Partial<JobContext> = {}) => job(c, over).env;
    it.each([
      [
        'every CURSOR_* variable removed (docs/cursor-hooks.md §11), undefined values dropped',
        chosen(),
        { env: { PATH: '/p', CURSOR_PLUGIN_ROOT: '/cursor/plugin', CURSOR_VERSION: '3.15.0', GONE: undefined } },
        { PATH: '/p' },
      ],
      [
        "the command's leading KEY=VALUE words",
        chosen(row({ command: `MODE=strict LEVEL='a b' ${G}` })),
        {},
        { PATH: '/usr/bin', MODE: 'strict', LEVEL: 'a b' },
      ],
      [
        "the invocation's extra environment",
        chosen(row(), inv({ env: { EXTRA: '1' } })),
        {},
        { PATH: '/usr/bin', EXTRA: '1' },
      ],
      [
        'CLAUDE_CODE_SESSION_ID "" when the payload has no session',
        chosen(row(), inv({ payload: () => ({}) })),
        {},
        { PATH: '/usr/bin', CLAUDE_CODE_SESSION_ID: '' },
      ],
      [
        "our CLAUDE_* values replace the host's",
        chosen(),
        { env: { CLAUDE_PROJECT_DIR: '/elsewhere', CLAUDE_PLUGIN_ROOT: '/elsewhere' } },
        {},
      ],
      [
        'CLAUDE_ENV_FILE for SessionStart',
        chosen(row({ event: 'SessionStart' }), inv({ claudeEvent: 'SessionStart' })),
        { envFile: '/state/env/s.env' },
        { PATH: '/usr/bin', CLAUDE_ENV_FILE: '/state/env/s.env' },
      ],
      [
        'no env file given (only an adapter with needs.envFile gets one): no CLAUDE_ENV_FILE',
        chosen(),
        {},
        { PATH: '/usr/bin' },
      ],
      [
        'no CLAUDE_ENV_FILE for SessionStart without a file',
        chosen(row({ event: 'SessionStart' }), inv({ claudeEvent: 'SessionStart' })),
        {},
        { PATH: '/usr/bin' },
      ],
    ])('%s', (_name, c, over, extra) => {
      expect(envOf(c, over)).toEqual({
        CLAUDECODE: '1',
        CLAUDE_CODE_CHILD_SESSION: '1',
        CLAUDE_PROJECT_DIR: repo,
        CLAUDE_PLUGIN_ROOT: repo,
        CLAUDE_CODE_SESSION_ID: 'conv-1',
        ...extra,
      });
    });
  });

  describe('time allowed: min(its own timeout, the time left before the deadline)', () => {
    it.each([
      ['plenty of time: its own', 10, 25_000, 10_000, 10],
      ['the default of 600 s, capped by the deadline', undefined, 25_000, 25_000, 25],
      ['less time left than its own', 10, 2_500, 2_500, 2.5],
      ['the deadline has passed', 10, -100, 0, 0],
    ])('%s', (_name, timeout, left, timeoutMs, timeoutSeconds) => {
      const j = job(chosen(row(timeout === undefined ? {} : { timeout })), { deadline: NOW + left });
      expect([j.timeoutMs, j.timeoutSeconds]).toEqual([timeoutMs, timeoutSeconds]);
    });
  });

  describe('known failures before starting (docs/fail-matrix.md)', () => {
    it.each([
      [
        'a script file that does not exist',
        row({ command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/none.sh' }),
        `${repo}/hooks/none.sh`,
      ],
      ['through an interpreter too', row({ command: 'node hooks/none.mjs' }), 'hooks/none.mjs'],
    ])('missing: %s', (_name, r, missing) => expect(job(chosen(r)).missing).toBe(missing));

    it.each([
      ['an existing script', row()],
      ['a bare command', row({ command: 'true' })],
      ['an opaque command', row({ command: 'npx some-guard' })],
    ])('not missing: %s', (_name, r) => expect(job(chosen(r))).not.toHaveProperty('missing'));

    it('an unserialisable payload: a startError, and no stdin', () => {
      const j = job(chosen(row(), inv({ payload: () => ({ session_id: 'conv-1', big: 1n }) })));
      expect([j.input, j.startError]).toEqual([
        '',
        'its payload cannot be serialised (Do not know how to serialize a BigInt)',
      ]);
    });
  });
});

describe('per event, not per row: what every row of an event shares is computed once', () => {
  it("one invocation's payload is built and serialised once for the rows matched through the same value", () => {
    const payload = vi.fn((m: string | undefined) => ({ session_id: 'conv-1', tool_name: m }));
    const shared = inv({ payload });
    const ctx = jc({ stdin: new Map() });
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const jobs = [
      chosen(row(), shared, 'Bash'),
      chosen(row({ locator: 'PreToolUse[0].hooks[1]' }), shared, 'Bash'),
      chosen(row(), shared, 'Shell'),
    ].map((c) => toJob(c, ctx));
    expect(jobs.map((j) => j.input)).toEqual([
      '{"session_id":"conv-1","tool_name":"Bash"}',
      '{"session_id":"conv-1","tool_name":"Bash"}',
      '{"session_id":"conv-1","tool_name":"Shell"}',
    ]);
    expect(payload.mock.calls).toEqual([
      ['Bash', NO_LATE_FACTS],
      ['Shell', NO_LATE_FACTS],
    ]);
  });
  it('an unserialisable payload fails each of its rows', () => {
    const ctx = jc({ stdin: new Map() });
    const bad = inv({ payload: () => ({ big: 1n }) });
    expect([toJob(chosen(row(), bad), ctx).startError, toJob(chosen(row(), bad), ctx).startError]).toEqual([
      expect.stringContaining('cannot be serialised'),
      expect.stringContaining('cannot be serialised'),
    ]);
  });
  it('scriptBaseEnv: the environment every script inherits (no CURSOR_*, no plugin folders, no undefined values)', () => {
    expect(
      scriptBaseEnv({
        PATH: '/p',
        CURSOR_VERSION: '3.15.0',
        CLAUDE_PLUGIN_ROOT: '/x',
        CLAUDE_PLUGIN_DATA: '/y',
        CLAUDE_PROJECT_DIR: '/z',
        GONE: undefined,
      }),
    ).toEqual({ PATH: '/p', CLAUDE_PROJECT_DIR: '/z' });
  });
  it("a row given the event's scriptBaseEnv gets the same environment as one computing it itself", () => {
    const env = { PATH: '/p', CURSOR_VERSION: '3.15.0', HOME: '/h' };
    expect(job(chosen(), { env, scriptBaseEnv: scriptBaseEnv(env) }).env).toEqual(job(chosen(), { env }).env);
  });
});

describe('keepsTranscripts: transcripts and results are kept unless the config opts out (docs/security.md "What hookshim keeps")', () => {
  it.each([
    ['absent: kept, whatever the rows look like (no guess from the command)', undefined, true],
    ['true: kept', true, true],
    ['false: the explicit opt-out', false, false],
  ])('%s', (_name, setting, keeps) => expect(keepsTranscripts(setting)).toBe(keeps));
});

describe('attachTranscripts: the transcripts scripts get (a fake rewrite)', () => {
  type Call = Pick<TranscriptOptions, 'cursorPath' | 'sessionId' | 'cwd' | 'state'>;
  const fake = (answers: Record<string, Partial<ClaudeTranscript>>) => {
    const calls: Call[] = [];
    const rewrite = async (o: TranscriptOptions): Promise<ClaudeTranscript> => {
      calls.push({ cursorPath: o.cursorPath, sessionId: o.sessionId, cwd: o.cwd, state: o.state });
      o.warn(`rewrote ${o.cursorPath}`);
      return {
        path: '/state/tx/empty.jsonl',
        resultsAvailable: false,
        stats: {} as ClaudeTranscript['stats'],
        ...answers[String(o.cursorPath)],
      };
    };
    return { calls, rewrite };
  };
  const setupFor = (event: 'stop' | 'subagentStop', input: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) => {
    const ctx: EventContext = {
      event,
      input,
      projectDir: '/repo',
      sessionId: 'conv-1',
      loopLimit: 5,
    };
    return {
      event,
      adapter: ADAPTERS[event],
      input,
      dir: '/repo',
      sessionId: 'conv-1',
      env,
      ctx,
      budget: budgetFor(30, Date.now()),
    } as unknown as Setup;
  };
  const st = { root: '/state' };

  it("rewrites Cursor's transcript; its path and last assistant words are late facts (the context is frozen)", async () => {
    const { calls, rewrite } = fake({
      '/c/t.jsonl': { path: '/state/tx/t.jsonl', lastAssistantMessage: 'Done.', resultsAvailable: true },
    });
    const lines: string[] = [];
    const s = setupFor('stop', { transcript_path: '/c/t.jsonl' });
    expect(
      await attachTranscripts(
        s,
        rewrite,
        st,
        createLog({}, (t) => lines.push(t)),
      ),
    ).toEqual({ resultsAvailable: true, late: { transcriptPath: '/state/tx/t.jsonl', lastAssistantMessage: 'Done.' } });
    expect(calls).toEqual([{ cursorPath: '/c/t.jsonl', sessionId: 'conv-1', cwd: '/repo', state: st }]);
    expect(lines).toEqual(['hookshim: rewrote /c/t.jsonl\n']);
  });

  it.each([
    [
      "the payload's transcript_path",
      { transcript_path: '/c/t.jsonl' },
      { CURSOR_TRANSCRIPT_PATH: '/c/env.jsonl' },
      '/c/t.jsonl',
    ],
    [
      'else CURSOR_TRANSCRIPT_PATH (docs/cursor-hooks.md §2)',
      { transcript_path: null },
      { CURSOR_TRANSCRIPT_PATH: '/c/env.jsonl' },
      '/c/env.jsonl',
    ],
    ['else none', {}, {}, undefined],
  ])('the source: %s', async (_name, input, env, cursorPath) => {
    const { calls, rewrite } = fake({});
    const s = setupFor('stop', input, env);
    const { late } = await attachTranscripts(
      s,
      rewrite,
      null,
      createLog({}, () => {}),
    );
    expect(calls.map((c) => c.cursorPath)).toEqual([cursorPath]);
    expect(late).toEqual({ transcriptPath: '/state/tx/empty.jsonl' });
  });

  it.each([
    ['its subagent_id as the session', { subagent_id: 'sub-7' }, 'sub-7'],
    ['without one, <session>/subagent', {}, 'conv-1/subagent'],
  ])('subagentStop also rewrites the agent transcript: %s', async (_name, extra, sessionId) => {
    const { calls, rewrite } = fake({
      '/c/t.jsonl': { path: '/state/tx/t.jsonl' },
      '/c/agent.jsonl': { path: '/state/tx/a.jsonl', lastAssistantMessage: 'Sub done.' },
    });
    const s = setupFor('subagentStop', {
      transcript_path: '/c/t.jsonl',
      agent_transcript_path: '/c/agent.jsonl',
      ...extra,
    });
    const { late } = await attachTranscripts(
      s,
      rewrite,
      null,
      createLog({}, () => {}),
    );
    expect(calls.map((c) => [c.cursorPath, c.sessionId])).toEqual([
      ['/c/t.jsonl', 'conv-1'],
      ['/c/agent.jsonl', sessionId],
    ]);
    expect([late.agentTranscriptPath, late.agentLastAssistantMessage]).toEqual(['/state/tx/a.jsonl', 'Sub done.']);
  });

  it('an event that does not ask for it leaves agent_transcript_path alone', async () => {
    const { calls, rewrite } = fake({});
    const s = setupFor('stop', { transcript_path: '/c/t.jsonl', agent_transcript_path: '/c/agent.jsonl' });
    const { late } = await attachTranscripts(
      s,
      rewrite,
      null,
      createLog({}, () => {}),
    );
    expect([calls.map((c) => c.cursorPath), late.agentTranscriptPath]).toEqual([['/c/t.jsonl'], undefined]);
  });
});

describe('jobOf: a command, an http request, or a row answered in advance (docs/claude-hooks.md §9)', () => {
  const web = row({
    type: 'http',
    command: undefined,
    url: 'http://127.0.0.1:9/g',
    headers: { A: '$T ${U} $V' },
    allowedEnvVars: ['T', 'U'],
  });
  const of = (c: Chosen, over: Partial<JobContext> = {}) => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    return jobOf(c, jc({ env: { T: 't', U: 'u', V: 'v' }, ...over }));
  };
  it('an http row: the same payload as a script, headers with the allowed variables only', () => {
    expect(of(chosen(web))).toMatchObject({
      kind: 'http',
      url: 'http://127.0.0.1:9/g',
      label: 'http://127.0.0.1:9/g',
      headers: { A: 't u ' },
      body: '{"session_id":"conv-1","tool_name":"Bash"}',
      timeoutMs: 25_000,
    });
  });
  it("the settings' httpHookAllowedEnvVars narrows them further", () => {
    expect(of(chosen(web), { http: { httpHookAllowedEnvVars: ['U'] } })).toMatchObject({ headers: { A: ' u ' } });
  });
  it("a url outside the settings' allowedHttpHookUrls is refused", () => {
    expect(of(chosen(web), { http: { allowedHttpHookUrls: ['https://*'] } })).toMatchObject({
      refused: expect.stringMatching(/allowedHttpHookUrls/),
    });
  });
  it('a row that must deny is answered in advance: exit 2 with its reason', () => {
    expect(of({ ...chosen(), refuse: 'hookshim: no' })).toMatchObject({
      kind: 'answered',
      result: { exitCode: 2, stderr: 'hookshim: no', timedOut: false },
    });
  });
  it.each([
    ['Stop', {}],
    ['SubagentStop', {}],
    ['TaskCompleted', {}],
    ['PreToolUse', { async: true }],
  ])('onFailure "block" is ignored on %s %j', (event, extra) => {
    expect(of(chosen(row({ event, onFailure: 'block', ...extra })))).not.toHaveProperty('onFailure');
  });
  it('onFailure "block" is kept on PreToolUse', () => {
    expect(of(chosen(row({ onFailure: 'block' })))).toHaveProperty('onFailure', 'block');
  });
});
