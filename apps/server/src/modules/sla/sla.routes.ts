import { slaRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { SlaService } from './sla.service.ts';

/** Admins manage the policies and their own weekly summary; the bell's breaches follow who is told. */
export function registerSlaRoutes(app: FastifyInstance, service: SlaService) {
  const adminOnly = { preHandler: requireAdmin };

  route(app, slaRoutes.list, (request) => service.list(request.session.companyId), adminOnly);

  route(app, slaRoutes.find, (request) => service.find(request.session.companyId, request.params.id), adminOnly);

  route(app, slaRoutes.create, (request) => service.create(request.session.companyId, request.body), adminOnly);

  route(
    app,
    slaRoutes.update,
    (request) => service.update(request.session.companyId, request.params.id, request.body),
    adminOnly,
  );

  route(app, slaRoutes.remove, (request) => service.remove(request.session.companyId, request.params.id), adminOnly);

  // Breaches are told to the queue's supervisors (admins when it has none): the bell shows the same.
  route(app, slaRoutes.breaches, async (request) => {
    const { session } = request;
    if (session.profile === 'admin') return service.breaches(session.companyId, null);
    if (session.profile !== 'supervisor') return [];
    return service.breaches(session.companyId, session.viewer?.queueIds ?? []);
  });

  route(
    app,
    slaRoutes.weeklySummary,
    async (request) => ({
      subscribed: await service.repository.isSubscribed(request.session.companyId, request.session.userId),
    }),
    adminOnly,
  );

  route(
    app,
    slaRoutes.setWeeklySummary,
    async (request) => {
      const { companyId, userId } = request.session;
      await service.repository.setSubscribed(companyId, userId, request.body.subscribed);
      return { subscribed: request.body.subscribed };
    },
    adminOnly,
  );
}
