import { useQuery } from '@tanstack/react-query';
import { companyRoutes } from '@wacrm/shared/companies/company.routes';
import { http } from '../../../lib/api.ts';
import { usersApi, usersKeys } from '../api/users-api.ts';

/**
 * How many users the plan allows and the company has, so the screen says so before the form
 * opens. Reads the companies usage route; without it, the plan and the user list.
 */
export function useUserAllowance(companyId: number) {
  return useQuery({
    queryKey: usersKeys.allowance(companyId),
    queryFn: async () => {
      try {
        const usage = await http.call(companyRoutes.usage, { silent: true });
        if (usage?.users) return usage.users;
      } catch {
        // Fall through to the plan and the list.
      }
      const [plan, users] = await Promise.all([
        http.call(companyRoutes.plan, { params: { companyId }, silent: true }),
        usersApi.options(),
      ]);
      return { limit: plan.users, used: users.length };
    },
    staleTime: 0,
  });
}
