import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { describe, expect, it } from 'vitest';
import {
  bellListQueries,
  isBellTicket,
  mergeBellPages,
  type NotificationViewer,
  removeBellTicket,
  shouldAlert,
  titleWithCount,
  upsertBellTicket,
} from './notifications.ts';
import { buildTicket } from './ticket-fixtures.ts';
import { formatTicketTime } from './ticket-time.ts';

const agent: NotificationViewer = { id: 7, profile: 'user', allTicket: 'desabled', queueIds: [1] };
const allTicketAgent: NotificationViewer = { ...agent, allTicket: 'enabled' };
const message = (overrides: Partial<MessageRecord> = {}) => ({ fromMe: false, ...overrides }) as MessageRecord;

describe('isBellTicket', () => {
  it("lists the viewer's own tickets with unread messages", () => {
    expect(isBellTicket(buildTicket({ status: 'open', userId: 7, unreadMessages: 2 }), agent)).toBe(true);
    expect(isBellTicket(buildTicket({ status: 'open', userId: 7, unreadMessages: 0 }), agent)).toBe(false);
    expect(isBellTicket(buildTicket({ status: 'open', userId: 8, unreadMessages: 2 }), agent)).toBe(false);
    expect(isBellTicket(buildTicket({ status: 'closed', userId: 7, unreadMessages: 2 }), agent)).toBe(false);
  });

  it('lists pending tickets of their queues with unread messages for every attendant', () => {
    expect(isBellTicket(buildTicket(), agent)).toBe(true);
    expect(isBellTicket(buildTicket({ queueId: 2 }), agent)).toBe(false);
    // Tickets without a queue only for "see tickets without a queue" (allTicket) and admins.
    expect(isBellTicket(buildTicket({ queueId: null }), agent)).toBe(false);
    expect(isBellTicket(buildTicket({ queueId: null }), allTicketAgent)).toBe(true);
    expect(isBellTicket(buildTicket({ queueId: null }), { ...agent, profile: 'admin' })).toBe(true);
    expect(isBellTicket(buildTicket({ queueId: 2 }), { ...agent, profile: 'admin' })).toBe(true);
    // Someone else's open ticket never rings, unread or not.
    expect(isBellTicket(buildTicket({ status: 'open', userId: 8, queueId: 1 }), agent)).toBe(false);
  });

  it('lists every pending ticket of their queues for allTicket users, even with nothing unread', () => {
    const read = { unreadMessages: 0 };
    expect(isBellTicket(buildTicket(read), agent)).toBe(false);
    expect(isBellTicket(buildTicket(read), allTicketAgent)).toBe(true);
    expect(isBellTicket(buildTicket({ ...read, queueId: null }), allTicketAgent)).toBe(true);
    expect(isBellTicket(buildTicket({ ...read, queueId: 2 }), allTicketAgent)).toBe(false);
    expect(isBellTicket(buildTicket({ ...read, queueId: 2 }), { ...allTicketAgent, profile: 'admin' })).toBe(true);
    // Once someone accepts it, it leaves their bell.
    expect(isBellTicket(buildTicket({ ...read, status: 'open', userId: 8 }), allTicketAgent)).toBe(false);
  });
});

describe('bell list', () => {
  it('adds first, refreshes in place and drops what no longer concerns the viewer', () => {
    const one = buildTicket({ id: 1, status: 'open', userId: 7 });
    const two = buildTicket({ id: 2, status: 'open', userId: 7 });
    let list = upsertBellTicket([], one, agent);
    list = upsertBellTicket(list, two, agent);
    expect(list.map((ticket) => ticket.id)).toEqual([2, 1]);
    list = upsertBellTicket(list, { ...one, unreadMessages: 4 }, agent);
    expect(list.map((ticket) => [ticket.id, ticket.unreadMessages])).toEqual([
      [2, 1],
      [1, 4],
    ]);
    list = upsertBellTicket(list, { ...two, userId: 8 }, agent);
    expect(list.map((ticket) => ticket.id)).toEqual([1]);
    expect(removeBellTicket(list, 1)).toEqual([]);
  });
});

