import { useQuery } from '@tanstack/react-query';
import { ticketsApi, ticketsKeys } from '../api/tickets-api.ts';

const LOOKUP_STALE_MS = 60_000;

/** Every queue of the company (admins pick from all of them). */
export function useCompanyQueues(companyId: number, isEnabled = true) {
  return useQuery({
    queryKey: ticketsKeys.queues(companyId),
    queryFn: ticketsApi.queues,
    enabled: isEnabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useConnections(companyId: number, isEnabled = true) {
  return useQuery({
    queryKey: ticketsKeys.connections(companyId),
    queryFn: ticketsApi.connections,
    enabled: isEnabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useUserOptions(companyId: number, isEnabled = true) {
  return useQuery({
    queryKey: ticketsKeys.users(companyId),
    queryFn: ticketsApi.users,
    enabled: isEnabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useTagOptions(companyId: number, isEnabled = true) {
  return useQuery({
    queryKey: ticketsKeys.tags(companyId),
    queryFn: ticketsApi.tags,
    enabled: isEnabled,
    staleTime: LOOKUP_STALE_MS,
  });
}
