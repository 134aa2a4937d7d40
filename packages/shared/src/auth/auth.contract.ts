import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  loginAnswerSchema,
  loginBodySchema,
  profileUpdateBodySchema,
  refreshAnswerSchema,
  sessionUserSchema,
} from './auth.schema.ts';

/**
 * The session routes (spec: Auth). Login and refresh set the refresh token as an httpOnly cookie
 * scoped to `/api/auth`, which refresh and logout read; the JSON never carries it.
 */
export const authRoutes = {
  login: defineRoute({ method: 'POST', path: '/api/auth/login', body: loginBodySchema, response: loginAnswerSchema }),
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
