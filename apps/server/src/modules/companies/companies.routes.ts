import { companyRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireSuper } from '../../platform/http/guards.ts';
import type { CompaniesService } from './companies.service.ts';

export function registerCompaniesRoutes(app: FastifyInstance, service: CompaniesService) {
  const superOnly = { preHandler: requireSuper };

  /** The plan's flags drive the side menu. Users read their own company's; the super user any. */
  route(app, companyRoutes.plan, (request) => service.planOf(request.session, request.params.companyId));

  /** Limits and usage of the caller's own company, so screens can warn before a form is filled. */
  route(app, companyRoutes.usage, (request) => service.usage(request.session.companyId));

  route(
    app,
    companyRoutes.page,
    (request) => service.page(request.query.searchParam, request.query.pageNumber),
    superOnly,
  );

  route(app, companyRoutes.list, () => service.listAll(), superOnly);

  route(app, companyRoutes.create, (request) => service.create(request.body), superOnly);

  // A company's own users may read it (the schedules tab does); other ids answer 404.
  route(app, companyRoutes.find, (request) => service.findVisible(request.session, request.params.id));

  route(
    app,
    companyRoutes.update,
    (request) => service.update(request.session, request.params.id, request.body),
    superOnly,
  );

  route(app, companyRoutes.renew, (request) => service.renew(request.session, request.params.id), superOnly);

  route(app, companyRoutes.remove, (request) => service.remove(request.params.id), superOnly);
}
