import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { SettingsService } from './settings.service.ts';

const keyParams = z.object({ key: z.string().min(1).max(60) });
const valueBody = z.object({ value: z.string().max(200) });

export function registerSettingsRoutes(app: FastifyInstance, service: SettingsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/settings', { preHandler: requireAdmin }, (request) => service.list(request.session.companyId));

  api.put(
    '/api/settings/:key',
    { preHandler: requireAdmin, schema: { params: keyParams, body: valueBody } },
    (request) => service.update(request.session.companyId, request.params.key, request.body.value),
  );
}
