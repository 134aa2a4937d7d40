import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, createdAt, updatedAt } from '../../platform/db/columns.ts';
import { companies, flows, queues, tickets } from '../../tables.ts';

/** An AI prompt (spec: Prompt entity). `apiKey` and `voiceKey` are secrets: never answered in full. */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    prompt: text('prompt').notNull(),
    model: varchar('model', { length: 100 }).notNull(),
    maxTokens: integer('max_tokens').notNull(),
    temperature: real('temperature').notNull(),
    apiKey: text('api_key'),
    /** Where the customer goes when the model hands over (pending in this queue). */
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    maxMessages: integer('max_messages').notNull(),
    voice: varchar('voice', { length: 60 }).notNull().default('texto'),
    voiceKey: text('voice_key'),
    voiceRegion: varchar('voice_region', { length: 50 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('prompts_company_idx').on(table.companyId)],
);

/** A queue integration (spec: Queue integration entity); `jsonContent` and `webhookSecret` are secrets. */
export const queueIntegrations = pgTable(
  'queue_integrations',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    type: varchar('type', { length: 20 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    projectName: varchar('project_name', { length: 200 }),
    jsonContent: text('json_content'),
    language: varchar('language', { length: 10 }),
    handoverIntent: varchar('handover_intent', { length: 200 }),
    urlN8N: text('url_n8n'),
    webhookSecret: text('webhook_secret'),
    typebotSlug: varchar('typebot_slug', { length: 200 }),
    typebotDelayMessage: integer('typebot_delay_message').notNull().default(1000),
    typebotExpires: integer('typebot_expires').notNull().default(1),
    typebotKeywordFinish: varchar('typebot_keyword_finish', { length: 100 }),
    typebotKeywordRestart: varchar('typebot_keyword_restart', { length: 100 }),
    typebotRestartMessage: text('typebot_restart_message'),
    typebotUnknownMessage: text('typebot_unknown_message'),
    /** `flowbuilder`: the flow the integration starts (the company's; a deleted flow leaves it null). */
    flowId: integer('flow_id').references(() => flows.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('queue_integrations_company_idx').on(table.companyId, table.name)],
);

/**
 * A bot's conversation state on one ticket: the Typebot session id and when it expires, or the
 * Dialogflow session. One row per (ticket, bot).
 */
export const botSessions = pgTable(
  'bot_sessions',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** `prompt:{id}` or `integration:{id}`. */
    botKey: varchar('bot_key', { length: 40 }).notNull(),
    sessionId: text('session_id'),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('bot_sessions_ticket_bot_idx').on(table.ticketId, table.botKey)],
);
