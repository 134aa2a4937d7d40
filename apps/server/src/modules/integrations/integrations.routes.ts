import {
  botIdParamsSchema,
  dialogflowTestSchema,
  promptFieldsSchema,
  queueIntegrationFieldsSchema,
  queueIntegrationListQuerySchema,
} from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { IntegrationsService } from './integrations.service.ts';

/**
 * `/prompt` (plan flag useOpenAi) and `/queueIntegration` (useIntegrations): admins only. The role
 * guard runs first, then the plan gate, then validation.
 */
export function registerIntegrationsRoutes(
  app: FastifyInstance,
  service: IntegrationsService,
  testDialogflow: (companyId: number, input: import('@wacrm/shared').DialogflowTest) => Promise<{ ok: true }>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prompt = { preHandler: requireAdmin, config: { planFeature: 'useOpenAi' as const } };
  const integration = { preHandler: requireAdmin, config: { planFeature: 'useIntegrations' as const } };

  api.get('/api/prompt', prompt, (request) => service.listPrompts(request.session.companyId));
  api.get('/api/prompt/:id', { ...prompt, schema: { params: botIdParamsSchema } }, (request) =>
    service.findPrompt(request.session.companyId, request.params.id),
  );
  api.post('/api/prompt', { ...prompt, schema: { body: promptFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await service.createPrompt(request.session.companyId, request.body)),
  );
  api.put(
    '/api/prompt/:id',
    { ...prompt, schema: { params: botIdParamsSchema, body: promptFieldsSchema } },
    (request) => service.updatePrompt(request.session.companyId, request.params.id, request.body),
  );
  api.delete('/api/prompt/:id', { ...prompt, schema: { params: botIdParamsSchema } }, (request) =>
    service.removePrompt(request.session.companyId, request.params.id),
  );

  api.get(
    '/api/queueIntegration',
    { ...integration, schema: { querystring: queueIntegrationListQuerySchema } },
    (request) => service.pageIntegrations(request.session.companyId, request.query),
  );
  // Before `/:id`, so "testSession" is never read as an id.
  api.post('/api/queueIntegration/testSession', { ...integration, schema: { body: dialogflowTestSchema } }, (request) =>
    testDialogflow(request.session.companyId, request.body),
  );
  api.get('/api/queueIntegration/:id', { ...integration, schema: { params: botIdParamsSchema } }, (request) =>
    service.findIntegration(request.session.companyId, request.params.id),
  );
  api.post(
    '/api/queueIntegration',
    { ...integration, schema: { body: queueIntegrationFieldsSchema } },
    async (request, reply) =>
      reply.status(201).send(await service.createIntegration(request.session.companyId, request.body)),
  );
  api.put(
    '/api/queueIntegration/:id',
    { ...integration, schema: { params: botIdParamsSchema, body: queueIntegrationFieldsSchema } },
    (request) => service.updateIntegration(request.session.companyId, request.params.id, request.body),
  );
  api.delete('/api/queueIntegration/:id', { ...integration, schema: { params: botIdParamsSchema } }, (request) =>
    service.removeIntegration(request.session.companyId, request.params.id),
  );
}
