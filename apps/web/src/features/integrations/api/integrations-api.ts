import { integrationRoutes } from '@wacrm/shared/integrations/integration.routes';
import type { PromptInput } from '@wacrm/shared/integrations/prompt.schema';
import type { DialogflowTest, QueueIntegrationInput } from '@wacrm/shared/integrations/queue-integration.schema';
import { http } from '../../../lib/api.ts';

export const integrationsKeys = {
  prompts: (companyId: number) => ['prompts', companyId] as const,
  integrations: (companyId: number) => ['queueIntegrations', companyId] as const,
  integrationPages: (companyId: number, search: string) => ['queueIntegrations', companyId, 'pages', search] as const,
};

export const integrationsApi = {
  prompts: () => http.call(integrationRoutes.prompts),
  /** Silent: the dialogs show field errors themselves. */
  createPrompt: (body: PromptInput) => http.call(integrationRoutes.createPrompt, { body, silent: true }),
  updatePrompt: (id: number, body: PromptInput) =>
    http.call(integrationRoutes.updatePrompt, { params: { id }, body, silent: true }),
  removePrompt: (id: number) => http.call(integrationRoutes.removePrompt, { params: { id } }),

  integrationsPage: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.call(integrationRoutes.integrationsPage, { query: { searchParam, pageNumber }, signal }),
  createIntegration: (body: QueueIntegrationInput) =>
    http.call(integrationRoutes.createIntegration, { body, silent: true }),
  updateIntegration: (id: number, body: QueueIntegrationInput) =>
    http.call(integrationRoutes.updateIntegration, { params: { id }, body, silent: true }),
  removeIntegration: (id: number) => http.call(integrationRoutes.removeIntegration, { params: { id } }),
  testSession: (body: DialogflowTest) => http.call(integrationRoutes.testSession, { body, silent: true }),
};
