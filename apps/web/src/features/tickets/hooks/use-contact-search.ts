import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { ticketsApi, ticketsKeys } from '../api/tickets-api.ts';

/** spec: contact search starts at 3 characters (debounced). */
export function useContactSearch(companyId: number, text: string, isEnabled: boolean) {
  const search = useDebouncedValue(text.trim(), 500);
  const query = useQuery({
    queryKey: ticketsKeys.contacts(companyId, search),
    queryFn: () => ticketsApi.contacts(search),
    enabled: isEnabled && search.length >= 3,
    staleTime: 30_000,
  });
  return { ...query, isWaiting: text.trim() !== search || query.isFetching, search };
}
