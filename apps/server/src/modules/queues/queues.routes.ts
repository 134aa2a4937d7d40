import {
  queueFieldsSchema,
  queueIdParamsSchema,
  queueOptionCreateSchema,
  queueOptionIdParamsSchema,
  queueOptionListQuerySchema,
  queueOptionUpdateSchema,
} from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { QueueOptionsService } from './queue-options.service.ts';
import type { QueuesService } from './queues.service.ts';

const listQuery = z.object({ companyId: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/** Every logged-in user of the company reads queues (pickers, filters); only admins change them. */
export function registerQueuesRoutes(app: FastifyInstance, queues: QueuesService, options: QueueOptionsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // spec: optional companyId; only the super user may name another company.
  api.get('/api/queue', { schema: { querystring: listQuery } }, (request) => {
    const { session } = request;
    return queues.list(session.isSuper && request.query.companyId ? request.query.companyId : session.companyId);
  });

  api.get('/api/queue/:id', { schema: { params: queueIdParamsSchema } }, (request) =>
    queues.find(request.session.companyId, request.params.id),
  );

  api.post('/api/queue', { preHandler: requireAdmin, schema: { body: queueFieldsSchema } }, (request) =>
    queues.create(request.session.companyId, request.body),
  );

  api.put(
    '/api/queue/:id',
    { preHandler: requireAdmin, schema: { params: queueIdParamsSchema, body: queueFieldsSchema } },
    (request) => queues.update(request.session.companyId, request.params.id, request.body),
  );

  api.delete('/api/queue/:id', { preHandler: requireAdmin, schema: { params: queueIdParamsSchema } }, (request) =>
    queues.remove(request.session.companyId, request.params.id),
  );

  api.get('/api/queue-options', { schema: { querystring: queueOptionListQuerySchema } }, (request) =>
    options.list(request.session.companyId, request.query.queueId, request.query.parentId),
  );

  api.post('/api/queue-options', { preHandler: requireAdmin, schema: { body: queueOptionCreateSchema } }, (request) =>
    options.create(request.session.companyId, request.body),
  );

  api.put(
    '/api/queue-options/:id',
    { preHandler: requireAdmin, schema: { params: queueOptionIdParamsSchema, body: queueOptionUpdateSchema } },
    (request) => options.update(request.session.companyId, request.params.id, request.body),
  );

  api.delete(
    '/api/queue-options/:id',
    { preHandler: requireAdmin, schema: { params: queueOptionIdParamsSchema } },
    (request) => options.remove(request.session.companyId, request.params.id),
  );
}
