import { describe, expect, it } from 'vitest';
import { isTrialDueDate } from './signup.schema.ts';

describe('isTrialDueDate', () => {
  const createdAt = new Date('2026-11-20T15:00:00Z');

  it('is a trial up to the trial days after creation', () => {
    expect(isTrialDueDate(createdAt, '2026-11-23')).toBe(true);
    expect(isTrialDueDate(createdAt, '2026-11-21')).toBe(true);
  });

  it('is a subscription past them, or without a due date', () => {
    expect(isTrialDueDate(createdAt, '2026-11-24')).toBe(false);
    expect(isTrialDueDate(createdAt, null)).toBe(false);
  });
});
