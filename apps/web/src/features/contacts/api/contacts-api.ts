import type {
  ContactFieldsInput,
  ContactImportAnswer,
  ContactsPage,
  ContactUploadAnswer,
  ContactUploadRow,
} from '@wacrm/shared/contacts/contact.schema';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import { http } from '../../../lib/api.ts';

export const contactsKeys = {
  all: (companyId: number) => ['contacts', companyId] as const,
  pages: (companyId: number, search: string) => ['contacts', companyId, 'pages', search] as const,
  one: (companyId: number, id: number) => ['contacts', companyId, 'one', id] as const,
};

export const contactsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.get<ContactsPage>('/api/contacts', { query: { searchParam, pageNumber }, signal }),
  find: (id: number) => http.get<ContactRecord>(`/api/contacts/${id}`),
  create: (body: ContactFieldsInput) => http.post<ContactRecord>('/api/contacts', body, { silent: true }),
  update: (id: number, body: ContactFieldsInput) =>
    http.put<ContactRecord>(`/api/contacts/${id}`, body, { silent: true }),
  remove: (id: number) => http.delete<{ message: string }>(`/api/contacts/${id}`),
  removeAll: () => http.delete<{ deleted: number }>('/api/contacts'),
  upload: (rows: ContactUploadRow[]) => http.post<ContactUploadAnswer>('/api/contacts/upload', rows),
  /** The connection's phone address book (the company's default connection when none is named). */
  importFromPhone: (whatsappId?: number) => http.post<ContactImportAnswer>('/api/contacts/import', { whatsappId }),
};
