import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { describe, expect, it } from 'vitest';
import { buildTicket } from './ticket-fixtures.ts';
import {
  applyNewMessage,
  applyTicketDelete,
  applyTicketUpdate,
  applyUnreadReset,
  belongsToList,
  flattenTickets,
  type PagedTickets,
  type TicketListScope,
} from './ticket-list.ts';

const paged = (...pages: TicketRecord[][]): PagedTickets => {
  const count = pages.reduce((sum, page) => sum + page.length, 0);
  return {
    pages: pages.map((tickets, index) => ({
      tickets,
      count,
      countCapped: false,
      hasMore: index < pages.length - 1,
      nextCursor: null,
    })),
    pageParams: pages.map((_, index) => index + 1),
  };
};

const ids = (data: PagedTickets) => flattenTickets(data).map((ticket) => ticket.id);
const pending: TicketListScope = {
  status: 'pending',
  queueIds: [1, 2],
  showAll: false,
  viewerId: 7,
  seesQueueless: true,
};
const open: TicketListScope = { status: 'open', queueIds: [1, 2], showAll: false, viewerId: 7, seesQueueless: true };
const search: TicketListScope = { queueIds: [1, 2], showAll: true, viewerId: 7, seesQueueless: true };

describe('belongsToList', () => {
  it('matches by status and selected queue; tickets without a queue always pass', () => {
    expect(belongsToList(buildTicket(), pending)).toBe(true);
    expect(belongsToList(buildTicket({ status: 'open', userId: 7 }), pending)).toBe(false);
    expect(belongsToList(buildTicket({ queueId: 3 }), pending)).toBe(false);
    expect(belongsToList(buildTicket({ queueId: null, queue: null }), pending)).toBe(true);
  });

  it('keeps tickets without a queue out for users without "see tickets without a queue"', () => {
    const queueless = buildTicket({ queueId: null, queue: null });
    expect(belongsToList(queueless, { ...pending, seesQueueless: false })).toBe(false);
    expect(belongsToList(buildTicket(), { ...pending, seesQueueless: false })).toBe(true);
  });

  it("keeps other users' tickets out unless show-all is on", () => {
    const others = buildTicket({ status: 'open', userId: 8 });
    expect(belongsToList(others, open)).toBe(false);
    expect(belongsToList(others, { ...open, showAll: true })).toBe(true);
    expect(belongsToList(buildTicket({ status: 'open', userId: 7 }), open)).toBe(true);
  });
});

describe('applyTicketUpdate', () => {
  it('inserts a new ticket of the list first and counts it', () => {
    const data = applyTicketUpdate(paged([buildTicket({ id: 2 })]), buildTicket({ id: 3 }), pending);
    expect(ids(data)).toEqual([3, 2]);
    expect(data.pages[0].count).toBe(2);
  });

  it('replaces a listed ticket in place', () => {
    const data = paged([buildTicket({ id: 1 }), buildTicket({ id: 2 })]);
    const next = applyTicketUpdate(data, buildTicket({ id: 2, lastMessage: 'changed' }), pending);
    expect(ids(next)).toEqual([1, 2]);
    expect(flattenTickets(next)[1].lastMessage).toBe('changed');
    expect(next.pages[0].count).toBe(2);
  });

  it('removes a ticket whose status changed (accept leaves pending) and one moved to an unselected queue', () => {
    const data = paged([buildTicket({ id: 1 }), buildTicket({ id: 2 })], [buildTicket({ id: 5 })]);
    const accepted = applyTicketUpdate(data, buildTicket({ id: 2, status: 'open', userId: 7 }), pending);
    expect(ids(accepted)).toEqual([1, 5]);
    expect(accepted.pages.map((page) => page.count)).toEqual([2, 2]);
    const moved = applyTicketUpdate(accepted, buildTicket({ id: 5, queueId: 9 }), pending);
    expect(ids(moved)).toEqual([1]);
  });

  it('the accepted ticket appears in the assigned list of its user', () => {
    const next = applyTicketUpdate(paged([]), buildTicket({ id: 2, status: 'open', userId: 7 }), open);
    expect(ids(next)).toEqual([2]);
    expect(next.pages[0].count).toBe(1);
  });

  it('never shows the open ticket as unread', () => {
    const mine = buildTicket({ id: 2, status: 'open', userId: 7, unreadMessages: 1 });
    const next = applyTicketUpdate(paged([mine]), mine, open, 'uuid-2');
    expect(flattenTickets(next)[0].unreadMessages).toBe(0);
  });

  it('ignores a ticket that neither is nor belongs in the list', () => {
    const data = paged([buildTicket({ id: 1 })]);
    expect(applyTicketUpdate(data, buildTicket({ id: 4, status: 'closed' }), pending)).toBe(data);
  });

  it('a search list refreshes rows it has but never inserts', () => {
    const data = paged([buildTicket({ id: 1 })]);
    expect(applyTicketUpdate(data, buildTicket({ id: 4 }), search)).toBe(data);
    const next = applyTicketUpdate(data, buildTicket({ id: 1, status: 'closed' }), search);
    expect(flattenTickets(next)[0].status).toBe('closed');
  });
});

describe('applyUnreadReset and applyTicketDelete', () => {
  it('resets the unread count of one ticket', () => {
    const data = paged([buildTicket({ id: 1, unreadMessages: 4 }), buildTicket({ id: 2, unreadMessages: 2 })]);
    const next = applyUnreadReset(data, 1);
    expect(flattenTickets(next).map((ticket) => ticket.unreadMessages)).toEqual([0, 2]);
    expect(applyUnreadReset(data, 99)).toBe(data);
  });

  it('removes a deleted ticket and lowers the count', () => {
    const next = applyTicketDelete(paged([buildTicket({ id: 1 }), buildTicket({ id: 2 })]), 1);
    expect(ids(next)).toEqual([2]);
    expect(next.pages[0].count).toBe(1);
  });
});

describe('applyNewMessage', () => {
  it('bumps the ticket to the top as unread, across pages, without counting it twice', () => {
    const data = paged([buildTicket({ id: 1 }), buildTicket({ id: 2 })], [buildTicket({ id: 3 })]);
    const next = applyNewMessage(data, buildTicket({ id: 3, unreadMessages: 5 }), pending, null);
    expect(ids(next)).toEqual([3, 1, 2]);
    expect(flattenTickets(next)[0].unreadMessages).toBe(5);
    expect(next.pages.map((page) => page.count)).toEqual([3, 3]);
  });

  it('adds a ticket that was not loaded yet (the first message of a new ticket)', () => {
    const next = applyNewMessage(paged([buildTicket({ id: 1 })]), buildTicket({ id: 8 }), pending, null);
    expect(ids(next)).toEqual([8, 1]);
    expect(next.pages[0].count).toBe(2);
  });

  it('the open ticket goes to the top but stays read', () => {
    const mine = buildTicket({ id: 2, status: 'open', userId: 7, unreadMessages: 3 });
    const next = applyNewMessage(
      paged([buildTicket({ id: 1, status: 'open', userId: 7 }), mine]),
      mine,
      open,
      'uuid-2',
    );
    expect(ids(next)).toEqual([2, 1]);
    expect(flattenTickets(next)[0].unreadMessages).toBe(0);
  });

  it('leaves lists the ticket does not belong to', () => {
    const data = paged([buildTicket({ id: 1 })]);
    expect(applyNewMessage(data, buildTicket({ id: 5, queueId: 9 }), pending, null)).toBe(data);
    expect(applyNewMessage(data, buildTicket({ id: 5, status: 'open', userId: 8 }), open, null)).toBe(data);
  });
});
