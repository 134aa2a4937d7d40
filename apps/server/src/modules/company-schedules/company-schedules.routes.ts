import { companySchedulesSchema } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CompanySchedulesService } from './company-schedules.service.ts';

const companyIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function registerCompanySchedulesRoutes(app: FastifyInstance, service: CompanySchedulesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/companies/:id/schedules', { schema: { params: companyIdParams } }, (request) =>
    service.get(request.session, request.params.id),
  );

  api.put(
    '/api/companies/:id/schedules',
    { schema: { params: companyIdParams, body: companySchedulesSchema } },
    (request) => service.save(request.session, request.params.id, request.body.schedules),
  );
}
