import { z } from 'zod';
import { dbIdSchema, INT4_MAX } from '../common/db-values.ts';
import { timestampSchema } from '../common/route-contract.ts';
import { weeklyScheduleEntrySchema } from '../company-schedules/company-schedules.schema.ts';

/** spec: connection statuses, stored and shown as they are. */
export const connectionStatuses = ['OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'TIMEOUT', 'DISCONNECTED'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/**
 * The adapters a connection can use: `baileys` (WhatsApp paired by QR), `cloudapi` (Meta's
 * WhatsApp Cloud API, docs/cloud-api.md) and `sandbox` (a simulated phone). `beta` and `stable`
 * (the spec's names) are stored as `baileys`.
 */
export const connectionProviders = ['baileys', 'cloudapi', 'sandbox'] as const;
export type ConnectionProvider = (typeof connectionProviders)[number];

export const connectionProviderSchema = z
  .enum(['baileys', 'beta', 'stable', 'cloudapi', 'sandbox'])
  .transform((value): ConnectionProvider => (value === 'beta' || value === 'stable' ? 'baileys' : value));

/** Meta's ids are digits (a phone number id, a WhatsApp Business Account id). */
const metaIdSchema = z
  .string()
  .trim()
  .regex(/^(\d{5,30})?$/, 'Digits only')
  .nullable()
  .optional();
/** Write-only: left out, blank or sent back masked as answered keeps the stored value. */
const writeOnlySecret = (max: number) => z.string().trim().max(max, 'Too Long!').nullable().optional();

/** spec: connection defaults. */
export const connectionDefaults = {
  provider: 'baileys',
  maxUseBotQueues: 3,
  expiresTicket: 0,
  timeUseBotQueues: 0,
} as const;

const optionalText = z.string().max(10_000).nullable().optional();
const optionalId = z.number().int().positive().max(2_147_483_647).nullable().optional();

/**
 * The connection modal's fields (spec §5 "Connection": name 2-50). A blank token is generated
 * by the server. Fields left out of an update keep their value.
 */
export const connectionFieldsSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
  provider: connectionProviderSchema.optional(),
  isDefault: z.boolean().optional(),
  token: z.string().trim().max(100).nullable().optional(),
  greetingMessage: optionalText,
  complationMessage: optionalText,
  outOfHoursMessage: optionalText,
  ratingMessage: optionalText,
  expiresInactiveMessage: optionalText,
  expiresTicket: z.number().int().min(0).max(1_000_000).optional(),
  timeUseBotQueues: z.number().int().min(0).max(1_000_000).optional(),
  maxUseBotQueues: z.number().int().min(0).max(1_000).optional(),
  timeToTransfer: z.number().int().min(0).max(1_000_000).nullable().optional(),
  transferQueueId: optionalId,
  promptId: optionalId,
  integrationId: optionalId,
  queueIds: z.array(z.number().int().positive().max(2_147_483_647)).max(500).optional(),
  schedules: z.array(weeklyScheduleEntrySchema).max(7).optional(),
  /** Cloud API connections only; required when `provider` is `cloudapi`. */
  cloudPhoneNumberId: metaIdSchema,
  cloudWabaId: metaIdSchema,
  cloudAccessToken: writeOnlySecret(2_000),
  cloudAppSecret: writeOnlySecret(200),
});
export type ConnectionFields = z.infer<typeof connectionFieldsSchema>;

/** An update may leave the name out too. */
export const connectionUpdateSchema = connectionFieldsSchema.partial();
export type ConnectionUpdate = z.infer<typeof connectionUpdateSchema>;

export const connectionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** spec: `GET /whatsapp` takes companyId and session=0; the company always comes from the session. */
export const connectionListQuerySchema = z.object({
  session: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  companyId: dbIdSchema.optional(),
});

/** A connection as the API answers it. `token` is present only for admins (`GET /whatsapp/{id}`). */
export const connectionRecordSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  status: z.enum(connectionStatuses),
  qrcode: z.string(),
  retries: z.number(),
  isDefault: z.boolean(),
  provider: z.enum(connectionProviders),
  number: z.string().nullable(),
  token: z.string().nullable().optional(),
  greetingMessage: z.string().nullable(),
  complationMessage: z.string().nullable(),
  outOfHoursMessage: z.string().nullable(),
  ratingMessage: z.string().nullable(),
  expiresInactiveMessage: z.string().nullable(),
  expiresTicket: z.number(),
  timeUseBotQueues: z.number(),
  maxUseBotQueues: z.number(),
  timeToTransfer: z.number().nullable(),
  transferQueueId: z.number().nullable(),
  promptId: z.number().nullable(),
  integrationId: z.number().nullable(),
  schedules: z.array(
    z.object({ weekday: z.string(), weekdayEn: z.string(), startTime: z.string(), endTime: z.string() }),
  ),
  queues: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  queueIds: z.array(z.number()),
  /** Why the connection is not connected, in the provider's words (Meta's error), or null. */
  statusDetail: z.string().nullable(),
  /** Cloud API connections (null for the others); the secrets only masked. */
  cloudPhoneNumberId: z.string().nullable(),
  cloudWabaId: z.string().nullable(),
  cloudAccessToken: z.string().nullable(),
  cloudAppSecret: z.string().nullable(),
  /** What to paste in Meta's app dashboard: the callback URL and its verify token. */
  cloudVerifyToken: z.string().nullable(),
  cloudWebhookUrl: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ConnectionRecord = z.input<typeof connectionRecordSchema>;

/** `company-{id}-whatsapp`: a connection changed or was deleted. */
export type WhatsappEvent = { action: 'update'; whatsapp: ConnectionRecord } | { action: 'delete'; whatsappId: number };

/** `company-{id}-whatsappSession`: a session's status or QR changed. */
export interface WhatsappSessionEvent {
  action: 'update';
  session: ConnectionRecord;
}
