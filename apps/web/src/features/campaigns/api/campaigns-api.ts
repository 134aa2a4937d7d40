import type {
  CampaignFields,
  CampaignRecord,
  CampaignReport,
  CampaignSettings,
} from '@wacrm/shared/campaigns/campaign.schema';
import type {
  ContactListItemRecord,
  ContactListRecord,
  ContactListUploadAnswer,
  FileListFields,
  FileListRecord,
} from '@wacrm/shared/campaigns/contact-list.schema';
import { connectionRoutes } from '@wacrm/shared/connections/connection.contract';
import type { ContactUploadRow } from '@wacrm/shared/contacts/contact.schema';
import { tagRoutes } from '@wacrm/shared/tags/tag.contract';
import { http } from '../../../lib/api.ts';

export interface Paged<T> {
  records: T[];
  count: number;
  hasMore: boolean;
}

/** The campaign tool's calls (admins, plan flag useCampaigns). */
export const campaignsApi = {
  lists: (searchParam: string, pageNumber: number) =>
    http.get<Paged<ContactListRecord>>('/api/contact-lists', { query: { searchParam, pageNumber } }),
  allLists: () => http.get<ContactListRecord[]>('/api/contact-lists/list'),
  list: (id: number) => http.get<ContactListRecord>(`/api/contact-lists/${id}`),
  createList: (name: string) => http.post<ContactListRecord>('/api/contact-lists', { name }, { silent: true }),
  listFromTags: (name: string, tagIds: number[]) =>
    http.post<ContactListRecord>('/api/contact-lists/from-tags', { name, tagIds }, { silent: true }),
  renameList: (id: number, name: string) =>
    http.put<ContactListRecord>(`/api/contact-lists/${id}`, { name }, { silent: true }),
  removeList: (id: number) => http.delete<null>(`/api/contact-lists/${id}`),
  upload: (id: number, rows: ContactUploadRow[]) =>
    http.post<ContactListUploadAnswer>(`/api/contact-lists/${id}/upload`, { rows }),

  items: (contactListId: number, searchParam: string, pageNumber: number) =>
    http.get<{ contacts: ContactListItemRecord[]; count: number; hasMore: boolean }>('/api/contact-list-items', {
      query: { contactListId, searchParam, pageNumber },
    }),
  createItem: (body: { name: string; number: string; email: string; contactListId: number }) =>
    http.post<ContactListItemRecord>('/api/contact-list-items', body, { silent: true }),
  updateItem: (id: number, body: { name: string; number: string; email: string; contactListId: number }) =>
    http.put<ContactListItemRecord>(`/api/contact-list-items/${id}`, body, { silent: true }),
  removeItem: (id: number) => http.delete<null>(`/api/contact-list-items/${id}`),

  settings: () => http.get<CampaignSettings>('/api/campaign-settings'),
  saveSettings: (settings: Partial<CampaignSettings>) =>
    http.post<CampaignSettings>('/api/campaign-settings', { settings }),

  campaigns: (searchParam: string, pageNumber: number) =>
    http.get<Paged<CampaignRecord>>('/api/campaigns', { query: { searchParam, pageNumber } }),
  create: (body: CampaignFields) => http.post<CampaignRecord>('/api/campaigns', body, { silent: true }),
  update: (id: number, body: CampaignFields) =>
    http.put<CampaignRecord>(`/api/campaigns/${id}`, body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/api/campaigns/${id}`),
  cancel: (id: number) => http.post<CampaignRecord>(`/api/campaigns/${id}/cancel`),
  restart: (id: number) => http.post<CampaignRecord>(`/api/campaigns/${id}/restart`),
  report: (id: number) => http.get<CampaignReport>(`/api/campaigns/${id}/report`),
  /** The campaign's own file (its type is read from its content by the server). */
  uploadMedia(id: number, file: File) {
    const form = new FormData();
    form.append('file', file);
    return http.post<CampaignRecord>(`/api/campaigns/${id}/media-upload`, form, { silent: true });
  },
  removeMedia: (id: number) => http.delete<CampaignRecord>(`/api/campaigns/${id}/media-upload`, { silent: true }),
  csv: (id: number) => http.get<string>(`/api/campaigns/${id}/shippings.csv`),

  files: (searchParam: string, pageNumber: number) =>
    http.get<{ files: FileListRecord[]; count: number; hasMore: boolean }>('/api/files', {
      query: { searchParam, pageNumber },
    }),
  createFiles: (body: FileListFields) => http.post<FileListRecord>('/api/files', body, { silent: true }),
  updateFiles: (id: number, body: FileListFields) =>
    http.put<FileListRecord>(`/api/files/${id}`, body, { silent: true }),
  removeFiles: (id: number) => http.delete<null>(`/api/files/${id}`),
  uploadFile(id: number, option: { id?: number; name: string }, file: File) {
    const form = new FormData();
    form.append('typeArch', 'fileList');
    form.append('name', option.name);
    if (option.id) form.append('id', String(option.id));
    form.append('files', file);
    return http.post<FileListRecord>(`/api/files/uploadList/${id}`, form);
  },
  connections: () => http.call(connectionRoutes.list),
  tags: () => http.call(tagRoutes.list),
};
