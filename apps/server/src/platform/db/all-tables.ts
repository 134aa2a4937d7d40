/**
 * Every table of the database: the core tables of `schema.ts` and the tables that live beside
 * their module (`modules/<feature>/<feature>.tables.ts`). The database client and drizzle-kit
 * read this file, so a module's tables get migrations and typed queries without growing
 * `schema.ts`. A module's table file imports core tables from `schema.ts`, never from here.
 */

export * from '../../modules/billing/billing.tables.ts';
export * from '../../modules/campaigns/campaigns.tables.ts';
export * from '../../modules/channels/channels.tables.ts';
export * from '../../modules/chats/chats.tables.ts';
export * from '../../modules/dashboard/dashboard.tables.ts';
export * from '../../modules/dead-letters/dead-letters.tables.ts';
export * from '../../modules/flows/flows.tables.ts';
export * from '../../modules/integrations/integrations.tables.ts';
export * from '../../modules/public-api/public-api.tables.ts';
export * from '../../modules/schedules/schedules.tables.ts';
export * from '../../modules/webhooks/webhooks.tables.ts';
export * from '../cluster/cluster.tables.ts';
export * from './schema.ts';
