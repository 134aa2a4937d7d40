import { z } from 'zod';
import {
  hasTemplateChoice,
  templateChoiceRecordShape,
  templateChoiceShape,
  templateLanguageRefinement,
} from '../cloud-api/template.schema.ts';
import { companyTimeSchema } from '../common/company-time.ts';
import { listQuerySchema } from '../common/pagination.ts';
import { pageSchema } from '../common/route-contract.ts';

export const CAMPAIGNS_PAGE_SIZE = 20;

/** spec: INATIVA → PROGRAMADA → EM_ANDAMENTO → FINALIZADA; EM_ANDAMENTO ⇄ CANCELADA. */
export const campaignStatuses = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** spec: five message variants; one is picked at random per contact. */
export const CAMPAIGN_VARIANTS = 5;
/** spec: editable only more than one hour before the scheduled time. */
export const CAMPAIGN_EDIT_WINDOW_MS = 60 * 60 * 1000;

const idSchema = z.number().int().positive().max(2_147_483_647);
const optionalId = idSchema.nullable().optional();
const variant = z.string().max(4096, 'Too Long!').nullable().optional();

/**
 * spec: name 2–50 required; empty strings arrive as null. `tagId` is the spec's tagListId.
 * On a Cloud API connection the campaign sends an approved template (`templateName`,
 * `templateLanguage`, `templateVariables`) instead of the message variants, which are then not
 * required (docs/cloud-api.md "Campaigns and schedules").
 */
export const campaignFieldsSchema = z
  .object({
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
    whatsappId: idSchema,
    contactListId: optionalId,
    tagId: optionalId,
    fileListId: optionalId,
    message1: variant,
    message2: variant,
    message3: variant,
    message4: variant,
    message5: variant,
    /** 'YYYY-MM-DD HH:mm:ss' on the company's clock, or ISO with an offset; null keeps the campaign INATIVA. */
    scheduledAt: companyTimeSchema.nullable().optional(),
    ...templateChoiceShape,
  })
  .refine((value) => Boolean(value.contactListId) !== Boolean(value.tagId), {
    message: 'Choose a contact list or a tag',
    path: ['contactListId'],
  })
  .refine((value) => hasTemplateChoice(value) || campaignVariants(value).length > 0, {
    message: 'Required',
    path: ['message1'],
  })
  .refine(...templateLanguageRefinement);
export type CampaignFields = z.input<typeof campaignFieldsSchema>;

/** The non-empty message variants, in order. */
export function campaignVariants(value: {
  message1?: string | null;
  message2?: string | null;
  message3?: string | null;
  message4?: string | null;
  message5?: string | null;
}): string[] {
  return [value.message1, value.message2, value.message3, value.message4, value.message5].filter(
    (text): text is string => typeof text === 'string' && text.trim().length > 0,
  );
}

export const campaignListQuerySchema = listQuerySchema;

/** A campaign as the API answers it. */
export const campaignRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(campaignStatuses),
  message1: z.string().nullable(),
  message2: z.string().nullable(),
  message3: z.string().nullable(),
  message4: z.string().nullable(),
  message5: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string(), status: z.string() }).nullable(),
  contactListId: z.number().nullable(),
  contactList: z.object({ id: z.number(), name: z.string() }).nullable(),
  tagId: z.number().nullable(),
  tag: z.object({ id: z.number(), name: z.string() }).nullable(),
  fileListId: z.number().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  ...templateChoiceRecordShape,
  /** Whether the dialog may save (INATIVA, CANCELADA, or PROGRAMADA more than an hour ahead). */
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignRecord = z.input<typeof campaignRecordSchema>;

/** `GET /campaigns` answer. */
export const campaignsPageSchema = pageSchema('records', campaignRecordSchema);

/**
 * The report's numbers (spec: valid contacts, delivered; ours: sent, read, failed, skipped). A
 * contact counts as `sent` only once WhatsApp took its message; until then it is `pending`, and
 * `waiting` (part of pending) once its message is stored but queued behind a connection that is down.
 */
export const campaignReportSchema = z.object({
  campaign: campaignRecordSchema,
  total: z.number(),
  pending: z.number(),
  waiting: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  failed: z.number(),
  /** Why the failed ones gave up: error codes the interface translates, most frequent first. */
  failureReasons: z.array(z.object({ code: z.string(), count: z.number() })),
  invalid: z.number(),
  optedOut: z.number(),
});
export type CampaignReport = z.input<typeof campaignReportSchema>;

export const shippingStatuses = ['pending', 'sent', 'invalid', 'optout'] as const;
export type ShippingStatus = (typeof shippingStatuses)[number];

export type CampaignEvent =
  | { action: 'create' | 'update'; record: CampaignRecord }
  | { action: 'delete'; id: number }
  | { action: 'progress'; report: CampaignReport };

// --- settings ---

/** spec: interval options. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

const oneOf = (options: readonly number[]) =>
  z
    .number()
    .int()
    .refine((value) => options.includes(value), 'Not an option');

export const campaignVariableSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(40, 'Too Long!')
    .regex(/^[\w-]+$/, 'Letters, digits, - and _'),
  value: z.string().max(1000, 'Too Long!'),
});
export type CampaignVariable = z.infer<typeof campaignVariableSchema>;

export const campaignSettingsSchema = z.object({
  messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS),
  longerIntervalAfter: oneOf(LONGER_INTERVAL_OPTIONS),
  greaterInterval: oneOf(LONGER_INTERVAL_OPTIONS),
  variables: z
    .array(campaignVariableSchema)
    .max(100)
    .refine((list) => new Set(list.map((item) => item.key)).size === list.length, 'A key is added only once'),
  /** Beyond the spec: a customer who answers one of these words gets no later campaign. */
  optOutKeywords: z.array(z.string().trim().min(1).max(40)).max(20),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

export const defaultCampaignSettings: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  optOutKeywords: ['SAIR', 'STOP'],
};

/** `POST /campaign-settings` with `{settings}` (spec), each key optional. */
export const campaignSettingsBodySchema = z.object({ settings: campaignSettingsSchema.partial() });

/** `GET`/`POST /campaign-settings` answer: the stored settings over the defaults (no form checks). */
export const campaignSettingsRecordSchema = z.object({
  messageInterval: z.number(),
  longerIntervalAfter: z.number(),
  greaterInterval: z.number(),
  variables: z.array(z.object({ key: z.string(), value: z.string() })),
  optOutKeywords: z.array(z.string()),
});

/**
 * The pause after the `sentCount`-th message (1-based): `greaterInterval` after every
 * `longerIntervalAfter` messages, `messageInterval` otherwise. Seconds.
 */
export function campaignDelayAfter(
  sentCount: number,
  settings: Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>,
) {
  if (settings.longerIntervalAfter > 0 && sentCount % settings.longerIntervalAfter === 0) {
    return settings.greaterInterval;
  }
  return settings.messageInterval;
}

/** Fills {{name}}, {{firstName}}, {{number}}, {{email}} and the custom variables; unknown ones stay. */
export function fillCampaignVariables(
  text: string,
  contact: { name: string; number: string; email: string },
  variables: readonly CampaignVariable[],
) {
  const values = new Map<string, string>([
    ['name', contact.name],
    ['firstName', contact.name.trim().split(/\s+/)[0] ?? ''],
    ['number', contact.number],
    ['email', contact.email],
  ]);
  for (const variable of variables) if (!values.has(variable.key)) values.set(variable.key, variable.value);
  return text.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (match, key: string) => values.get(key) ?? match);
}
