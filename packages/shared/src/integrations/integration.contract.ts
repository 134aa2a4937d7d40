import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { botIdParamsSchema, promptFieldsSchema, promptRecordSchema } from './prompt.schema.ts';
import {
  dialogflowTestSchema,
  queueIntegrationFieldsSchema,
  queueIntegrationListQuerySchema,
  queueIntegrationRecordSchema,
  queueIntegrationsPageSchema,
} from './queue-integration.schema.ts';

const params = botIdParamsSchema;
const messageSchema = z.object({ message: z.string() });

/** `/prompt` (AI prompts, plan flag useOpenAi) and `/queueIntegration` (plan flag useIntegrations). */
export const integrationRoutes = {
  prompts: defineRoute({
    method: 'GET',
    path: '/api/prompt',
    response: z.object({ prompts: z.array(promptRecordSchema) }),
  }),
  findPrompt: defineRoute({ method: 'GET', path: '/api/prompt/:id', params, response: promptRecordSchema }),
  createPrompt: defineRoute({
    method: 'POST',
    path: '/api/prompt',
    body: promptFieldsSchema,
    response: promptRecordSchema,
    status: 201,
  }),
  updatePrompt: defineRoute({
    method: 'PUT',
    path: '/api/prompt/:id',
    params,
    body: promptFieldsSchema,
    response: promptRecordSchema,
  }),
  removePrompt: defineRoute({ method: 'DELETE', path: '/api/prompt/:id', params, response: messageSchema }),

  integrationsPage: defineRoute({
    method: 'GET',
    path: '/api/queueIntegration',
    query: queueIntegrationListQuerySchema,
    response: queueIntegrationsPageSchema,
  }),
  /** Tries Dialogflow credentials (as typed, or the stored ones of `id`). */
  testSession: defineRoute({
    method: 'POST',
    path: '/api/queueIntegration/testSession',
    body: dialogflowTestSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  findIntegration: defineRoute({
    method: 'GET',
    path: '/api/queueIntegration/:id',
    params,
    response: queueIntegrationRecordSchema,
  }),
  createIntegration: defineRoute({
    method: 'POST',
    path: '/api/queueIntegration',
    body: queueIntegrationFieldsSchema,
    response: queueIntegrationRecordSchema,
    status: 201,
  }),
  updateIntegration: defineRoute({
    method: 'PUT',
    path: '/api/queueIntegration/:id',
    params,
    body: queueIntegrationFieldsSchema,
    response: queueIntegrationRecordSchema,
  }),
  removeIntegration: defineRoute({
    method: 'DELETE',
    path: '/api/queueIntegration/:id',
    params,
    response: messageSchema,
  }),
};
