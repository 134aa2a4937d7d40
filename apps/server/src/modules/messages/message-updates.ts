import { canReadDeletedMessages, profiles } from '@wacrm/shared';
import type { MessageChange } from '../../platform/realtime/domain-events.ts';
import type { TicketAudienceState } from '../tickets/index.ts';
import type { HiddenMessageView, MessagesRealtime } from './messages.realtime.ts';
import type { MessagesRepository } from './messages.repository.ts';

/**
 * Announces a stored change to one message (an ack, an edit, a delete, a reaction, a failure)
 * to the ticket's open views and the domain listeners. When the message or its quote is deleted
 * for everyone and the company lets only some profiles read the original, the others' sockets
 * get it emptied (docs/decisions/edits-deletes-reactions.md).
 */
export function createMessageUpdates(deps: {
  records: Pick<MessagesRepository, 'findMessage'>;
  realtime: Pick<MessagesRealtime, 'messageUpdated'>;
  ticketState: (companyId: number, ticketId: number) => Promise<TicketAudienceState | null>;
  /** The company setting `deletedMessagesVisibleTo`. */
  deletedVisibleTo: (companyId: number) => Promise<string>;
}) {
  return async function announce(companyId: number, messageId: number, change?: MessageChange) {
    const message = await deps.records.findMessage(companyId, messageId);
    if (!message) return null;
    const ticket = await deps.ticketState(companyId, message.ticketId);
    if (!ticket) return null;
    let hidden: HiddenMessageView | undefined;
    // A quote may be of a deleted message: only the second read can tell (the record does not say).
    if (message.isDeleted || message.quotedMsg) {
      const visibleTo = await deps.deletedVisibleTo(companyId);
      const readers = profiles.filter((profile) => canReadDeletedMessages(visibleTo, profile));
      if (readers.length < profiles.length) {
        const emptied = await deps.records.findMessage(companyId, messageId, { hideDeleted: true });
        if (emptied && JSON.stringify(emptied) !== JSON.stringify(message)) hidden = { message: emptied, readers };
      }
    }
    deps.realtime.messageUpdated(companyId, message, ticket, { change, hidden });
    return message;
  };
}

export type AnnounceMessageUpdate = ReturnType<typeof createMessageUpdates>;
