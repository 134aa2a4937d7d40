// The method and path of each route in signup.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './signup.contract.ts';

export const signupRoutes = routeRefs<typeof contracts.signupRoutes>({
  signup: { method: 'POST', path: '/api/companies/cadastro' },
});
