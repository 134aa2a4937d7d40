import { planRoutes } from '@wacrm/shared/plans/plan.routes';
import { signupRoutes } from '@wacrm/shared/signup/signup.routes';
import type { SignupInput } from '@wacrm/shared/signup/signup.schema';
import { http } from '../../../lib/api.ts';

export const signupApi = {
  // Public calls: no token. The page shows its own messages, hence silent.
  listPlans: () => http.call(planRoutes.listPublic, { auth: false, silent: true }),
  signup: (body: SignupInput, referrerCompanyId: number | null) =>
    http.call(signupRoutes.signup, {
      body,
      auth: false,
      silent: true,
      query: referrerCompanyId ? { companyId: referrerCompanyId } : undefined,
    }),
};
