import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { UsersRepository } from '../users/index.ts';
import { createSignupRepository } from './signup.repository.ts';
import { registerSignupRoutes } from './signup.routes.ts';
import { createSignupService } from './signup.service.ts';

/** Public signup: a company on a trial with its first admin (`POST /api/companies/cadastro`). */
export function createSignupModule(platform: Platform, deps: { users: UsersRepository }) {
  const service = createSignupService({
    db: platform.db,
    repository: createSignupRepository({ users: deps.users }),
    limits: platform.config.signupLimits,
    isEnabled: platform.config.signupEnabled,
    log: platform.log,
  });
  return { service, register: (app: FastifyInstance) => registerSignupRoutes(app, service) };
}
