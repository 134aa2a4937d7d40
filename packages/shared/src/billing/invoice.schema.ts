import { z } from 'zod';
import { pageNumberSchema } from '../common/pagination.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';
import { recurrences } from '../companies/recurrence.ts';

/** Invoices per page of `GET /invoices`. */
export const INVOICES_PAGE_SIZE = 50;

/** Days before a company's due date its next invoice is generated, unless configured. */
export const DEFAULT_INVOICE_DAYS_BEFORE_DUE = 10;

/** spec: after the payment event the checkout waits this long, then goes to `/`. */
export const PAYMENT_REDIRECT_MS = 4_000;

/** Stored states; `overdue` is an open invoice past its due date, worked out when read. */
export const invoiceStatuses = ['open', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** An invoice as the API answers it. */
export const invoiceRecordSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  /** Shown to the super user, who sees every company's invoices. */
  companyName: z.string(),
  planId: z.number().nullable(),
  planName: z.string(),
  /** BRL, two decimals. */
  value: z.number(),
  /** The period the invoice pays for: from its due date to the next one by the recurrence. */
  periodStart: z.string(),
  periodEnd: z.string(),
  dueDate: z.string(),
  status: z.enum(invoiceStatuses),
  paidAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type InvoiceRecord = z.input<typeof invoiceRecordSchema>;

/** `GET /invoices` answer: a page without a count. */
export const invoicesPageSchema = pageSchema('invoices', invoiceRecordSchema).omit({ count: true });
export type InvoicesPage = z.input<typeof invoicesPageSchema>;

export const invoiceListQuerySchema = z.object({
  pageNumber: pageNumberSchema,
  /** Super user only: one company's invoices. Ignored for everyone else (their own company). */
  companyId: z.coerce.number().int().positive().optional(),
  status: z.enum(invoiceStatuses).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const optionalText = (max: number) => z.string().trim().max(max, 'Too Long!').optional().nullable();

/**
 * spec "Subscription payload": the checkout's fields. What pays is an invoice (`invoiceId`) or a
 * plan (`planId`, or the spec's `plan` JSON string with its id). `price`, `users` and
 * `connections` are accepted for compatibility and ignored: the amount always comes from the
 * plan on the server. The card fields stay optional: the product takes Pix only
 * (docs/decisions/billing.md).
 */
export const subscriptionBodySchema = z
  .object({
    invoiceId: z.number().int().positive().optional().nullable(),
    planId: z.number().int().positive().optional().nullable(),
    plan: z.string().max(2000).optional().nullable(),
    firstName: optionalText(100),
    lastName: optionalText(100),
    address2: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    zipcode: optionalText(20),
    country: z.enum(['BR', 'US']).optional().nullable(),
    /** CPF (11 digits) or CNPJ (14 digits) of the payer, sent to the PSP as the debtor when given. */
    taxId: z
      .string()
      .trim()
      .regex(/^(\d{11}|\d{14})$/, 'Invalid')
      .optional()
      .nullable()
      .or(z.literal('')),
    useAddressForPaymentDetails: z.boolean().optional().nullable(),
    nameOnCard: optionalText(100),
    cardNumber: optionalText(30),
    cvv: optionalText(4),
    price: z.unknown().optional(),
    users: z.unknown().optional(),
    connections: z.unknown().optional(),
  })
  .transform((body) => ({ ...body, planId: body.planId ?? planIdFromJson(body.plan) }))
  .refine((body) => body.invoiceId || body.planId, { message: 'Required', path: ['planId'] });
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;
/** What the checkout sends: an invoice or a plan, and the optional payer data (never a price). */
export type CheckoutRequest = z.input<typeof subscriptionBodySchema>;

function planIdFromJson(plan: string | null | undefined): number | null {
  if (!plan) return null;
  try {
    const id = (JSON.parse(plan) as { id?: unknown }).id;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** spec "Payment response" (`qrcode.qrcode`, `valor.original`), plus the charge's id and expiry. */
export const subscriptionAnswerSchema = z.object({
  qrcode: z.object({ qrcode: z.string(), imagemQrcode: z.string() }),
  valor: z.object({ original: z.string() }),
  txid: z.string(),
  expiresAt: timestampSchema,
  invoiceId: z.number(),
});
export type SubscriptionAnswer = z.input<typeof subscriptionAnswerSchema>;

/** `GET /subscription` answer: the subscription page's data (the company's billing email, due date and plan). */
export const subscriptionOverviewSchema = z.object({
  /** Whether a Pix provider is configured, so the checkout can work at all. */
  paymentsConfigured: z.boolean(),
  email: z.string().nullable(),
  billingName: z.string(),
  dueDate: z.string().nullable(),
  recurrence: z.enum(recurrences),
  planId: z.number().nullable(),
});
export type SubscriptionOverview = z.input<typeof subscriptionOverviewSchema>;

/** `company-{id}-payment`: the charge was paid (Pix status CONCLUIDA); `dueDate` is the new one. */
export interface PaymentEvent {
  action: 'CONCLUIDA';
  invoiceId: number;
  dueDate: string;
}

/** BRL amount as the Pix API writes it: two decimals, a dot. */
export function toPixAmount(value: number): string {
  return value.toFixed(2);
}

/** Whole cents of a decimal amount, to compare amounts without floating-point surprises. */
export function toCents(value: number | string): number {
  return Math.round(Number(value) * 100);
}

/**
 * The Pix API's callback (`POST <registered url>/pix`): a list of received Pix, each with its
 * `endToEndId`, the charge's `txid` and the amount (`valor`, a decimal string). An empty body is
 * what some PSPs send to check the URL when it is registered.
 */
export const pixWebhookBodySchema = z
  .object({
    pix: z
      .array(
        z.object({
          endToEndId: z.string().trim().min(1).max(64),
          txid: z.string().trim().max(35).optional().nullable(),
          valor: z
            .string()
            .trim()
            .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Invalid'),
          horario: z.string().max(40).optional().nullable(),
        }),
      )
      .max(500)
      .optional(),
  })
  .passthrough();
export type PixWebhookBody = z.infer<typeof pixWebhookBodySchema>;

/** The Pix callback's answer: how many Pix of the body were read. */
export const pixWebhookAnswerSchema = z.object({ received: z.number() });
