import { deadLetterIdParamsSchema } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/http/app-error.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { DeadLettersRepository } from './dead-letters.repository.ts';

/** Admins of a company read its dead letters and dismiss the ones they have dealt with. */
export function registerDeadLettersRoutes(app: FastifyInstance, repository: DeadLettersRepository) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/dead-letters', { preHandler: requireAdmin }, (request) => repository.list(request.session.companyId));
  api.delete(
    '/api/dead-letters/:id',
    { preHandler: requireAdmin, schema: { params: deadLetterIdParamsSchema } },
    async (request, reply) => {
      if (!(await repository.remove(request.session.companyId, request.params.id))) throw notFound();
      return reply.status(204).send();
    },
  );
}
