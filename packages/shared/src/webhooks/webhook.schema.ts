import { z } from 'zod';
import { dbIdSchema } from '../common/db-values.ts';
import { pageSchema } from '../common/route-contract.ts';

/** The events an endpoint may subscribe to (docs/decisions/public-api-and-webhooks.md). */
export const webhookEventTypes = [
  'message.created',
  'message.ack',
  'message.updated',
  'message.deleted',
  'message.reaction',
  'ticket.created',
  'ticket.updated',
  'contact.created',
  'contact.updated',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const WEBHOOK_ENDPOINTS_MAX = 20;

/** `POST /webhooks`, `PUT /webhooks/{id}`: a URL, at least one event, the active switch. */
export const webhookFieldsSchema = z
  .object({
    url: z.url({ protocol: /^https?$/, message: 'An http(s) address' }).max(2000),
    events: z
      .array(z.enum(webhookEventTypes))
      .min(1, { message: 'Choose at least one event' })
      .max(webhookEventTypes.length)
      .transform((events) => [...new Set(events)]),
    active: z.boolean().default(true),
  })
  .meta({ id: 'WebhookFields' });
export type WebhookFields = z.input<typeof webhookFieldsSchema>;

export const webhookUpdateSchema = webhookFieldsSchema.partial().meta({ id: 'WebhookUpdate' });

export const webhookIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const webhookDeliveryParamsSchema = webhookIdParamsSchema.extend({ deliveryId: dbIdSchema });

export const webhookDeliveriesQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export const webhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The create answer is the only one with the secret: it is shown once. */
export const webhookCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() }).meta({ id: 'WebhookCreated' });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export const webhookDeliverySchema = z
  .object({
    id: z.number().int(),
    endpointId: z.number().int(),
    eventId: z.string(),
    eventType: z.enum(webhookEventTypes),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesPageSchema = pageSchema('deliveries', webhookDeliverySchema).meta({
  id: 'WebhookDeliveriesPage',
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPageSchema>;

/**
 * What a receiver gets: the body of every delivery. `id` is the event's (the same for every
 * endpoint and every attempt): deduplicate by it. Headers: `X-Webhook-Id` (= id),
 * `X-Webhook-Timestamp` (unix seconds of the attempt) and `X-Webhook-Signature`
 * (`sha256=` + hex HMAC-SHA256(secret, timestamp + "." + raw body)).
 */
export const webhookEnvelopeSchema = z
  .object({
    id: z.string().meta({ description: 'Event id; deduplicate by it' }),
    type: z.enum(webhookEventTypes),
    createdAt: z.string().meta({ description: 'When the event happened (ISO 8601)' }),
    companyId: z.number().int(),
    data: z.record(z.string(), z.unknown()).meta({
      description:
        'message.*: {message, ticketId, contactId} (message.reaction adds reaction: {emoji, fromMe, userId, contactId}, emoji "" when removed); ticket.*: {ticket, previous?}; contact.*: {contact} (the same records the API answers)',
    }),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';
export const WEBHOOK_ID_HEADER = 'x-webhook-id';
