import { authRoutes } from '@wacrm/shared/auth/auth.routes';
import type { LoginBody, ProfileUpdateBody } from '@wacrm/shared/auth/auth.schema';
import type { LoginTwoFactorBody, TwoFactorPolicy } from '@wacrm/shared/auth/two-factor.schema';
import type { Language } from '@wacrm/shared/common/constants';
import { userRoutes } from '@wacrm/shared/users/user.routes';
import { http } from '../../../lib/api.ts';

// The refresh is the http client's own (lib/http.ts): it runs outside `call`, without a token.
export const authApi = {
  // Login answers its own errors (expired subscription, rate limit) on the page, hence silent.
  login: (body: LoginBody) => http.call(authRoutes.login, { body, auth: false, silent: true }),
  loginTwoFactor: (body: LoginTwoFactorBody) =>
    http.call(authRoutes.loginTwoFactor, { body, auth: false, silent: true }),
  twoFactorStatus: () => http.call(authRoutes.twoFactorStatus),
  /** `setupToken`: the sign-in's set-up-only token, when the company required the second step. */
  twoFactorSetup: (setupToken?: string) =>
    http.call(authRoutes.twoFactorSetup, setupToken ? { auth: false, token: setupToken } : {}),
  twoFactorEnable: (code: string, setupToken?: string) =>
    http.call(authRoutes.twoFactorEnable, {
      body: { code },
      silent: true,
      ...(setupToken ? { auth: false, token: setupToken } : {}),
    }),
  twoFactorDisable: (code: string) => http.call(authRoutes.twoFactorDisable, { body: { code }, silent: true }),
  twoFactorPolicy: () => http.call(authRoutes.twoFactorPolicy),
  setTwoFactorPolicy: (body: TwoFactorPolicy) => http.call(authRoutes.setTwoFactorPolicy, { body }),
  sessions: () => http.call(authRoutes.sessions),
  endSession: (id: string) => http.call(authRoutes.endSession, { params: { id } }),
  endOtherSessions: () => http.call(authRoutes.endOtherSessions),
  /** An admin's actions on a user of their company. */
  resetUserTwoFactor: (id: number) => http.call(authRoutes.twoFactorReset, { params: { id } }),
  endUserSessions: (id: number) => http.call(authRoutes.endUserSessions, { params: { id } }),
  logout: () => http.call(authRoutes.logout, { silent: true }),
  me: () => http.call(authRoutes.me, { silent: true }),
  updateProfile: (body: ProfileUpdateBody) => http.call(authRoutes.updateMe, { body, silent: true }),
  setLanguage: (lang: Language) => http.call(userRoutes.setLanguage, { params: { lang } }),
};
