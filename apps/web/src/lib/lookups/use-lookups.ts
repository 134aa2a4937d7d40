import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { lookupKeys, lookupsApi } from './lookups-api.ts';

const LOOKUP_STALE_MS = 60_000;

/** Every queue of the company (admins pick from all of them). */
export function useCompanyQueues(companyId: number, isEnabled = true) {
  return useQuery({
    queryKey: lookupKeys.queues(companyId),
    queryFn: lookupsApi.queues,
    enabled: isEnabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** The company's queues for a dialog that shows a failure itself (no toast). */
export function useQueuePickerOptions(isEnabled: boolean) {
  return useQuery({
    queryKey: lookupKeys.queuePicker,
    queryFn: lookupsApi.silentQueues,
    enabled: isEnabled,
    staleTime: 30_000,
  });
}

export function useConnections(companyId: number, isEnabled = true) {
  return useQuery({
    queryKey: lookupKeys.connections(companyId),
    queryFn: lookupsApi.connections,
    enabled: isEnabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useUserOptions(companyId: number, isEnabled = true) {
  return useQuery({
    queryKey: lookupKeys.users(companyId),
    queryFn: lookupsApi.users,
    enabled: isEnabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useTagOptions(companyId: number, isEnabled = true) {
  return useQuery({
    queryKey: lookupKeys.tags(companyId),
    queryFn: lookupsApi.tags,
    enabled: isEnabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** spec: contact search starts at 3 characters (debounced). */
export function useContactSearch(companyId: number, text: string, isEnabled: boolean) {
  const search = useDebouncedValue(text.trim(), 500);
  const query = useQuery({
    queryKey: lookupKeys.contacts(companyId, search),
    queryFn: () => lookupsApi.contacts(search),
    enabled: isEnabled && search.length >= 3,
    staleTime: 30_000,
  });
  return { ...query, isWaiting: text.trim() !== search || query.isFetching, search };
}
