import type { SlaPolicyRecord } from '@wacrm/shared';
import { describe, expect, it } from 'vitest';
import { claimsOf } from './sla.repository.ts';
import { dueOf, hasReachedAttendants, policyOf } from './sla.service.ts';

const policy = (fields: Partial<SlaPolicyRecord>): SlaPolicyRecord => ({
  id: 1,
  name: 'p',
  queueIds: [],
  priorities: [],
  firstResponseSeconds: 1800,
  resolutionSeconds: 8 * 3600,
  businessHours: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((weekdayEn) => ({
  weekdayEn,
  startTime: '09:00',
  endTime: '18:00',
}));
const saoPaulo = { schedules: weekdays, timeZone: 'America/Sao_Paulo' };

describe('due times', () => {
  it('counts calendar seconds when the policy ignores business hours', () => {
    const start = new Date('2026-12-04T20:30:00Z'); // Friday 17:30 in São Paulo
    expect(dueOf(policy({ businessHours: false }), start, null)).toEqual({
      policyId: 1,
      firstResponseDueAt: new Date('2026-12-04T21:00:00Z'),
      resolutionDueAt: new Date('2026-12-05T04:30:00Z'),
    });
  });

  it('counts only open hours, over the weekend, on the company clock', () => {
    const start = new Date('2026-12-04T20:30:00Z'); // Friday 17:30: 30 open minutes left that day
    const due = dueOf(policy({}), start, saoPaulo);
    expect(due.firstResponseDueAt).toEqual(new Date('2026-12-04T21:00:00Z')); // Friday 18:00
    // 30 min on Friday, then 7 h 30 on Monday from 09:00: Monday 16:30 local (19:30 UTC).
    expect(due.resolutionDueAt).toEqual(new Date('2026-12-07T19:30:00Z'));
  });

  it('starts the count at opening when the ticket arrives at night', () => {
    const start = new Date('2026-12-08T03:00:00Z'); // Tuesday 00:00 in São Paulo, closed
    expect(dueOf(policy({}), start, saoPaulo).firstResponseDueAt).toEqual(new Date('2026-12-08T12:30:00Z'));
  });

  it('falls back to calendar time when the week has no open hours', () => {
    const start = new Date('2026-12-04T20:30:00Z');
    const due = dueOf(policy({}), start, { schedules: [], timeZone: 'America/Sao_Paulo' });
    expect(due.firstResponseDueAt).toEqual(new Date('2026-12-04T21:00:00Z'));
  });

  it('leaves a target the policy does not set empty', () => {
    expect(dueOf(policy({ resolutionSeconds: null }), new Date(0), null).resolutionDueAt).toBeNull();
    expect(dueOf(null, new Date(0), null)).toEqual({ policyId: null, firstResponseDueAt: null, resolutionDueAt: null });
  });
});

describe('which policy and when', () => {
  const byQueue = policy({ id: 2, queueIds: [7] });
  const fallback = policy({ id: 3, queueIds: [] });

  it('picks the policy naming the queue, else the default', () => {
    expect(policyOf([fallback, byQueue], 7)?.id).toBe(2);
    expect(policyOf([fallback, byQueue], 8)?.id).toBe(3);
    expect(policyOf([fallback, byQueue], null)?.id).toBe(3);
    expect(policyOf([byQueue], null)).toBeNull();
  });

  it('lets one queue have an urgent policy and one for its other priorities, most specific first', () => {
    const supportUrgent = policy({ id: 4, queueIds: [7], priorities: ['urgent'] });
    const supportOthers = policy({ id: 5, queueIds: [7] });
    const urgentAnywhere = policy({ id: 6, priorities: ['urgent', 'high'] });
    const all = [fallback, urgentAnywhere, supportOthers, supportUrgent];
    expect(policyOf(all, 7, 'urgent')?.id).toBe(4);
    expect(policyOf(all, 7, 'high')?.id).toBe(6);
    expect(policyOf(all, 7, 'normal')?.id).toBe(5);
    expect(policyOf(all, 8, 'urgent')?.id).toBe(6);
    expect(policyOf(all, 8, 'low')?.id).toBe(3);
  });

  it('claims every (queue, priority) a policy names, none standing for a side it leaves empty', () => {
    expect(claimsOf({ queueIds: [9, 7], priorities: ['urgent', 'high'] })).toEqual([
      { queueId: 7, priority: 'high' },
      { queueId: 7, priority: 'urgent' },
      { queueId: 9, priority: 'high' },
      { queueId: 9, priority: 'urgent' },
    ]);
    expect(claimsOf({ queueIds: [7], priorities: [] })).toEqual([{ queueId: 7, priority: null }]);
    expect(claimsOf({ queueIds: [], priorities: ['low'] })).toEqual([{ queueId: null, priority: 'low' }]);
    expect(claimsOf({ queueIds: [], priorities: [] })).toEqual([{ queueId: null, priority: null }]);
  });

  it('starts once a ticket is with attendants, not while a bot or menu holds it', () => {
    const base = { status: 'pending' as const, queueId: 7, chatbot: false, useIntegration: false };
    expect(hasReachedAttendants(base)).toBe(true);
    expect(hasReachedAttendants({ ...base, chatbot: true })).toBe(false);
    expect(hasReachedAttendants({ ...base, queueId: null, useIntegration: true })).toBe(false);
    expect(hasReachedAttendants({ ...base, status: 'open', chatbot: true })).toBe(true);
    expect(hasReachedAttendants({ ...base, status: 'closed' })).toBe(false);
  });
});
