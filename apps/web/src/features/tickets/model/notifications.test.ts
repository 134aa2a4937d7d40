import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { describe, expect, it } from 'vitest';
import {
  isBellTicket,
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

  it('lists pending tickets of their queues only for allTicket users', () => {
    expect(isBellTicket(buildTicket(), agent)).toBe(false);
    expect(isBellTicket(buildTicket(), allTicketAgent)).toBe(true);
    expect(isBellTicket(buildTicket({ queueId: 2 }), allTicketAgent)).toBe(false);
    expect(isBellTicket(buildTicket({ queueId: 2 }), { ...allTicketAgent, profile: 'admin' })).toBe(true);
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
