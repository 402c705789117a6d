// TodoWrite's result in Claude's shape, `{oldTodos, newTodos}` (docs/claude-hooks.md §5.3), from Cursor's TodoWrite
// input `{todos: [{id, content, status}], merge}` (docs/cursor-hooks.md §6), where `merge: true` sends only the changed
// items: the whole list is accumulated from the previous call's. Pure: no I/O.
import { anyString, isRecord } from './json.ts';

/** One item as Claude's TodoWrite keeps it (docs/claude-hooks.md §5.2); `id` is Cursor's, kept for the next merge. */
export interface ClaudeTodo {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  activeForm: string;
  id?: string;
}

/** One item of Cursor's list as hookshim keeps it between calls: Claude's fields plus Cursor's own status. */
export interface KeptTodo {
  id?: string;
  content: string;
  status: string;
  activeForm?: string;
}

const CLAUDE_STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed']);

/**
 * The result of one TodoWrite call: Claude's `{oldTodos, newTodos}`, and the whole list to keep for the next call
 * (`kept`). `previous` is the list kept by the last call (undefined when none is known: a merge then starts empty).
 * Cursor's `cancelled` items stay in `kept` (a later merge may name them) but not in `newTodos`: Claude's statuses
 * are pending, in_progress and completed, and a guard that checks for unfinished items must not count them.
 */
export function todoWriteResult(
  input: Record<string, unknown>,
  previous: readonly KeptTodo[] | undefined,
): { response: { oldTodos: ClaudeTodo[]; newTodos: ClaudeTodo[] }; kept: KeptTodo[] } {
  const incoming = Array.isArray(input.todos)
    ? input.todos.map(keptOf).filter((t): t is KeptTodo => t !== undefined)
    : [];
  const base = previous ?? [];
  // A new item may come without a status or text (a merge sends what changed): Claude's defaults fill them.
  const kept = (input.merge === true ? merge(base, incoming) : incoming).map((t) => ({
    ...t,
    content: t.content ?? '',
    status: t.status ?? 'pending',
  }));
  return { response: { oldTodos: claudeView(base), newTodos: claudeView(kept) }, kept };
}

/** Update items by id, append new ones; an item without an id is always new. */
function merge(base: readonly KeptTodo[], incoming: readonly KeptTodo[]): KeptTodo[] {
  const out = base.map((t) => ({ ...t }));
  for (const t of incoming) {
    const at = t.id === undefined ? -1 : out.findIndex((o) => o.id === t.id);
    if (at >= 0) out[at] = { ...out[at], ...t } as KeptTodo;
    else out.push(t);
  }
  return out;
}

/** Claude's view of a kept list: cancelled (or unknown-status) items left out, activeForm filled. */
function claudeView(list: readonly KeptTodo[]): ClaudeTodo[] {
  return list
    .filter((t) => CLAUDE_STATUSES.has(t.status))
    .map((t) => ({
      content: t.content,
      status: t.status as ClaudeTodo['status'],
      activeForm: t.activeForm ?? t.content,
      ...(t.id !== undefined ? { id: t.id } : {}),
    }));
}

/** One input item, with only the fields a merge may carry (a merge item may omit content or status). */
function keptOf(v: unknown): KeptTodo | undefined {
  if (!isRecord(v)) return undefined;
  const id = v.id === undefined || v.id === null ? undefined : String(v.id);
  const content = anyString(v.content);
  const status = anyString(v.status);
  const activeForm = anyString(v.activeForm);
  if (id === undefined && content === undefined) return undefined;
  return {
    ...(id !== undefined ? { id } : {}),
    ...(content !== undefined ? { content } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(activeForm !== undefined ? { activeForm } : {}),
  } as KeptTodo;
}

/** A kept list read back from the state dir (anything else is no list). */
export function keptTodos(v: unknown): KeptTodo[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter((t): t is KeptTodo => isRecord(t) && typeof t.content === 'string' && typeof t.status === 'string');
}
