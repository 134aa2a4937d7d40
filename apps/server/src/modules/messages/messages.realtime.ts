import {
  type ContactRecord,
  companyEvent,
  type FeatureEvent,
  type MessageRecord,
  type Profile,
  profiles,
  rooms,
  type TicketRecord,
} from '@wacrm/shared';
import type { MessageChange } from '../../platform/realtime/domain-events.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { createContactsRealtime } from '../contacts/index.ts';
import { createTicketsRealtime, type TicketAudienceState, ticketAudience } from '../tickets/index.ts';

/** A message as viewers who may not read a deleted original see it, and the profiles that may. */
export interface HiddenMessageView {
  message: MessageRecord;
  readers: readonly Profile[];
}

/**
 * Conversation events and who hears them (docs/decisions/channels.md, tickets.md):
 * - ticket update: emitted by the tickets feature (`tickets.realtime.ts`), the one emitter;
 * - message create: the ticket's room, its list rooms and the bell rooms, cut by queue and
 *   assignee for non-admins (`ticketAudience`); a message quoting one deleted for everyone goes
 *   with its quote emptied to the profiles that may not read the original;
 * - message update (ack, edit, delete, reaction, failure): the ticket's room and its list rooms
 *   (no bell). A message deleted for everyone goes whole only to the profiles that may read its
 *   original (`deletedMessagesVisibleTo`); the other profiles' sockets get it emptied;
 * - contact create/update: the whole company (contacts page).
 * One `to([...])` per event, so a socket in several of the rooms gets it once.
 */
export function createMessagesRealtime(realtime: Realtime) {
  const tickets = createTicketsRealtime(realtime);

  const contactsRealtime = createContactsRealtime(realtime);

  /**
   * One `appMessage` event to `audience`. With `hidden`, the profiles that may read the deleted
   * part get `message` whole and the others its emptied version: every socket is in exactly one
   * profile room, so each gets one of the two.
   */
  function emitPerReader(
    companyId: number,
    audience: string[],
    message: MessageRecord,
    hidden: HiddenMessageView | undefined,
    payloadOf: (version: MessageRecord) => FeatureEvent,
  ) {
    const event = companyEvent(companyId, 'appMessage');
    if (!hidden) {
      realtime.io.to(audience).emit(event, payloadOf(message));
      return;
    }
    const profileRooms = (list: readonly Profile[]) => list.map((profile) => rooms.profile(companyId, profile));
    const others = profiles.filter((profile) => !hidden.readers.includes(profile));
    if (hidden.readers.length > 0)
      realtime.io.to(audience).except(profileRooms(others)).emit(event, payloadOf(message));
    realtime.io.to(audience).except(profileRooms(hidden.readers)).emit(event, payloadOf(hidden.message));
  }

  return {
    ticketUpdated(companyId: number, ticket: TicketRecord) {
      tickets.ticketUpdated(companyId, ticket);
    },

    /**
     * A message moved the ticket's preview or time: this module changes no status, queue or
     * attendant, so the ticket is told as its own state before, and listeners of status changes
     * skip it (a campaign's message on a ticket that stays closed). A close made meanwhile is
     * announced by its closer; a ticket created with the message (a campaign's closed one) closed
     * nothing.
     */
    ticketTouched(companyId: number, ticket: TicketRecord) {
      tickets.ticketUpdated(companyId, ticket, ticket);
    },

    /**
     * `hidden`: the message as viewers who may not read its deleted quote see it, and the
     * profiles that may; given only when the two differ.
     */
    messageCreated(
      companyId: number,
      payload: { message: MessageRecord; ticket: TicketRecord; contact: ContactRecord },
      hidden?: HiddenMessageView,
    ) {
      emitPerReader(companyId, ticketAudience(companyId, [payload.ticket]), payload.message, hidden, (message) => ({
        action: 'create',
        ...payload,
        message,
      }));
      realtime.domain.publish({ type: 'message.created', companyId, message: payload.message });
    },

    /**
     * `hidden`: the message as viewers who may not read a deleted original see it, and the
     * profiles that may (`readers`); given only when the two differ.
     */
    messageUpdated(
      companyId: number,
      message: MessageRecord,
      ticket: TicketAudienceState,
      options: { change?: MessageChange; hidden?: HiddenMessageView; sentInPublish?: boolean } = {},
    ) {
      const audience = ticketAudience(companyId, [ticket], { notification: false });
      emitPerReader(companyId, audience, message, options.hidden, (version) => ({
        action: 'update',
        message: version,
      }));
      const { change, sentInPublish } = options;
      realtime.domain.publish({ type: 'message.updated', companyId, message, change, sentInPublish });
    },

    /** Contact events have one emitter: the contacts feature's. */
    contactChanged: contactsRealtime.contactChanged,
  };
}

export type MessagesRealtime = ReturnType<typeof createMessagesRealtime>;
