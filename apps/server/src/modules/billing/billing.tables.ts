import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, createdAt } from '../../platform/db/columns.ts';
import { companies, plans } from '../../tables.ts';

/**
 * A company's invoice for one period of its plan. The value is the plan's price when the invoice
 * was made (never a browser's). One invoice per company, plan and due date: the generation job and
 * the checkout may both ask for it and get the same row.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    /** Kept as it was: the plan may be renamed or removed later. */
    planName: varchar('plan_name', { length: 100 }).notNull(),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    recurrence: varchar('recurrence', { length: 20 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** open or paid; `overdue` is worked out when read. */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoices_company_plan_due_unique').on(table.companyId, table.planId, table.dueDate),
    index('invoices_due_date_idx').on(table.dueDate),
  ],
);

/** A Pix charge (`cob`) made at the PSP for an invoice. An invoice may get a new one when one expires. */
export const pixCharges = pgTable(
  'pix_charges',
  {
    txid: varchar('txid', { length: 35 }).primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    companyId: companyReference(() => companies.id),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The copy-and-paste code (BR Code) and the QR image as a data URL, as the PSP gave them. */
    qrcode: text('qrcode').notNull(),
    imagemQrcode: text('imagem_qrcode').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('pix_charges_invoice_idx').on(table.invoiceId)],
);

/**
 * Every Pix the PSP told us about, once per `endToEndId` (the payment's id in the Pix system): a
 * repeated callback finds its row and changes nothing. `accepted` is false for a wrong amount, an
 * unknown charge or an invoice already paid; `outcome` says which.
 */
export const pixPayments = pgTable(
  'pix_payments',
  {
    endToEndId: varchar('end_to_end_id', { length: 64 }).primaryKey(),
    txid: varchar('txid', { length: 35 }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    accepted: boolean('accepted').notNull(),
    outcome: varchar('outcome', { length: 30 }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pix_payments_invoice_idx').on(table.invoiceId)],
);
