import { useEffect, useState } from 'react';
import { needsAttention } from '../model/connection-list.ts';
import { useConnections } from './use-connections.ts';

/** spec: the badge is evaluated 2 seconds after the connection list changes. */
export const CONNECTIONS_WARNING_DELAY_MS = 2000;

export function useConnectionsWarning(companyId: number, isEnabled: boolean): boolean {
  const { data } = useConnections(companyId, isEnabled);
  const [hasWarning, setHasWarning] = useState(false);
  useEffect(() => {
    if (!data) return;
    const timer = setTimeout(() => setHasWarning(needsAttention(data)), CONNECTIONS_WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [data]);
  return isEnabled && hasWarning;
}
