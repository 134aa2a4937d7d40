import { queueRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { QueueOptionsService } from './queue-options.service.ts';
import type { QueuesService } from './queues.service.ts';

/** Every logged-in user of the company reads queues (pickers, filters); only admins change them. */
export function registerQueuesRoutes(app: FastifyInstance, queues: QueuesService, options: QueueOptionsService) {
  const adminOnly = { preHandler: requireAdmin };

  // spec: optional companyId; only the super user may name another company.
  route(app, queueRoutes.list, (request) => {
    const { session } = request;
    return queues.list(session.isSuper && request.query.companyId ? request.query.companyId : session.companyId);
  });

  route(app, queueRoutes.find, (request) => queues.find(request.session.companyId, request.params.id));

  route(
    app,
    queueRoutes.create,
    (request) => queues.create(request.session, request.session.companyId, request.body),
    adminOnly,
  );

  route(
    app,
    queueRoutes.update,
    (request) => queues.update(request.session, request.session.companyId, request.params.id, request.body),
    adminOnly,
  );

  route(
    app,
    queueRoutes.remove,
    (request) => queues.remove(request.session, request.session.companyId, request.params.id),
    adminOnly,
  );

  route(app, queueRoutes.options, (request) =>
    options.list(request.session.companyId, request.query.queueId, request.query.parentId),
  );

  route(
    app,
    queueRoutes.createOption,
    (request) => options.create(request.session, request.session.companyId, request.body),
    adminOnly,
  );

  route(
    app,
    queueRoutes.updateOption,
    (request) => options.update(request.session, request.session.companyId, request.params.id, request.body),
    adminOnly,
  );

  route(
    app,
    queueRoutes.removeOption,
    (request) => options.remove(request.session, request.session.companyId, request.params.id),
    adminOnly,
  );
}
