import { planRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireSuper } from '../../platform/http/guards.ts';
import type { PlansService } from './plans.service.ts';

export function registerPlansRoutes(app: FastifyInstance, service: PlansService) {
  // The signup page lists plans before anyone has logged in.
  route(app, planRoutes.listPublic, () => service.listPublic(), { config: { public: true } });

  // The rest is the super user's catalogue.
  const superOnly = { preHandler: requireSuper };

  route(app, planRoutes.listAll, () => service.listAll(), superOnly);

  route(app, planRoutes.create, (request) => service.create(request.session, request.body), superOnly);

  route(app, planRoutes.find, (request) => service.find(request.params.id), superOnly);

  route(
    app,
    planRoutes.update,
    (request) => service.update(request.session, request.params.id, request.body),
    superOnly,
  );

  route(app, planRoutes.remove, (request) => service.remove(request.session, request.params.id), superOnly);
}
