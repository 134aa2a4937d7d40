import type { LoginAnswer, LoginBody, ProfileUpdateBody, SessionUser } from '@wacrm/shared/auth/auth.schema';
import type { Language } from '@wacrm/shared/common/constants';
import { userRoutes } from '@wacrm/shared/users/user.contract';
import { http } from '../../../lib/api.ts';

export const authApi = {
  // Login answers its own errors (expired subscription, rate limit) on the page, hence silent.
  login: (body: LoginBody) => http.post<LoginAnswer>('/api/auth/login', body, { auth: false, silent: true }),
  logout: () => http.delete<null>('/api/auth/logout', { silent: true }),
  me: () => http.get<SessionUser>('/api/auth/me', { silent: true }),
  updateProfile: (body: ProfileUpdateBody) => http.put<SessionUser>('/api/auth/me', body, { silent: true }),
  setLanguage: (lang: Language) => http.call(userRoutes.setLanguage, { params: { lang } }),
};
