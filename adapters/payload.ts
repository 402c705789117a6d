// Fields every Claude hook payload carries (docs/claude-hooks.md §2.1), built from Cursor's common input
// (docs/cursor-hooks.md §3), and the fields several events share.
import type { ClaudeEvent } from './eventMap.ts';
import { str } from './json.ts';
import type { EventContext, Json, LateFacts } from './types.ts';

/** The common Claude fields for one event; the transcript is a late fact (written after plan). */
export function basePayload(ctx: EventContext, event: ClaudeEvent, late: Pick<LateFacts, 'transcriptPath'>): Json {
  const cwd = str(ctx.input.cwd);
  const payload: Json = {
    session_id: ctx.sessionId,
    transcript_path: late.transcriptPath,
    // Cursor sends cwd "" on the IDE and the CLI (docs/cursor-hooks.md §3): fall back to the project root.
    cwd: cwd ?? ctx.projectDir,
    ...promptId(ctx, event),
    permission_mode: 'default',
    hook_event_name: event,
  };
  // Cursor's own ids ride along (extra fields are harmless to Claude scripts); cursor_version is left out on
  // purpose: scripts use it to detect Cursor's untranslated third-party payloads and skip them.
  const conv = str(ctx.input.conversation_id);
  if (conv) payload.conversation_id = conv;
  const gen = str(ctx.input.generation_id);
  if (gen) payload.generation_id = gen;
  return payload;
}

/** The events whose input carries `prompt_id` in Claude Code 2.1.328 (docs/claude-hooks.md §8 Inputs, §10 `prompt_id`). */
const PROMPT_ID_EVENTS: ReadonlySet<ClaudeEvent> = new Set<ClaudeEvent>([
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'UserPromptSubmit',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
]);

/**
 * Claude's `prompt_id`, one id per user prompt, is Cursor's `generation_id`, one per turn (docs/cursor-hooks.md §3),
 * where that is one: on the CLI `generation_id` equals `conversation_id`, the same for every prompt, and is not used.
 */
function promptId(ctx: EventContext, event: ClaudeEvent): { prompt_id?: string } {
  if (!PROMPT_ID_EVENTS.has(event)) return {};
  const gen = str(ctx.input.generation_id);
  return gen && gen !== str(ctx.input.conversation_id) ? { prompt_id: gen } : {};
}

/** `last_assistant_message`, when known (docs/claude-hooks.md §2.2 Stop, SubagentStop). */
export function lastMessage(text: string | undefined): { last_assistant_message?: string } {
  return text !== undefined ? { last_assistant_message: text } : {};
}
