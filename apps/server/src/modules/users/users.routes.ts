import {
  languageParamsSchema,
  listQuerySchema,
  userCreateSchema,
  userIdParamsSchema,
  userUpdateSchema,
} from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { UsersRepository } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

export function registerUsersRoutes(app: FastifyInstance, repository: UsersRepository, service: UsersService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/users/set-language/:lang',
    { config: { billing: true }, schema: { params: languageParamsSchema } },
    async (request, reply) => {
      await repository.setLanguage(request.session.companyId, request.session.userId, request.params.lang);
      return reply.status(204).send();
    },
  );

  // The users screen is an admin screen; pickers (transfer, filters) use /users/list.
  api.get('/api/users/', { preHandler: requireAdmin, schema: { querystring: listQuerySchema } }, (request) =>
    service.list(request.session, request.query.searchParam, request.query.pageNumber),
  );

  api.get('/api/users/list', (request) => service.listOptions(request.session));

  api.get('/api/users/:id', { schema: { params: userIdParamsSchema } }, (request) =>
    service.show(request.session, request.params.id),
  );

  api.post('/api/users', { preHandler: requireAdmin, schema: { body: userCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.session, request.body)),
  );

  // Not admin-only: a user edits their own name, email and password here (the service decides).
  api.put('/api/users/:id', { schema: { params: userIdParamsSchema, body: userUpdateSchema } }, (request) =>
    service.update(request.session, request.params.id, request.body),
  );

  api.delete(
    '/api/users/:id',
    { preHandler: requireAdmin, schema: { params: userIdParamsSchema } },
    async (request, reply) => {
      await service.remove(request.session, request.params.id);
      return reply.status(204).send();
    },
  );
}
