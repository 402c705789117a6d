// Fuzz: for random payloads hookshim always exits 0 with exactly one JSON
// object on stdout. In-process properties over the pure pieces (stdin parsing, sentinel keys, follower answers,
// every adapter's plan and fold with random script results), then a bounded number of runs through the bundle.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLED_EVENTS, type HandledEvent } from '../../adapters/eventMap.ts';
import { ADAPTERS } from '../../adapters/events/index.ts';
import { interpret } from '../../adapters/outcome.ts';
import {
  EMPTY_STATE,
  NO_LATE_FACTS,
  type EventAdapter,
  type EventContext,
  type Json,
  type RunResult,
  type StateIn,
} from '../../adapters/types.ts';
import { followerAnswer, tickOf } from '../../src/state/sentinel.ts';
import { parsePayload } from '../../src/hook/stdin.ts';
import { installFixtures, row } from '../fixtures/bin/fixtures.ts';
import { ensureBuilt, makeRepo, type Repo } from './harness.ts';

// A fixed seed keeps `npm test` (and CI) reproducible; FUZZ_SEED=random explores new cases, FUZZ_SEED=<n> replays one.
const seedEnv = process.env.FUZZ_SEED;
fc.configureGlobal({
  seed: seedEnv === 'random' ? Date.now() ^ (Math.random() * 2 ** 31) : Number(seedEnv ?? 20261130),
});

const HOSTILE = [
  '$(touch /tmp/pwned)',
  '`id`',
  '; rm -rf /',
  '\u0000',
  '\uFEFF',
  '\ud800',
  'rm -rf /',
  '\n',
  '"',
  "'",
  '\\',
  '{',
  '',
];
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...HOSTILE),
);
// Values as they arrive on the wire: through JSON (fast-check's jsonValue also makes -0, which JSON turns into 0).
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown),
  fc.constantFrom(null, 0, -1, 1e308, true, [], {}),
);
const TOOLS = [
  'Shell',
  'Read',
  'Write',
  'StrReplace',
  'Task',
  'MCP:github-merge_pull_request',
  'MCP:x-y',
  'Grep',
  'Delete',
  'Unknown',
];

/** A Cursor-like payload: known fields with random (often wrong-typed) values, plus random extra keys. */
const payload: fc.Arbitrary<Json> = fc
  .record(
    {
      conversation_id: fc.oneof(text, value),
      generation_id: fc.oneof(text, value),
      session_id: value,
      tool_name: fc.oneof(fc.constantFrom(...TOOLS), value),
      tool_input: fc.oneof(
        fc.dictionary(
          fc.constantFrom(
            'command',
            'file_path',
            'path',
            'content',
            'contents',
            'subagent_type',
            'cwd',
            'old_string',
            'new_string',
          ),
          value,
        ),
        value,
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
      tool_use_id: fc.oneof(text, value),
      tool_output: fc.oneof(
        text,
        value,
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
      loop_count: fc.oneof(fc.integer({ min: -2, max: 8 }), value),
      status: fc.oneof(fc.constantFrom('completed', 'aborted', 'error'), value),
      prompt: fc.oneof(text, value),
      workspace_roots: value,
      transcript_path: fc.oneof(fc.constant(null), value),
      subagent_type: fc.oneof(fc.constantFrom('explore', 'generalPurpose'), value),
      source: value,
    },
    { requiredKeys: [] },
  )
  .chain((known) =>
    fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 3 }).map((extra) => ({ ...extra, ...known }) as Json),
  );

const runResult: fc.Arbitrary<RunResult> = fc.record(
  {
    label: fc.constantFrom('hooks/a.sh', 'hooks/b.mjs'),
    locator: fc.constant('X[0].hooks[0]'),
    claudeEvent: fc.constant('PreToolUse' as RunResult['claudeEvent']),
    exitCode: fc.oneof(fc.constantFrom(0, 1, 2, 126, 127, null), fc.integer({ min: -1, max: 255 })),
    signal: fc.option(fc.constantFrom('SIGKILL', 'SIGSEGV'), { nil: null }),
    stdout: fc.oneof(
      text,
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      claudeAnswer(),
    ),
    stderr: text,
    timedOut: fc.boolean(),
    timeoutSeconds: fc.constantFrom(0.2, 1, 600),
    durationMs: fc.nat(),
    truncated: fc.boolean(),
    startError: fc.option(text, { nil: undefined }),
    onFailure: fc.constant('block' as const),
  },
  {
    requiredKeys: [
      'label',
      'locator',
      'claudeEvent',
      'exitCode',
      'signal',
      'stdout',
      'stderr',
      'timedOut',
      'timeoutSeconds',
      'durationMs',
      'truncated',
    ],
  },
);

