import { billingRoutes } from '@wacrm/shared/billing/billing.routes';
import type { CheckoutRequest } from '@wacrm/shared/billing/invoice.schema';
import { planRoutes } from '@wacrm/shared/plans/plan.routes';
import { http } from '../../../lib/api.ts';

export const subscriptionKeys = {
  overview: () => ['subscription'] as const,
  plans: () => ['subscription', 'plans'] as const,
};

export const subscriptionApi = {
  overview: () => http.call(billingRoutes.subscription),
  plans: () => http.call(planRoutes.listPublic, { auth: false }),
  // Errors are shown inside the dialog.
  checkout: (body: CheckoutRequest) => http.call(billingRoutes.checkout, { body, silent: true }),
};
