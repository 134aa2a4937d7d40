import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import {
  cloudWebhookAnswerSchema,
  cloudWebhookBodySchema,
  cloudWebhookParamsSchema,
  cloudWebhookVerifyQuerySchema,
} from './cloud-api.schema.ts';

/**
 * The webhook Meta calls for a WhatsApp Cloud API connection (docs/cloud-api.md). Public: the
 * verification is checked by the verify token, a notification by its `X-Hub-Signature-256`.
 */
export const cloudApiRoutes = {
  /** Echoes `hub.challenge` as plain text when the mode and verify token match; 403 otherwise. */
  verifyWebhook: defineRoute({
    method: 'GET',
    path: '/api/cloudapi/:webhookKey',
    params: cloudWebhookParamsSchema,
    query: cloudWebhookVerifyQuerySchema,
    response: z.string(),
  }),
  /** Messages and statuses; 200 only once all it carried is stored, so Meta retries a failure. */
  receiveWebhook: defineRoute({
    method: 'POST',
    path: '/api/cloudapi/:webhookKey',
    params: cloudWebhookParamsSchema,
    body: cloudWebhookBodySchema,
    response: cloudWebhookAnswerSchema,
  }),
};
