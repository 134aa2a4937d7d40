import type { PublicPlan } from '@wacrm/shared/plans/plan.schema';
import type { SignupAnswer, SignupInput } from '@wacrm/shared/signup/signup.schema';
import { http } from '../../../lib/api.ts';

export const signupApi = {
  // Public calls: no token. The page shows its own messages, hence silent.
  listPlans: () => http.get<PublicPlan[]>('/api/plans/list', { auth: false, silent: true }),
  signup: (body: SignupInput, referrerCompanyId: number | null) =>
    http.post<SignupAnswer>('/api/companies/cadastro', body, {
      auth: false,
      silent: true,
      query: referrerCompanyId ? { companyId: referrerCompanyId } : undefined,
    }),
};
