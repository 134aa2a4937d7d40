import {
  hasPermission,
  TAGS_PAGE_SIZE,
  type TagFields,
  type TagRecord,
  type TagSync,
  type TicketRecord,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { TagsRealtime } from './tags.realtime.ts';
import { createTagsRepository } from './tags.repository.ts';

/** What the tags feature needs from the tickets feature: its access rule, its record and its event. */
export interface TicketsBinding {
  canAccess(session: { companyId: number; userId: number }, ticketId: number): Promise<boolean>;
  record(companyId: number, ticketId: number): Promise<TicketRecord | null | undefined>;
  ticketUpdated(companyId: number, ticket: TicketRecord): void;
}

const nameTaken = () => new AppError('ERR_TAG_NAME_IN_USE', { fields: { name: 'In use' } });
const tagNotFound = () => new AppError('ERR_NOT_FOUND');

/** The per-company unique index on lower(name) is the last word when two saves race past the check. */
async function withUniqueName<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * Tags (docs/decisions/tags-and-quick-messages.md): every user of the company manages them; only
 * admins and supervisors change the kanban flag (spec §6, `tags:setKanban`). Sync sets a ticket's tags
 * for a user who may open the ticket, and announces the ticket and the recounted tags.
 */
export function createTagsService(deps: { db: Database; events: TagsRealtime; tickets: () => TicketsBinding }) {
  const { db, events } = deps;
  const repository = createTagsRepository(db);
  const maySetKanban = (session: RequestSession) => hasPermission(session, 'tags:setKanban');

  async function assertNameFree(tx: Database, companyId: number, name: string, exceptId?: number) {
    const owner = await createTagsRepository(tx).findIdByName(companyId, name);
    if (owner !== null && owner !== exceptId) throw nameTaken();
  }

  async function reload(companyId: number, id: number) {
    const tag = await repository.find(companyId, id);
    if (!tag) throw tagNotFound();
    return tag;
  }

  return {
    async page(companyId: number, query: { searchParam: string; pageNumber: number }) {
      const { rows, count } = await repository.page(companyId, query.searchParam, query.pageNumber, TAGS_PAGE_SIZE);
      return { tags: rows, count, hasMore: query.pageNumber * TAGS_PAGE_SIZE < count };
    },

    list: (companyId: number) => repository.list(companyId),

    kanban: (companyId: number) => repository.list(companyId, { kanbanOnly: true }),

    find: (companyId: number, id: number) => reload(companyId, id),

    async create(session: RequestSession, fields: TagFields): Promise<TagRecord> {
      const { companyId } = session;
      // A user's kanban value is ignored on creation: new tags are not lanes unless an admin says so.
      const write = {
        name: fields.name,
        color: fields.color,
        kanban: maySetKanban(session) ? (fields.kanban ?? 0) : 0,
      };
      const id = await withUniqueName(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, companyId, write.name);
          return createTagsRepository(tx).insert(companyId, write);
        }),
      );
      const tag = await reload(companyId, id);
      events.tagSaved(companyId, 'create', tag);
      return tag;
    },

    async update(session: RequestSession, id: number, fields: TagFields): Promise<TagRecord> {
      const { companyId } = session;
      await withUniqueName(() =>
        db.transaction(async (tx) => {
          const tags = createTagsRepository(tx);
          const current = await tags.lock(companyId, id);
          if (!current) throw tagNotFound();
          const kanban = fields.kanban ?? current.kanban;
          // The form sends the value it loaded; only a change needs the permission.
          if (kanban !== current.kanban && !maySetKanban(session)) {
            throw new AppError('ERR_NO_PERMISSION', { fields: { kanban: 'Admins and supervisors only' } });
          }
          await assertNameFree(tx, companyId, fields.name, id);
          await tags.update(companyId, id, { name: fields.name, color: fields.color, kanban });
        }),
      );
      const tag = await reload(companyId, id);
      events.tagSaved(companyId, 'update', tag);
      return tag;
    },

    async remove(companyId: number, id: number) {
      if (!(await repository.remove(companyId, id))) throw tagNotFound();
      events.tagDeleted(companyId, id);
    },

    /** Tells the company's screens these tags changed (ticket counts, lane order). */
    async announce(companyId: number, ids: number[]) {
      for (const tag of await repository.records(companyId, ids)) events.tagSaved(companyId, 'update', tag);
    },

    /** spec `POST /tags/sync`: the ticket ends with exactly the tags sent. */
    async sync(session: RequestSession, input: TagSync) {
      const { companyId } = session;
      const tickets = deps.tickets();
      // Another company's ticket, or one the user may not open, is not there for them.
      if (!(await tickets.canAccess(session, input.ticketId))) throw new AppError('ERR_NO_TICKET_FOUND');
      const wanted = [...new Set(input.tags.map((tag) => tag.id))];
      const found = await repository.existingIds(companyId, wanted);
      if (found.length !== wanted.length) {
        const missing = wanted.filter((id) => !found.includes(id));
        throw new AppError('ERR_NOT_FOUND', { fields: { tags: 'Unknown tag' }, details: { tagIds: missing } });
      }
      const before = await db.transaction(async (tx) => {
        const tags = createTagsRepository(tx);
        if (!(await tags.lockTicket(companyId, input.ticketId))) throw new AppError('ERR_NO_TICKET_FOUND');
        const previous = await tags.ticketTagIds(companyId, input.ticketId);
        await tags.replaceTicketTags(input.ticketId, wanted);
        return previous;
      });
      const ticket = await tickets.record(companyId, input.ticketId);
      if (ticket) tickets.ticketUpdated(companyId, ticket);
      // The tags page shows counts: the tags that gained or lost this ticket are announced again.
      const changed = [...before.filter((id) => !wanted.includes(id)), ...wanted.filter((id) => !before.includes(id))];
      for (const tag of await repository.records(companyId, changed)) events.tagSaved(companyId, 'update', tag);
      return { ticketId: input.ticketId, tags: ticket?.tags ?? [] };
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
