import { connectionRoutes, hasPermission } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ConnectionsService, SessionControl } from './connections.service.ts';

const canSeeToken = (request: FastifyRequest) =>
  hasPermission(request.session, 'connections-page:editOrDeleteConnection');

export function registerConnectionsRoutes(
  app: FastifyInstance,
  service: ConnectionsService,
  sessions: () => SessionControl,
) {
  const canEdit = { preHandler: requirePermission('connections-page:editOrDeleteConnection') };

  // The company always comes from the session: the spec's `companyId` query is not trusted,
  // and `session=0` is accepted (no session blob is ever answered).
  route(app, connectionRoutes.list, (request) => service.list(request.session.companyId));

  // Which providers a new connection may use; the dialog offers the sandbox only when it is on.
  route(app, connectionRoutes.providers, () => service.providers());

  route(app, connectionRoutes.find, (request) =>
    service.find(request.session.companyId, request.params.id, canSeeToken(request)),
  );

  route(
    app,
    connectionRoutes.create,
    (request) => service.create(request.session, request.session.companyId, request.body),
    {
      preHandler: requirePermission('connections-page:addConnection'),
    },
  );

  route(
    app,
    connectionRoutes.update,
    (request) => service.update(request.session, request.session.companyId, request.params.id, request.body),
    canEdit,
  );

  route(
    app,
    connectionRoutes.remove,
    async (request) => {
      await service.remove(request.session, request.session.companyId, request.params.id);
      return { message: 'Whatsapp deleted.' };
    },
    canEdit,
  );

  // spec: start, restart with a new QR, disconnect.
  const sessionGuard = { preHandler: requirePermission('connections-page:actionButtons') };
  route(
    app,
    connectionRoutes.startSession,
    async (request) => {
      await sessions().start(await service.findRef(request.session.companyId, request.params.id));
      return { message: 'Starting session.' };
    },
    sessionGuard,
  );
  route(
    app,
    connectionRoutes.renewQr,
    async (request) => {
      await service.renewQr(request.session, request.session.companyId, request.params.id);
      return { message: 'Starting session.' };
    },
    sessionGuard,
  );
  route(
    app,
    connectionRoutes.disconnectSession,
    async (request) => {
      await sessions().disconnect(await service.findRef(request.session.companyId, request.params.id));
      return { message: 'Session disconnected.' };
    },
    sessionGuard,
  );
}
