import { useQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { mergeLiveChange } from '../../../lib/live-cache.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { connectionsApi, connectionsKeys } from '../api/connections-api.ts';
import { applyConnectionEvent, type ConnectionEvent, type ConnectionSummary } from '../model/connection-list.ts';

/**
 * The company's connections, kept current by `company-{id}-whatsapp` (record changes and
 * deletes) and `company-{id}-whatsappSession` (status and QR changes) events.
 */
export function useConnections(companyId: number, isEnabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: connectionsKeys.list(companyId),
    queryFn: connectionsApi.list,
    enabled: isEnabled,
  });
  const apply = (payload: unknown) => {
    const event = payload as ConnectionEvent;
    mergeLiveChange<ConnectionSummary[]>(queryClient, connectionsKeys.list(companyId), (list) =>
      applyConnectionEvent(list, event),
    );
  };
  useSocketEvent(isEnabled ? companyEvent(companyId, 'whatsapp') : null, apply);
  useSocketEvent(isEnabled ? companyEvent(companyId, 'whatsappSession') : null, apply);
  return query;
}
