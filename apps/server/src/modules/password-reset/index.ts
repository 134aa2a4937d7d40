import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { createAuthRealtime } from '../auth/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { createPasswordResetRepository } from './password-reset.repository.ts';
import { registerPasswordResetRoutes } from './password-reset.routes.ts';
import { createPasswordResetService } from './password-reset.service.ts';

/** Password reset by a mailed code: `POST /api/forgetpassword/:email`, `POST /api/resetpasswords/...`. */
export function createPasswordResetModule(platform: Platform, deps: { users: UsersRepository }) {
  const authEvents = createAuthRealtime(platform.realtime);
  const service = createPasswordResetService({
    repository: createPasswordResetRepository(platform.db, { users: deps.users }),
    mailer: platform.mailer,
    secret: platform.config.jwtSecret,
    limits: platform.config.passwordResetLimits,
    db: platform.db,
    log: platform.log,
    // The same notice and socket cleanup as a login elsewhere: the other sessions are over.
    onPasswordChanged: (companyId, userId, tokenVersion) => {
      platform.sessions.forgetUser(userId);
      authEvents.loggedInElsewhere(companyId, userId, tokenVersion);
    },
  });
  return { service, register: (app: FastifyInstance) => registerPasswordResetRoutes(app, service) };
}
