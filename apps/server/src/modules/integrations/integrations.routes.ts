import { type DialogflowTest, integrationRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { IntegrationsService } from './integrations.service.ts';

/**
 * `/prompt` (plan flag useOpenAi) and `/queueIntegration` (useIntegrations): admins only. The role
 * guard runs first, then the plan gate, then validation.
 */
export function registerIntegrationsRoutes(
  app: FastifyInstance,
  service: IntegrationsService,
  testDialogflow: (companyId: number, input: DialogflowTest) => Promise<{ ok: true }>,
) {
  const prompt = { preHandler: requireAdmin, config: { planFeature: 'useOpenAi' as const } };
  const integration = { preHandler: requireAdmin, config: { planFeature: 'useIntegrations' as const } };

  route(app, integrationRoutes.prompts, (request) => service.listPrompts(request.session.companyId), prompt);
  route(
    app,
    integrationRoutes.findPrompt,
    (request) => service.findPrompt(request.session.companyId, request.params.id),
    prompt,
  );
  route(
    app,
    integrationRoutes.createPrompt,
    (request) => service.createPrompt(request.session, request.session.companyId, request.body),
    prompt,
  );
  route(
    app,
    integrationRoutes.updatePrompt,
    (request) => service.updatePrompt(request.session, request.session.companyId, request.params.id, request.body),
    prompt,
  );
  route(
    app,
    integrationRoutes.removePrompt,
    (request) => service.removePrompt(request.session, request.session.companyId, request.params.id),
    prompt,
  );

  route(
    app,
    integrationRoutes.integrationsPage,
    (request) => service.pageIntegrations(request.session.companyId, request.query),
    integration,
  );
  // Before `/:id`, so "testSession" is never read as an id.
  route(
    app,
    integrationRoutes.testSession,
    (request) => testDialogflow(request.session.companyId, request.body),
    integration,
  );
  route(
    app,
    integrationRoutes.findIntegration,
    (request) => service.findIntegration(request.session.companyId, request.params.id),
    integration,
  );
  route(
    app,
    integrationRoutes.createIntegration,
    (request) => service.createIntegration(request.session, request.session.companyId, request.body),
    integration,
  );
  route(
    app,
    integrationRoutes.updateIntegration,
    (request) => service.updateIntegration(request.session, request.session.companyId, request.params.id, request.body),
    integration,
  );
  route(
    app,
    integrationRoutes.removeIntegration,
    (request) => service.removeIntegration(request.session, request.session.companyId, request.params.id),
    integration,
  );
}
