import { boolean, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../platform/db/columns.ts';

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  users: integer('users').notNull().default(0),
  connections: integer('connections').notNull().default(0),
  queues: integer('queues').notNull().default(0),
  value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  useCampaigns: boolean('use_campaigns').notNull().default(true),
  useKanban: boolean('use_kanban').notNull().default(true),
  useOpenAi: boolean('use_open_ai').notNull().default(true),
  useIntegrations: boolean('use_integrations').notNull().default(true),
  useSchedules: boolean('use_schedules').notNull().default(true),
  useInternalChat: boolean('use_internal_chat').notNull().default(true),
  useExternalApi: boolean('use_external_api').notNull().default(true),
  ...timestamps(),
});
