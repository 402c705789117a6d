// Which Copilot event a payload is: Copilot's stdin names no event (docs/copilot-hooks.md §3), but each event's keys
// differ. For the commands only (explain of a captured payload); the hook path is told its event by the command line.
import { isRecord, str, type Json } from '../../json.ts';

/** Each event with the keys that tell its payload apart, most specific first (docs/copilot-hooks.md §3). */
const SHAPES: readonly [event: string, test: (input: Json) => boolean, keys: string][] = [
  ['permissionRequest', (i) => i.hookName === 'permissionRequest', 'hookName "permissionRequest"'],
  ['postToolUse', (i) => str(i.toolName) !== undefined && isRecord(i.toolResult), 'toolName and toolResult'],
  ['postToolUseFailure', (i) => str(i.toolName) !== undefined && str(i.error) !== undefined, 'toolName and error'],
  ['preToolUse', (i) => str(i.toolName) !== undefined && i.toolArgs !== undefined, 'toolName and toolArgs'],
  ['userPromptTransformed', (i) => str(i.transformedPrompt) !== undefined, 'transformedPrompt'],
  ['userPromptSubmitted', (i) => str(i.prompt) !== undefined, 'prompt'],
  ['sessionStart', (i) => i.initialPrompt !== undefined || str(i.source) !== undefined, 'initialPrompt or source'],
  ['subagentStop', (i) => str(i.agentId) !== undefined && i.stopReason !== undefined, 'agentId and stopReason'],
  ['subagentStart', (i) => str(i.agentId) !== undefined, 'agentId without stopReason'],
  ['agentStop', (i) => i.stopReason !== undefined, 'stopReason'],
  ['preCompact', (i) => str(i.trigger) !== undefined, 'trigger'],
  ['errorOccurred', (i) => i.errorContext !== undefined, 'errorContext'],
  ['sessionEnd', (i) => str(i.reason) !== undefined, 'reason'],
];

/** The Copilot event a payload's keys name, with the keys that told it; undefined when none does. */
export function copilotEventOf(input: Json): { event: string; by: string } | undefined {
  const hit = SHAPES.find(([, test]) => test(input));
  return hit && { event: hit[0], by: hit[2] };
}
