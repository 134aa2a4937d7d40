import { z } from 'zod';
import { pageNumberSchema } from '../common/pagination.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';

/** The integration types (spec); `flowbuilder` starts a flow of the flow builder (`flowId`). */
export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];

export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
/** spec: Typebot defaults. */
export const TYPEBOT_DEFAULTS = { delayMessage: 1000, expires: 1 } as const;
/** Queue integrations per page of `GET /queueIntegration`. */
export const QUEUE_INTEGRATIONS_PAGE_SIZE = 40;
/** The shortest webhook signing secret accepted. */
export const WEBHOOK_SECRET_MIN = 16;

const optionalText = (max: number) => z.string().trim().max(max, 'Too Long!').nullable().optional();

/**
 * The integration dialog. Which fields are required follows the type (spec: dialogflow language;
 * n8n/webhook URL; typebot URL and slug). Secrets (`jsonContent`, `webhookSecret`) are
 * write-only: left out, null, blank or sent back masked as answered, on edit, keeps the stored value.
 */
export const queueIntegrationFieldsSchema = z
  .object({
    type: z.enum(QUEUE_INTEGRATION_TYPES, { error: 'Required' }),
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
    projectName: optionalText(200),
    jsonContent: z.string().trim().max(20_000, 'Too Long!').nullable().optional(),
    language: z.enum(DIALOGFLOW_LANGUAGES).nullable().optional(),
    /** Dialogflow: the intent (display name) that hands the customer to a human, besides end-of-conversation. */
    handoverIntent: optionalText(200),
    urlN8N: optionalText(2000),
    webhookSecret: z.string().trim().max(200, 'Too Long!').nullable().optional(),
    typebotSlug: optionalText(200),
    typebotDelayMessage: z.number().int().min(0).max(60_000).default(TYPEBOT_DEFAULTS.delayMessage),
    typebotExpires: z.number().int().min(0).max(10_080).default(TYPEBOT_DEFAULTS.expires),
    typebotKeywordFinish: optionalText(100),
    typebotKeywordRestart: optionalText(100),
    typebotRestartMessage: optionalText(1000),
    typebotUnknownMessage: optionalText(1000),
    /** `flowbuilder`: the flow to start (required for that type). */
    flowId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  })
  .superRefine((value, context) => {
    const required = (path: string, present: unknown) => {
      if (present === undefined || present === null || present === '') {
        context.addIssue({ code: 'custom', message: 'Required', path: [path] });
      }
    };
    if (value.type === 'dialogflow') {
      required('language', value.language);
      required('projectName', value.projectName);
    }
    if (value.type === 'n8n' || value.type === 'webhook' || value.type === 'typebot') required('urlN8N', value.urlN8N);
    if (value.type === 'typebot') required('typebotSlug', value.typebotSlug);
    if (value.type === 'flowbuilder') required('flowId', value.flowId);
    // A masked secret sent back (`whs…CRET`) stands for the stored one; the server checks it.
    if (value.webhookSecret && !value.webhookSecret.includes('…') && value.webhookSecret.length < WEBHOOK_SECRET_MIN) {
      context.addIssue({ code: 'custom', message: 'Too Short!', path: ['webhookSecret'] });
    }
  });
export type QueueIntegrationFields = z.infer<typeof queueIntegrationFieldsSchema>;
export type QueueIntegrationInput = z.input<typeof queueIntegrationFieldsSchema>;

export const queueIntegrationListQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: pageNumberSchema,
});
export type QueueIntegrationListQuery = z.infer<typeof queueIntegrationListQuerySchema>;

/** `POST /queueIntegration/testSession`: the credentials are tried as typed (or the stored ones of `id`). */
export const dialogflowTestSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  projectName: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200),
  jsonContent: z.string().trim().max(20_000, 'Too Long!').optional(),
  language: z.enum(DIALOGFLOW_LANGUAGES, { error: 'Required' }),
});
export type DialogflowTest = z.infer<typeof dialogflowTestSchema>;

/** A queue integration as the API answers it: secrets masked, never in full. */
export const queueIntegrationRecordSchema = z.object({
  id: z.number(),
  type: z.enum(QUEUE_INTEGRATION_TYPES),
  name: z.string(),
  projectName: z.string().nullable(),
  /** The service account's e-mail, masked; null when no credentials are stored. */
  jsonContent: z.string().nullable(),
  language: z.string().nullable(),
  handoverIntent: z.string().nullable(),
  urlN8N: z.string().nullable(),
  /** Masked signing secret, or null. */
  webhookSecret: z.string().nullable(),
  typebotSlug: z.string().nullable(),
  typebotDelayMessage: z.number(),
  typebotExpires: z.number(),
  typebotKeywordFinish: z.string().nullable(),
  typebotKeywordRestart: z.string().nullable(),
  typebotRestartMessage: z.string().nullable(),
  typebotUnknownMessage: z.string().nullable(),
  /** `flowbuilder`: the flow it starts. */
  flowId: z.number().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type QueueIntegrationRecord = z.input<typeof queueIntegrationRecordSchema>;

/** `GET /queueIntegration` answer. */
export const queueIntegrationsPageSchema = pageSchema('queueIntegrations', queueIntegrationRecordSchema);
export type QueueIntegrationsPage = z.input<typeof queueIntegrationsPageSchema>;

/** `company-{id}-queueIntegration`. */
export type QueueIntegrationEvent =
  | { action: 'create' | 'update'; queueIntegration: QueueIntegrationRecord }
  | { action: 'delete'; integrationId: number };
