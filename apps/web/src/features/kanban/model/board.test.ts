import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { describe, expect, it } from 'vitest';
import { applyTicket, type BoardState, lanesOfTicket, movedTicket, removeTicket, reorder } from './board.ts';

const ticket = (id: number, fields: Partial<TicketRecord> = {}) =>
  ({
    id,
    status: 'open',
    queueId: 1,
    tags: [],
    updatedAt: `2026-11-25T10:00:0${id}.000Z`,
    contact: { name: `Ana ${id}`, number: '5511999990000' },
    ...fields,
  }) as unknown as TicketRecord;

const board = (): BoardState => ({
  lanes: [
    { tagId: 0, count: 2, hasMore: false, pages: 1, tickets: [ticket(2), ticket(1)] },
    { tagId: 7, count: 0, hasMore: false, pages: 1, tickets: [] },
  ],
});
const scope = { laneIds: [7], queueIds: null, searchParam: '' };

describe('kanban board model', () => {
  it('places a ticket by its lane tags, "Em aberto" without one', () => {
    expect(lanesOfTicket({ tags: [] }, [7])).toEqual([0]);
    expect(lanesOfTicket({ tags: [{ id: 9, name: 'x', color: '#000' }] }, [7])).toEqual([0]);
    expect(lanesOfTicket({ tags: [{ id: 7, name: 'x', color: '#000' }] }, [7])).toEqual([7]);
  });

  it('moves a card between lanes and keeps the counts', () => {
    const moved = movedTicket(ticket(1), 0, { id: 7, name: 'Todo', color: '#000' });
    const next = applyTicket(board(), moved, scope);
    expect(next.lanes[0]).toMatchObject({ count: 1 });
    expect(next.lanes[0].tickets.map((card) => card.id)).toEqual([2]);
    expect(next.lanes[1]).toMatchObject({ count: 1 });
    expect(next.lanes[1].tickets.map((card) => card.id)).toEqual([1]);
  });

  it('drops closed tickets, tickets of other queues and removed ones', () => {
    expect(applyTicket(board(), ticket(1, { status: 'closed' }), scope).lanes[0].count).toBe(1);
    expect(applyTicket(board(), ticket(2, { queueId: 5 }), { ...scope, queueIds: [1] }).lanes[0].count).toBe(1);
    expect(removeTicket(board(), 2).lanes[0].tickets.map((card) => card.id)).toEqual([1]);
  });

  it('leaves a card beyond the loaded pages for the lane to load later', () => {
    const partial: BoardState = {
      lanes: [{ tagId: 0, count: 50, hasMore: true, pages: 1, tickets: [ticket(5), ticket(4)] }],
    };
    expect(applyTicket(partial, ticket(1), scope)).toEqual(partial);
    expect(applyTicket(partial, ticket(6), scope).lanes[0].tickets.map((card) => card.id)).toEqual([6, 5, 4]);
  });

  it('reorders lanes', () => {
    expect(reorder([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
  });
});
