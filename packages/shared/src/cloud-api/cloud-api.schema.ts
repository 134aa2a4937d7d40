import { z } from 'zod';

/** The last part of a Cloud API connection's webhook URL (generated, 32 hex digits). */
export const cloudWebhookParamsSchema = z.object({ webhookKey: z.string().regex(/^[0-9a-f]{32}$/) });

/** Meta's verification request: `hub.mode=subscribe`, the verify token and a challenge to echo. */
export const cloudWebhookVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/**
 * A webhook notification as Meta posts it; `entry` is read leniently (unknown kinds are skipped)
 * once the signature has proved where the body comes from.
 */
export const cloudWebhookBodySchema = z.looseObject({
  object: z.string().max(100).optional(),
  entry: z.array(z.unknown()).max(1_000).optional(),
});

export const cloudWebhookAnswerSchema = z.object({
  /** Messages and statuses handled (stored, or found stored already). */
  received: z.number(),
});
