import type { authRoutes } from '@wacrm/shared/auth/auth.contract';
import { authRouteRefs } from '@wacrm/shared/auth/auth.routes';
import type { LoginBody, ProfileUpdateBody } from '@wacrm/shared/auth/auth.schema';
import type { Language } from '@wacrm/shared/common/constants';
import { routeRef } from '@wacrm/shared/common/route-path';
import { http } from '../../../lib/api.ts';

// The login page loads this: the routes come as method and path only (`routeRef`), typed by their
// contracts, so the contracts' zod schemas stay out of the first download.
const routes = {
  login: routeRef<typeof authRoutes.login>(authRouteRefs.login),
  logout: routeRef<typeof authRoutes.logout>(authRouteRefs.logout),
  me: routeRef<typeof authRoutes.me>(authRouteRefs.me),
  updateMe: routeRef<typeof authRoutes.updateMe>(authRouteRefs.updateMe),
};

// The refresh is the http client's own (lib/http.ts): it runs outside `call`, without a token.
export const authApi = {
  // Login answers its own errors (expired subscription, rate limit) on the page, hence silent.
  login: (body: LoginBody) => http.call(routes.login, { body, auth: false, silent: true }),
  logout: () => http.call(routes.logout, { silent: true }),
  me: () => http.call(routes.me, { silent: true }),
  updateProfile: (body: ProfileUpdateBody) => http.call(routes.updateMe, { body, silent: true }),
  // Chosen after login: the users contract loads then.
  async setLanguage(lang: Language) {
    const { userRoutes } = await import('@wacrm/shared/users/user.contract');
    return http.call(userRoutes.setLanguage, { params: { lang } });
  },
};
