import { settingRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin, requireSuper } from '../../platform/http/guards.ts';
import type { SettingsService } from './settings.service.ts';

export function registerSettingsRoutes(app: FastifyInstance, service: SettingsService) {
  route(app, settingRoutes.list, (request) => service.list(request.session.companyId), { preHandler: requireAdmin });

  // Every user of the company: the fields where a time is typed for the company read it on this clock.
  route(app, settingRoutes.timeZone, (request) => service.timeZone(request.session.companyId));

  route(
    app,
    settingRoutes.update,
    (request) => service.update(request.session, request.session.companyId, request.params.key, request.body.value),
    { preHandler: requireAdmin },
  );

  // The super user's companies admin: any company's settings, named by id (docs/architecture.md, "Tenancy").
  route(app, settingRoutes.listOfCompany, (request) => service.listOfCompany(request.params.id), {
    preHandler: requireSuper,
  });

  route(
    app,
    settingRoutes.updateOfCompany,
    (request) => service.updateOfCompany(request.session, request.params.id, request.params.key, request.body.value),
    { preHandler: requireSuper },
  );
}
