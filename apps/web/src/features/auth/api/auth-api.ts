import { authRoutes } from '@wacrm/shared/auth/auth.routes';
import type { LoginBody, ProfileUpdateBody } from '@wacrm/shared/auth/auth.schema';
import type { Language } from '@wacrm/shared/common/constants';
import { userRoutes } from '@wacrm/shared/users/user.routes';
import { http } from '../../../lib/api.ts';

// The refresh is the http client's own (lib/http.ts): it runs outside `call`, without a token.
export const authApi = {
  // Login answers its own errors (expired subscription, rate limit) on the page, hence silent.
  login: (body: LoginBody) => http.call(authRoutes.login, { body, auth: false, silent: true }),
  logout: () => http.call(authRoutes.logout, { silent: true }),
  me: () => http.call(authRoutes.me, { silent: true }),
  updateProfile: (body: ProfileUpdateBody) => http.call(authRoutes.updateMe, { body, silent: true }),
  setLanguage: (lang: Language) => http.call(userRoutes.setLanguage, { params: { lang } }),
};
