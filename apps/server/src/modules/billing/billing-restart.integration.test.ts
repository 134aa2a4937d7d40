import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/database-template.ts';
import { waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildPlan, isoDay } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { buildServer } from '../../app.ts';
import { invoiceGenerationJob } from './billing.jobs.ts';
import { invoices } from './billing.tables.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const NINETY_SECONDS = paced(90_000);

/**
 * The invoice job is planned by one server, which stops before its time; the next server on the
 * same database runs it when the time comes. The clock is set a few seconds before the company's
 * invoice time (10 days before its due date), so the wait is seconds, not days.
 */
const disposers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const dispose of disposers.reverse()) await dispose();
});

describe('invoice generation across a restart', () => {
  it('makes the invoice after the server that planned it has stopped', { timeout: NINETY_SECONDS }, async () => {
    const { database, dataDir, dispose } = await openTestDatabase();
    disposers.push(dispose);
    const config = testConfig(dataDir, { INVOICE_DAYS_BEFORE_DUE: '10' });
    const dueDate = isoDay(20);
    const invoiceTime = Date.parse(`${dueDate}T00:00:00Z`) - 10 * 86_400_000;
    const plan = await buildPlan(database.db, { value: 42 });
    const company = await buildCompany(database.db, { planId: plan.id, dueDate });
    // "Now", on both servers, is set just before the first starts: LEAD_MS before the invoice time,
    // room enough for a slow start-up to plan the job before its time comes.
    const LEAD_MS = 12_000;
    let offsetMs = 0;
    const clock = () => new Date(Date.now() + offsetMs);

    const first = await buildServer(config, database, { logger: false }, { clock });
    offsetMs = invoiceTime - LEAD_MS - Date.now();
    await first.start({ port: 0, host: '127.0.0.1' });
    // The start-up sweep plans the job (it runs in the background).
    await waitUntil(() => first.platform.jobs.hasWaitingJob(invoiceGenerationJob, `${company.id}:${dueDate}`));
    await first.stop();
    expect(await database.db.select().from(invoices).where(eq(invoices.companyId, company.id))).toHaveLength(0);

    const second = await buildServer(config, database, { logger: false }, { clock });
    await second.start({ port: 0, host: '127.0.0.1' });
    disposers.push(() => second.stop());
    const [invoice] = await waitUntil(
      async () => {
        const rows = await database.db.select().from(invoices).where(eq(invoices.companyId, company.id));
        return rows.length ? rows : null;
      },
      undefined,
      'the invoice',
    );
    expect(invoice).toMatchObject({ value: 42, dueDate, status: 'open' });
    // Made by the job planned before the restart: it ran and completed.
    await waitUntil(async () => {
      const { rows } = await database.executeSql(
        `select state from pgboss.job where name = 'billing.generate-invoice' and singleton_key = $1`,
        [`${company.id}:${dueDate}`],
      );
      return rows.some((row) => (row as { state: string }).state === 'completed');
    });
    // Two start-ups and the 12 s lead: more than the default 30 s on a busy machine.
  });
});
