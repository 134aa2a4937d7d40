import { z } from 'zod';
import { dbIdSchema } from '../common/db-values.ts';
import { timestampSchema } from '../common/route-contract.ts';

/**
 * A message template of a Cloud API connection's WhatsApp Business Account, as synchronised from
 * Meta (docs/cloud-api.md "Templates"). Only an approved template may start a conversation
 * outside WhatsApp's 24-hour customer service window.
 */
export const whatsappTemplateSchema = z.object({
  id: z.number(),
  whatsappId: z.number(),
  name: z.string(),
  /** Meta's language code (`pt_BR`, `en_US`, `es`). */
  language: z.string(),
  /** `MARKETING`, `UTILITY` or `AUTHENTICATION`. */
  category: z.string(),
  /** `APPROVED`, `PENDING`, `REJECTED`, `PAUSED`, `DISABLED`. */
  status: z.string(),
  /** The text of a text header, with its `{{1}}` placeholders; null when there is none. */
  headerText: z.string().nullable(),
  /** A header this app cannot fill (image, video, document, location): the template is listed, not sendable. */
  headerFormat: z.string().nullable(),
  bodyText: z.string(),
  footerText: z.string().nullable(),
  /** The labels of its buttons (quick replies, links, calls), in order. */
  buttons: z.array(z.string()),
  /** How many values `variables` must carry: the header's placeholders, then the body's. */
  variableCount: z.number(),
  /** Approved, and nothing in it this app cannot fill. */
  sendable: z.boolean(),
  syncedAt: timestampSchema,
});
export type WhatsappTemplate = z.input<typeof whatsappTemplateSchema>;

export const whatsappTemplateListSchema = z.object({
  templates: z.array(whatsappTemplateSchema),
  /** When the list was last refreshed from Meta; null before the first synchronisation. */
  syncedAt: timestampSchema.nullable(),
});
export type WhatsappTemplateList = z.input<typeof whatsappTemplateListSchema>;

export const templateSyncAnswerSchema = whatsappTemplateListSchema.extend({
  /** Templates added, changed and gone since the last synchronisation. */
  added: z.number(),
  updated: z.number(),
  removed: z.number(),
});

export const whatsappIdParamsSchema = z.object({ id: dbIdSchema });

/**
 * A template to send instead of a free-form text (`POST /api/messages/{ticketId}`): its name and
 * language, and the values of its placeholders in order (the header's, then the body's). A value
 * may use the message variables (`{{name}}`, `{{firstName}}`, `{{protocol}}`…), filled from the
 * contact and the ticket like a quick message's.
 */
export const templateSendSchema = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  variables: z.array(z.string().max(1_024)).max(60).default([]),
});
export type TemplateSend = z.input<typeof templateSendSchema>;

/**
 * A template chosen for a send to come (a campaign's, a schedule's) on a Cloud API connection:
 * its name and language, and its placeholders' values in order, which may use message variables
 * (`{{name}}`, `{{firstName}}`…) filled per contact when it goes. Blank name: no template.
 */
export const templateChoiceShape = {
  templateName: z.string().trim().max(512).nullable().optional(),
  templateLanguage: z.string().trim().max(15).nullable().optional(),
  templateVariables: z.array(z.string().max(1_024)).max(60).nullable().optional(),
};

/** Whether fields name a template (a blank name names none). */
export const hasTemplateChoice = (value: { templateName?: string | null }) => Boolean(value.templateName?.trim());

/** A chosen template needs its language too. */
export const templateLanguageRefinement: [
  (value: { templateName?: string | null; templateLanguage?: string | null }) => boolean,
  { message: string; path: string[] },
] = [
  (value) => !hasTemplateChoice(value) || Boolean(value.templateLanguage?.trim()),
  { message: 'Required', path: ['templateLanguage'] },
];

/** The choice as the API answers it. */
export const templateChoiceRecordShape = {
  templateName: z.string().nullable(),
  templateLanguage: z.string().nullable(),
  templateVariables: z.array(z.string()),
};

/** The index of the first of a template's `count` values that is missing or blank; null when all are there. */
export function missingTemplateValue(count: number, values: readonly string[]): number | null {
  for (let index = 0; index < count; index++) if (!values[index]?.trim()) return index;
  return values.length > count ? count : null;
}
