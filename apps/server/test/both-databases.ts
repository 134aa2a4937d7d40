// The server test files that run on both databases (docs/architecture.md, "Testing: which server
// tests run on both databases"). The whole suite runs on the PostgreSQL server; these files run
// again on embedded PGlite because they exercise what the two treat differently. A file belongs
// here when its subject is one of:
//
// - the database layer: its own SQL helpers, table upkeep, the job queue's tables and locks;
// - SQL whose outcome depends on the engine's setup or on concurrency: text search (unaccent),
//   advisory locks, `on conflict` writes under concurrent intake, SQL that writes a page as text;
// - time arithmetic done in SQL: the dashboard's rollups, timers, the bounded text walk;
// - errors raised by the database and mapped to answers (each driver raises them its own way).
//
// Not here, because their database is not the one the run chooses: tests that start real server
// processes on the embedded database (restarts, kills, persistence), the multi-process tests on
// the PostgreSQL server, and tests without a database. Paths are relative to apps/server.

export const filesRunOnBothDatabases = [
  // The database layer.
  'src/platform/db/text-search.integration.test.ts',
  'src/platform/db/table-upkeep.integration.test.ts',
  'src/platform/jobs/job-queue.integration.test.ts',
  // Search, advisory locks and the list the database writes as text.
  'src/modules/tickets/tickets.integration.test.ts',
  'src/modules/tickets/ticket-record.integration.test.ts',
  'src/modules/contacts/contacts.integration.test.ts',
  'src/modules/connections/connections.integration.test.ts',
  // Inbound messages stored once: batch writes with `on conflict` under an advisory lock.
  'src/modules/messages/intake/intake-batch.integration.test.ts',
  'src/modules/messages/messages.integration.test.ts',
  // Automatic assignment: the company's advisory lock and a burst of concurrent intake.
  'src/modules/tickets/fair-assignment.integration.test.ts',
  // Time arithmetic in SQL.
  'src/modules/dashboard/dashboard-rollup.integration.test.ts',
  'src/modules/dashboard/dashboard.integration.test.ts',
  'src/modules/reports/reports-rollup.integration.test.ts',
  'src/modules/automation/timers.integration.test.ts',
  'src/modules/tickets/text-walk.integration.test.ts',
  // Database errors mapped to 4xx answers, never a 500.
  'src/modules/sla/sla-policy-claims.integration.test.ts',
  'test/route-fuzz.integration.test.ts',
];
