import { hasPermission, type TicketNoteFields, type TicketNoteListQuery } from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import { createTicketNotesRepository } from './ticket-notes.repository.ts';

/** Notes an attendant keeps on a contact during a ticket (spec "contact notes"). */
export function createTicketNotesService(deps: { db: Database }) {
  const repository = createTicketNotesRepository(deps.db);

  /** The contact and the ticket must be the company's, and the ticket must be that contact's. */
  async function assertTarget(companyId: number, contactId: number, ticketId: number | undefined) {
    if (!(await repository.hasContact(companyId, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
    if (ticketId === undefined) return;
    const ticket = await repository.findTicket(companyId, ticketId);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    if (ticket.contactId !== contactId) {
      throw new AppError('ERR_VALIDATION', { fields: { ticketId: 'The ticket is not this contact’s' } });
    }
  }

  return {
    async list(session: RequestSession, query: TicketNoteListQuery) {
      await assertTarget(session.companyId, query.contactId, query.ticketId);
      return repository.list(session.companyId, query.contactId, query.ticketId);
    },

    async create(session: RequestSession, fields: TicketNoteFields) {
      await assertTarget(session.companyId, fields.contactId, fields.ticketId);
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
