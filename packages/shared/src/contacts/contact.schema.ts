import { z } from 'zod';
import { calendarDaySchema } from '../common/db-values.ts';
import { pageNumberSchema } from '../common/pagination.ts';
import { normalizePhoneNumber } from '../common/phone.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';

/** spec: the contacts list loads 30 a page. */
export const CONTACTS_PAGE_SIZE = 30;
/** Rows per `POST /contacts/upload` request, at most; the web sends chunks of 500. */
export const CONTACTS_UPLOAD_MAX_ROWS = 5_000;
/** Extra fields (name/value pairs) a contact may hold. */
export const CONTACT_EXTRA_INFO_MAX = 50;

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const contactNameSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .min(2, 'Too Short!')
  .max(50, 'Too Long!');

/**
 * spec: number 8–50 characters. Stored normalised (digits with country code,
 * `normalizePhoneNumber`); the digits must still be 8–50 long.
 */
export const contactNumberSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .min(8, 'Too Short!')
  .max(50, 'Too Long!')
  .transform((value) => normalizePhoneNumber(value))
  .refine((digits) => digits.length >= 8, 'Invalid number')
  .refine((digits) => digits.length <= 50, 'Too Long!');

// Built once: creating a zod schema per call costs more than checking a thousand rows.
const emailFormat = z.email();

/** A valid address or empty. */
export const contactEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, 'Too Long!')
  .refine((value) => value === '' || emailFormat.safeParse(value).success, 'Invalid email');

export const contactExtraInfoSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
  value: z.string().trim().max(1_000, 'Too Long!'),
});
export type ContactExtraInfo = z.infer<typeof contactExtraInfoSchema>;

/** The contact modal and `POST/PUT /contacts`: one schema for the route and the form. */
export const contactFieldsSchema = z.object({
  name: contactNameSchema,
  number: contactNumberSchema,
  email: contactEmailSchema.optional().default(''),
  extraInfo: z.array(contactExtraInfoSchema).max(CONTACT_EXTRA_INFO_MAX).optional().default([]),
  /** Excluded from the queue chatbot and greetings; left out on edit, it keeps its value. */
  disableBot: z.boolean().optional(),
});
/** What the form holds (number as typed). */
export type ContactFieldsInput = z.input<typeof contactFieldsSchema>;
/** What the server stores (number normalised, defaults filled). */
export type ContactFields = z.output<typeof contactFieldsSchema>;

export const contactIdParamsSchema = z.object({ id: idSchema });

const isoDate = calendarDaySchema.optional();

/** `GET /contacts`: search over name and number, 30 a page, optional creation-day filters. */
export const contactListQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: pageNumberSchema,
  /** One day (YYYY-MM-DD) the contact was created on. */
  date: isoDate,
  /** First and last creation day, inclusive. */
  dateStart: isoDate,
  dateEnd: isoDate,
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** `GET /contacts/list`: a short list for pickers. */
export const contactOptionsQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
});
export const CONTACT_OPTIONS_LIMIT = 100;

/** A contact as the API and `company-{id}-contact` carry it. */
export const contactRecordSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string().nullable(),
  isGroup: z.boolean(),
  extraInfo: z.array(z.object({ name: z.string(), value: z.string() })),
  whatsappId: z.number().nullable(),
  disableBot: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ContactRecord = z.input<typeof contactRecordSchema>;

/** `GET /contacts` answer. */
export const contactsPageSchema = pageSchema('contacts', contactRecordSchema);
export type ContactsPage = z.input<typeof contactsPageSchema>;

/** `GET /contacts/list`: what a picker shows of a contact. */
export const contactOptionRecordSchema = contactRecordSchema.pick({
  id: true,
  name: true,
  number: true,
  email: true,
  profilePicUrl: true,
  isGroup: true,
});
export type ContactOptionRecord = z.input<typeof contactOptionRecordSchema>;

/**
 * One spreadsheet row of `POST /contacts/upload`: name, number, email, and any other column,
 * kept as an extra field. Cells arrive as the sheet had them (text or numbers); each row is
 * checked on its own so one bad row does not refuse the others.
 */
export const contactUploadRowSchema = z.record(z.string().max(100), z.unknown());
export const contactUploadSchema = z.array(contactUploadRowSchema).max(CONTACTS_UPLOAD_MAX_ROWS);
export type ContactUploadRow = z.infer<typeof contactUploadRowSchema>;

/** Why an uploaded row was not stored; the web translates each (contacts.import.errors.*). */
export const contactUploadErrors = [
  'ERR_DUPLICATED_CONTACT',
  'ERR_INVALID_NAME',
  'ERR_INVALID_NUMBER',
  'ERR_INVALID_EMAIL',
] as const;
export type ContactUploadError = (typeof contactUploadErrors)[number];

export const contactUploadAnswerSchema = z.object({
  newContacts: z.array(contactRecordSchema),
  /**
   * `row`: the failed row's index in the request's rows (0-based). `line`: its line in the sheet
   * (1 is the header line), when the server read the file itself.
   */
  errorBag: z.array(
    z.object({
      row: z.number(),
      line: z.number().optional(),
      name: z.string(),
      number: z.string(),
      error: z.enum(contactUploadErrors),
      message: z.string(),
    }),
  ),
});
export type ContactUploadAnswer = z.input<typeof contactUploadAnswerSchema>;

/**
 * `POST /contacts/import`: what the phone's contacts did to the company's, one count per distinct
 * number. `updated`: contacts whose name was only their number and now carry the phone's name;
 * `unchanged`: contacts the company already had, left as they were; `skipped`: entries whose number
 * is not a valid phone number.
 */
export const contactImportAnswerSchema = z.object({
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
});
export type ContactImportAnswer = z.input<typeof contactImportAnswerSchema>;

/** `company-{id}-contact` as the contacts feature emits it: the channel events plus "all deleted". */
export type ContactsEvent =
  | { action: 'create' | 'update'; contact: ContactRecord }
  | { action: 'delete'; contactId: number }
  | { action: 'deleteAll' };
