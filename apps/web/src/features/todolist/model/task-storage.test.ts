import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../lib/session-storage.ts';
import {
  addTask,
  editTask,
  loadTasks,
  normalizeTaskText,
  removeTask,
  saveTasks,
  TASKS_STORAGE_KEY,
  toggleTask,
} from './task-storage.ts';

const now = new Date('2026-01-02T03:04:05.000Z');

describe('to-do list storage', () => {
  it('ignores blank input', () => {
    expect(normalizeTaskText('   ')).toBeNull();
    expect(addTask([], '  \n\t ')).toEqual([]);
    const tasks = addTask([], 'Call Ana', now);
    expect(editTask(tasks, tasks[0].id, '   ')).toBe(tasks);
  });

  it('adds, edits, marks done and removes', () => {
    let tasks = addTask([], '  Call Ana  ', now);
    expect(tasks).toEqual([
      {
        id: expect.any(String),
        text: 'Call Ana',
        isDone: false,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      },
    ]);
    tasks = addTask(tasks, 'Send invoice', now);
    const [first, second] = tasks;
    tasks = editTask(tasks, first.id, 'Call Ana back');
    expect(tasks[0].text).toBe('Call Ana back');
    tasks = toggleTask(tasks, second.id);
    expect(tasks[1].isDone).toBe(true);
    tasks = toggleTask(tasks, second.id);
    expect(tasks[1].isDone).toBe(false);
    tasks = removeTask(tasks, first.id);
    expect(tasks.map((task) => task.text)).toEqual(['Send invoice']);
  });

  it('keeps the list under the key "tasks" only', () => {
    const storage = createMemoryStorage();
    saveTasks(addTask([], 'Buy coffee', now), storage);
    expect(Object.keys(storage.dump())).toEqual([TASKS_STORAGE_KEY]);
    expect(loadTasks(storage)).toEqual([expect.objectContaining({ text: 'Buy coffee', isDone: false })]);
  });

  it('reads unreadable or foreign data as an empty list', () => {
    expect(loadTasks(createMemoryStorage())).toEqual([]);
    expect(loadTasks(createMemoryStorage({ tasks: '{not json' }))).toEqual([]);
    expect(loadTasks(createMemoryStorage({ tasks: '{"a":1}' }))).toEqual([]);
    expect(loadTasks(createMemoryStorage({ tasks: '[{"id":"1","text":"ok"},{"text":3},null]' }))).toEqual([
      { id: '1', text: 'ok', isDone: false },
    ]);
  });
});
