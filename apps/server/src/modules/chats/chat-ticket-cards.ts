import type { ChatTicketCard } from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { canOpenTicket, type TicketViewer } from '../tickets/index.ts';
import { createChatsRepository } from './chats.repository.ts';

/** Who reads: enough to decide which tickets they may open. */
export type ViewerOf = (reader: { companyId: number; userId: number }) => Promise<TicketViewer | null>;

/**
 * Turns the ticket links of messages into cards for one reader: a ticket of the company the reader
 * may open shows its contact and status; any other (unknown, another company's, out of the
 * reader's queues) is the same "not available" card, so a link tells nothing about it.
 */
export function createTicketCards(db: Database, viewerOf: ViewerOf) {
  const repository = createChatsRepository(db);
  return async function cardsFor(
    reader: { companyId: number; userId: number; viewer?: TicketViewer | null },
    uuids: string[],
  ): Promise<Map<string, ChatTicketCard>> {
    const cards = new Map<string, ChatTicketCard>();
    if (uuids.length === 0) return cards;
    const viewer = reader.viewer ?? (await viewerOf(reader));
    const found = await repository.ticketsByUuid(reader.companyId, uuids);
    for (const uuid of uuids) cards.set(uuid, { uuid, available: false });
    for (const ticket of found) {
      if (!viewer || !canOpenTicket(viewer, ticket)) continue;
      cards.set(ticket.uuid, {
        uuid: ticket.uuid,
        available: true,
        status: ticket.status,
        contact: { name: ticket.contactName },
      });
    }
    return cards;
  };
}
