import { dashboardRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { DashboardService } from './dashboard.service.ts';

/** spec: the dashboard is admin only (`dashboard:view`); the company comes from the token. */
export function registerDashboardRoutes(app: FastifyInstance, service: DashboardService) {
  const preHandler = requirePermission('dashboard:view');

  route(app, dashboardRoutes.summary, (request) => service.summary(request.session.companyId, request.query), {
    preHandler,
  });

  route(
    app,
    dashboardRoutes.ticketsByUser,
    (request) => service.ticketsByUser(request.session.companyId, request.query),
    { preHandler },
  );

  route(
    app,
    dashboardRoutes.ticketsByDay,
    (request) => service.ticketsByDay(request.session.companyId, request.query),
    {
      preHandler,
    },
  );
}
