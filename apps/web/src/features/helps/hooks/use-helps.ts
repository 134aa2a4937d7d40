import { useQuery } from '@tanstack/react-query';
import { helpsApi, helpsKeys } from '../api/helps-api.ts';

export function useHelps() {
  return useQuery({ queryKey: helpsKeys.list(), queryFn: helpsApi.list, staleTime: 60_000 });
}
