import { billingRoutes } from '@wacrm/shared/billing/billing.routes';
import type { InvoiceStatus } from '@wacrm/shared/billing/invoice.schema';
import { http } from '../../../lib/api.ts';

export interface InvoiceFilters {
  companyId: number | null;
  status: InvoiceStatus | null;
}

export const invoicesKeys = {
  all: () => ['invoices'] as const,
  list: (filters: InvoiceFilters) => ['invoices', 'list', filters] as const,
};

export const invoicesApi = {
  page: (filters: InvoiceFilters, pageNumber: number) =>
    http.call(billingRoutes.invoices, {
      query: {
        pageNumber,
        ...(filters.companyId ? { companyId: filters.companyId } : {}),
        ...(filters.status ? { status: filters.status } : {}),
      },
    }),
  find: (id: number) => http.call(billingRoutes.invoice, { params: { id } }),
};
