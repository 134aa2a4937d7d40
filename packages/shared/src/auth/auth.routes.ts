// The method and path of each route in auth.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './auth.contract.ts';

export const authRoutes = routeRefs<typeof contracts.authRoutes>({
  login: { method: 'POST', path: '/api/auth/login' },
  refresh: { method: 'POST', path: '/api/auth/refresh_token' },
  logout: { method: 'DELETE', path: '/api/auth/logout' },
  me: { method: 'GET', path: '/api/auth/me' },
  updateMe: { method: 'PUT', path: '/api/auth/me' },
});
