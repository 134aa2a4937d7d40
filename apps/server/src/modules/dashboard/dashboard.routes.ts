import { dashboardQuerySchema, dashboardRangeQuerySchema } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission } from '../../platform/http/guards.ts';
import type { DashboardService } from './dashboard.service.ts';

/** spec: the dashboard is admin only (`dashboard:view`); the company comes from the token. */
export function registerDashboardRoutes(app: FastifyInstance, service: DashboardService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePermission('dashboard:view');

  api.get('/api/dashboard', { preHandler, schema: { querystring: dashboardQuerySchema } }, (request) =>
    service.summary(request.session.companyId, request.query),
  );

  api.get(
    '/api/dashboard/ticketsUsers',
    { preHandler, schema: { querystring: dashboardRangeQuerySchema } },
    (request) => service.ticketsByUser(request.session.companyId, request.query),
  );

  api.get('/api/dashboard/ticketsDay', { preHandler, schema: { querystring: dashboardRangeQuerySchema } }, (request) =>
    service.ticketsByDay(request.session.companyId, request.query),
  );
}
