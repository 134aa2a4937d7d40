import { describe, expect, it } from 'vitest';
import {
  chooseTickets,
  contactsThatMayRate,
  firstDeliveries,
  lastMessageOf,
  type PlannedMessage,
  ratingIn,
  ticketTouches,
} from './intake-batch.ts';

const customer = (contactId: number, body: string): PlannedMessage => ({
  contactId,
  kind: 'message',
  inbound: { isGroup: false, fromMe: false, body },
});

describe('firstDeliveries', () => {
  it('keeps the first copy of each message and drops what is already stored', () => {
    expect(firstDeliveries(['a', 'b', 'a', 'c', 'b', 'd'], new Set(['c']))).toEqual([0, 1, 5]);
  });
});

describe('ratingIn and lastMessageOf', () => {
  it('reads exactly 1, 2 or 3 as a rating', () => {
    expect([' 3 ', '1', '4', '12', 'ok'].map(ratingIn)).toEqual([3, 1, null, null, null]);
  });

  it('shows the body, else the file name, else the type', () => {
    expect(lastMessageOf({ body: 'hi' })).toBe('hi');
    expect(lastMessageOf({ body: ' ', mediaName: 'a.pdf', mediaType: 'application' })).toBe('a.pdf');
    expect(lastMessageOf({ body: '', mediaType: 'audio' })).toBe('[audio]');
  });
});

describe('contactsThatMayRate', () => {
  it('asks only for contacts without an active ticket whose first message can rate', () => {
    const messages: PlannedMessage[] = [
      customer(1, '3'),
      customer(2, 'hi'),
      { contactId: 3, kind: 'message', inbound: { isGroup: false, fromMe: true, body: '3' } },
      customer(3, '2'),
      { contactId: 4, kind: 'call', inbound: { isGroup: false, fromMe: false, body: 'call' } },
      customer(5, '1'),
    ];
    expect(contactsThatMayRate(messages, new Set([5]))).toEqual([1, 2]);
  });
});

describe('chooseTickets', () => {
  const waiting = (id: number) => ({ id, status: 'closed', userId: 7 });

  it('sends messages to the active ticket, and opens one for contacts without', () => {
    const { choices, endWaits, ratings } = chooseTickets(
      [customer(1, 'a'), customer(2, 'b'), customer(1, 'c')],
      new Map([[1, { id: 10, status: 'open' }]]),
      new Map(),
    );
    expect(choices.map((choice) => choice.kind)).toEqual(['active', 'new', 'active']);
    expect(endWaits).toEqual([]);
    expect(ratings).toEqual([]);
  });

  it('a first message of 1–3 is the rating, the next its comment; the one after opens a new ticket', () => {
    const { choices, endWaits, ratings, comments, endCommentWaits } = chooseTickets(
      [customer(1, ' 3 '), customer(1, ' so kind '), customer(1, 'and another thing')],
      new Map(),
      new Map([[1, waiting(20)]]),
    );
    const rated = { id: 20, status: 'closed' };
    expect(choices).toEqual([{ kind: 'rated', ticket: rated }, { kind: 'commented', ticket: rated }, { kind: 'new' }]);
    expect(endWaits).toEqual([20]);
    expect(ratings).toEqual([{ ticketId: 20, userId: 7, rate: 3 }]);
    expect(comments).toEqual([{ ticketId: 20, comment: 'so kind' }]);
    expect(endCommentWaits).toEqual([20]);
  });

  it('a rating waiting for its comment takes the first message with text; a blank one ends the wait', () => {
    const rated = { id: 30, status: 'closed' };
    const { choices, comments, endCommentWaits } = chooseTickets(
      [customer(1, 'late thanks'), customer(1, 'new question'), customer(2, ' '), customer(2, 'hello')],
      new Map(),
      new Map(),
      new Map([
        [1, rated],
        [2, { id: 31, status: 'closed' }],
      ]),
    );
    expect(choices.map((choice) => choice.kind)).toEqual(['commented', 'new', 'new', 'new']);
    expect(comments).toEqual([{ ticketId: 30, comment: 'late thanks' }]);
    expect(endCommentWaits).toEqual([30, 31]);
  });

  it('any other first answer ends the wait and opens a ticket; a later 1–3 is just a message', () => {
    const { choices, endWaits, ratings } = chooseTickets(
      [customer(1, 'hello'), customer(1, '2')],
      new Map(),
      new Map([[1, waiting(20)]]),
    );
    expect(choices.map((choice) => choice.kind)).toEqual(['new', 'new']);
    expect(endWaits).toEqual([20]);
    expect(ratings).toEqual([]);
  });

  it('a first message from the company phone neither rates nor ends the wait', () => {
    const { choices, endWaits } = chooseTickets(
      [{ contactId: 1, kind: 'message', inbound: { isGroup: false, fromMe: true, body: '3' } }, customer(1, '3')],
      new Map(),
      new Map([[1, waiting(20)]]),
    );
    expect(choices.map((choice) => choice.kind)).toEqual(['new', 'new']);
    expect(endWaits).toEqual([]);
  });
});

describe('ticketTouches', () => {
  it('takes the newest message of each ticket and counts its customer messages as unread', () => {
    expect(
      ticketTouches([
        { ticketId: 1, lastMessage: 'a', fromMe: false, countsAsUnread: true },
        { ticketId: 2, lastMessage: '3', fromMe: false, countsAsUnread: false },
        { ticketId: 1, lastMessage: 'b', fromMe: false, countsAsUnread: true },
        { ticketId: 1, lastMessage: 'sent from the phone', fromMe: true, countsAsUnread: false },
      ]),
    ).toEqual([
      { ticketId: 1, lastMessage: 'sent from the phone', fromMe: true, unreadIncrement: 2 },
      { ticketId: 2, lastMessage: '3', fromMe: false, unreadIncrement: 0 },
    ]);
  });
});
