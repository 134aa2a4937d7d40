import { planFieldsSchema } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSuper } from '../../platform/http/guards.ts';
import type { PlansService } from './plans.service.ts';

const planIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function registerPlansRoutes(app: FastifyInstance, service: PlansService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The signup page lists plans before anyone has logged in.
  api.get('/api/plans/list', { config: { public: true } }, () => service.listPublic());

  // The rest is the super user's catalogue.
  api.get('/api/plans/all', { preHandler: requireSuper }, () => service.listAll());

  api.post('/api/plans', { preHandler: requireSuper, schema: { body: planFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body)),
  );

  api.get('/api/plans/:id', { preHandler: requireSuper, schema: { params: planIdParams } }, (request) =>
    service.find(request.params.id),
  );

  api.put(
    '/api/plans/:id',
    { preHandler: requireSuper, schema: { params: planIdParams, body: planFieldsSchema } },
    (request) => service.update(request.params.id, request.body),
  );

  api.delete(
    '/api/plans/:id',
    { preHandler: requireSuper, schema: { params: planIdParams } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send();
    },
  );
}
