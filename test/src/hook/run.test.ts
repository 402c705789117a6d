// src/hook/run.ts: the driver of one event. planAndSelect (phases 3 and 4) in-process; runHook end to end in child
// processes against the bundled hook modules (test/src/hook/child.ts). Binding, dedup, signals and the fail matrix
// through the built bundle are test/e2e/'s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADAPTERS } from '../../../adapters/events/index.ts';
import { EMPTY_STATE, type EventContext } from '../../../adapters/types.ts';
import type { CatalogRow } from '../../../catalog/types.ts';
import { createLog } from '../../../src/hook/log.ts';
import { planAndSelect, runHook } from '../../../src/hook/run.ts';
import * as binding from '../../../src/project/binding.ts';
import * as budget from '../../../src/project/budget.ts';
import * as paths from '../../../src/project/paths.ts';
import type { Setup } from '../../../src/hook/setup.ts';
import { msg } from '../../adapters/helpers.ts';
import { workbench, type Workbench } from './child.ts';

// Counted, not changed: the hook path's facts of one event, each computed once (and the answer kept off fd 1).
vi.mock('../../../src/project/paths.ts', async (orig) => {
  const m = await orig<typeof import('../../../src/project/paths.ts')>();
  return { ...m, resolveProject: vi.fn(m.resolveProject) };
});
vi.mock('../../../src/project/binding.ts', async (orig) => {
  const m = await orig<typeof import('../../../src/project/binding.ts')>();
  return { ...m, readBinding: vi.fn(m.readBinding) };
});
vi.mock('../../../src/project/budget.ts', async (orig) => {
  const m = await orig<typeof import('../../../src/project/budget.ts')>();
  return { ...m, budgetFor: vi.fn(m.budgetFor) };
});
const answers: unknown[] = [];
vi.mock('../../../src/hook/emit.ts', () => ({
  emit: (a: unknown) => answers.push(a) > 0,
  emitted: () => answers.length > 0,
  setUnwritable: () => {},
  setRender: () => {},
}));

