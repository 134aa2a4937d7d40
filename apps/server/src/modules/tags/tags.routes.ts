import { tagFieldsSchema, tagIdParamsSchema, tagListQuerySchema, tagSyncSchema } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TagsService } from './tags.service.ts';

/** Every logged-in user of the company reads and manages tags; the kanban flag is the service's rule. */
export function registerTagsRoutes(
  app: FastifyInstance,
  service: TagsService,
  guards: { requireKanban: (request: FastifyRequest) => Promise<void> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // spec: `GET /tags/` is the paged list; the bare path answers the same.
  for (const url of ['/api/tags/', '/api/tags']) {
    api.get(url, { schema: { querystring: tagListQuerySchema } }, (request) =>
      service.page(request.session.companyId, request.query),
    );
  }

  api.get('/api/tags/list', (request) => service.list(request.session.companyId));

  // The board's lanes belong to the kanban feature: plans without it answer 403.
  api.get('/api/tags/kanban', { preHandler: guards.requireKanban }, async (request) => ({
    lista: await service.kanban(request.session.companyId),
  }));

  api.get('/api/tags/:id', { schema: { params: tagIdParamsSchema } }, (request) =>
    service.find(request.session.companyId, request.params.id),
  );

  api.post('/api/tags', { schema: { body: tagFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.session, request.body)),
  );

  api.post('/api/tags/sync', { schema: { body: tagSyncSchema } }, (request) =>
    service.sync(request.session, request.body),
  );

  api.put('/api/tags/:id', { schema: { params: tagIdParamsSchema, body: tagFieldsSchema } }, (request) =>
    service.update(request.session, request.params.id, request.body),
  );

  api.delete('/api/tags/:id', { schema: { params: tagIdParamsSchema } }, async (request, reply) => {
    await service.remove(request.session.companyId, request.params.id);
    return reply.status(204).send();
  });
}
