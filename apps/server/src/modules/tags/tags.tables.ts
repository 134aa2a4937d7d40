import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companyReference, createdAt, timestamps } from '../../platform/db/columns.ts';
import { companies, tickets } from '../../tables.ts';

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 9 }).notNull().default('#5C6BC0'),
    /** 1 when the tag is a lane of the kanban board. */
    kanban: integer('kanban').notNull().default(0),
    /** The lane's place on the board, set by an admin or supervisor (lanes sort by it, then name). */
    kanbanOrder: integer('kanban_order').notNull().default(0),
    ...timestamps(),
  },
  (table) => [uniqueIndex('tags_company_name_unique').on(table.companyId, sql`lower(${table.name})`)],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.tagId] }), index('ticket_tags_tag_idx').on(table.tagId)],
);
