import { reportCsvRoutes, reportKinds, reportRoutes, reportToCsv } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { ReportsService } from './reports.service.ts';

/** Every profile may ask; the service narrows an attendant to their own figures. */
export function registerReportsRoutes(app: FastifyInstance, service: ReportsService) {
  for (const kind of reportKinds) {
    route(app, reportRoutes[kind], (request) => service.report(request.session, kind, request.query));
    route(app, reportCsvRoutes[kind], async (request, reply) => {
      const answer = await service.report(request.session, kind, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${kind}.csv"`)
        .send(reportToCsv(answer, request.query.lang ?? 'en'));
    });
  }
}
