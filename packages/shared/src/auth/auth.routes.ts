/**
 * The session routes' methods and paths, without their schemas: what the login page and the http
 * client load (`routeRef`), so zod stays out of the first download. auth.contract.ts adds the schemas.
 */
export const authRouteRefs = {
  login: { method: 'POST', path: '/api/auth/login' },
  refresh: { method: 'POST', path: '/api/auth/refresh_token' },
  logout: { method: 'DELETE', path: '/api/auth/logout' },
  me: { method: 'GET', path: '/api/auth/me' },
  updateMe: { method: 'PUT', path: '/api/auth/me' },
} as const;
