import type { SubscriptionAnswer } from '@wacrm/shared/billing/invoice.schema';
import type { Recurrence } from '@wacrm/shared/companies/recurrence';
import { planRoutes } from '@wacrm/shared/plans/plan.contract';
import { http } from '../../../lib/api.ts';

export interface SubscriptionOverview {
  paymentsConfigured: boolean;
  email: string | null;
  billingName: string;
  dueDate: string | null;
  recurrence: Recurrence;
  planId: number | null;
}

/** What the checkout sends: an invoice or a plan, and the optional payer data (never a price). */
export interface CheckoutRequest {
  invoiceId?: number;
  planId?: number;
  firstName?: string;
  lastName?: string;
  address2?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  country?: 'BR' | 'US';
  taxId?: string;
}

export const subscriptionKeys = {
  overview: () => ['subscription'] as const,
  plans: () => ['subscription', 'plans'] as const,
};

export const subscriptionApi = {
  overview: () => http.get<SubscriptionOverview>('/api/subscription'),
  plans: () => http.call(planRoutes.listPublic, { auth: false }),
  // Errors are shown inside the dialog.
  checkout: (body: CheckoutRequest) => http.post<SubscriptionAnswer>('/api/subscription', body, { silent: true }),
};
