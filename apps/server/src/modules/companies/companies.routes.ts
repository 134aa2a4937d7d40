import { companyCreateSchema, companyFieldsSchema, companyIdParamsSchema, listQuerySchema } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSuper } from '../../platform/http/guards.ts';
import type { CompaniesService } from './companies.service.ts';

const companyIdParams = z.object({ companyId: z.coerce.number().int().positive().max(2_147_483_647) });

export function registerCompaniesRoutes(app: FastifyInstance, service: CompaniesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superOnly = { preHandler: requireSuper };

  /** The plan's flags drive the side menu. Users read their own company's; the super user any. */
  api.get('/api/companies/listPlan/:companyId', { schema: { params: companyIdParams } }, (request) =>
    service.planOf(request.session, request.params.companyId),
  );

  /** Limits and usage of the caller's own company, so screens can warn before a form is filled. */
  api.get('/api/companies/usage', (request) => service.usage(request.session.companyId));

  api.get('/api/companies', { ...superOnly, schema: { querystring: listQuerySchema } }, (request) =>
    service.page(request.query.searchParam, request.query.pageNumber),
  );

  api.get('/api/companies/list', superOnly, () => service.listAll());

  api.post('/api/companies', { ...superOnly, schema: { body: companyCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body)),
  );

  // A company's own users may read it (the schedules tab does); other ids answer 404.
  api.get('/api/companies/:id', { schema: { params: companyIdParamsSchema } }, (request) =>
    service.findVisible(request.session, request.params.id),
  );

  api.put(
    '/api/companies/:id',
    { ...superOnly, schema: { params: companyIdParamsSchema, body: companyFieldsSchema } },
    (request) => service.update(request.params.id, request.body),
  );

  api.post('/api/companies/:id/renew', { ...superOnly, schema: { params: companyIdParamsSchema } }, (request) =>
    service.renew(request.params.id),
  );

  api.delete(
    '/api/companies/:id',
    { ...superOnly, schema: { params: companyIdParamsSchema } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send();
    },
  );
}
