// src/hook/finish.ts: fold the verdicts into one Cursor answer, keep what must outlive the event, answer once, trace.
// EventWork.snapshot is tested in-process; EventWork.finish and finishLean write fd 1 through
// emit (once per process), so they run in child processes against the bundled hook modules (test/src/hook/child.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../../adapters/events/index.ts';
import { interpret } from '../../../adapters/outcome.ts';
import {
  EMPTY_STATE,
  type EventAdapter,
  type EventContext,
  type Invocation,
  type RunResult,
  type StateIn,
} from '../../../adapters/types.ts';
import type { CatalogRow } from '../../../catalog/types.ts';
import { EventWork } from '../../../src/hook/matched.ts';
import type { Lifeline } from '../../../src/hook/lifeline.ts';
import { RowPrep } from '../../../src/hook/jobs.ts';
import type { Setup } from '../../../src/hook/setup.ts';
import type { Claimed } from '../../../src/state/mailbox.ts';
import { run } from '../../adapters/helpers.ts';
import { workbench, type Workbench } from './child.ts';

const row = (over: Partial<CatalogRow> = {}): CatalogRow => ({
  event: 'PreToolUse',
  locator: 'PreToolUse[0].hooks[0]',
  type: 'command',
  command: 'hooks/g.sh',
  timeout: 0.5,
  ...over,
});
const inv: Invocation = {
  claudeEvent: 'PreToolUse',
  subject: { values: ['Bash'], projectDir: '/repo' },
  payload: () => ({}),
};

describe('EventWork.snapshot: a result for every selected script at this moment (in-process: it writes nothing)', () => {
  const work = (startedAt: number) =>
    new EventWork(
      { startedAt } as Setup,
      {} as Lifeline,
      {} as never,
      { role: 'solo', why: '' },
      {} as Claimed,
      new RowPrep('/repo'),
      undefined,
      { invocations: [], notes: [] },
    );

  it('before the batch started: each non-async selected row as timed out, allowed the time that passed up to its own', () => {
    const w = work(Date.now() - 10_000);
    w.selected = [
      { inv, row: row(), matched: 'Bash' },
      { inv, row: row({ locator: 'PreToolUse[0].hooks[1]', command: 'hooks/bg.sh', async: true }), matched: 'Bash' },
    ];
    expect(w.snapshot()).toEqual([
      {
        label: 'hooks/g.sh',
        locator: 'PreToolUse[0].hooks[0]',
        claudeEvent: 'PreToolUse',
        timeoutSeconds: 0.5,
        timedOut: true,
        exitCode: null,
        signal: null,
        stdout: '',
        stderr: '',
        durationMs: expect.any(Number),
        truncated: false,
      },
    ]);
  });

  it('nothing selected: no results', () => expect(work(Date.now()).snapshot()).toEqual([]));

  it("once the batch started: the batch's own snapshot", () => {
    const w = work(Date.now());
    const results = [run()];
    w.selected = [{ inv, row: row(), matched: 'Bash' }];
    w.batch = { snapshot: () => results } as unknown as EventWork['batch'];
    expect(w.snapshot()).toBe(results);
  });
});

