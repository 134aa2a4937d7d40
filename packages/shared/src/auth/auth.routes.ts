// The method and path of each route in auth.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './auth.contract.ts';

export const authRoutes = routeRefs<typeof contracts.authRoutes>({
  login: { method: 'POST', path: '/api/auth/login' },
  loginTwoFactor: { method: 'POST', path: '/api/auth/login/2fa' },
  twoFactorStatus: { method: 'GET', path: '/api/auth/2fa' },
  twoFactorSetup: { method: 'POST', path: '/api/auth/2fa/setup' },
  twoFactorEnable: { method: 'POST', path: '/api/auth/2fa/enable' },
  twoFactorDisable: { method: 'POST', path: '/api/auth/2fa/disable' },
  twoFactorReset: { method: 'DELETE', path: '/api/users/:id/2fa' },
  twoFactorPolicy: { method: 'GET', path: '/api/auth/2fa/policy' },
  setTwoFactorPolicy: { method: 'PUT', path: '/api/auth/2fa/policy' },
  sessions: { method: 'GET', path: '/api/auth/sessions' },
  endSession: { method: 'DELETE', path: '/api/auth/sessions/:id' },
  endOtherSessions: { method: 'DELETE', path: '/api/auth/sessions' },
  endUserSessions: { method: 'DELETE', path: '/api/users/:id/sessions' },
  refresh: { method: 'POST', path: '/api/auth/refresh_token' },
  logout: { method: 'DELETE', path: '/api/auth/logout' },
  me: { method: 'GET', path: '/api/auth/me' },
  updateMe: { method: 'PUT', path: '/api/auth/me' },
});
