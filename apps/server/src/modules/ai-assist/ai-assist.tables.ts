import { bigserial, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { companyReference, createdAt } from '../../platform/db/columns.ts';
import { companies, tickets, users } from '../../tables.ts';

/**
 * One row per call of the AI assist (issue 51): who asked, on which ticket, for which helper and
 * how many tokens it cost. The month's budget is the sum of these rows; a call that failed before
 * the provider answered costs nothing and writes none.
 */
export const aiAssistUsage = pgTable(
  'ai_assist_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyReference(() => companies.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    feature: varchar('feature', { length: 20 }).notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    createdAt: createdAt(),
  },
  // The budget check sums the company's month on every call.
  (table) => [index('ai_assist_usage_company_month_idx').on(table.companyId, table.createdAt)],
);