describe('EventWork.finish and finishLean (child processes)', () => {
  let wb: Workbench;
  beforeAll(async () => {
    wb = await workbench();
  });
  afterAll(() => wb.cleanup());

  /** The worker's setup, mirrored in-process to compute the expected fold. */
  const ctxFor = (event: Setup['event'], input: Record<string, unknown>): EventContext => ({
    event,
    input: { conversation_id: 'c1', hook_event_name: event, ...input },
    projectDir: '/repo',
    sessionId: 'c1',
    loopLimit: 5,
  });
  const expected = (
    event: Setup['event'],
    input: Record<string, unknown>,
    results: RunResult[],
    state: StateIn = EMPTY_STATE,
  ) => {
    const c = ctxFor(event, input);
    const adapter: EventAdapter = ADAPTERS[event];
    return adapter.fold(c, results.map(interpret), state, adapter.plan(c, state));
  };
  const PRELUDE = `import { EventWork as Work, finishLean as lean, installLifeline, emitted, RowPrep, ADAPTERS } from BUNDLE;
// The driver hands both the plan the rows were selected from.
class EventWork extends Work {
  constructor(s, l, o, t, c, p, e) { super(s, l, o, t, c, p, e, s.adapter.plan(s.ctx, c.state)); }
}
const finishLean = (s, l) => lean(s, s.adapter.plan(s.ctx, { stashed: [], carried: [], pendingPrompt: [] }), l);
const calls = [];
const note = (...c) => calls.push(c);
process.on('exit', () => process.stderr.write('CALLS ' + JSON.stringify(calls) + '\\n'));
const ops = {
  applyEffects: (st, session, effects) => (note('applyEffects', session, effects, emitted()), ['kept 1 record']),
  readEnvFile: (f) => (note('readEnvFile', f, emitted()), 'export A=1\\n'),
  removeFile: (f) => note('removeFile', f, emitted()),
};
const leader = { role: 'leader', finish: (a) => note('tick.finish', a), abandon: () => note('tick.abandon') };
const solo = { role: 'solo', why: 'no state directory' };
const claimed = { state: { stashed: [], carried: [], pendingPrompt: [], firstPromptCovered: false }, release: () => note('release', emitted()), restore: () => note('restore') };
const setupFor = (event, extra = {}) => {
  const input = { conversation_id: 'c1', hook_event_name: event, ...(extra.input ?? {}) };
  const ctx = { event, input, projectDir: '/repo', sessionId: 'c1', loopLimit: 5, ...(extra.config?.promptContext ? { promptContext: extra.config.promptContext } : {}) };
  return { event, adapter: extra.adapter ?? ADAPTERS[event], input, dir: '/repo', binding: { timeoutS: 30, loopLimit: 5, source: 'test' }, budget: { deadline: Date.now() + 25000, slackMs: 4500 }, sessionId: 'c1', scope: '', state: null, catalog: { rows: [], sources: [] }, config: extra.config ?? {}, ctx, env: process.env, startedAt: extra.startedAt ?? Date.now() };
};
const run = (over) => ({ label: 'hooks/g.sh', locator: 'PreToolUse[0].hooks[0]', claudeEvent: 'PreToolUse', exitCode: 0, signal: null, stdout: '', stderr: '', timedOut: false, timeoutSeconds: 10, durationMs: 5, truncated: false, ...over });
const prep = new RowPrep('/repo');
`;
  const go = (body: string, env: NodeJS.ProcessEnv = {}) => {
    const r = wb.run(`${PRELUDE}${body}\n`, { env });
    const lines = r.stderr.trim().split('\n');
    const callLine = lines.find((l) => l.startsWith('CALLS ')) ?? 'CALLS null';
    return {
      status: r.status,
      answer: JSON.parse(r.stdout) as unknown,
      stdoutLines: r.stdout.split('\n').length - 1,
      warnings: lines.filter((l) => l.startsWith('hookshim: ')).map((l) => l.slice('hookshim: '.length)),
      calls: JSON.parse(callLine.slice(6)) as unknown[][],
    };
  };

  const DENY_INPUT = { tool_name: 'Shell', tool_input: { command: 'git push -f' }, tool_use_id: 't1' };
  const DENY_RUN = { label: 'hooks/g.sh', exitCode: 2, stderr: 'no force push' };

  it('a leader: effects kept before the answer, the answer once, claims released, the tick finished, notes warned', () => {
    const log = path.join(wb.dir, 'finish.ndjson');
    const r = go(
      `const lifeline = installLifeline('preToolUse', process.env, { permission: 'allow' });
const w = new EventWork(setupFor('preToolUse', { input: ${JSON.stringify(DENY_INPUT)} }), lifeline, ops, leader, claimed, prep, undefined);
w.finish([run(${JSON.stringify(DENY_RUN)})], 'done');
w.finish([run()], 'a second finish does nothing');`,
      { HOOKSHIM_LOG: log },
    );
    const want = expected('preToolUse', DENY_INPUT, [run(DENY_RUN)]);
    expect(want.answer).toMatchObject({ permission: 'deny' });
    expect(r).toEqual({
      status: 0,
      answer: want.answer,
      stdoutLines: 1,
      warnings: [...want.notes, 'kept 1 record'],
      calls: [
        ['applyEffects', 'c1', want.effects, false],
        ['release', true],
        ['tick.finish', want.answer],
      ],
    });
    const [line] = fs
      .readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(line).toMatchObject({
      event: 'preToolUse',
      decision: want.answer,
      rows: [
        {
          row: 'PreToolUse[0].hooks[0]',
          label: 'hooks/g.sh',
          event: 'PreToolUse',
          ms: 5,
          exit: 2,
          timedOut: false,
          verdict: 'blocked (exit2): no force push',
        },
      ],
      errors: [...want.notes, 'kept 1 record'],
    });
  });

  it('not done (the deadline or a signal): why is warned after the notes; a solo run finishes no tick', () => {
    const r = go(`const lifeline = installLifeline('stop', process.env, {});
new EventWork(setupFor('stop'), lifeline, ops, solo, claimed, prep, undefined).finish([], 'deadline reached 4500ms before Cursor\\'s 30s timeout');`);
    expect(r).toEqual({
      status: 0,
      answer: {},
      stdoutLines: 1,
      warnings: ['kept 1 record', "deadline reached 4500ms before Cursor's 30s timeout"],
      calls: [
        ['applyEffects', 'c1', [], false],
        ['release', true],
      ],
    });
  });

  it('SessionStart: the env file is read before the fold and removed after the answer', () => {
    const results = [run({ claudeEvent: 'SessionStart', locator: 'SessionStart[0].hooks[0]' })];
    const r = go(`const lifeline = installLifeline('sessionStart', process.env, {});
new EventWork(setupFor('sessionStart'), lifeline, ops, solo, claimed, prep, '/state/env/s.env').finish(${JSON.stringify(results)}, 'done');`);
    const want = expected('sessionStart', {}, results, { ...EMPTY_STATE, envFile: 'export A=1\n' });
    expect(want.answer).toEqual({ env: { A: '1' } });
    expect([r.answer, r.calls]).toEqual([
      want.answer,
      [
        ['readEnvFile', '/state/env/s.env', false],
        ['applyEffects', 'c1', want.effects, false],
        ['release', true],
        ['removeFile', '/state/env/s.env', true],
      ],
    ]);
  });

  it.each([
    [
      'promptContext "beforeSubmitPrompt": the context goes out now',
      { promptContext: 'beforeSubmitPrompt' },
      { continue: true, additional_context: 'Local time: 14:05' },
      [],
    ],
    [
      'by default: the context waits for its delivery',
      {},
      { continue: true },
      [{ kind: 'pendingPrompt', messages: [{ from: 'hooks/g.sh', text: 'Local time: 14:05' }] }],
    ],
  ])('beforeSubmitPrompt, %s', (_name, config, answer, effects) => {
    const r = go(`const lifeline = installLifeline('beforeSubmitPrompt', process.env, { continue: true });
new EventWork(setupFor('beforeSubmitPrompt', { config: ${JSON.stringify(config)} }), lifeline, ops, solo, claimed, prep, undefined).finish([run({ claudeEvent: 'UserPromptSubmit', stdout: 'Local time: 14:05' })], 'done');`);
    expect([r.answer, r.calls[0]]).toEqual([answer, ['applyEffects', 'c1', effects, false]]);
  });

  it("the adapter's fold throwing on a permission event: deny (fail closed, docs/fail-matrix.md), nothing kept", () => {
    const r = go(`const lifeline = installLifeline('preToolUse', process.env, { permission: 'allow' });
const adapter = { ...ADAPTERS.preToolUse, fold() { throw new Error('bad fold'); } };
new EventWork(setupFor('preToolUse', { adapter }), lifeline, ops, leader, claimed, prep, undefined).finish([run()], 'done');`);
    const text =
      "hookshim could not fold its guards' answers (bad fold); this preToolUse is denied (fail closed): no guard's answer can be given (details in Cursor's Hooks output).";
    const deny = { permission: 'deny', user_message: text, agent_message: text };
    expect(r).toEqual({
      status: 0,
      answer: deny,
      stdoutLines: 1,
      warnings: ['fold failed: bad fold; denying (fail closed)', 'kept 1 record'],
      calls: [
        ['applyEffects', 'c1', [], false],
        ['release', true],
        ['tick.finish', deny],
      ],
    });
  });

  it("the adapter's fold throwing a long message: the answer carries its first line, cut at 200 characters", () => {
    const r = go(`const lifeline = installLifeline('preToolUse', process.env, { permission: 'allow' });
const adapter = { ...ADAPTERS.preToolUse, fold() { throw new Error('x'.repeat(500) + '\\nsecond line'); } };
new EventWork(setupFor('preToolUse', { adapter }), lifeline, ops, leader, claimed, prep, undefined).finish([run()], 'done');`);
    const answer = r.answer as { permission?: string; user_message?: string };
    const said = /could not fold its guards' answers \((x*)\)/.exec(String(answer.user_message));
    expect([answer.permission, said?.[1]?.length]).toEqual(['deny', 200]);
  });

  it("the adapter's fold throwing: the trace record's role says how it was answered", () => {
    const log = path.join(wb.dir, 'fold-role.ndjson');
    go(
      `const lifeline = installLifeline('preToolUse', process.env, { permission: 'allow' });
const adapter = { ...ADAPTERS.preToolUse, fold() { throw new Error('bad fold'); } };
new EventWork(setupFor('preToolUse', { adapter }), lifeline, ops, leader, claimed, prep, undefined).finish([run()], 'done');`,
      { HOOKSHIM_LOG: log },
    );
    expect(JSON.parse(fs.readFileSync(log, 'utf8'))).toMatchObject({
      role: 'fail-closed',
      decision: { permission: 'deny' },
    });
  });

  it("the adapter's fold throwing elsewhere: its empty answer (fail open)", () => {
    const r = go(`const lifeline = installLifeline('stop', process.env, {});
const adapter = { ...ADAPTERS.stop, fold() { throw new Error('bad fold'); } };
new EventWork(setupFor('stop', { adapter }), lifeline, ops, leader, claimed, prep, undefined).finish([run({ claudeEvent: 'Stop' })], 'done');`);
    expect([r.answer, r.warnings[0]]).toEqual([{}, 'fold failed: bad fold; answering {} (fail open)']);
  });

  it('armed on the lifeline: at the deadline a selected script that never started fails closed (docs/fail-matrix.md)', () => {
    const r = go(`setInterval(() => {}, 1000);
const lifeline = installLifeline('preToolUse', process.env, { permission: 'allow' });
const w = new EventWork(setupFor('preToolUse', { input: ${JSON.stringify(DENY_INPUT)}, startedAt: Date.now() - 10_000 }), lifeline, ops, leader, claimed, prep, undefined);
w.selected = [{ inv: { claudeEvent: 'PreToolUse' }, row: ${JSON.stringify(row())}, matched: 'Bash' }];
lifeline.arm(Date.now() + 20, 'deadline reached', (why) => w.finish(w.snapshot(), why));`);
    const text = 'hookshim: guard hooks/g.sh timeout: no answer within 500ms; the tool call is denied (fail closed)';
    expect([r.status, r.answer, r.warnings.at(-1)]).toEqual([
      0,
      { permission: 'deny', user_message: text, agent_message: text },
      'deadline reached',
    ]);
  });

  it.each([
    ['stop', {}],
    ['preToolUse', { permission: 'allow' }],
  ] as const)('finishLean (%s): the fixed answer, no state touched', (event, answer) => {
    const log = path.join(wb.dir, `lean-${event}.ndjson`);
    const r = go(
      `const lifeline = installLifeline('${event}', process.env, {});\nprocess.exitCode = finishLean(setupFor('${event}', { input: ${JSON.stringify(DENY_INPUT)} }), lifeline);`,
      { HOOKSHIM_LOG: log },
    );
    expect([r.status, r.answer, r.stdoutLines, r.calls]).toEqual([0, answer, 1, []]);
    expect(JSON.parse(fs.readFileSync(log, 'utf8'))).toMatchObject({ event, decision: answer, rows: [] });
  });
});
