import { useQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useTranslation } from 'react-i18next';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { slaApi, slaKeys } from '../api/sla-api.ts';

/**
 * The bell's missed service levels (admins and supervisors: who the server tells). A breach event
 * raises a toast and reads the list again; nothing else refetches it, so ticket traffic costs nothing.
 */
export function useSlaBreaches() {
  const { t } = useTranslation('sla');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const isTold = user.profile === 'admin' || user.profile === 'supervisor';
  const key = slaKeys.breaches(user.companyId, user.id);
  const query = useQuery({ queryKey: key, queryFn: slaApi.breaches, enabled: isTold, staleTime: 30_000 });

  useSocketEvent(isTold ? companyEvent(user.companyId, 'sla') : null, (event) => {
    toast.warning(`${t(`breaches.${event.kind}`)}: ${event.ticket.contactName}`, 6000);
    void queryClient.invalidateQueries({ queryKey: key });
  });

  return {
    breaches: query.data ?? [],
    /** The bell opened: read again, since tickets may have closed meanwhile. */
    refresh: () => (isTold ? query.refetch() : undefined),
  };
}
