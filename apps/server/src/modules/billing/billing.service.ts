import { randomBytes } from 'node:crypto';
import {
  addMonthsClamped,
  type InvoiceListQuery,
  type Recurrence,
  recurrenceMonths,
  recurrences,
  type SubscriptionAnswer,
  type SubscriptionBody,
  toCents,
  toPixAmount,
} from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { SessionInvalidation } from '../../platform/http/session-cache.ts';
import { companies } from '../../tables.ts';
import { createCompaniesRepository } from '../companies/index.ts';
import type { BillingRealtime } from './billing.realtime.ts';
import type { BillingRepository } from './billing.repository.ts';
import { invoices, pixCharges, pixPayments } from './billing.tables.ts';
import type { IncomingPayment, PaymentProvider } from './payment-provider.ts';

const DAY_MS = 86_400_000;
/** A charge this close to its expiry is not shown again: the payer would not have time to pay it. */
const CHARGE_REUSE_MARGIN_MS = 5 * 60_000;

export type PaymentOutcome = 'accepted' | 'duplicate' | 'unknown_charge' | 'wrong_amount' | 'already_paid';

export function createBillingService(deps: {
  db: Database;
  repository: BillingRepository;
  realtime: BillingRealtime;
  provider: PaymentProvider | null;
  chargeExpiresSeconds: number;
  daysBeforeDue: number;
  /** Plans the next invoice's generation job for a company's due date (billing.jobs.ts). */
  planGeneration: (companyId: number, dueDate: string, at: Date) => Promise<void>;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The token check keeps the company's due date: a payment moves it. */
  sessions: SessionInvalidation;
}) {
  const { db, repository, realtime, provider, clock, log } = deps;
  const today = () => clock().toISOString().slice(0, 10);
  const asRecurrence = (value: string): Recurrence =>
    (recurrences as readonly string[]).includes(value) ? (value as Recurrence) : 'MENSAL';
  const periodEnd = (dueDate: string, recurrence: string) =>
    addMonthsClamped(dueDate, recurrenceMonths[asRecurrence(recurrence)]);
  /** When the invoice of a due date is made: N days before it, at midnight UTC. */
  const generationTime = (dueDate: string) =>
    new Date(Date.parse(`${dueDate}T00:00:00Z`) - deps.daysBeforeDue * DAY_MS);

  /** The invoice for the company's current due date and plan, if its time has come; else plans it. */
  async function generateFor(companyId: number, dueDate: string) {
    const company = await repository.company(companyId);
    // Moved (paid, edited by the super user) or gone since the job was planned: another job has it.
    if (!company || company.dueDate !== dueDate || !company.plan || !company.status) return null;
    if (generationTime(dueDate) > clock()) {
      await deps.planGeneration(companyId, dueDate, generationTime(dueDate));
      return null;
    }
    return repository.ensureInvoice({
      companyId,
      plan: company.plan,
      recurrence: company.recurrence,
      dueDate,
      periodEnd: periodEnd(dueDate, company.recurrence),
    });
  }

  return {
    generationTime,
    generateFor,

    /** A company's due date or plan was set (super user): its invoice is planned, or made if its time came. */
    async companyChanged(companyId: number) {
      const company = await repository.company(companyId);
      if (company?.dueDate) await generateFor(companyId, company.dueDate);
    },

    /**
     * At start-up and every hour: every company whose invoice time has come gets it (a job lost
     * or a due date edited by the super user), and every other one has its job planned.
     */
    async sweep() {
      for (const company of await repository.companiesWithDueDate()) {
        if (!company.dueDate) continue;
        try {
          await generateFor(company.id, company.dueDate);
        } catch (error) {
          log.error({ err: error, companyId: company.id }, 'invoice generation failed');
        }
      }
    },

    async list(session: RequestSession, query: InvoiceListQuery) {
      const companyId = session.isSuper ? (query.companyId ?? null) : session.companyId;
      // The own invoice whose time has come is there even if its job has not run yet (a due date
      // the super user just set): generation is idempotent, so asking here costs one lookup.
      const own = await repository.company(session.companyId);
      if (own?.dueDate) await generateFor(own.id, own.dueDate);
      return repository.page({ companyId, status: query.status, pageNumber: query.pageNumber }, today());
    },

    async find(session: RequestSession, id: number) {
      const row = await repository.find(id, session.isSuper ? null : session.companyId);
      if (!row) throw new AppError('ERR_NOT_FOUND');
      return repository.toRecord(row, today());
    },

    /** The subscription page's data: the company's billing email, due date and plan. */
    async overview(session: RequestSession) {
      const company = await repository.company(session.companyId);
      if (!company) throw new AppError('ERR_NOT_FOUND');
      return {
        paymentsConfigured: provider !== null,
        email: company.email,
        billingName: company.name,
        dueDate: company.dueDate,
        recurrence: asRecurrence(company.recurrence),
        planId: company.plan?.id ?? null,
      };
    },

    /**
     * The checkout: a Pix charge for an invoice of the caller's company, or for a plan (the
     * invoice of the company's current due date). The amount is always the invoice's, which is
     * the plan's price on the server; the payload's `price` is never read.
     */
    async checkout(session: RequestSession, body: SubscriptionBody): Promise<SubscriptionAnswer> {
      if (!provider) throw new AppError('ERR_PAYMENTS_NOT_CONFIGURED');
      const company = await repository.company(session.companyId);
      if (!company) throw new AppError('ERR_NOT_FOUND');
      let row: Awaited<ReturnType<BillingRepository['find']>>;
      if (body.invoiceId) {
        row = await repository.find(body.invoiceId, session.companyId);
      } else {
        const plan = body.planId ? await repository.plan(body.planId) : null;
        if (!plan) throw new AppError('ERR_NOT_FOUND');
        const dueDate = company.dueDate ?? today();
        row = await repository.ensureInvoice({
          companyId: company.id,
          plan,
          recurrence: company.recurrence,
          dueDate,
          periodEnd: periodEnd(dueDate, company.recurrence),
        });
      }
      if (!row) throw new AppError('ERR_NOT_FOUND');
      const { invoice } = row;
      if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID');
      if (toCents(invoice.value) <= 0) throw new AppError('ERR_NOTHING_TO_PAY');

      const now = clock();
      const live = await repository.liveCharge(
        invoice.id,
        invoice.value,
        new Date(now.getTime() + CHARGE_REUSE_MARGIN_MS),
      );
      if (live) return answer(live, invoice.id);

      const txid = randomBytes(16).toString('hex');
      const name = [body.firstName, body.lastName].filter(Boolean).join(' ').trim();
      let charge: Awaited<ReturnType<PaymentProvider['createCharge']>>;
      try {
        charge = await provider.createCharge({
          txid,
          amount: invoice.value,
          expiresInSeconds: deps.chargeExpiresSeconds,
          description: `${invoice.planName} ${invoice.dueDate}`,
          debtor: body.taxId ? { name: name || company.name, taxId: body.taxId } : undefined,
        });
      } catch (error) {
        log.error({ err: error, companyId: company.id, invoiceId: invoice.id }, 'Pix charge failed');
        throw new AppError('ERR_PAYMENT_PROVIDER_FAILED');
      }
      const saved = {
        txid: charge.txid,
        invoiceId: invoice.id,
        companyId: company.id,
        amount: invoice.value,
        qrcode: charge.qrcode,
        imagemQrcode: charge.imagemQrcode,
        expiresAt: charge.expiresAt,
      };
      await repository.saveCharge(saved);
      return answer(saved, invoice.id);
    },

    /**
     * One Pix the PSP reports. Recorded once per `endToEndId` whatever it is; it pays its
     * invoice only when the charge is ours, the amount is the invoice's to the cent and the
     * invoice is still open. Paying moves the due date once, by the recurrence, from the later
     * of today and the current due date, and puts the company on the invoice's plan.
     */
    async receivePayment(payment: IncomingPayment): Promise<PaymentOutcome> {
      const result = await db.transaction(async (tx) => {
        const [recorded] = await tx
          .insert(pixPayments)
          .values({
            endToEndId: payment.endToEndId,
            txid: payment.txid,
            amount: payment.amount,
            accepted: false,
            outcome: 'unknown_charge',
            paidAt: payment.paidAt,
          })
          .onConflictDoNothing()
          .returning({ endToEndId: pixPayments.endToEndId });
        if (!recorded) return { outcome: 'duplicate' as const };
        const setOutcome = (outcome: PaymentOutcome, invoiceId: number | null, companyId: number | null) =>
          tx
            .update(pixPayments)
            .set({ outcome, accepted: outcome === 'accepted', invoiceId, companyId })
            .where(eq(pixPayments.endToEndId, payment.endToEndId));

        const [charge] = payment.txid
          ? await tx.select().from(pixCharges).where(eq(pixCharges.txid, payment.txid))
          : [];
        if (!charge) return { outcome: 'unknown_charge' as const };
        const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, charge.invoiceId));
        if (!invoice) return { outcome: 'unknown_charge' as const };
        if (toCents(payment.amount) !== toCents(invoice.value)) {
          await setOutcome('wrong_amount', invoice.id, invoice.companyId);
          return { outcome: 'wrong_amount' as const };
        }
        const [paid] = await tx
          .update(invoices)
          .set({ status: 'paid', paidAt: payment.paidAt ?? clock() })
          .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')))
          .returning({ id: invoices.id });
        if (!paid) {
          await setOutcome('already_paid', invoice.id, invoice.companyId);
          return { outcome: 'already_paid' as const };
        }
        const [company] = await tx
          .select({ dueDate: companies.dueDate, recurrence: companies.recurrence, planId: companies.planId })
          .from(companies)
          .where(eq(companies.id, invoice.companyId))
          .for('update');
        const from = company.dueDate && company.dueDate > today() ? company.dueDate : today();
        const dueDate = addMonthsClamped(from, recurrenceMonths[asRecurrence(company.recurrence)]);
        await createCompaniesRepository(tx).setDueDateAndPlan(
          invoice.companyId,
          dueDate,
          invoice.planId ?? company.planId,
        );
        await setOutcome('accepted', invoice.id, invoice.companyId);
        return { outcome: 'accepted' as const, companyId: invoice.companyId, invoiceId: invoice.id, dueDate };
      });
      log.info({ endToEndId: payment.endToEndId, txid: payment.txid, outcome: result.outcome }, 'Pix received');
      if (result.outcome === 'accepted') {
        deps.sessions.forgetCompany(result.companyId);
        realtime.paid(result.companyId, { action: 'CONCLUIDA', invoiceId: result.invoiceId, dueDate: result.dueDate });
        await deps
          .planGeneration(result.companyId, result.dueDate, generationTime(result.dueDate))
          .catch((error) => log.error({ err: error }, 'planning the next invoice failed'));
      }
      return result.outcome;
    },
  };
}

function answer(
  charge: { txid: string; amount: number; qrcode: string; imagemQrcode: string; expiresAt: Date },
  invoiceId: number,
): SubscriptionAnswer {
  return {
    qrcode: { qrcode: charge.qrcode, imagemQrcode: charge.imagemQrcode },
    valor: { original: toPixAmount(charge.amount) },
    txid: charge.txid,
    expiresAt: charge.expiresAt.toISOString(),
    invoiceId,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
