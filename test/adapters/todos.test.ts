// TodoWrite in Claude's result shape (docs/claude-hooks.md §5.3: {oldTodos, newTodos}) from Cursor's input
// ({todos, merge}, docs/cursor-hooks.md §6): a merge sends only what changed.
import { describe, expect, it } from 'vitest';
import { keptTodos, todoWriteResult } from '../../adapters/todos.ts';

const t = (id: string, content: string, status: string) => ({ id, content, status });
const claude = (id: string, content: string, status: string) => ({ content, status, activeForm: content, id });

describe('todoWriteResult', () => {
  it('a whole list replaces the previous one', () => {
    const r = todoWriteResult({ todos: [t('1', 'a', 'pending')] }, [t('9', 'old', 'completed')]);
    expect(r.response).toEqual({
      oldTodos: [claude('9', 'old', 'completed')],
      newTodos: [claude('1', 'a', 'pending')],
    });
  });

  it('merge: true updates by id, appends new items, keeps the rest', () => {
    const prev = [t('1', 'a', 'in_progress'), t('2', 'b', 'pending')];
    const r = todoWriteResult({ merge: true, todos: [{ id: '1', status: 'completed' }, t('3', 'c', 'pending')] }, prev);
    expect(r.response.newTodos).toEqual([
      claude('1', 'a', 'completed'),
      claude('2', 'b', 'pending'),
      claude('3', 'c', 'pending'),
    ]);
    expect(r.kept).toEqual([t('1', 'a', 'completed'), t('2', 'b', 'pending'), t('3', 'c', 'pending')]);
  });

  it('cancelled items stay kept for later merges but are not Claude todos (its statuses: pending, in_progress, completed)', () => {
    const r = todoWriteResult({ merge: true, todos: [{ id: '2', status: 'cancelled' }] }, [
      t('1', 'a', 'completed'),
      t('2', 'b', 'pending'),
    ]);
    expect(r.response.newTodos).toEqual([claude('1', 'a', 'completed')]);
    expect(r.kept).toEqual([t('1', 'a', 'completed'), t('2', 'b', 'cancelled')]);
  });

  it('a merge with no previous list starts from an empty one; a new item without status is pending', () => {
    expect(todoWriteResult({ merge: true, todos: [{ id: '5', content: 'e' }] }, undefined).response).toEqual({
      oldTodos: [],
      newTodos: [claude('5', 'e', 'pending')],
    });
  });

  it('junk is dropped, never thrown', () => {
    expect(todoWriteResult({ todos: [null, 3, { nothing: 1 }] }, undefined).response).toEqual({
      oldTodos: [],
      newTodos: [],
    });
    expect(keptTodos('x')).toBeUndefined();
    expect(keptTodos([{ content: 'a', status: 'pending' }, 7])).toEqual([{ content: 'a', status: 'pending' }]);
  });
});
