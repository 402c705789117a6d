// Codex's Stop loop count, read from its rollout (docs/codex-hooks.md §4): its Stop stdin is the same on every
// continuation of a turn, so the hook prompts of the turn in the log are the count hookshim caps at Claude Code's 8.
import { describe, expect, it } from 'vitest';
import { CODEX, stopContinuations } from '../../../../adapters/hosts/codex/index.ts';

const TURN = '01a23d3f-d7f6-7c63-a85c-9fe90888f548';
/** One rollout line: a hook prompt completed in `turn`, from a hook run named `run` (as codex-cli 0.169.0 writes it). */
const prompt = (turn: string, run = 'stop:0:/p/.codex/hooks.json') =>
  JSON.stringify({
    type: 'event_msg',
    payload: {
      type: 'item_completed',
      turn_id: turn,
      item: { type: 'HookPrompt', id: 'm', fragments: [{ text: 'QQAGAIN', hookRunId: run }] },
    },
  });
const message = (text: string) =>
  JSON.stringify({ type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ text }] } });

describe('stopContinuations: the Stop continuations of this turn in Codex rollout lines', () => {
  it.each([
    ['no hook prompt yet: the first Stop', [message('All done.')], false, 0],
    ['a first Stop is 0 whatever the log holds (a forged log never skips it)', Array(9).fill(prompt(TURN)), false, 0],
    ['three continuations of this turn', [prompt(TURN), message('Done.'), prompt(TURN), prompt(TURN)], true, 3],
    ["another turn's prompts are not this turn's", [prompt('other-turn'), prompt(TURN)], true, 1],
    [
      'a prompt from another hook run (not stop:) is not a Stop continuation',
      [prompt(TURN, 'user_prompt_submit:0')],
      false,
      0,
    ],
    ['unreadable lines are skipped; stop_hook_active alone counts 1', ['{"HookPrompt"', '', 'garbage'], true, 1],
  ])('%s', (_name, lines, active, want) => {
    expect(stopContinuations(lines, { turn_id: TURN, stop_hook_active: active })).toBe(want);
  });

  it("is the Codex table's loop count for Stop, under Claude Code's cap of 8", () => {
    expect(CODEX.loopCount?.events).toEqual(['Stop']);
    expect(CODEX.binding.defaultLoopLimit).toBe(8);
  });
});
