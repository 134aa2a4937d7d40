import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { contacts, queues, tickets, whatsappQueues, whatsapps } from '../../tables.ts';

/**
 * What the automation after intake asks of a pending ticket when its customer writes: the ticket,
 * whether its contact turned the bots off, and what its queue and connection name (prompt,
 * integration, greeting, whether the connection offers queues). The flows read it with their own
 * questions added (`joinPendingTicket`) and hand it on; the bots and routing automation decide
 * from it without reading the ticket again (docs/performance-log.md, "One read for the
 * automation").
 */
export const pendingTicketFields = {
  ticket: tickets,
  disableBot: contacts.disableBot,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number },
  connectionPromptId: whatsapps.promptId,
  connectionIntegrationId: whatsapps.integrationId,
  queuePromptId: queues.promptId,
  queueIntegrationId: queues.integrationId,
  connectionGreeting: whatsapps.greetingMessage,
  connectionHasQueues: sql<boolean>`exists (select 1 from ${whatsappQueues} where ${whatsappQueues.whatsappId} = ${whatsapps.id})`,
};

/**
 * The joins the fields above need, on `select(…).from(tickets).$dynamic()`. Every joined field is
 * a nullable column, so the left joins change no field's type.
 */
export function joinPendingTicket<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .leftJoin(queues, eq(queues.id, tickets.queueId));
}

/** One row of the read above (the left joins make no field nullable that was not already). */
export type PendingTicket = SelectResultFields<typeof pendingTicketFields>;
