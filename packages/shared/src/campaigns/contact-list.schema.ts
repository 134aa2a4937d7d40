import { z } from 'zod';
import { listQuerySchema } from '../common/pagination.ts';
import { pageSchema } from '../common/route-contract.ts';
import { contactEmailSchema, contactNumberSchema, contactUploadAnswerSchema } from '../contacts/contact.schema.ts';

/** Lists and list items per page. */
export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 40;

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const campaignIdParamsSchema = z.object({ id: idSchema });

/** spec: contact list name min 2, max 50, required. */
export const contactListFieldsSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
});
export type ContactListFields = z.infer<typeof contactListFieldsSchema>;

export const contactListsQuerySchema = listQuerySchema;

export const contactListRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  contactsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListRecord = z.input<typeof contactListRecordSchema>;

/** `GET /contact-lists` answer. */
export const contactListsPageSchema = pageSchema('records', contactListRecordSchema);

/** Beyond the spec: a list made of the company's contacts whose tickets carry any of these tags. */
export const contactListFromTagsSchema = z.object({
  tagIds: z.array(idSchema).min(1, 'Required').max(50),
});

/** spec: item name 2–50 required, number 8–50 (normalised), email valid or empty. */
export const contactListItemFieldsSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
  number: contactNumberSchema,
  email: contactEmailSchema.optional().default(''),
  contactListId: idSchema,
});
export type ContactListItemFields = z.input<typeof contactListItemFieldsSchema>;

export const contactListItemQuerySchema = listQuerySchema.extend({ contactListId: idSchema });

export const contactListItemRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** null until the connection's check answered. */
  isWhatsappValid: z.boolean().nullable(),
  companyId: z.number(),
  contactListId: z.number(),
});
export type ContactListItemRecord = z.input<typeof contactListItemRecordSchema>;

/** `GET /contact-list-items` answer. */
export const contactListItemsPageSchema = pageSchema('contacts', contactListItemRecordSchema);

/** `POST /contact-lists/{id}/upload`: sheet rows as the contacts import sends them. */
export const contactListUploadSchema = z.object({
  rows: z.array(z.record(z.string().max(200), z.unknown())).max(1_000),
});

/** `POST /contact-lists/{id}/upload` as multipart (spec: "multipart file"): the sheet's size limit. */
export const CONTACT_LIST_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Contact lines one file may hold: one request's work stays a few seconds of inserts. */
export const CONTACT_LIST_FILE_MAX_ROWS = 20_000;
/** What an .xlsx may inflate to (its ZIP's declared sizes), so a small file cannot expand without end. */
export const CONTACT_LIST_FILE_MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

/** The multipart form, for the API documentation (the route reads the stream itself). */
export const contactListUploadFileDocSchema = z.object({
  file: z.string().meta({
    format: 'binary',
    description: 'An .xlsx or .csv sheet (UTF-8, comma or semicolon), header line first, at most 5 MB',
  }),
});

/** What an upload answers, in either form; `created` counts the new items. */
export const contactListUploadAnswerSchema = contactUploadAnswerSchema.extend({ created: z.number() });
export type ContactListUploadAnswer = z.input<typeof contactListUploadAnswerSchema>;

export type ContactListEvent =
  | { action: 'create' | 'update'; record: ContactListRecord }
  | { action: 'delete'; id: number };

export type ContactListItemEvent =
  | { action: 'create' | 'update'; record: ContactListItemRecord }
  | { action: 'delete'; id: number }
  | { action: 'reload'; contactListId: number };

// --- file lists (spec: Files page; a campaign can attach one) ---

export const FILE_LISTS_PAGE_SIZE = 20;
/** Each option's file: at most 20 MB (the spec's largest upload, video). */
export const FILE_OPTION_MAX_BYTES = 20 * 1024 * 1024;

/** spec: name min 3 and required; message required. Options are named here and get files by upload. */
export const fileListFieldsSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(3, 'Too Short!').max(100, 'Too Long!'),
  message: z.string({ error: 'Required' }).trim().min(1, 'Required').max(4096, 'Too Long!'),
  /** The options kept (by id) and their names; options left out are removed. */
  options: z
    .array(
      z.object({ id: z.number().int().positive().optional(), name: z.string().trim().min(1, 'Required').max(100) }),
    )
    .max(20)
    .optional()
    .default([]),
});
export type FileListFields = z.input<typeof fileListFieldsSchema>;

export const fileListOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string().nullable(),
  mediaType: z.string().nullable(),
  url: z.string().nullable(),
});
export type FileListOption = z.input<typeof fileListOptionSchema>;

export const fileListRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  options: z.array(fileListOptionSchema),
});
export type FileListRecord = z.input<typeof fileListRecordSchema>;

/** `GET /files` answer. */
export const fileListsPageSchema = pageSchema('files', fileListRecordSchema);

export type FileListEvent =
  | { action: 'create' | 'update'; files: FileListRecord }
  | { action: 'delete'; fileId: number };
