import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireSuper } from '../../platform/http/guards.ts';
import type { SettingsService } from './settings.service.ts';

const keyParams = z.object({ key: z.string().min(1).max(60) });
const valueBody = z.object({ value: z.string().max(200) });
const companyParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function registerSettingsRoutes(app: FastifyInstance, service: SettingsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/settings', { preHandler: requireAdmin }, (request) => service.list(request.session.companyId));

  // Every user of the company: the fields where a time is typed for the company read it on this clock.
  api.get('/api/settings/time-zone', (request) => service.timeZone(request.session.companyId));

  api.put(
    '/api/settings/:key',
    { preHandler: requireAdmin, schema: { params: keyParams, body: valueBody } },
    (request) => service.update(request.session.companyId, request.params.key, request.body.value),
  );

  // The super user's companies admin: any company's settings, named by id (docs/architecture.md, "Tenancy").
  api.get('/api/companies/:id/settings', { preHandler: requireSuper, schema: { params: companyParams } }, (request) =>
    service.listOfCompany(request.params.id),
  );

  api.put(
    '/api/companies/:id/settings/:key',
    { preHandler: requireSuper, schema: { params: companyParams.extend(keyParams.shape), body: valueBody } },
    (request) => service.updateOfCompany(request.params.id, request.params.key, request.body.value),
  );
}
