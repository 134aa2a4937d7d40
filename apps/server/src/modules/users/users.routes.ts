import { userRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { UsersRepository } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

export function registerUsersRoutes(app: FastifyInstance, repository: UsersRepository, service: UsersService) {
  const adminOnly = { preHandler: requireAdmin };

  route(
    app,
    userRoutes.setLanguage,
    (request) => repository.setLanguage(request.session.companyId, request.session.userId, request.params.lang),
    { config: { billing: true } },
  );

  // Every user pauses or resumes only themselves: the route names no user.
  route(app, userRoutes.pause, (request) => service.setPause(request.session, request.body));

  // The users screen is an admin screen; pickers (transfer, filters) use /users/list.
  route(
    app,
    userRoutes.page,
    (request) => service.list(request.session, request.query.searchParam, request.query.pageNumber),
    adminOnly,
  );

  route(app, userRoutes.options, (request) => service.listOptions(request.session));

  route(app, userRoutes.find, (request) => service.show(request.session, request.params.id));

  route(app, userRoutes.create, (request) => service.create(request.session, request.body), adminOnly);

  // Not admin-only: a user edits their own name, email and password here (the service decides).
  route(app, userRoutes.update, (request) => service.update(request.session, request.params.id, request.body));

  route(app, userRoutes.remove, (request) => service.remove(request.session, request.params.id), adminOnly);
}