/** Plausible Claude answers (with random reasons), so folds see decisions, not only noise. */
function claudeAnswer(): fc.Arbitrary<string> {
  return fc
    .record(
      {
        decision: fc.constantFrom('block', 'approve', undefined),
        reason: fc.option(text, { nil: undefined }),
        continue: fc.constantFrom(false, true, undefined),
        systemMessage: fc.option(text, { nil: undefined }),
        hookSpecificOutput: fc.option(
          fc.record(
            {
              permissionDecision: fc.constantFrom('allow', 'deny', 'ask', 'defer', 'bogus'),
              permissionDecisionReason: text,
              additionalContext: text,
              updatedInput: fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 2 }),
            },
            { requiredKeys: [] },
          ),
          { nil: undefined },
        ),
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o));
}

const state: fc.Arbitrary<StateIn> = fc.record({
  stashed: fc.array(fc.record({ from: text, text }), { maxLength: 2 }),
  carried: fc.array(fc.record({ from: text, text }), { maxLength: 2 }),
  pendingPrompt: fc.array(fc.record({ from: text, text }), { maxLength: 2 }),
  firstPromptCovered: fc.boolean(),
});

const ctxOf = (event: HandledEvent, input: Json): EventContext => ({
  event,
  input,
  projectDir: '/repo',
  sessionId: 'fuzz',
  loopLimit: 5,
});
const roundTrips = (v: unknown) => expect(JSON.parse(JSON.stringify(v))).toEqual(v);

