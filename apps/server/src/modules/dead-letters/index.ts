import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { createDeadLettersRepository } from './dead-letters.repository.ts';

export type { DeadLettersRepository } from './dead-letters.repository.ts';

import { registerDeadLettersRoutes } from './dead-letters.routes.ts';

/** Inbound messages kept after they could not be stored (issue 23); see docs/baileys.md. */
export function createDeadLettersModule(platform: Platform) {
  const repository = createDeadLettersRepository(platform.db);
  return { repository, register: (app: FastifyInstance) => registerDeadLettersRoutes(app, repository) };
}

export type DeadLettersModule = ReturnType<typeof createDeadLettersModule>;
