import { contactRoutes } from '@wacrm/shared/contacts/contact.routes';
import type { ContactFieldsInput, ContactUploadRow } from '@wacrm/shared/contacts/contact.schema';
import { http } from '../../../lib/api.ts';

export const contactsKeys = {
  all: (companyId: number) => ['contacts', companyId] as const,
  pages: (companyId: number, search: string) => ['contacts', companyId, 'pages', search] as const,
  one: (companyId: number, id: number) => ['contacts', companyId, 'one', id] as const,
};

export const contactsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.call(contactRoutes.page, { query: { searchParam, pageNumber }, signal }),
  find: (id: number) => http.call(contactRoutes.find, { params: { id } }),
  create: (body: ContactFieldsInput) => http.call(contactRoutes.create, { body, silent: true }),
  update: (id: number, body: ContactFieldsInput) =>
    http.call(contactRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(contactRoutes.remove, { params: { id } }),
  removeAll: () => http.call(contactRoutes.removeAll),
  upload: (rows: ContactUploadRow[]) => http.call(contactRoutes.upload, { body: rows }),
  /** The connection's phone address book (the company's default connection when none is named). */
  importFromPhone: (whatsappId?: number) => http.call(contactRoutes.importFromPhone, { body: { whatsappId } }),
};
