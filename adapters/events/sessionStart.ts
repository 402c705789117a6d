// sessionStart ⇄ SessionStart (source "startup"), plus prompt context still waiting from before it.
// Cursor answer: additional_context (reaches the model), env (docs/cursor-hooks.md §4). Not run by Cloud agents.
import { parseEnvFile, sessionEnvDenied } from '../envFile.ts';
import { droppedFailures, droppedFields, errorNotes } from '../fold.ts';
import { str } from '../json.ts';
import { basePayload } from '../payload.ts';
import { joinMessages, messages } from '../text.ts';
import type { EventAdapter, Json, Message } from '../types.ts';

export const sessionStart: EventAdapter = {
  empty: {},
  needs: { claims: { pending: true }, dedup: { fields: ['source', 'composer_mode'], replay: 'empty' }, envFile: true },

  plan(ctx) {
    return {
      notes: [],
      invocations: [
        {
          claudeEvent: 'SessionStart',
          // Cursor's sessionStart is a new session: Claude's "startup" (docs/claude-hooks.md §1.3).
          subject: { values: ['startup'], projectDir: ctx.projectDir },
          payload: (_matched, late) => ({
            ...basePayload(ctx, 'SessionStart', late),
            source: 'startup',
            ...(str(ctx.input.model) ? { model: str(ctx.input.model) } : {}),
          }),
        },
      ],
    };
  },

  fold(ctx, verdicts, state) {
    const notes = [
      ...errorNotes(verdicts),
      ...droppedFailures(verdicts, 'dropped (session context is best effort)'),
      ...droppedFields(verdicts, ['initialUserMessage', 'sessionTitle', 'watchPaths']),
    ];
    const start: Message[] = [];
    const warn: Message[] = [];
    for (const v of verdicts) {
      if (v.kind === 'failed') continue;
      // SessionStart cannot block (docs/claude-hooks.md §3.1); Claude shows an exit-2 stderr to the user, not the
      // model (docs/claude-hooks.md §10 SessionStart exit 2).
      start.push(...messages(v.label, ...v.context, v.plainText));
      warn.push(...messages(v.label, v.kind === 'blocked' ? v.reason : undefined, v.systemMessage));
    }
    // A prompt submitted before the session started waits for no tool call: its context goes out here.
    if (state.pendingPrompt.length > 0) notes.push("delivering the waiting prompt context with the session's");
    const answer: Json = {};
    const text = joinMessages([...start, ...state.pendingPrompt]);
    if (text) answer.additional_context = text;
    if (warn.length) answer.user_message = joinMessages(warn);
    if (state.envFile) {
      const { env: parsed, skipped } = parseEnvFile(state.envFile, ctx.processEnv);
      // Session env is data, not control: nothing that changes how the next hook process starts or what it guards.
      const env: Record<string, string> = {};
      for (const [k, value] of Object.entries(parsed)) {
        const why = sessionEnvDenied(k);
        if (why)
          notes.push(
            `CLAUDE_ENV_FILE sets ${k}; not passed to Cursor's session env: it would change ${why} for every later hook of the session`,
          );
        else env[k] = value;
      }
      if (Object.keys(env).length) answer.env = env;
      for (const s of skipped)
        notes.push(
          `CLAUDE_ENV_FILE line is not a plain "export NAME=value" hookshim can reproduce (no $(…) or ` +
            `backticks); skipped: ${s.slice(0, 120)}`,
        );
    }
    return { answer, effects: [], notes };
  },
};
