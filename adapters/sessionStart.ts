// sessionStart ⇄ SessionStart (source "startup") and the first prompt's UserPromptSubmit context.
// Cursor answer: additional_context (reaches the model), env (cursor-hooks.md §4). Not run by Cloud agents.
import { promptContext } from './beforeSubmitPrompt.ts';
import { droppedFailures, errorNotes } from './fold.ts';
import { basePayload, str } from './payload.ts';
import { joinMessages, messages } from './text.ts';
import type { EventAdapter, Invocation, Json, Message } from './types.ts';

/**
 * Parse the `export NAME=value` lines a SessionStart script appended to CLAUDE_ENV_FILE (claude-hooks.md §1.5) as sh
 * would assign them: quotes removed, `$NAME` / `${NAME}` expanded from earlier lines, then from `base` (the
 * environment hookshim runs in), so `PATH="$PATH:./bin"` becomes a real PATH. A value sh would have to run code
 * for (`$(…)`, backticks) cannot be reproduced and is skipped, never passed on half-expanded.
 */
export function parseEnvFile(text: string, base: Readonly<Record<string, string | undefined>> = {}): { env: Record<string, string>; skipped: string[] } {
  const env: Record<string, string> = {};
  const skipped: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    const value = m ? assign((m[2] as string).trim(), (name) => env[name] ?? base[name] ?? '') : undefined;
    if (!m || value === undefined) {
      skipped.push(line);
      continue;
    }
    env[m[1] as string] = value;
  }
  return { env, skipped };
}

/** One sh assignment value: single quotes literal, double quotes and bare text expand `$NAME` and `${NAME}`. */
function assign(v: string, lookup: (name: string) => string): string | undefined {
  let out = '';
  let i = 0;
  const expand = (): boolean => {
    const braced = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(v.slice(i));
    const bare = braced ? null : /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(v.slice(i));
    const hit = braced ?? bare;
    if (!hit) return false;
    out += lookup(hit[1] as string);
    i += hit[0].length;
    return true;
  };
  while (i < v.length) {
    const c = v[i] as string;
    if (c === "'") {
      const close = v.indexOf("'", i + 1);
      if (close < 0) return undefined;
      out += v.slice(i + 1, close);
      i = close + 1;
    } else if (c === '"') {
      i++;
      while (i < v.length && v[i] !== '"') {
        const d = v[i] as string;
        if (d === '\\' && i + 1 < v.length && '"\\$`'.includes(v[i + 1] as string)) {
          out += v[i + 1];
          i += 2;
        } else if (d === '$') {
          if (!expand()) return undefined;
        } else if (d === '`') return undefined;
        else {
          out += d;
          i++;
        }
      }
      if (i >= v.length) return undefined;
      i++;
    } else if (c === '$') {
      if (!expand()) return undefined;
    } else if (c === '`' || c === ' ' || c === ';' || c === '&' || c === '|') return undefined;
    else if (c === '\\') {
      out += v[i + 1] ?? '';
      i += 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
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

  fold(ctx, verdicts, state) {
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
      const { env, skipped } = parseEnvFile(state.envFile, ctx.hostEnv);
      if (Object.keys(env).length) answer.env = env;
      for (const s of skipped) notes.push(`CLAUDE_ENV_FILE line is not a plain "export NAME=value" hookshim can reproduce (no $(…) or backticks); skipped: ${s.slice(0, 120)}`);
    }
    return { answer, effects: prompt.length > 0 ? [{ kind: 'coverFirstPrompt', messages: prompt }] : [], notes };
  },
};
