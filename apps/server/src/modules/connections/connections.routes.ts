import {
  connectionFieldsSchema,
  connectionIdParamsSchema,
  connectionListQuerySchema,
  connectionUpdateSchema,
  hasPermission,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ConnectionsService, SessionControl } from './connections.service.ts';

const canSeeToken = (request: FastifyRequest) =>
  hasPermission(request.session, 'connections-page:editOrDeleteConnection');

export function registerConnectionsRoutes(
  app: FastifyInstance,
  service: ConnectionsService,
  sessions: () => SessionControl,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = connectionIdParamsSchema;

  // The company always comes from the session: the spec's `companyId` query is not trusted,
  // and `session=0` is accepted (no session blob is ever answered).
  api.get('/api/whatsapp', { schema: { querystring: connectionListQuerySchema } }, (request) =>
    service.list(request.session.companyId),
  );

  // Which providers a new connection may use; the dialog offers the sandbox only when it is on.
  api.get('/api/whatsapp/providers', () => service.providers());

  api.get('/api/whatsapp/:id', { schema: { params, querystring: connectionListQuerySchema } }, (request) =>
    service.find(request.session.companyId, request.params.id, canSeeToken(request)),
  );

  api.post(
    '/api/whatsapp',
    { preHandler: requirePermission('connections-page:addConnection'), schema: { body: connectionFieldsSchema } },
    async (request, reply) => reply.status(201).send(await service.create(request.session.companyId, request.body)),
  );

  api.put(
    '/api/whatsapp/:id',
    {
      preHandler: requirePermission('connections-page:editOrDeleteConnection'),
      schema: { params, body: connectionUpdateSchema },
    },
    (request) => service.update(request.session.companyId, request.params.id, request.body),
  );

  api.delete(
    '/api/whatsapp/:id',
    { preHandler: requirePermission('connections-page:editOrDeleteConnection'), schema: { params } },
    async (request) => {
      await service.remove(request.session.companyId, request.params.id);
      return { message: 'Whatsapp deleted.' };
    },
  );

  // spec: start, restart with a new QR, disconnect.
  const sessionGuard = { preHandler: requirePermission('connections-page:actionButtons'), schema: { params } };
  api.post('/api/whatsappsession/:id', sessionGuard, async (request) => {
    await sessions().start(await service.findRef(request.session.companyId, request.params.id));
    return { message: 'Starting session.' };
  });
  api.put('/api/whatsappsession/:id', sessionGuard, async (request) => {
    await sessions().newQr(await service.findRef(request.session.companyId, request.params.id));
    return { message: 'Starting session.' };
  });
  api.delete('/api/whatsappsession/:id', sessionGuard, async (request) => {
    await sessions().disconnect(await service.findRef(request.session.companyId, request.params.id));
    return { message: 'Session disconnected.' };
  });
}
