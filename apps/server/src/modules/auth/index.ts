import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { SessionCache } from '../../platform/http/session-cache.ts';
import type { UsersRepository } from '../users/index.ts';
import { createAuthRealtime } from './auth.realtime.ts';
import { createAuthRepository } from './auth.repository.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { type AuthState, createAuthService } from './auth.service.ts';

export { createAuthRealtime } from './auth.realtime.ts';
export { createAuthRepository } from './auth.repository.ts';
export { assertCompanyAccess, companyBlockReason } from './company-access.ts';

export function createAuthModule(platform: Platform, users: UsersRepository, cache: SessionCache<AuthState>) {
  const service = createAuthService({
    users,
    sessions: createAuthRepository(platform.db),
    tokens: platform.tokens,
    events: createAuthRealtime(platform.realtime),
    limits: platform.config.loginLimits,
    db: platform.db,
    cache,
  });
  return {
    service,
    register: (app: FastifyInstance) =>
      registerAuthRoutes(app, service, { secureCookies: platform.config.isProduction }),
  };
}
