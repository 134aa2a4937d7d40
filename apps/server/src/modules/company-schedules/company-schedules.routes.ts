import { companySchedulesRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { CompanySchedulesService } from './company-schedules.service.ts';

export function registerCompanySchedulesRoutes(app: FastifyInstance, service: CompanySchedulesService) {
  route(app, companySchedulesRoutes.get, (request) => service.get(request.session, request.params.id));

  route(app, companySchedulesRoutes.save, (request) =>
    service.save(request.session, request.params.id, request.body.schedules),
  );
}
