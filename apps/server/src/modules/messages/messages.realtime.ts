import { type ContactRecord, companyEvent, type MessageRecord, type TicketRecord } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { createContactsRealtime } from '../contacts/index.ts';
import { createTicketsRealtime, type TicketAudienceState, ticketAudience } from '../tickets/index.ts';

/**
 * Conversation events and who hears them (docs/decisions/channels.md, tickets.md):
 * - ticket update: emitted by the tickets feature (`tickets.realtime.ts`), the one emitter;
 * - message create: the ticket's room, its list rooms and the bell rooms, cut by queue and
 *   assignee for non-admins (`ticketAudience`);
 * - message update (ack, edit, delete, failure): the ticket's room and its list rooms (no bell);
 * - contact create/update: the whole company (contacts page).
 * One `to([...])` per event, so a socket in several of the rooms gets it once.
 */
export function createMessagesRealtime(realtime: Realtime) {
  const tickets = createTicketsRealtime(realtime);

  const contactsRealtime = createContactsRealtime(realtime);

  return {
    ticketUpdated(companyId: number, ticket: TicketRecord) {
      tickets.ticketUpdated(companyId, ticket);
    },

    messageCreated(
      companyId: number,
      payload: { message: MessageRecord; ticket: TicketRecord; contact: ContactRecord },
    ) {
      realtime.io
        .to(ticketAudience(companyId, [payload.ticket]))
        .emit(companyEvent(companyId, 'appMessage'), { action: 'create', ...payload });
      realtime.domain.publish({ type: 'message.created', companyId, message: payload.message });
    },

    messageUpdated(companyId: number, message: MessageRecord, ticket: TicketAudienceState) {
      realtime.io
        .to(ticketAudience(companyId, [ticket], { notification: false }))
        .emit(companyEvent(companyId, 'appMessage'), { action: 'update', message });
      realtime.domain.publish({ type: 'message.updated', companyId, message });
    },

    /** Contact events have one emitter: the contacts feature's. */
    contactChanged: contactsRealtime.contactChanged,
  };
}

export type MessagesRealtime = ReturnType<typeof createMessagesRealtime>;
