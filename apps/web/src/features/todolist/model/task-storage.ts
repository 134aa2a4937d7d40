import type { KeyValueStorage } from '../../../lib/session-storage.ts';

/** spec: the personal to-do list lives only in this browser, under this key. */
export const TASKS_STORAGE_KEY = 'tasks';

export interface Task {
  id: string;
  text: string;
  isDone: boolean;
  createdAt: string;
  updatedAt: string;
}

const MAX_TEXT_LENGTH = 500;

/** The text to keep, or null for blank input (spec: blank input is ignored). */
export function normalizeTaskText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed.slice(0, MAX_TEXT_LENGTH) : null;
}

function isTask(value: unknown): value is Task {
  const item = value as Partial<Task> | null;
  return typeof item?.id === 'string' && typeof item.text === 'string';
}

/** Reads the stored list; anything unreadable (other data under the key, bad JSON) reads as empty. */
export function loadTasks(storage: KeyValueStorage = localStorage): Task[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TASKS_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isTask).map((task) => ({ ...task, isDone: task.isDone === true }));
  } catch {
    return [];
  }
}

export function saveTasks(tasks: readonly Task[], storage: KeyValueStorage = localStorage): void {
  storage.setItem(TASKS_STORAGE_KEY, JSON.stringify(tasks));
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Pure list operations; each answers the same list when the input is blank or the id unknown. */
export function addTask(tasks: readonly Task[], text: string, now = new Date()): readonly Task[] {
  const value = normalizeTaskText(text);
  if (!value) return tasks;
  const stamp = now.toISOString();
  return [...tasks, { id: newId(), text: value, isDone: false, createdAt: stamp, updatedAt: stamp }];
}

export function editTask(tasks: readonly Task[], id: string, text: string, now = new Date()): readonly Task[] {
  const value = normalizeTaskText(text);
  if (!value || !tasks.some((task) => task.id === id)) return tasks;
  return tasks.map((task) => (task.id === id ? { ...task, text: value, updatedAt: now.toISOString() } : task));
}

export function toggleTask(tasks: readonly Task[], id: string, now = new Date()): readonly Task[] {
  return tasks.map((task) => (task.id === id ? { ...task, isDone: !task.isDone, updatedAt: now.toISOString() } : task));
}

export function removeTask(tasks: readonly Task[], id: string): readonly Task[] {
  return tasks.filter((task) => task.id !== id);
}
