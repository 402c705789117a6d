// Cursor as a host (docs/cursor-hooks.md): its events, what each runs, its own answers and its session id. The
// tables themselves live in adapters/eventMap.ts and adapters/events/ for now; this is the one place the shell
// reaches them through.
import { CURSOR_MATCHER } from '../../cursorMatcher.ts';
import { ADAPTERS } from '../../events/index.ts';
import { PERMISSION_EVENTS, RUNS, UNBOUND_CURSOR_EVENTS, type HandledEvent } from '../../eventMap.ts';
import { str, type Json } from '../../json.ts';
import type { HostTable } from '../types.ts';

/** The session a payload belongs to: Cursor's conversation id (docs/cursor-hooks.md §3: session_id equals it). */
function sessionIdOf(input: Json): string {
  return str(input.conversation_id) ?? str(input.session_id) ?? 'unknown-session';
}

/** Cursor's transcript: the payload's transcript_path, else CURSOR_TRANSCRIPT_PATH (docs/cursor-hooks.md §2). */
function transcriptPathOf(input: Json, env: Readonly<Record<string, string | undefined>>): string | undefined {
  return str(input.transcript_path) ?? str(env.CURSOR_TRANSCRIPT_PATH);
}

export const CURSOR: HostTable<HandledEvent> = Object.freeze<HostTable<HandledEvent>>({
  id: 'cursor',
  name: 'Cursor',
  events: ADAPTERS,
  runs: RUNS,
  permissionEvents: PERMISSION_EVENTS,
  unbound: UNBOUND_CURSOR_EVENTS,
  // docs/cursor-hooks.md §1: timeout 60 s (UNCONFIRMED) and loop_limit 5 when an entry sets none.
  binding: {
    file: '.cursor/hooks.json',
    commandKeys: ['command'],
    timeoutKey: 'timeout',
    defaultTimeoutS: 60,
    defaultLoopLimit: 5,
  },
  // The shared vocabulary is Cursor's own: payloads and answers pass as they are.
  canonical: (_event, input) => input,
  render: (answer) => answer,
  sessionIdOf,
  transcriptPathOf,
  // Cursor sends no transcript when its transcripts are off (docs/cursor-hooks.md §3).
  noTranscript: 'Cursor sent no transcript_path (its transcripts are off?)',
  versionEnv: 'CURSOR_VERSION',
  matcher: CURSOR_MATCHER,
});
