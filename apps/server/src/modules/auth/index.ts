import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import type { SessionCache } from '../../platform/http/session-cache.ts';
import type { AuditLog } from '../audit/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { createAuthRealtime } from './auth.realtime.ts';
import { createAuthRepository } from './auth.repository.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { type AuthState, createAuthService } from './auth.service.ts';
import { createTwoFactorRepository } from './two-factor.repository.ts';
import { createTwoFactorService } from './two-factor.service.ts';

export { createAuthRealtime } from './auth.realtime.ts';
export { createAuthRepository } from './auth.repository.ts';
export { assertCompanyAccess, companyBlockReason } from './company-access.ts';

export function createAuthModule(
  platform: Platform,
  users: UsersRepository,
  cache: SessionCache<AuthState>,
  settings: Pick<SettingsReader, 'read'>,
  audit: AuditLog,
) {
  const twoFactor = createTwoFactorService({
    repository: createTwoFactorRepository(platform.db),
    settings,
    emailOf: async (companyId, userId) => (await users.loadSessionUser(companyId, userId))?.email ?? null,
    // Its own key, derived from the refresh-token secret (docs/decisions/account-security.md).
    secrets: createSecretBox(platform.config.jwtRefreshSecret, 'totp'),
  });
  const service = createAuthService({
    users,
    sessions: createAuthRepository(platform.db),
    tokens: platform.tokens,
    events: createAuthRealtime(platform.realtime),
    limits: platform.config.loginLimits,
    db: platform.db,
    cache,
    twoFactor,
    settings,
    audit,
  });
  return {
    service,
    register: (app: FastifyInstance) =>
      registerAuthRoutes(app, service, twoFactor, { secureCookies: platform.config.isProduction }),
  };
}
