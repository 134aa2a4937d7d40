import type { InvoiceStatus } from '@wacrm/shared/billing/invoice.schema';

export const invoiceStatusColor: Record<InvoiceStatus, 'success' | 'warning' | 'error'> = {
  paid: 'success',
  open: 'warning',
  overdue: 'error',
};
