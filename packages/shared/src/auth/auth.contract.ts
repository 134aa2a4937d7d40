import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import { authRouteRefs } from './auth.routes.ts';
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
  login: defineRoute({ ...authRouteRefs.login, body: loginBodySchema, response: loginAnswerSchema }),
  /** Rotates the refresh cookie; a refused one is cleared and answers 401. */
  refresh: defineRoute({ ...authRouteRefs.refresh, response: refreshAnswerSchema }),
  /** Public, so that a page whose access token has expired can still end its session. */
  logout: defineRoute({ ...authRouteRefs.logout, response: noContentSchema, status: 204 }),
  me: defineRoute({ ...authRouteRefs.me, response: sessionUserSchema }),
  /** The caller's own name and password. */
  updateMe: defineRoute({
    ...authRouteRefs.updateMe,
    body: profileUpdateBodySchema,
    response: sessionUserSchema,
  }),
};
