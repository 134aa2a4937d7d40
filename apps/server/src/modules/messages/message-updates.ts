import { canReadDeletedMessages, type MessageRecord, profiles } from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import type { MessageChange } from '../../platform/realtime/domain-events.ts';
import { type TicketAudienceState, ticketWrites } from '../tickets/index.ts';
import { lastMessageOf } from './intake/intake-batch.ts';
import type { HiddenMessageView, MessagesRealtime } from './messages.realtime.ts';
import type { MessagesRepository } from './messages.repository.ts';

/**
 * The version of a message for the profiles that may not read a deleted original (the message's
 * own text, or its quote's), and the profiles that may; none when everyone may.
 */
export function createHiddenViews(deps: {
  records: Pick<MessagesRepository, 'findMessageViews'>;
  /** The company setting `deletedMessagesVisibleTo`. */
  deletedVisibleTo: (companyId: number) => Promise<string>;
}) {
  async function hiddenOf(companyId: number, emptied: MessageRecord | null): Promise<HiddenMessageView | undefined> {
    if (!emptied) return undefined;
    const visibleTo = await deps.deletedVisibleTo(companyId);
    const readers = profiles.filter((profile) => canReadDeletedMessages(visibleTo, profile));
    return readers.length < profiles.length ? { message: emptied, readers } : undefined;
  }

  return {
    hiddenOf,

    /**
     * New messages that quote another, as intake stored them: read again with both views, so a
     * quote of a message deleted since does not go out whole to everyone. Messages without a quote
     * cost nothing. (`publish` builds the emptied view from the read it already made.)
     */
    async ofCreated(companyId: number, created: readonly MessageRecord[]) {
      const hidden = new Map<number, HiddenMessageView>();
      for (const message of created) {
        if (!message.quotedMsg) continue;
        const views = await deps.records.findMessageViews(companyId, message.id);
        const view = await hiddenOf(companyId, views?.emptied ?? null);
        if (view) hidden.set(message.id, view);
      }
      return hidden;
    },
  };
}

export type HiddenViews = ReturnType<typeof createHiddenViews>;

/** A message as every reader sees it, and as the profiles kept from a deleted part see it (or null). */
export interface MessageViews {
  message: MessageRecord;
  emptied: MessageRecord | null;
}

/**
 * Tells the ticket's open views and the domain listeners of a message's update, emptied for the
 * profiles that may not read a deleted part: the one way an update goes out, whether its views
 * were read for it (`announce`) or built from a write's returned row (a send).
 */
export async function announceViews(
  deps: { realtime: Pick<MessagesRealtime, 'messageUpdated'>; hiddenViews: HiddenViews },
  companyId: number,
  { message, emptied }: MessageViews,
  ticket: TicketAudienceState,
  told: { change?: MessageChange; sentInPublish?: boolean } = {},
) {
  const hidden = await deps.hiddenViews.hiddenOf(companyId, emptied);
  deps.realtime.messageUpdated(companyId, message, ticket, { ...told, hidden });
}

/**
 * Announces a stored change to one message (an ack, an edit, a delete, a reaction, a failure)
 * to the ticket's open views and the domain listeners. When the message or its quote is deleted
 * for everyone and the company lets only some profiles read the original, the others' sockets
 * get it emptied (docs/decisions/edits-deletes-reactions.md).
 */
export function createMessageUpdates(deps: {
  db: Database;
  records: Pick<MessagesRepository, 'findMessageViews' | 'findTicket'>;
  realtime: Pick<MessagesRealtime, 'messageUpdated' | 'ticketTouched'>;
  ticketState: (companyId: number, ticketId: number) => Promise<TicketAudienceState | null>;
  hiddenViews: HiddenViews;
}) {
  /**
   * An edit or a delete of the message the ticket list shows as the ticket's last: the preview
   * follows (the new text, or nothing once deleted), so the list never shows a deleted text.
   */
  async function followPreview(companyId: number, ticketId: number, before: MessageText, after: MessageText | null) {
    const previous = lastMessageOf(before);
    const next = after ? lastMessageOf(after) : '';
    if (!(await ticketWrites.replaceLastMessage(deps.db, companyId, ticketId, previous, next))) return;
    const ticket = await deps.records.findTicket(companyId, ticketId);
    if (ticket) deps.realtime.ticketTouched(companyId, ticket);
  }

  return async function announce(
    companyId: number,
    messageId: number,
    change?: MessageChange,
    /** For an edit or a delete: the text before, and after (null when deleted). */
    text?: { ticketId: number; before: MessageText; after: MessageText | null },
  ) {
    if (text) await followPreview(companyId, text.ticketId, text.before, text.after);
    const views = await deps.records.findMessageViews(companyId, messageId);
    if (!views) return null;
    const ticket = await deps.ticketState(companyId, views.message.ticketId);
    if (!ticket) return null;
    await announceViews(deps, companyId, views, ticket, { change });
    return views.message;
  };
}

export type AnnounceMessageUpdate = ReturnType<typeof createMessageUpdates>;

/** What a ticket's preview of a message is made of (`lastMessageOf`). */
export interface MessageText {
  body: string;
  mediaName?: string | null;
  mediaType?: string | null;
}
