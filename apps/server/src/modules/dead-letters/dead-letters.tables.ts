import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { companyReference, createdAt } from '../../platform/db/columns.ts';
import { companies, whatsapps } from '../../tables.ts';

/**
 * Inbound messages that could not be stored after their retries (issue 23, "acknowledged means
 * stored"): kept with the provider's payload, as JSON text (which escapes NUL and lone
 * surrogates, so whatever refused the message cannot refuse this row), for admins to see.
 */
export const inboundDeadLetters = pgTable(
  'inbound_dead_letters',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    externalId: text('external_id').notNull(),
    /** The database's or intake's refusal, without the message's content. */
    reason: text('reason').notNull(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('inbound_dead_letters_company_idx').on(table.companyId, table.id)],
);
