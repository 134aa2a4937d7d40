import { useQuery } from '@tanstack/react-query';
import { companyRoutes } from '@wacrm/shared/companies/company.routes';
import { http } from '../../../lib/api.ts';

export const plansKeys = {
  companyPlan: (companyId: number) => ['plans', 'company', companyId] as const,
};

/** The plan of a company with its seven feature flags. */
export function useCompanyPlan(companyId: number) {
  return useQuery({
    queryKey: plansKeys.companyPlan(companyId),
    queryFn: () => http.call(companyRoutes.plan, { params: { companyId } }),
    staleTime: 5 * 60_000,
  });
}
