// adapters/promptRun.ts: UserPromptSubmit rows run at a tool event where beforeSubmitPrompt never fires
// (docs/cursor-hooks.md §5 Cloud agents; docs/claude-hooks.md §8 UserPromptSubmit).
import { describe, expect, it } from 'vitest';
import { foldPromptRun, hasPromptRows, promptAtToolEvent, withPromptRun } from '../../adapters/promptRun.ts';
import type { EventPlan } from '../../adapters/types.ts';
import { ctx, msg, st, v } from './helpers.ts';

describe('hasPromptRows, foldPromptRun', () => {
  it('a catalog with a UserPromptSubmit row', () =>
    expect([hasPromptRows([{ event: 'Stop' }]), hasPromptRows([{ event: 'UserPromptSubmit' }])]).toEqual([
      false,
      true,
    ]));
  it("without a claimed run the verdicts are the event's own", () => {
    const vs = [v('PostToolUse', { stdout: 'x' })];
    expect(foldPromptRun(vs, st({})).verdicts).toEqual(vs);
  });
  it("with one, the prompt rows' words join the pending context after what waited", () => {
    const r = foldPromptRun(
      [v('UserPromptSubmit', { label: 'u', stdout: 'now' }), v('PostToolUse', { label: 'p' })],
      st({ promptRun: { prompt: 'x' }, pendingPrompt: [msg('old', 'w')] }),
    );
    expect([r.verdicts.map((x) => x.claudeEvent), r.state.pendingPrompt]).toEqual([
      ['PostToolUse'],
      [msg('old', 'w'), msg('now', 'u')],
    ]);
  });
});

describe('withPromptRun: the UserPromptSubmit rows first, when the shell claimed their run', () => {
  const c = ctx('postToolUse', { tool_name: 'Shell', tool_input: { command: 'ls' } });
  const plan: EventPlan = { invocations: [], notes: ['tool note'] };
  it('no claim, no change', () => expect(withPromptRun(c, st({}), plan)).toBe(plan));
  it("the rest of the plan (a tool event's tool view) goes on unchanged", () =>
    expect(withPromptRun(c, st({ promptRun: { prompt: 'x' } }), { ...plan, tool: 'view' }).tool).toBe('view'));
  it('the prompt read from the transcript is the payload prompt', () => {
    const p = withPromptRun(c, st({ promptRun: { prompt: 'fix it' } }), plan);
    expect(p.invocations[0]?.payload(undefined, { transcriptPath: '/t.jsonl' })).toMatchObject({
      hook_event_name: 'UserPromptSubmit',
      prompt: 'fix it',
    });
    expect(p.notes).toEqual([expect.stringMatching(/no beforeSubmitPrompt fired for this generation/), 'tool note']);
  });
  it('no readable prompt: "" and a note saying so', () => {
    const p = withPromptRun(c, st({ promptRun: { prompt: undefined } }), plan);
    expect(p.invocations[0]?.payload(undefined, { transcriptPath: '/t.jsonl' })).toMatchObject({ prompt: '' });
    expect(p.notes[0]).toMatch(/no user message can be read/);
  });
});

describe('promptAtToolEvent (docs/claude-hooks.md §8: a block sends no request; context reaches the model)', () => {
  const ups = (r: Parameters<typeof v>[1]) => v('UserPromptSubmit', { label: 'u.sh', ...r });
  it.each([
    ['plain stdout and additionalContext', [ups({ stdout: 'time 14:05' })], ['time 14:05'], []],
    [
      'a block is told to the model, and said on stderr',
      [ups({ exitCode: 2, stderr: 'no deploys' })],
      [
        expect.stringMatching(
          /^UserPromptSubmit operation blocked by hook: no deploys\nhookshim could not stop this prompt/,
        ),
      ],
      [expect.stringMatching(/cannot be stopped/)],
    ],
    [
      'continue:false is a block too',
      [ups({ stdout: '{"continue":false,"stopReason":"halt"}' })],
      [expect.stringMatching(/blocked by hook: halt/)],
      [expect.stringMatching(/cannot be stopped/)],
    ],
    [
      'a systemMessage has no user field here: the model gets it',
      [ups({ stdout: '{"systemMessage":"heads up"}' })],
      ['heads up'],
      [expect.stringMatching(/systemMessage is for the user/)],
    ],
    ['a failure is dropped, never a block', [ups({ timedOut: true })], [], [expect.stringMatching(/never blocks/)]],
    [
      'other events are not its',
      [v('PostToolUse', { stdout: '{"hookSpecificOutput":{"additionalContext":"x"}}' })],
      [],
      [],
    ],
  ])('%s', (_n, verdicts, texts, notes) => {
    const r = promptAtToolEvent(verdicts);
    expect(r.messages.map((m) => m.text)).toEqual(texts);
    expect(r.notes).toEqual(notes);
  });
});
