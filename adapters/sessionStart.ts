// sessionStart ⇄ SessionStart (source "startup") and the first prompt's UserPromptSubmit context.
// Cursor answer: additional_context (reaches the model), env (cursor-hooks.md §4). Not run by Cloud agents.
import { promptContext } from './beforeSubmitPrompt.ts';
import { droppedFailures, errorNotes } from './fold.ts';
import { basePayload, str } from './payload.ts';
import { joinMessages, messages } from './text.ts';
import type { EventAdapter, Invocation, Json, Message } from './types.ts';

/** Parse `export NAME=value` lines a SessionStart script appended to CLAUDE_ENV_FILE (claude-hooks.md §1.5). */
export function parseEnvFile(text: string): { env: Record<string, string>; skipped: string[] } {
  const env: Record<string, string> = {};
  const skipped: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!m) {
      skipped.push(line);
      continue;
    }
    env[m[1] as string] = unquote((m[2] as string).trim());
  }
  return { env, skipped };
}

function unquote(v: string): string {
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) {
    const inner = v.slice(1, -1);
    return v.startsWith('"') ? inner.replace(/\\(["\\$`])/g, '$1') : inner;
  }
  return v;
}

export const sessionStart: EventAdapter = {
  empty: {},

  plan(ctx, state) {
    const invocations: Invocation[] = [
      {
        claudeEvent: 'SessionStart',
        // Cursor's sessionStart is a new session: Claude's "startup" (claude-hooks.md §1.3).
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

  fold(_ctx, verdicts, state) {
    const notes = [...errorNotes(verdicts), ...droppedFailures(verdicts, 'dropped (session context is best effort)')];
    const start: Message[] = [];
    const warn: Message[] = [];
    for (const v of verdicts) {
      if (v.claudeEvent !== 'SessionStart' || v.failure) continue;
      // SessionStart cannot block (claude-hooks.md §3.1): a block reason is still worth telling the model.
      start.push(...messages(v.label, v.block, ...v.context, v.plainText));
      warn.push(...messages(v.label, v.systemMessage));
    }
    const prompt = state.pendingPrompt.length > 0 ? state.pendingPrompt : promptContext(verdicts);
    const answer: Json = {};
    const text = joinMessages([...start, ...prompt]);
    if (text) answer.additional_context = text;
    if (warn.length) answer.user_message = joinMessages(warn);
    if (state.envFile) {
      const { env, skipped } = parseEnvFile(state.envFile);
      if (Object.keys(env).length) answer.env = env;
      for (const s of skipped) notes.push(`CLAUDE_ENV_FILE line is not "export NAME=value"; skipped: ${s.slice(0, 120)}`);
    }
    return { answer, effects: prompt.length > 0 ? [{ kind: 'coverFirstPrompt' }] : [], notes };
  },
};
