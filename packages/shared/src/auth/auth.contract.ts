import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import { userIdParamsSchema } from '../users/user.schema.ts';
import {
  loginAnswerSchema,
  loginBodySchema,
  profileUpdateBodySchema,
  refreshAnswerSchema,
  sessionUserSchema,
} from './auth.schema.ts';
import {
  authSessionSchema,
  loginResultSchema,
  loginTwoFactorBodySchema,
  sessionIdParamsSchema,
  twoFactorCodeBodySchema,
  twoFactorEnableAnswerSchema,
  twoFactorPolicySchema,
  twoFactorSetupAnswerSchema,
  twoFactorStatusSchema,
} from './two-factor.schema.ts';

/**
 * The session routes (spec: Auth). Login and refresh set the refresh token as an httpOnly cookie
 * scoped to `/api/auth`, which refresh and logout read; the JSON never carries it.
 */
export const authRoutes = {
  /** A session, or the second step it needs (docs/decisions/account-security.md). */
  login: defineRoute({ method: 'POST', path: '/api/auth/login', body: loginBodySchema, response: loginResultSchema }),
  /** Completes a sign-in that answered `twoFactorRequired` with a code or a recovery code. */
  loginTwoFactor: defineRoute({
    method: 'POST',
    path: '/api/auth/login/2fa',
    body: loginTwoFactorBodySchema,
    response: loginAnswerSchema,
  }),
  twoFactorStatus: defineRoute({ method: 'GET', path: '/api/auth/2fa', response: twoFactorStatusSchema }),
  /** A new secret waiting for its first code; a set-up-only token may call it. */
  twoFactorSetup: defineRoute({ method: 'POST', path: '/api/auth/2fa/setup', response: twoFactorSetupAnswerSchema }),
  /** Confirms the pending secret with a code; a set-up-only token may call it and gets the session. */
  twoFactorEnable: defineRoute({
    method: 'POST',
    path: '/api/auth/2fa/enable',
    body: twoFactorCodeBodySchema,
    response: twoFactorEnableAnswerSchema,
  }),
  twoFactorDisable: defineRoute({
    method: 'POST',
    path: '/api/auth/2fa/disable',
    body: twoFactorCodeBodySchema,
    response: noContentSchema,
    status: 204,
  }),
  /** An admin resets a user's second step (the super user any company's). */
  twoFactorReset: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/2fa',
    params: userIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
  /** The super user's platform-wide rule. */
  twoFactorPolicy: defineRoute({ method: 'GET', path: '/api/auth/2fa/policy', response: twoFactorPolicySchema }),
  setTwoFactorPolicy: defineRoute({
    method: 'PUT',
    path: '/api/auth/2fa/policy',
    body: twoFactorPolicySchema,
    response: twoFactorPolicySchema,
  }),
  /** The caller's signed-in browsers. */
  sessions: defineRoute({ method: 'GET', path: '/api/auth/sessions', response: z.array(authSessionSchema) }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    params: sessionIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
  /** Every session of the caller but the one asking. */
  endOtherSessions: defineRoute({
    method: 'DELETE',
    path: '/api/auth/sessions',
    response: noContentSchema,
    status: 204,
  }),
  /** An admin signs out every browser of a user of their company. */
  endUserSessions: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/sessions',
    params: userIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
  /** Rotates the refresh cookie; a refused one is cleared and answers 401. */
  refresh: defineRoute({ method: 'POST', path: '/api/auth/refresh_token', response: refreshAnswerSchema }),
  /** Public, so that a page whose access token has expired can still end its session. */
  logout: defineRoute({ method: 'DELETE', path: '/api/auth/logout', response: noContentSchema, status: 204 }),
  me: defineRoute({ method: 'GET', path: '/api/auth/me', response: sessionUserSchema }),
  /** The caller's own name and password. */
  updateMe: defineRoute({
    method: 'PUT',
    path: '/api/auth/me',
    body: profileUpdateBodySchema,
    response: sessionUserSchema,
  }),
};
