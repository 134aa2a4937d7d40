import { describe, expect, it } from 'vitest';
import { type DueDateHighlight, daysToDueDate, dueDateHighlight, localIsoDay } from './due-date-highlight.ts';

describe('dueDateHighlight', () => {
  it.each<[number | null, DueDateHighlight]>([
    [null, 'none'],
    [365, 'none'],
    [6, 'none'],
    [5, 'soon'],
    [4, 'due'],
    [1, 'due'],
    [0, 'due'],
    [-1, 'due'],
    [-3, 'due'],
    [-4, 'overdue'],
    [-5, 'overdue'],
    [-400, 'overdue'],
  ])('%s days → %s', (days, expected) => {
    expect(dueDateHighlight(days)).toBe(expected);
  });
});

describe('daysToDueDate', () => {
  const today = new Date(2025, 0, 30, 23, 30); // late evening, local time

  it('counts calendar days, whatever the hour', () => {
    expect(daysToDueDate('2025-01-30', today)).toBe(0);
    expect(daysToDueDate('2025-02-04', today)).toBe(5);
    expect(daysToDueDate('2025-01-26', today)).toBe(-4);
    expect(daysToDueDate('2025-03-30', today)).toBe(59);
  });

  it('answers null without a due date', () => {
    expect(daysToDueDate(null, today)).toBeNull();
    expect(daysToDueDate('nonsense', today)).toBeNull();
  });

  it('formats today as a local calendar day', () => {
    expect(localIsoDay(today)).toBe('2025-01-30');
  });
});
