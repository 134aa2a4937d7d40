import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lookupKeys, lookupsApi } from '../../../lib/lookups/lookups-api.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';

/**
 * After an Accept: if it left the attendant over their capacity (an Accept may; automatic
 * assignment never does), says so, without undoing anything (docs/decisions/fair-assignment.md).
 */
export function useOverCapacityNotice() {
  const { t } = useTranslation('tickets');
  const session = useSessionUser();
  const queryClient = useQueryClient();
  return async function noticeIfOverCapacity() {
    const workload = await queryClient
      .fetchQuery({
        queryKey: lookupKeys.workload(session.companyId, session.id),
        queryFn: () => lookupsApi.workload(session.id),
        staleTime: 0,
      })
      .catch(() => null);
    if (workload && workload.openTickets > workload.capacity)
      toast.warning(t('capacity.acceptedOver', { open: workload.openTickets, capacity: workload.capacity }));
  };
}
