import { useQuery } from '@tanstack/react-query';
import { connectionsApi, connectionsKeys } from '../api/connections-api.ts';

export interface ConnectionLimit {
  limit: number;
  used: number;
  isReached: boolean;
}

/** The plan's connection limit and how many the company has (GET /companies/usage). */
export function useConnectionUsage(companyId: number, connectionCount: number | undefined) {
  const query = useQuery({
    queryKey: connectionsKeys.usage(companyId),
    queryFn: connectionsApi.usage,
    staleTime: 60_000,
    retry: false,
  });
  const limit = query.data?.connections.limit;
  if (limit === undefined) return null;
  // The live list is newer than the usage answer after a create or delete.
  const used = connectionCount ?? query.data?.connections.used ?? 0;
  return { limit, used, isReached: used >= limit } satisfies ConnectionLimit;
}
