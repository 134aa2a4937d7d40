import { index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { companyReference, createdAt } from '../../platform/db/columns.ts';
import { companies, tickets, users } from '../../tables.ts';

/** A customer's 1–3 answer to the rating question, for the ticket's attendant (one per ticket). */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    ticketId: integer('ticket_id')
      .notNull()
      .unique()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rate: integer('rate').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_ratings_company_created_idx').on(table.companyId, table.createdAt)],
);
