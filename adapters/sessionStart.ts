// sessionStart ⇄ SessionStart (source "startup") and the first prompt's UserPromptSubmit context.
// Cursor answer: additional_context (reaches the model), env (docs/cursor-hooks.md §4). Not run by Cloud agents.
import { parseEnvFile, sessionEnvDenied } from './envFile.ts';
import { droppedFailures, errorNotes } from './fold.ts';
import { str } from './json.ts';
import { basePayload } from './payload.ts';
import { promptContext } from './prompt.ts';
import { joinMessages, messages } from './text.ts';
import type { EventAdapter, Invocation, Json, Message } from './types.ts';

export const sessionStart: EventAdapter = {
  empty: {},
  needs: { claims: { pending: true }, dedup: { fields: ['source', 'composer_mode'], replay: 'empty' }, envFile: true },

  plan(ctx, state) {
    const invocations: Invocation[] = [
      {
        claudeEvent: 'SessionStart',
        // Cursor's sessionStart is a new session: Claude's "startup" (docs/claude-hooks.md §1.3).
        subject: { values: ['startup'], projectDir: ctx.projectDir },
        payload: () => ({ ...basePayload(ctx, 'SessionStart'), source: 'startup', ...(str(ctx.input.model) ? { model: str(ctx.input.model) } : {}) }),
      },
    ];
    const notes: string[] = [];
    if (state.pendingPrompt.length > 0) notes.push('the first prompt\'s context is already waiting; delivering it here instead of running UserPromptSubmit again');
    else {
      invocations.push({
        claudeEvent: 'UserPromptSubmit',
        subject: { values: [], projectDir: ctx.projectDir },
        payload: () => ({ ...basePayload(ctx, 'UserPromptSubmit'), prompt: '' }),
      });
    }
    return { invocations, notes };
  },

  fold(ctx, verdicts, state) {
    const notes = [...errorNotes(verdicts), ...droppedFailures(verdicts, 'dropped (session context is best effort)')];
    const start: Message[] = [];
    const warn: Message[] = [];
    for (const v of verdicts) {
      if (v.claudeEvent !== 'SessionStart' || v.kind === 'failed') continue;
      // SessionStart cannot block (docs/claude-hooks.md §3.1): a block reason is still worth telling the model.
      start.push(...messages(v.label, v.kind === 'blocked' ? v.reason : undefined, ...v.context, v.plainText));
      warn.push(...messages(v.label, v.systemMessage));
    }
    const prompt = state.pendingPrompt.length > 0 ? state.pendingPrompt : promptContext(verdicts);
    const answer: Json = {};
    const text = joinMessages([...start, ...prompt]);
    if (text) answer.additional_context = text;
    if (warn.length) answer.user_message = joinMessages(warn);
    if (state.envFile) {
      const { env: parsed, skipped } = parseEnvFile(state.envFile, ctx.hostEnv);
      // Session env is data, not control: nothing that changes how the next hook process starts or what it guards.
      const env: Record<string, string> = {};
      for (const [k, value] of Object.entries(parsed)) {
        const why = sessionEnvDenied(k);
        if (why) notes.push(`CLAUDE_ENV_FILE sets ${k}; not passed to Cursor's session env: it would change ${why} for every later hook of the session`);
        else env[k] = value;
      }
      if (Object.keys(env).length) answer.env = env;
      for (const s of skipped) notes.push(`CLAUDE_ENV_FILE line is not a plain "export NAME=value" hookshim can reproduce (no $(…) or backticks); skipped: ${s.slice(0, 120)}`);
    }
    return { answer, effects: prompt.length > 0 ? [{ kind: 'coverFirstPrompt', messages: prompt }] : [], notes };
  },
};
