/**
 * Every table of the database, each kept beside the module that owns it (the only module that
 * inserts, updates or deletes its rows; docs/architecture.md lists the owners). drizzle-kit
 * generates the migrations from this index (`npm run db:generate`). Code that reads another
 * module's table imports it from here; a `*.tables.ts` file imports the tables its foreign keys
 * name from their owners' files, so the table files form a tree rooted at `companies`.
 * Every tenant table carries `company_id` and is deleted with its company.
 */

export * from './modules/ai-assist/ai-assist.tables.ts';
export * from './modules/announcements/announcements.tables.ts';
export * from './modules/audit/audit.tables.ts';
export * from './modules/auth/auth.tables.ts';
export * from './modules/billing/billing.tables.ts';
export * from './modules/campaigns/campaigns.tables.ts';
export * from './modules/channels/channels.tables.ts';
export * from './modules/chats/chats.tables.ts';
export * from './modules/companies/companies.tables.ts';
export * from './modules/connections/connections.tables.ts';
export * from './modules/contacts/contacts.tables.ts';
export * from './modules/dashboard/dashboard.tables.ts';
export * from './modules/dead-letters/dead-letters.tables.ts';
export * from './modules/flows/flows.tables.ts';
export * from './modules/helps/helps.tables.ts';
export * from './modules/integrations/integrations.tables.ts';
export * from './modules/messages/messages.tables.ts';
export * from './modules/password-reset/password-reset.tables.ts';
export * from './modules/plans/plans.tables.ts';
export * from './modules/public-api/public-api.tables.ts';
export * from './modules/push/push.tables.ts';
export * from './modules/queues/queues.tables.ts';
export * from './modules/quick-messages/quick-messages.tables.ts';
export * from './modules/reports/reports.tables.ts';
export * from './modules/schedules/schedules.tables.ts';
export * from './modules/settings/settings.tables.ts';
export * from './modules/sla/sla.tables.ts';
export * from './modules/tags/tags.tables.ts';
export * from './modules/ticket-notes/ticket-notes.tables.ts';
export * from './modules/tickets/tickets.tables.ts';
export * from './modules/users/users.tables.ts';
export * from './modules/webhooks/webhooks.tables.ts';
export * from './platform/cluster/cluster.tables.ts';
