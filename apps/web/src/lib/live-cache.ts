import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Merges a realtime change into a cached query. A fetch still in flight may have read the
 * database before the change and would overwrite the merge when it lands, so that fetch is
 * replaced by a new one, which reads after the change (the server emits after it commits).
 */
export function mergeLiveChange<T>(queryClient: QueryClient, queryKey: QueryKey, merge: (data: T) => T): void {
  queryClient.setQueryData<T>(queryKey, (data) => (data === undefined ? data : merge(data)));
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}
