// Copilot's tool-result events as Claude Code fires them (adapters/hosts/copilot/toolResult.ts): a bash command that
// exits non-zero arrives as a postToolUse success (docs/copilot-hooks.md §3) and runs PostToolUseFailure rows, with the
// `error` Claude Code gives, never PostToolUse rows; what the rows say reaches the model in additionalContext.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COPILOT } from '../../../../adapters/hosts/copilot/index.ts';
import { shellError } from '../../../../adapters/hosts/copilot/toolResult.ts';
import type { HandledEvent } from '../../../../adapters/eventMap.ts';
import type { EventContext, Json } from '../../../../adapters/types.ts';
import { LATE, msg, st, v } from '../../helpers.ts';

const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/copilot/hooks');
const fixture = (name: string, over: Json = {}): Json => ({
  ...(JSON.parse(
    fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8').replaceAll('<project>', '/repo'),
  ) as Json),
  ...over,
});

/** The event context the shell builds for a Copilot payload (its canonical form). */
function ctxOf(event: 'postToolUse' | 'postToolUseFailure', payload: Json): EventContext {
  const input = COPILOT.canonical(event, payload, () => {});
  return { event: event as HandledEvent, input, projectDir: '/repo', sessionId: 's', loopLimit: null };
}

/** The Claude events the adapter plans for a payload, with the payload the first invocation's row would get. */
function planned(event: 'postToolUse' | 'postToolUseFailure', payload: Json) {
  const c = ctxOf(event, payload);
  const plan = COPILOT.events[event].plan(c, st({}));
  return {
    c,
    plan,
    events: plan.invocations.map((i) => i.claudeEvent),
    first: plan.invocations[0]?.payload(plan.invocations[0]?.subject.values[0], LATE),
  };
}

const FAILED_BASH = '08.postToolUse.bash'; // `echo oops; exit 1`: "oops\n<shellId: 1 completed with exit code 1>"

describe('a bash command that exits non-zero (docs/conformance.md §8, C4)', () => {
  it('runs PostToolUseFailure rows, not PostToolUse rows, with error "Exit code 1\\noops" and no tool_response', () => {
    const { events, first } = planned('postToolUse', fixture(FAILED_BASH));
    expect(events).toEqual(['PostToolUseFailure']);
    expect(first).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'echo oops; exit 1' },
      error: 'Exit code 1\noops',
      is_interrupt: false,
    });
    expect(first).not.toHaveProperty('tool_response');
  });

  it('no output: error is "Exit code 3" alone, as Claude Code gave in the failure-probe case', () => {
    const text = '\n<shellId: 4 completed with exit code 3>';
    const { first } = planned(
      'postToolUse',
      fixture(FAILED_BASH, { toolResult: { resultType: 'success', textResultForLlm: text } }),
    );
    expect(first).toMatchObject({ error: 'Exit code 3' });
    expect([shellError(3, ''), shellError(2, 'x\ny')]).toEqual(['Exit code 3', 'Exit code 2\nx\ny']);
  });

  it('exit code 0 runs PostToolUse rows with the tool_response, as before', () => {
    const { events, first } = planned('postToolUse', fixture('05.postToolUse.bash'));
    expect(events).toEqual(['PostToolUse']);
    expect(first).toHaveProperty('tool_response');
    expect(first).not.toHaveProperty('error');
  });

  it("another tool's success is never a failure, whatever its text says", () => {
    const view = fixture('16.postToolUse.view', {
      toolResult: { resultType: 'success', textResultForLlm: 'x\n<shellId: 1 completed with exit code 1>' },
    });
    expect(planned('postToolUse', view).events).toEqual(['PostToolUse']);
  });

  it("the rows' context, blocks and the stashed warnings reach the model at once, as additionalContext", () => {
    const { c, plan } = planned('postToolUse', fixture(FAILED_BASH));
    const ctx = v('PostToolUseFailure', {
      stdout: JSON.stringify({
        hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: 'QQFAILCTX' },
      }),
    });
    const folded = COPILOT.events.postToolUse.fold(c, [ctx], st({ stashed: [msg('QQWARN', 'PreToolUse')] }), plan);
    expect(folded.effects).toEqual([]);
    const said: string[] = [];
    const answer = COPILOT.render(folded.answer, (m) => said.push(m), 'postToolUse');
    expect(answer).toEqual({ additionalContext: expect.stringContaining('QQFAILCTX') });
    expect(String(answer.additionalContext)).toContain('QQWARN');
    const failed = v('PostToolUseFailure', { exitCode: 1, stderr: 'boom' });
    expect(COPILOT.events.postToolUse.fold(c, [failed], st({}), plan).notes.join('\n')).toMatch(
      /exit 1 \(non-blocking error\): boom/,
    );
  });
});

describe("Copilot's own postToolUseFailure (a view of a missing file)", () => {
  it('runs PostToolUseFailure rows with its error, and answers their context at once (Copilot reads it: §4)', () => {
    const { c, plan, events, first } = planned('postToolUseFailure', fixture('18.postToolUseFailure.view'));
    expect(events).toEqual(['PostToolUseFailure']);
    expect(first).toMatchObject({ tool_name: 'Read', error: 'Path does not exist' });
    const row = v('PostToolUseFailure', {
      stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: 'QQC' } }),
    });
    const folded = COPILOT.events.postToolUseFailure.fold(c, [row], st({}), plan);
    expect(COPILOT.render(folded.answer, () => {}, 'postToolUseFailure')).toEqual({ additionalContext: 'QQC' });
  });
});

describe('init binds postToolUse for PostToolUseFailure rows: that is where a failed bash command arrives', () => {
  it('runs of postToolUse include PostToolUseFailure', () =>
    expect(COPILOT.runs.postToolUse).toEqual(['PostToolUse', 'PostToolUseFailure']));
});
