import { describe, expect, it } from 'vitest';
import { isAlertedOfMessage, isAlertedOfMove, type PushViewer } from './push.audience.ts';

const admin: PushViewer = { userId: 1, profile: 'admin', allTicket: false, queueIds: [] };
const ana: PushViewer = { userId: 2, profile: 'user', allTicket: false, queueIds: [10] };
const seer: PushViewer = { userId: 3, profile: 'user', allTicket: true, queueIds: [20] };

describe('isAlertedOfMessage (the bell)', () => {
  it.each([
    ['pending in my queue', { status: 'pending', queueId: 10, userId: null }, ana, true],
    ['pending in another queue', { status: 'pending', queueId: 20, userId: null }, ana, false],
    ['pending without a queue, no allTicket', { status: 'pending', queueId: null, userId: null }, ana, false],
    ['pending without a queue, allTicket', { status: 'pending', queueId: null, userId: null }, seer, true],
    ['pending anywhere, admin', { status: 'pending', queueId: 20, userId: null }, admin, true],
    ['open and mine', { status: 'open', queueId: 20, userId: 2 }, ana, true],
    ['open and someone else’s, admin', { status: 'open', queueId: 10, userId: 2 }, admin, false],
    ['closed and mine', { status: 'closed', queueId: 10, userId: 2 }, ana, false],
  ])('%s', (_name, ticket, viewer, expected) => {
    expect(isAlertedOfMessage(ticket, viewer)).toBe(expected);
  });
});

describe('isAlertedOfMove', () => {
  const waitingNowhere = { status: 'pending', queueId: null, userId: null };
  it('tells the new attendant, not one who took it themselves', () => {
    const taken = { status: 'open', queueId: 10, userId: 2 };
    expect(isAlertedOfMove(taken, waitingNowhere, 1, ana)).toBe('assigned');
    expect(isAlertedOfMove(taken, waitingNowhere, null, ana)).toBe('assigned');
    expect(isAlertedOfMove(taken, waitingNowhere, 2, ana)).toBeNull();
    expect(isAlertedOfMove(taken, taken, 1, ana)).toBeNull();
  });

  it('tells a queue’s users of a ticket that came to wait there, once', () => {
    const waitingInSales = { status: 'pending', queueId: 10, userId: null };
    expect(isAlertedOfMove(waitingInSales, waitingNowhere, null, ana)).toBe('pending');
    expect(isAlertedOfMove(waitingInSales, waitingNowhere, null, seer)).toBeNull();
    // The admin saw it waiting without a queue already.
    expect(isAlertedOfMove(waitingInSales, waitingNowhere, null, admin)).toBeNull();
    // Returned to the queue by its attendant: the queue hears of it again.
    expect(isAlertedOfMove(waitingInSales, { status: 'open', queueId: 10, userId: 2 }, 2, admin)).toBe('pending');
    expect(isAlertedOfMove({ ...waitingInSales, status: 'closed' }, waitingNowhere, null, ana)).toBeNull();
  });
});
