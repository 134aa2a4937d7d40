import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { lookupKeys, lookupsApi } from './lookups-api.ts';

const LOOKUP_STALE_MS = 60_000;

/** One of the company's lists a picker offers: kept a minute, asked only while needed. */
function useCompanyLookup<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>, isEnabled: boolean) {
  return useQuery({ queryKey, queryFn, enabled: isEnabled, staleTime: LOOKUP_STALE_MS });
}

/** Every queue of the company (admins pick from all of them). */
export function useCompanyQueues(companyId: number, isEnabled = true) {
  return useCompanyLookup(lookupKeys.queues(companyId), lookupsApi.queues, isEnabled);
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
  return useCompanyLookup(lookupKeys.connections(companyId), lookupsApi.connections, isEnabled);
}

export function useUserOptions(companyId: number, isEnabled = true) {
  return useCompanyLookup(lookupKeys.users(companyId), lookupsApi.users, isEnabled);
}

/**
 * A user's open tickets against their capacity (the header's count, the notices of the transfer
 * dialog and of Accept); kept 10 s, the header's live refresh reads it again after ticket events.
 */
export function useUserWorkload(companyId: number, userId: number | null, isEnabled = true) {
  return useQuery({
    queryKey: lookupKeys.workload(companyId, userId ?? 0),
    queryFn: () => lookupsApi.workload(userId as number),
    enabled: isEnabled && userId !== null,
    staleTime: 10_000,
  });
}

/** Whether one more ticket puts the user over their capacity (transfers and Accept may; automatic assignment never). */
export function isOverCapacityWithOneMore(workload: { openTickets: number; capacity: number } | undefined) {
  return workload !== undefined && workload.openTickets + 1 > workload.capacity;
}

export function useTagOptions(companyId: number, isEnabled = true) {
  return useCompanyLookup(lookupKeys.tags(companyId), lookupsApi.tags, isEnabled);
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
