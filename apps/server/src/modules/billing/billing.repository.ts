import { INVOICES_PAGE_SIZE, type InvoiceRecord, type InvoiceStatus, type InvoicesPage } from '@wacrm/shared';
import { and, desc, eq, gt, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies, plans } from '../../tables.ts';
import { invoices, pixCharges, pixPayments } from './billing.tables.ts';

type InvoiceRow = typeof invoices.$inferSelect;

export interface BillingCompany {
  id: number;
  name: string;
  email: string | null;
  status: boolean;
  dueDate: string | null;
  recurrence: string;
  plan: { id: number; name: string; value: number } | null;
}

export function createBillingRepository(db: Database) {
  const selection = { invoice: invoices, companyName: companies.name };

  function toRecord(row: { invoice: InvoiceRow; companyName: string }, today: string): InvoiceRecord {
    const { invoice } = row;
    const status: InvoiceStatus = invoice.status === 'paid' ? 'paid' : invoice.dueDate < today ? 'overdue' : 'open';
    return {
      id: invoice.id,
      companyId: invoice.companyId,
      companyName: row.companyName,
      planId: invoice.planId,
      planName: invoice.planName,
      value: invoice.value,
      periodStart: invoice.dueDate,
      periodEnd: invoice.periodEnd,
      dueDate: invoice.dueDate,
      status,
      paidAt: invoice.paidAt?.toISOString() ?? null,
      createdAt: invoice.createdAt.toISOString(),
    };
  }

  /** The status filter as stored: overdue = open and past due. */
  function statusCondition(status: InvoiceStatus | undefined, today: string): SQL | undefined {
    if (status === 'paid') return eq(invoices.status, 'paid');
    if (status === 'overdue') return and(eq(invoices.status, 'open'), lt(invoices.dueDate, today));
    if (status === 'open') return and(eq(invoices.status, 'open'), sql`${invoices.dueDate} >= ${today}`);
    return undefined;
  }

  return {
    toRecord,

    /** Newest first (by due date). `companyId` null: every company's (the super user). */
    async page(filter: { companyId: number | null; status?: InvoiceStatus; pageNumber: number }, today: string) {
      const where = and(
        filter.companyId ? eq(invoices.companyId, filter.companyId) : undefined,
        statusCondition(filter.status, today),
      );
      const rows = await db
        .select(selection)
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(where)
        .orderBy(desc(invoices.dueDate), desc(invoices.id))
        .limit(INVOICES_PAGE_SIZE + 1)
        .offset((filter.pageNumber - 1) * INVOICES_PAGE_SIZE);
      return {
        invoices: rows.slice(0, INVOICES_PAGE_SIZE).map((row) => toRecord(row, today)),
        hasMore: rows.length > INVOICES_PAGE_SIZE,
      } satisfies InvoicesPage;
    },

    /** One invoice; `companyId` null lets the super user read any. */
    async find(id: number, companyId: number | null) {
      const [row] = await db
        .select(selection)
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(and(eq(invoices.id, id), companyId ? eq(invoices.companyId, companyId) : undefined));
      return row ?? null;
    },

    async company(companyId: number): Promise<BillingCompany | null> {
      const [row] = await db
        .select({
          id: companies.id,
          name: companies.name,
          email: companies.email,
          status: companies.status,
          dueDate: companies.dueDate,
          recurrence: companies.recurrence,
          planId: plans.id,
          planName: plans.name,
          planValue: plans.value,
        })
        .from(companies)
        .leftJoin(plans, eq(plans.id, companies.planId))
        .where(eq(companies.id, companyId));
      if (!row) return null;
      const { planId, planName, planValue, ...company } = row;
      return {
        ...company,
        plan: planId !== null && planName !== null ? { id: planId, name: planName, value: planValue ?? 0 } : null,
      };
    },

    async plan(planId: number) {
      const [row] = await db
        .select({ id: plans.id, name: plans.name, value: plans.value })
        .from(plans)
        .where(eq(plans.id, planId));
      return row ?? null;
    },

    /**
     * The company's invoice for a plan and due date, made if missing. Safe to call twice at once
     * (the generation job and a checkout): the unique index keeps one row.
     */
    async ensureInvoice(fields: {
      companyId: number;
      plan: { id: number; name: string; value: number };
      recurrence: string;
      dueDate: string;
      periodEnd: string;
    }) {
      await db
        .insert(invoices)
        .values({
          companyId: fields.companyId,
          planId: fields.plan.id,
          planName: fields.plan.name,
          value: fields.plan.value,
          recurrence: fields.recurrence,
          dueDate: fields.dueDate,
          periodEnd: fields.periodEnd,
        })
        .onConflictDoNothing();
      const [row] = await db
        .select(selection)
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(
          and(
            eq(invoices.companyId, fields.companyId),
            eq(invoices.planId, fields.plan.id),
            eq(invoices.dueDate, fields.dueDate),
          ),
        );
      return row;
    },

    /** Companies switched on, with a plan and a due date no later than `until`: the invoice sweep's candidates. */
    async companiesDueBy(until: string) {
      return db
        .select({ id: companies.id, dueDate: companies.dueDate })
        .from(companies)
        .where(and(eq(companies.status, true), isNotNull(companies.planId), lte(companies.dueDate, until)));
    },

    /** Every company with a plan and a due date: the start-up sweep plans each one's next invoice. */
    async companiesWithDueDate() {
      return db
        .select({ id: companies.id, dueDate: companies.dueDate })
        .from(companies)
        .where(and(eq(companies.status, true), isNotNull(companies.planId), isNotNull(companies.dueDate)));
    },

    /** A charge still payable for this invoice and amount, to show again instead of making another. */
    async liveCharge(invoiceId: number, amount: number, now: Date) {
      const [row] = await db
        .select()
        .from(pixCharges)
        .where(and(eq(pixCharges.invoiceId, invoiceId), eq(pixCharges.amount, amount), gt(pixCharges.expiresAt, now)))
        .orderBy(desc(pixCharges.createdAt))
        .limit(1);
      return row ?? null;
    },

    async saveCharge(charge: typeof pixCharges.$inferInsert) {
      await db.insert(pixCharges).values(charge);
    },

    async payments(invoiceId: number) {
      return db.select().from(pixPayments).where(eq(pixPayments.invoiceId, invoiceId));
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
