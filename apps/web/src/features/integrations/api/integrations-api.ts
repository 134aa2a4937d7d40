import type {
  DialogflowTest,
  PromptInput,
  PromptRecord,
  QueueIntegrationInput,
  QueueIntegrationRecord,
  QueueIntegrationsPage,
} from '@wacrm/shared/integrations/index';
import { http } from '../../../lib/api.ts';

export const integrationsKeys = {
  prompts: (companyId: number) => ['prompts', companyId] as const,
  integrations: (companyId: number) => ['queueIntegrations', companyId] as const,
  integrationPages: (companyId: number, search: string) => ['queueIntegrations', companyId, 'pages', search] as const,
};

export const integrationsApi = {
  prompts: () => http.get<{ prompts: PromptRecord[] }>('/api/prompt'),
  /** Silent: the dialogs show field errors themselves. */
  createPrompt: (body: PromptInput) => http.post<PromptRecord>('/api/prompt', body, { silent: true }),
  updatePrompt: (id: number, body: PromptInput) => http.put<PromptRecord>(`/api/prompt/${id}`, body, { silent: true }),
  removePrompt: (id: number) => http.delete<{ message: string }>(`/api/prompt/${id}`),

  integrationsPage: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.get<QueueIntegrationsPage>('/api/queueIntegration', { query: { searchParam, pageNumber }, signal }),
  createIntegration: (body: QueueIntegrationInput) =>
    http.post<QueueIntegrationRecord>('/api/queueIntegration', body, { silent: true }),
  updateIntegration: (id: number, body: QueueIntegrationInput) =>
    http.put<QueueIntegrationRecord>(`/api/queueIntegration/${id}`, body, { silent: true }),
  removeIntegration: (id: number) => http.delete<{ message: string }>(`/api/queueIntegration/${id}`),
  testSession: (body: DialogflowTest) =>
    http.post<{ ok: true }>('/api/queueIntegration/testSession', body, { silent: true }),
};
