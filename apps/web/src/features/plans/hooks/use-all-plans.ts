import { useQuery } from '@tanstack/react-query';
import { planAdminKeys, plansApi } from '../api/plans-api.ts';

/** Every plan with its flags (super user only). */
export function useAllPlans(enabled = true) {
  return useQuery({ queryKey: planAdminKeys.all(), queryFn: plansApi.listAll, enabled, staleTime: 30_000 });
}
