import { describe, expect, it } from 'vitest';
import { type Candidate, mayBeWaiting, planAssignments, type WaitingTicket } from './ticket-assignment.ts';

const attendant = (userId: number, queueId: number, fields: Partial<Candidate> = {}): Candidate => ({
  userId,
  queueId,
  capacity: 5,
  openCount: 0,
  lastAny: 0,
  lastHere: 0,
  ...fields,
});
const line = (count: number, queueId: number, mode: WaitingTicket['mode'], firstId = 1): WaitingTicket[] =>
  Array.from({ length: count }, (_, index) => ({ id: firstId + index, queueId, mode }));

describe('planAssignments', () => {
  it('balanced: the fewest open tickets first, then the longest since their last assignment', () => {
    const plan = planAssignments(
      line(4, 1, 'balanced'),
      [
        attendant(1, 1, { openCount: 2, lastAny: 10 }),
        attendant(2, 1, { openCount: 1, lastAny: 50 }),
        attendant(3, 1, { openCount: 1, lastAny: 20 }),
      ],
      1000,
    );
    // 3 (1 open, waited longer), then 2 (1 open), then 1 (now all at 2; 1 waited longest), then 3.
    expect(plan.map((assignment) => assignment.userId)).toEqual([3, 2, 1, 3]);
  });

  it('round robin: turns in the queue, whatever the load', () => {
    const plan = planAssignments(
      line(5, 1, 'roundRobin'),
      [attendant(1, 1, { openCount: 4, lastHere: 30 }), attendant(2, 1, { lastHere: 10 }), attendant(3, 1)],
      1000,
    );
    expect(plan.map((assignment) => assignment.userId)).toEqual([3, 2, 1, 3, 2]);
  });

  it('never gives anyone more than their capacity, counting tickets of every queue', () => {
    const plan = planAssignments(
      [...line(5, 1, 'balanced'), ...line(5, 2, 'balanced', 10)],
      [attendant(1, 1, { capacity: 3, openCount: 1 }), attendant(1, 2, { capacity: 3, openCount: 1 })],
      1000,
    );
    expect(plan).toHaveLength(2);
    expect(plan.map((assignment) => assignment.ticketId)).toEqual([1, 2]);
  });

  it('takes the line in order and skips a ticket whose queue has nobody free', () => {
    const waiting = [
      { id: 1, queueId: 9, mode: 'balanced' as const },
      { id: 2, queueId: 1, mode: 'balanced' as const },
    ];
    expect(planAssignments(waiting, [attendant(1, 1)], 1000)).toEqual([
      { ticketId: 2, queueId: 1, userId: 1, at: 1000 },
    ]);
  });
});

describe('mayBeWaiting', () => {
  const ticket = { status: 'pending', queueId: 1, userId: null, chatbot: false, useIntegration: false } as const;
  it('is a pending ticket in a queue that nobody, no menu and no bot holds', () => {
    expect(mayBeWaiting(ticket)).toBe(true);
    expect(mayBeWaiting({ ...ticket, queueId: null })).toBe(false);
    expect(mayBeWaiting({ ...ticket, chatbot: true })).toBe(false);
    expect(mayBeWaiting({ ...ticket, useIntegration: true })).toBe(false);
    expect(mayBeWaiting({ ...ticket, userId: 3 })).toBe(false);
    expect(mayBeWaiting({ ...ticket, status: 'open' })).toBe(false);
  });
});
