import { deadLetterRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { DeadLettersRepository } from './dead-letters.repository.ts';

/** Admins of a company read its dead letters and dismiss the ones they have dealt with. */
export function registerDeadLettersRoutes(app: FastifyInstance, repository: DeadLettersRepository) {
  route(app, deadLetterRoutes.list, (request) => repository.list(request.session.companyId), {
    preHandler: requireAdmin,
  });
  route(
    app,
    deadLetterRoutes.remove,
    async (request) => {
      if (!(await repository.remove(request.session.companyId, request.params.id))) throw notFound();
    },
    { preHandler: requireAdmin },
  );
}
