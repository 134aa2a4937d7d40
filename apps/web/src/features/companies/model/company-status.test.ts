import { describe, expect, it } from 'vitest';
import { companyStatus } from './company-status.ts';

const today = new Date(2026, 10, 25, 10, 0);

describe('companyStatus', () => {
  it('tells a signup trial (with the days left) from a paying company and a switched-off one', () => {
    const createdAt = '2026-11-24T15:00:00.000Z';
    expect(companyStatus({ status: true, createdAt, dueDate: '2026-11-27' }, today)).toEqual({
      kind: 'trial',
      daysLeft: 2,
    });
    expect(companyStatus({ status: true, createdAt, dueDate: '2026-11-20' }, today)).toEqual({
      kind: 'trial',
      daysLeft: 0,
    });
    // Renewed (due date past the trial's end) or made by the super user for a year: active.
    expect(companyStatus({ status: true, createdAt, dueDate: '2026-12-24' }, today)).toEqual({ kind: 'active' });
    expect(companyStatus({ status: true, createdAt, dueDate: null }, today)).toEqual({ kind: 'active' });
    expect(companyStatus({ status: false, createdAt, dueDate: '2026-11-27' }, today)).toEqual({ kind: 'inactive' });
  });
});