describe('bell first load', () => {
  it('asks for pending tickets too when the viewer has allTicket', () => {
    expect(bellListQueries(agent)).toEqual([{ withUnreadMessages: true }]);
    expect(bellListQueries(allTicketAgent)).toEqual([{ withUnreadMessages: true }, { status: 'pending' }]);
  });

  it('merges the pages once each, newest first, dropping what does not concern the viewer', () => {
    const unreadMine = buildTicket({ id: 1, status: 'open', userId: 7, updatedAt: '2026-03-05T10:00:00.000Z' });
    const waitingRead = buildTicket({ id: 2, unreadMessages: 0, updatedAt: '2026-03-05T11:00:00.000Z' });
    const waitingUnread = buildTicket({ id: 3, updatedAt: '2026-03-05T09:00:00.000Z' });
    const otherQueue = buildTicket({ id: 4, queueId: 2, unreadMessages: 0 });
    const unreadPage = [unreadMine, waitingUnread];
    const pendingPage = [waitingRead, waitingUnread, otherQueue];
    const ids = (list: { id: number }[]) => list.map((ticket) => ticket.id);
    expect(ids(mergeBellPages([unreadPage, pendingPage], allTicketAgent))).toEqual([2, 1, 3]);
    expect(ids(mergeBellPages([unreadPage], agent))).toEqual([1, 3]);
  });
});

describe('shouldAlert', () => {
  const mine = buildTicket({ status: 'open', userId: 7, unreadMessages: 1 });
  it('alerts for a customer message on a ticket that concerns the viewer', () => {
    expect(shouldAlert(message(), mine, agent, { openTicketUuid: null, isPageVisible: true })).toBe(true);
  });
  it('stays quiet for own messages and for the ticket being read', () => {
    expect(shouldAlert(message({ fromMe: true }), mine, agent, { openTicketUuid: null, isPageVisible: true })).toBe(
      false,
    );
    expect(shouldAlert(message(), mine, agent, { openTicketUuid: mine.uuid, isPageVisible: true })).toBe(false);
    expect(shouldAlert(message(), mine, agent, { openTicketUuid: mine.uuid, isPageVisible: false })).toBe(true);
  });
  it('alerts attendants with or without allTicket for a pending ticket of their queues', () => {
    const waiting = buildTicket({ status: 'pending', userId: null, queueId: 1, unreadMessages: 0 });
    const reading = { openTicketUuid: null, isPageVisible: true };
    expect(shouldAlert(message(), waiting, agent, reading)).toBe(true);
    expect(shouldAlert(message(), waiting, allTicketAgent, reading)).toBe(true);
    expect(shouldAlert(message(), { ...waiting, queueId: 2 }, agent, reading)).toBe(false);
  });
  it("stays quiet for other users' tickets", () => {
    const others = buildTicket({ status: 'open', userId: 8 });
    expect(shouldAlert(message(), others, agent, { openTicketUuid: null, isPageVisible: true })).toBe(false);
  });
});

describe('titleWithCount and formatTicketTime', () => {
  it('prefixes the unread count once', () => {
    expect(titleWithCount('WaCRM', 3)).toBe('(3) WaCRM');
    expect(titleWithCount('(3) WaCRM', 5)).toBe('(5) WaCRM');
    expect(titleWithCount('(3) WaCRM', 0)).toBe('WaCRM');
  });
  it('shows HH:mm today and dd/MM/yyyy before', () => {
    const now = new Date(2026, 2, 5, 15, 0);
    expect(formatTicketTime(new Date(2026, 2, 5, 9, 7).toISOString(), now)).toBe('09:07');
    expect(formatTicketTime(new Date(2026, 2, 4, 23, 59).toISOString(), now)).toBe('04/03/2026');
    expect(formatTicketTime('nonsense', now)).toBe('');
  });
});
