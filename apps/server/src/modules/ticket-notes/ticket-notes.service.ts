import { hasPermission, type TicketNoteFields, type TicketNoteListQuery } from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import { canOpenTicket, type TicketViewer } from '../tickets/index.ts';
import { createTicketNotesRepository } from './ticket-notes.repository.ts';

/** What notes need from the tickets feature: its access rule (the one the thread and `/tags/sync` use). */
export interface TicketAccessBinding {
  canAccess(session: { companyId: number; userId: number }, ticketId: number): Promise<boolean>;
  viewerOf(session: { companyId: number; userId: number }): Promise<TicketViewer | null>;
}

/**
 * Notes an attendant keeps on a contact during a ticket (spec "contact notes"). A note belongs to a
 * ticket, so reading or writing it follows the ticket's access rule: a queue the attendant may not
 * open hides its notes too.
 */
export function createTicketNotesService(deps: { db: Database; tickets: () => TicketAccessBinding }) {
  const repository = createTicketNotesRepository(deps.db);

  /** The contact and the ticket must be the company's, the ticket that contact's and one the caller may open. */
  async function assertTarget(session: RequestSession, contactId: number, ticketId: number) {
    const { companyId } = session;
    if (!(await repository.hasContact(companyId, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
    const ticket = await repository.findTicket(companyId, ticketId);
    // Same answer as `/tags/sync` for a ticket the caller may not open: it does not reveal the ticket.
    if (!ticket || !(await deps.tickets().canAccess(session, ticketId))) throw new AppError('ERR_NO_TICKET_FOUND');
    if (ticket.contactId !== contactId) {
      throw new AppError('ERR_VALIDATION', { fields: { ticketId: 'The ticket is not this contact’s' } });
    }
  }

  /** Every note on the contact, less those written on tickets the caller may not open. */
  async function listForContact(session: RequestSession, contactId: number) {
    if (!(await repository.hasContact(session.companyId, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
    const viewer = await deps.tickets().viewerOf(session);
    if (!viewer) throw new AppError('ERR_NO_PERMISSION');
    const rows = await repository.listWithTickets(session.companyId, contactId);
    // A note whose ticket was deleted keeps no queue: it stays with the contact, visible to all.
    return rows.filter(({ ticket }) => ticket === null || canOpenTicket(viewer, ticket)).map(({ note }) => note);
  }

  return {
    async list(session: RequestSession, query: TicketNoteListQuery) {
      if (query.ticketId === undefined) return listForContact(session, query.contactId);
      await assertTarget(session, query.contactId, query.ticketId);
      return repository.list(session.companyId, query.contactId, query.ticketId);
    },

    async create(session: RequestSession, fields: TicketNoteFields) {
      await assertTarget(session, fields.contactId, fields.ticketId);
      const id = await repository.insert(session.companyId, { ...fields, userId: session.userId });
      const note = await repository.find(session.companyId, id);
      if (!note) throw new AppError('ERR_NOT_FOUND');
      return note;
    },

    /** The author deletes their note; admins delete any note of the company. */
    async remove(session: RequestSession, id: number) {
      const note = await repository.find(session.companyId, id);
      if (!note) throw new AppError('ERR_NOT_FOUND');
      const isAdmin = hasPermission(session, 'drawer-admin-items:view');
      if (note.userId !== session.userId && !isAdmin) throw new AppError('ERR_NO_PERMISSION');
      await repository.remove(session.companyId, id);
      return { message: 'Note deleted' };
    },
  };
}

export type TicketNotesService = ReturnType<typeof createTicketNotesService>;
