import {
  hasPermission,
  KANBAN_LANE_PAGE_SIZE,
  type KanbanBoard,
  type KanbanLaneOrder,
  type KanbanMove,
  type KanbanQuery,
  OPEN_LANE_ID,
  type TicketRecord,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import { createTagsRepository } from '../tags/index.ts';
import type { TicketViewer } from '../tickets/index.ts';
import { type BoardFilter, createKanbanRepository } from './kanban.repository.ts';

/** What the board needs from the tickets and tags features. */
export interface KanbanBindings {
  viewerOf(session: RequestSession): Promise<TicketViewer | null>;
  canAccess(session: RequestSession, ticketId: number): Promise<boolean>;
  records(companyId: number, ids: number[]): Promise<TicketRecord[]>;
  ticketUpdated(companyId: number, ticket: TicketRecord): void;
  /** Announces these tags again (`company-{id}-tag` update: counts, flags, lane order). */
  announceTags(companyId: number, tagIds: number[]): Promise<void>;
}

const ticketNotFound = () => new AppError('ERR_NO_TICKET_FOUND');

/**
 * The kanban board (docs/decisions/kanban.md): lanes are tags with the kanban flag plus "Em aberto"
 * (lane 0, tickets with no lane tag). Moving a card swaps one lane tag for another in one
 * transaction with the ticket row locked, so two people moving the same card cannot both win.
 */
export function createKanbanService(deps: { db: Database; bindings: () => KanbanBindings }) {
  const { db } = deps;
  const repository = createKanbanRepository(db);

  /** spec tools §6: those who see every ticket see the whole board; others the tickets of their queues. */
  async function filterFor(session: RequestSession, query: KanbanQuery): Promise<BoardFilter> {
    const viewer = await deps.bindings().viewerOf(session);
    if (!viewer) throw new AppError('ERR_SESSION_EXPIRED');
    const seesAll = viewer.isAdmin && query.showAll;
    let queueIds: number[] | null = seesAll ? null : viewer.queueIds;
    if (query.queueIds) {
      queueIds = queueIds === null ? query.queueIds : queueIds.filter((id) => query.queueIds?.includes(id));
    }
    return { companyId: session.companyId, queueIds, searchParam: query.searchParam };
  }

  /** Where a ticket stands, checked inside the move's transaction (404 when the caller may not open it). */
  async function assertTicket(session: RequestSession, ticketId: number) {
    if (!(await deps.bindings().canAccess(session, ticketId))) throw ticketNotFound();
  }

  async function finish(companyId: number, ticketId: number, changedTags: number[]) {
    const bindings = deps.bindings();
    const [ticket] = await bindings.records(companyId, [ticketId]);
    if (!ticket) throw ticketNotFound();
    bindings.ticketUpdated(companyId, ticket);
    await bindings.announceTags(companyId, [...new Set(changedTags)]);
    return { ticket };
  }

  return {
    async board(session: RequestSession, query: KanbanQuery): Promise<KanbanBoard> {
      const filter = await filterFor(session, query);
      const laneIds = [OPEN_LANE_ID, ...(await repository.laneIds(session.companyId))];
      if (query.lane !== undefined && !laneIds.includes(query.lane)) throw new AppError('ERR_KANBAN_LANE_NOT_FOUND');
      const size = KANBAN_LANE_PAGE_SIZE;
      const offset = query.lane === undefined ? 0 : (query.pageNumber - 1) * size;
      const rows = await repository.lanePage(filter, { lane: query.lane, offset, size });
      const pageRows = rows.filter((row) => row.inPage);
      const records = await deps.bindings().records(session.companyId, [...new Set(pageRows.map((row) => row.id))]);
      const byId = new Map(records.map((record) => [record.id, record]));
      const lanes = (query.lane === undefined ? laneIds : [query.lane]).map((tagId) => {
        const count = rows.find((row) => row.lane === tagId)?.total ?? 0;
        return {
          tagId,
          count,
          hasMore: offset + size < count,
          tickets: pageRows.filter((row) => row.lane === tagId).flatMap((row) => byId.get(row.id) ?? []),
        };
      });
      return { lanes };
    },

    /** `POST /ticket-tags/{ticketId}/move`: 409 when the card already left `fromTagId`. */
    async move(session: RequestSession, ticketId: number, input: KanbanMove) {
      const { companyId } = session;
      await assertTicket(session, ticketId);
      if (input.fromTagId !== null && !(await repository.tag(companyId, input.fromTagId))) {
        throw new AppError('ERR_NOT_FOUND', { fields: { fromTagId: 'Unknown tag' } });
      }
      if (input.toTagId !== null && (await repository.tag(companyId, input.toTagId))?.kanban !== 1) {
        throw new AppError('ERR_KANBAN_LANE_NOT_FOUND', { fields: { toTagId: 'Not a lane' } });
      }
      await db.transaction(async (tx) => {
        const kanban = createKanbanRepository(tx);
        if (!(await kanban.lockTicket(companyId, ticketId))) throw ticketNotFound();
        const current = await kanban.ticketTags(companyId, ticketId);
        const inFrom =
          input.fromTagId === null
            ? current.every((tag) => tag.kanban !== 1)
            : current.some((tag) => tag.id === input.fromTagId);
        if (!inFrom) throw new AppError('ERR_KANBAN_MOVE_CONFLICT', { details: { ticketId } });
        if (input.fromTagId === input.toTagId) return;
        // The tags module owns ticket_tags: it writes them, in this transaction.
        const tagWrites = createTagsRepository(tx);
        if (input.fromTagId !== null) await tagWrites.removeTicketTags(ticketId, [input.fromTagId]);
        if (input.toTagId !== null) await tagWrites.addTicketTag(ticketId, input.toTagId);
      });
      return finish(
        companyId,
        ticketId,
        [input.fromTagId, input.toTagId].filter((id) => id !== null),
      );
    },

    /** spec `PUT /ticket-tags/{ticketId}/{tagId}`: adds one tag of the company (idempotent). */
    async addTag(session: RequestSession, ticketId: number, tagId: number) {
      const { companyId } = session;
      await assertTicket(session, ticketId);
      if (!(await repository.tag(companyId, tagId)))
        throw new AppError('ERR_NOT_FOUND', { fields: { tagId: 'Unknown tag' } });
      await db.transaction(async (tx) => {
        const kanban = createKanbanRepository(tx);
        if (!(await kanban.lockTicket(companyId, ticketId))) throw ticketNotFound();
        await createTagsRepository(tx).addTicketTag(ticketId, tagId);
      });
      return finish(companyId, ticketId, [tagId]);
    },

    /** spec `DELETE /ticket-tags/{ticketId}`: takes the ticket off every lane (its other tags stay). */
    async clearLanes(session: RequestSession, ticketId: number) {
      const { companyId } = session;
      await assertTicket(session, ticketId);
      const removed = await db.transaction(async (tx) => {
        const kanban = createKanbanRepository(tx);
        if (!(await kanban.lockTicket(companyId, ticketId))) throw ticketNotFound();
        const lanes = (await kanban.ticketTags(companyId, ticketId))
          .filter((tag) => tag.kanban === 1)
          .map((tag) => tag.id);
        await createTagsRepository(tx).removeTicketTags(ticketId, lanes);
        return lanes;
      });
      return finish(companyId, ticketId, removed);
    },

    /** `PUT /tags/kanban/order`: admins and supervisors order the lanes; every id must be a lane. */
    async orderLanes(session: RequestSession, input: KanbanLaneOrder) {
      if (!hasPermission(session, 'kanban:orderLanes')) throw new AppError('ERR_NO_PERMISSION');
      const { companyId } = session;
      const wanted = [...new Set(input.tagIds)];
      await db.transaction(async (tx) => {
        const kanban = createKanbanRepository(tx);
        const lanes = await kanban.laneIds(companyId);
        const unknown = wanted.filter((id) => !lanes.includes(id));
        if (unknown.length) throw new AppError('ERR_KANBAN_LANE_NOT_FOUND', { details: { tagIds: unknown } });
        // Lanes left out keep their relative order after the ones sent.
        await createTagsRepository(tx).setLaneOrder(companyId, [
          ...wanted,
          ...lanes.filter((id) => !wanted.includes(id)),
        ]);
      });
      await deps.bindings().announceTags(companyId, wanted);
      return { lanes: [OPEN_LANE_ID, ...(await repository.laneIds(companyId))] };
    },
  };
}

export type KanbanService = ReturnType<typeof createKanbanService>;
