import { companyEvent, type PaymentEvent, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/** The only place that emits `company-{id}-payment`: to that company's sockets only (billing-only ones too). */
export function createBillingRealtime(realtime: Realtime) {
  return {
    paid: (companyId: number, payload: PaymentEvent) =>
      realtime.io
        .to([rooms.company(companyId), rooms.billingOnly(companyId)])
        .emit(companyEvent(companyId, 'payment'), payload),
  };
}

export type BillingRealtime = ReturnType<typeof createBillingRealtime>;
