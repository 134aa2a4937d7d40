import { z } from 'zod';
import {
  hasTemplateChoice,
  templateChoiceRecordShape,
  templateChoiceShape,
  templateLanguageRefinement,
} from '../cloud-api/template.schema.ts';
import { companyTimeSchema } from '../common/company-time.ts';
import { pageNumberSchema } from '../common/pagination.ts';
import { pageSchema } from '../common/route-contract.ts';

/** Schedules per page of `GET /schedules`. */
export const SCHEDULES_PAGE_SIZE = 100;

/** spec: the attachment accepts png, jpg and jpeg; pdf too (it costs nothing more to send). */
export const SCHEDULE_MEDIA_MIMETYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const SCHEDULE_MEDIA_ACCEPT = '.png,.jpg,.jpeg,.pdf';
export const SCHEDULE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

export const scheduleFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

/**
 * Optional repetition: every day, on the chosen weekdays (0 Sunday … 6 Saturday, in the company's
 * time zone) or every month on the first send time's day, until `until` (inclusive) when given.
 */
export const scheduleRecurrenceSchema = z
  .object({
    frequency: z.enum(scheduleFrequencies),
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    until: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((value) => value.frequency !== 'weekly' || (value.weekdays?.length ?? 0) > 0, {
    message: 'Required',
    path: ['weekdays'],
  });
export type ScheduleRecurrence = z.infer<typeof scheduleRecurrenceSchema>;

/**
 * The schedule dialog's fields (spec: body min 5, body, contact and send time required).
 * `sendAt` is 'YYYY-MM-DD HH:mm:ss' on the company's clock (the spec's form) or an instant (ISO with
 * offset, what the form sends: it turns the company-time wall clock into it).
 * `whatsappId` left out: the contact's last ticket's connection, else the company default.
 * On a Cloud API connection a template may be chosen (`templateName`…): it goes whatever the
 * customer service window, and the body is then not required (docs/decisions/cloud-api-schedules.md).
 */
export const scheduleFieldsSchema = z
  .object({
    body: z.string({ error: 'Required' }).trim().max(4096, 'Too Long!').default(''),
    contactId: z.number({ error: 'Required' }).int().positive(),
    sendAt: companyTimeSchema,
    whatsappId: z.number().int().positive().nullable().optional(),
    recurrence: scheduleRecurrenceSchema.nullable().optional(),
    ...templateChoiceShape,
  })
  .refine((value) => hasTemplateChoice(value) || value.body.length >= 5, {
    message: 'Message too short',
    path: ['body'],
  })
  .refine(...templateLanguageRefinement);
export type ScheduleFields = z.infer<typeof scheduleFieldsSchema>;

export const scheduleIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional();

/** `GET /schedules`: search in the text or the contact's name, a page, one contact, one author. */
export const scheduleListQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: pageNumberSchema,
  contactId: optionalId,
  userId: optionalId,
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuerySchema>;

/**
 * `pending` until its time; `waiting` once its message is stored and queued but not yet handed to
 * WhatsApp (its connection is down); `sent` once the provider took it (`sentAt` is that moment);
 * `error` when nothing could be sent or its message finally failed (`errorCode` says why).
 */
export const scheduleStatuses = ['pending', 'waiting', 'sent', 'error'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

/**
 * Whether a schedule's message was already stored (waiting, sent, or failed after it was stored):
 * it can no longer be edited (409 `ERR_SCHEDULE_ALREADY_SENT`). One in error before any message was
 * stored (no connection, no contact) may be edited and retried.
 */
export function isScheduleLocked(schedule: Pick<ScheduleRecord, 'status' | 'messageId'>) {
  return schedule.status === 'waiting' || schedule.status === 'sent' || schedule.messageId !== null;
}

/** A schedule as the API answers it. */
export const scheduleRecordSchema = z.object({
  id: z.number(),
  body: z.string(),
  sendAt: z.string(),
  /** When WhatsApp took the message; null while pending or waiting, and when it failed. */
  sentAt: z.string().nullable(),
  status: z.enum(scheduleStatuses),
  /** Why it failed: an error code the interface translates (ERR_WAPP_NOT_INITIALIZED…). */
  errorCode: z.string().nullable(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  /** The ticket and message an occurrence went out on, once sent. */
  ticketId: z.number().nullable(),
  ticketUuid: z.string().nullable(),
  messageId: z.number().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  ...templateChoiceRecordShape,
  /** The stored repetition (the fields' schema without its form check). */
  recurrence: z
    .object({
      frequency: z.enum(scheduleFrequencies),
      weekdays: z.array(z.number()).optional(),
      until: z.string().nullable().optional(),
    })
    .nullable(),
  /** The first schedule of a repeating series (itself for the first). */
  seriesId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleRecord = z.input<typeof scheduleRecordSchema>;

/** `GET /schedules` answer. */
export const schedulesPageSchema = pageSchema('schedules', scheduleRecordSchema);
export type SchedulesPage = z.input<typeof schedulesPageSchema>;

/** `company-{id}-schedule`. */
export type ScheduleEvent =
  | { action: 'create' | 'update'; schedule: ScheduleRecord }
  | { action: 'delete'; scheduleId: number };
