import { z } from 'zod';
import { dbIdSchema } from '../common/db-values.ts';
import { csvFileSchema, defineRoute } from '../common/route-contract.ts';
import {
  contactFieldsSchema,
  contactIdParamsSchema,
  contactImportAnswerSchema,
  contactListQuerySchema,
  contactOptionRecordSchema,
  contactOptionsQuerySchema,
  contactRecordSchema,
  contactsPageSchema,
  contactUploadAnswerSchema,
  contactUploadSchema,
} from './contact.schema.ts';

/** `POST /contacts/import`: the connection to read (the company's default when left out). */
export const contactImportBodySchema = z
  .object({ whatsappId: dbIdSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});

/** The contacts routes (spec: Contacts). */
export const contactRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/contacts',
    query: contactListQuerySchema,
    response: contactsPageSchema,
  }),
  /** A short list for pickers. */
  options: defineRoute({
    method: 'GET',
    path: '/api/contacts/list',
    query: contactOptionsQuerySchema,
    response: z.array(contactOptionRecordSchema),
  }),
  /** spec: every contact as `contatos.csv` (semicolons), streamed. */
  exportCsv: defineRoute({ method: 'GET', path: '/api/contacts/export.csv', response: csvFileSchema }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/contacts/upload',
    body: contactUploadSchema,
    response: contactUploadAnswerSchema,
  }),
  /** The connection's phone address book. */
  importFromPhone: defineRoute({
    method: 'POST',
    path: '/api/contacts/import',
    body: contactImportBodySchema,
    response: contactImportAnswerSchema,
  }),
  find: defineRoute({
    method: 'GET',
    path: '/api/contacts/:id',
    params: contactIdParamsSchema,
    response: contactRecordSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/contacts',
    body: contactFieldsSchema,
    response: contactRecordSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/contacts/:id',
    params: contactIdParamsSchema,
    body: contactFieldsSchema,
    response: contactRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/contacts/:id',
    params: contactIdParamsSchema,
    response: z.object({ message: z.string() }),
  }),
  /** Every contact of the company (admins). */
  removeAll: defineRoute({ method: 'DELETE', path: '/api/contacts', response: z.object({ deleted: z.number() }) }),
};