describe('property: the pure pieces never throw and always give a JSON object', () => {
  it('parsePayload: any text (with or without a BOM) → an object, with a problem exactly when it is not a JSON object', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          text,
          fc.jsonValue().map((v) => JSON.stringify(v)),
          payload.map((p) => `\uFEFF${JSON.stringify(p)}`),
        ),
        (raw) => {
          const r = parsePayload(raw);
          expect(typeof r.input === 'object' && r.input !== null && !Array.isArray(r.input)).toBe(true);
          let isObject = false;
          try {
            const v = JSON.parse(raw.replace(/^\uFEFF/, '').trim());
            isObject = typeof v === 'object' && v !== null && !Array.isArray(v);
          } catch {
            isObject = false;
          }
          expect(r.problem === undefined).toBe(isObject);
        },
      ),
      { numRuns: 500 },
    );
  });

  // What the sentinel digests: null and undefined are nothing, a string is its text, anything else its JSON.
  const norm = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  it('tickOf: a 32-hex key for any payload; the same tool_use_id with another tool_input is another key', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HANDLED_EVENTS),
        payload,
        value,
        fc.string({ minLength: 1, maxLength: 20 }),
        (event, input, otherInput, id) => {
          const t = tickOf(event, input, ADAPTERS[event].needs.dedup);
          expect(t.key).toMatch(/^[0-9a-f]{32}$/);
          if (event === 'preToolUse' && norm(otherInput) !== norm(input.tool_input))
            expect(tickOf(event, { ...input, tool_use_id: id }, ADAPTERS[event].needs.dedup).key).not.toBe(
              tickOf(event, { ...input, tool_use_id: id, tool_input: otherInput }, ADAPTERS[event].needs.dedup).key,
            );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('followerAnswer: never carries additional_context; only permission events replay anything', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HANDLED_EVENTS),
        fc.option(
          fc.dictionary(
            fc.constantFrom('permission', 'continue', 'user_message', 'additional_context', 'followup_message', 'env'),
            value,
          ),
          { nil: undefined },
        ),
        (event, leader) => {
          const a = followerAnswer(ADAPTERS[event].needs.dedup.replay, leader);
          expect(a).not.toHaveProperty('additional_context');
          if (
            !['preToolUse', 'beforeReadFile', 'beforeMCPExecution', 'beforeSubmitPrompt', 'subagentStart'].includes(
              event,
            )
          )
            expect(a).toEqual({});
          roundTrips(a);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('every adapter: plan and fold never throw; payloads and answers are JSON objects; failures fail closed on preToolUse and stop', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HANDLED_EVENTS),
        payload,
        fc.array(runResult, { maxLength: 4 }),
        state,
        (event, input, runs, st) => {
          const adapter: EventAdapter = ADAPTERS[event];
          const ctx = ctxOf(event, input);
          const plan = adapter.plan(ctx, st);
          for (const inv of plan.invocations) {
            const p = inv.payload(undefined, NO_LATE_FACTS);
            expect(typeof p).toBe('object');
            JSON.parse(JSON.stringify(p));
          }
          const claudeEvent = plan.invocations[0]?.claudeEvent ?? 'PreToolUse';
          const verdicts = runs.map((r) => interpret({ ...r, claudeEvent }));
          const folded = adapter.fold(ctx, verdicts, st, plan);
          const answer = folded.answer;
          expect(typeof answer === 'object' && answer !== null && !Array.isArray(answer)).toBe(true);
          JSON.parse(JSON.stringify(answer));
          for (const k of ['user_message', 'agent_message', 'additional_context', 'followup_message'])
            if (k in answer) expect(typeof answer[k]).toBe('string');
          if ('permission' in answer) expect(['allow', 'deny', 'ask']).toContain(answer.permission);
          const failed = verdicts.some((v) => v.kind === 'failed');
          if (['preToolUse', 'beforeReadFile', 'beforeMCPExecution'].includes(event) && failed)
            expect(answer.permission).toBe('deny');
          // Cursor drops a text over 10,000 characters whole (docs/cursor-hooks.md §11): no answer text is longer.
          for (const k of ['user_message', 'agent_message', 'additional_context', 'followup_message'])
            if (k in answer) expect(String(answer[k]).length).toBeLessThanOrEqual(10_000);
          const loop = typeof input.loop_count === 'number' && Number.isFinite(input.loop_count) ? input.loop_count : 0;
          if (event === 'stop' && failed && claudeEvent === 'Stop' && loop < 5)
            expect(typeof answer.followup_message).toBe('string');
          if (event === 'beforeSubmitPrompt' && verdicts.every((v) => v.kind === 'failed'))
            expect(answer).toEqual({ continue: true });
        },
      ),
      { numRuns: 400 },
    );
  });

  it("every adapter: empty state and no scripts give the event's empty answer", () => {
    for (const event of HANDLED_EVENTS) {
      const ctx = ctxOf(event, {});
      const adapter: EventAdapter = ADAPTERS[event];
      const folded = adapter.fold(ctx, [], EMPTY_STATE, adapter.plan(ctx, EMPTY_STATE));
      expect(folded.answer).toEqual(ADAPTERS[event].empty);
    }
  });
});

describe('property through the built bundle (30 runs): exit 0 and exactly one JSON object on stdout', () => {
  let repo: Repo;
  beforeAll(() => {
    ensureBuilt();
    repo = makeRepo({
      hooks: {
        PreToolUse: [{ matcher: '.*', hooks: [row('deny-rm.sh'), row('warn.sh', { args: 'careful' })] }],
        PostToolUse: [{ matcher: '.*', hooks: [row('warn.sh', { args: 'post' })] }],
        Stop: [{ hooks: [row('deny-rm.sh')] }],
        UserPromptSubmit: [{ hooks: [row('deny-rm.sh')] }],
        SessionStart: [{ hooks: [row('warn.sh', { args: 'hello' })] }],
      },
    });
    installFixtures(repo);
    expect(repo.init().status).toBe(0);
  });
  afterAll(() => repo?.cleanup());

  const stdin = fc.oneof(
    payload.map((p) => JSON.stringify(p)),
    payload.map((p) => `\uFEFF${JSON.stringify(p)}`),
    text,
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  );
  const eventName = fc.oneof(
    fc.constantFrom(...HANDLED_EVENTS),
    fc.constantFrom('beforeShellExecution', 'fooBar', 'x'),
  );

  it('random events × random stdin', () => {
    fc.assert(
      fc.property(eventName, stdin, (event, raw) => {
        const r = repo.fire(event, raw, { command: `node .cursor/hooks/hookshim.cjs ${event}`, timeoutMs: 20_000 });
        expect(r.status).toBe(0);
        expect(r.stdout.endsWith('\n')).toBe(true);
        expect(r.stdout.trim().split('\n')).toHaveLength(1);
        expect(typeof r.json).toBe('object');
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
