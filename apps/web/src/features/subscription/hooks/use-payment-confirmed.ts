import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_REDIRECT_MS, type PaymentEvent } from '@wacrm/shared/billing/invoice.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { authApi, useAuth, useSessionUser } from '../../auth/index.ts';

/**
 * spec "Checkout": when the payment event with action CONCLUIDA arrives, a toast says the licence
 * was renewed until the new due date, and 4 s later the user goes to `/`. The session user is
 * read again then, so a billing-only session opens the whole product.
 */
export function usePaymentConfirmed(onConfirmed?: (event: PaymentEvent) => void) {
  const { t } = useTranslation('subscription');
  const user = useSessionUser();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current) window.clearTimeout(timer.current);
    },
    [],
  );

  useSocketEvent(companyEvent(user.companyId, 'payment'), (event: PaymentEvent) => {
    if (event.action !== 'CONCLUIDA') return;
    toast.success(t('checkout.renewed', { date: formatDate(event.dueDate) }), PAYMENT_REDIRECT_MS);
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    void queryClient.invalidateQueries({ queryKey: ['subscription'] });
    onConfirmed?.(event);
    if (timer.current) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      authApi
        .me()
        .then(setUser)
        .catch(() => null)
        .finally(() => navigate('/'));
    }, PAYMENT_REDIRECT_MS);
  });
}
