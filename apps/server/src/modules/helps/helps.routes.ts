import { helpFieldsSchema } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSuper } from '../../platform/http/guards.ts';
import type { HelpsService } from './helps.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export function registerHelpsRoutes(app: FastifyInstance, service: HelpsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Every logged-in user reads the videos; the spec's client calls both paths.
  api.get('/api/helps', () => service.list());
  api.get('/api/helps/list', () => service.list());

  api.post('/api/helps', { preValidation: requireSuper, schema: { body: helpFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body)),
  );

  api.put(
    '/api/helps/:id',
    { preValidation: requireSuper, schema: { params: idParams, body: helpFieldsSchema } },
    (request) => service.update(request.params.id, request.body),
  );

  api.delete(
    '/api/helps/:id',
    { preValidation: requireSuper, schema: { params: idParams } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send();
    },
  );
}