describe('runHook in-process: root, binding and budget are each computed once per event', () => {
  it.each([
    ['stop', { conversation_id: 'c1' }],
    ['preToolUse', { conversation_id: 'c1', tool_name: 'Shell', tool_input: { command: 'ls' } }],
  ])('%s', async (event, payload) => {
    const repo = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-once-')));
    try {
      fs.mkdirSync(path.join(repo, 'hooks'));
      fs.writeFileSync(path.join(repo, 'hooks', 'hooks.json'), JSON.stringify({ hooks: {} }));
      vi.mocked(paths.resolveProject).mockClear();
      vi.mocked(binding.readBinding).mockClear();
      vi.mocked(budget.budgetFor).mockClear();
      answers.length = 0;
      const env = { CURSOR_PROJECT_DIR: repo, HOOKSHIM_STATE_DIR: path.join(repo, '.state') };
      const stdin = new PassThrough().end(JSON.stringify(payload));
      expect(await runHook(event, { env, cwd: repo, stdin, startedAt: Date.now() })).toBe(0);
      expect(answers).toHaveLength(1);
      expect([
        vi.mocked(paths.resolveProject).mock.calls.length,
        vi.mocked(binding.readBinding).mock.calls.length,
        vi.mocked(budget.budgetFor).mock.calls.length,
      ]).toEqual([1, 1, 1]);
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe("planAndSelect: the adapter's plan and the rows it selects", () => {
  const setupFor = (event: Setup['event'], input: Record<string, unknown>, rows: CatalogRow[]) => {
    const ctx: EventContext = { event, input, projectDir: '/repo', sessionId: 'c1', loopLimit: 5 };
    return {
      event,
      adapter: ADAPTERS[event],
      input,
      dir: '/repo',
      ctx,
      catalog: { rows, file: '/repo/hooks/hooks.json', root: '/repo' },
    } as unknown as Setup;
  };
  const row = (event: string, locator: string, matcher?: string): CatalogRow => ({
    event,
    locator,
    type: 'command',
    command: `hooks/${locator}.sh`,
    ...(matcher ? { matcher } : {}),
  });
  const recorder = () => {
    const out: string[] = [];
    return { out, g: { log: createLog({}, (t) => out.push(t)) } };
  };

  it('preToolUse: one invocation, the rows matching its tool-name candidates', () => {
    const { out, g } = recorder();
    const r = planAndSelect(
      setupFor('preToolUse', { tool_name: 'Shell', tool_input: { command: 'ls' } }, [
        row('PreToolUse', 'bash', 'Bash'),
        row('PreToolUse', 'read', 'Read'),
        row('Stop', 'stop'),
      ]),
      g,
    );
    expect(r.plan.invocations.map((i) => [i.claudeEvent, i.subject.values])).toEqual([
      ['PreToolUse', ['Bash', 'Shell']],
    ]);
    expect(r.chosen.map((c) => [c.row.locator, c.matched, c.inv])).toEqual([['bash', 'Bash', r.plan.invocations[0]]]);
    expect(out).toEqual([]);
  });

  it("the plan's notes are warned", () => {
    const { out, g } = recorder();
    planAndSelect(setupFor('preToolUse', { tool_input: { command: 'ls' } }, []), g);
    expect(out).toEqual(['hookshim: payload has no tool_name; inferred "Shell" from tool_input keys\n']);
  });

  // UserPromptSubmit runs once per prompt, at beforeSubmitPrompt (docs/events.md): never at sessionStart.
  it.each([
    ['without claimed state', EMPTY_STATE, ['SessionStart'], ['start']],
    ['with a pending prompt context', { ...EMPTY_STATE, pendingPrompt: [msg('ctx')] }, ['SessionStart'], ['start']],
  ])('sessionStart plans SessionStart only, %s', (_name, state, events, rows) => {
    const { g } = recorder();
    const r = planAndSelect(
      setupFor('sessionStart', {}, [row('SessionStart', 'start'), row('UserPromptSubmit', 'prompt')]),
      g,
      state,
    );
    expect([r.plan.invocations.map((i) => i.claudeEvent), r.chosen.map((c) => c.row.locator)]).toEqual([events, rows]);
  });
});

describe('runHook (child processes): one event in, exactly one answer out, exit 0', () => {
  let wb: Workbench;
  let repo: string;
  let state: string;
  beforeAll(async () => {
    wb = await workbench();
    repo = path.join(wb.dir, 'repo');
    state = path.join(wb.dir, 'state');
    fs.mkdirSync(path.join(repo, 'hooks'), { recursive: true });
    fs.writeFileSync(
      path.join(repo, 'hooks', 'deny.sh'),
      '#!/bin/sh\ncat >/dev/null\necho "no force push" >&2\nexit 2\n',
      { mode: 0o755 },
    );
    fs.writeFileSync(
      path.join(repo, 'hooks', 'hooks.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/deny.sh' }] },
          ],
        },
      }),
    );
  });
  afterAll(() => wb.cleanup());

  // As src/entry/hook.ts: `[--host <id>] <event>`.
  const ENTRY =
    'import { exitAfter, hookIO, runHook, takeHostArgs } from BUNDLE;\n' +
    'const { event, hostId } = takeHostArgs(process.argv.slice(2));\n' +
    'exitAfter(runHook(event, hookIO(), hostId));\n';
  const fire = (event: string, payload: unknown, env: NodeJS.ProcessEnv = {}) => {
    const r = wb.run(ENTRY, {
      args: event ? event.split(' ') : [],
      input: typeof payload === 'string' ? payload : JSON.stringify(payload),
      env: { CURSOR_PROJECT_DIR: repo, HOOKSHIM_STATE_DIR: state, ...env },
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const shell = (command: string) => ({
    conversation_id: 'c1',
    generation_id: 'g1',
    hook_event_name: 'preToolUse',
    tool_name: 'Shell',
    tool_input: { command },
    tool_use_id: `t-${command.length}-${Math.random()}`,
    workspace_roots: [repo],
    cwd: '',
  });

  it('a selected guard that denies: the deny, through the state half (the tick area is used)', () => {
    const r = fire('preToolUse', shell('git push -f'));
    expect([r.status, JSON.parse(r.stdout)]).toEqual([
      0,
      { permission: 'deny', user_message: 'no force push', agent_message: 'no force push' },
    ]);
    expect(fs.readdirSync(state)).toContain('tick');
  });

  it('no row matches: the fixed answer without the state half (no tick area)', () => {
    fs.rmSync(state, { recursive: true, force: true });
    const r = fire('preToolUse', { ...shell('ls'), tool_name: 'Read', tool_input: { path: 'a' } });
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '{"permission":"allow"}\n', '']);
    expect(fs.existsSync(path.join(state, 'tick'))).toBe(false);
  });

  it.each([
    [
      "HOOKSHIM=0: the event's empty answer, nothing run, and stderr says so",
      'preToolUse',
      shell('git push -f'),
      { HOOKSHIM: '0' },
      '{"permission":"allow"}\n',
      'hookshim: HOOKSHIM=0: the shim is switched off, no guard runs; answering {"permission":"allow"}\n',
    ],
    [
      'an unbound Cursor event: {} with the reason',
      'beforeShellExecution',
      {},
      {},
      '{}\n',
      'hookshim: hookshim does not handle "beforeShellExecution": preToolUse already covers Shell; binding both would run Bash guards twice; answering {}\n',
    ],
    [
      'an unknown event: {}',
      'fooBar',
      {},
      {},
      '{}\n',
      /^hookshim: unknown event "fooBar"; expected one of preToolUse, beforeReadFile, .*; answering \{\}\n$/,
    ],
    ['no event at all: {}', '', {}, {}, '{}\n', /^hookshim: unknown event ""; /],
    [
      'a bound command naming a host this bundle does not know: {}, said',
      '--host nope preToolUse',
      shell('git push -f'),
      {},
      '{}\n',
      'hookshim: unknown host "nope" (this bundle knows cursor, copilot, codex); answering {}\n',
    ],
    [
      '--host cursor: the same answer as without it',
      '--host cursor preToolUse',
      { ...shell('ls'), tool_name: 'Read', tool_input: { path: 'a' } },
      {},
      '{"permission":"allow"}\n',
      '',
    ],
    [
      'no payload on a permission event: denied, naming the problem (docs/fail-matrix.md)',
      'preToolUse',
      '',
      {},
      '{"permission":"deny","user_message":"hookshim: this preToolUse payload cannot be read (stdin was empty; expected one JSON object from Cursor), so no guard can judge it; denied.","agent_message":"hookshim: this preToolUse payload cannot be read (stdin was empty; expected one JSON object from Cursor), so no guard can judge it; denied."}\n',
      'hookshim: stdin was empty; expected one JSON object from Cursor: denying (fail closed)\n',
    ],
    [
      'no payload on another event: fail open',
      'stop',
      '',
      {},
      '{}\n',
      'hookshim: stdin was empty; expected one JSON object from Cursor; answering {} (fail open)\n',
    ],
    [
      'no catalog: fail open',
      'stop',
      { conversation_id: 'c1' },
      { HOOKSHIM_CATALOG: 'none.json' },
      '{}\n',
      /^hookshim: no catalog at \S+\/repo\/none\.json; answering \{\} \(fail open\)\n$/,
    ],
  ])('%s', (_name, event, payload, env, stdout, stderr) => {
    const r = fire(event, payload, env);
    expect([r.status, r.stdout]).toEqual([0, stdout]);
    if (typeof stderr === 'string') expect(r.stderr).toBe(stderr);
    else expect(r.stderr).toMatch(stderr);
  });
});
