// A Copilot payload's event, told by its keys (docs/copilot-hooks.md §3: the stdin names no event): each event's
// measured keys, beside the sessionId, timestamp and cwd every payload has.
import { describe, expect, it } from 'vitest';
import { copilotEventOf } from '../../../../adapters/hosts/copilot/eventOf.ts';

const base = { sessionId: 's', timestamp: 1796323924211, cwd: '/repo' };

describe('copilotEventOf', () => {
  it.each([
    ['sessionStart', { source: 'new', initialPrompt: 'hi' }],
    ['userPromptSubmitted', { prompt: 'hi' }],
    ['userPromptTransformed', { prompt: 'hi', transformedPrompt: '<current_datetime>…</current_datetime>\nhi' }],
    ['preToolUse', { toolName: 'bash', toolArgs: { command: 'ls' } }],
    [
      'permissionRequest',
      { hookName: 'permissionRequest', toolName: 'bash', toolInput: {}, permissionSuggestions: [] },
    ],
    ['postToolUse', { toolName: 'bash', toolArgs: {}, toolResult: { resultType: 'success', textResultForLlm: 'ok' } }],
    ['postToolUseFailure', { toolName: 'view', toolArgs: { path: '/x' }, error: 'Path does not exist' }],
    ['agentStop', { transcriptPath: '/e.jsonl', stopReason: 'end_turn', stop_hook_active: false }],
    ['subagentStart', { transcriptPath: '/e.jsonl', agentName: 'a', agentId: 'i', agentType: 'general-purpose' }],
    [
      'subagentStop',
      { transcriptPath: '/e.jsonl', agentId: 'i', agentType: 'g', response: 'done', stopReason: 'end_turn' },
    ],
    ['preCompact', { transcriptPath: '/e.jsonl', trigger: 'manual', customInstructions: '' }],
    ['errorOccurred', { errorContext: 'model_call', recoverable: true, error: { message: 'bad' } }],
    ['sessionEnd', { reason: 'complete' }],
  ])('%s', (event, keys) => {
    expect(copilotEventOf({ ...base, ...keys })?.event).toBe(event);
  });
  it('a payload with none of these keys is no Copilot event', () => {
    expect(copilotEventOf(base)).toBeUndefined();
  });
});
