import type { FlowConnection, FlowNodeShape } from '@wacrm/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companyReference, createdAt, updatedAt } from '../../platform/db/columns.ts';
import { companies, tickets, whatsapps } from '../../tables.ts';

/** A conversation flow (spec: Flow) with its content in the editor's own shape. */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 50 }).notNull(),
    active: boolean('active').notNull().default(true),
    /** null until the first save (spec: `flow.flow` may be null). */
    nodes: jsonb('nodes').$type<FlowNodeShape[]>(),
    connections: jsonb('connections').$type<FlowConnection[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('flows_company_name_idx').on(table.companyId, table.name)],
);

/** A flow campaign (spec: Flow campaign): a phrase on a connection starts a flow. */
export const flowCampaigns = pgTable(
  'flow_campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    phrase: text('phrase').notNull(),
    /** The phrase as compared (normalizeFlowPhrase), so the inbound check is one indexed lookup. */
    phraseKey: text('phrase_key').notNull(),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('flow_campaigns_company_phrase_idx').on(table.companyId, table.phraseKey)],
);

/**
 * A flow running on a ticket: where it stands and what it waits for. Everything the runtime needs
 * is here, so a restart or another server process continues it exactly (docs/decisions/flows.md).
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    /** The node to run next, or the node waiting for an answer. */
    nodeId: varchar('node_id', { length: 64 }).notNull(),
    /** Inside a content node: the next block to send. */
    blockIndex: integer('block_index').notNull().default(0),
    /** null (runnable), 'answer' (menu or question), 'interval' (a job resumes it). */
    waitingFor: varchar('waiting_for', { length: 20 }),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    invalidAnswers: integer('invalid_answers').notNull().default(0),
    /** running, or how it ended: done, queued, human, stopped, capped, failed. */
    status: varchar('status', { length: 20 }).notNull().default('running'),
    /** Bumped by every step: a step or job that saw an older version does nothing. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One running flow per ticket.
    uniqueIndex('flow_runs_running_ticket_idx')
      .on(table.companyId, table.ticketId)
      .where(sql`${table.status} = 'running'`),
    index('flow_runs_flow_idx').on(table.flowId),
    // A ticket's runs: the inbound path's "did a flow ever run here" and the cascade of a ticket's deletion.
    index('flow_runs_ticket_idx').on(table.ticketId, table.id),
  ],
);
