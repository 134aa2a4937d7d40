import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { companyReference, timestamps } from '../../platform/db/columns.ts';
import { companies, contacts, tickets, users } from '../../tables.ts';

export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    ...timestamps(),
  },
  (table) => [index('ticket_notes_contact_idx').on(table.companyId, table.contactId)],
);
