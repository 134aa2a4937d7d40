import {
  campaignRoutes,
  contactListItemRoutes,
  contactListRoutes,
  fileListRoutes,
} from '@wacrm/shared/campaigns/campaign.routes';
import type { CampaignFields, CampaignSettings } from '@wacrm/shared/campaigns/campaign.schema';
import type { ContactListItemFields, FileListFields } from '@wacrm/shared/campaigns/contact-list.schema';
import { connectionRoutes } from '@wacrm/shared/connections/connection.routes';
import type { ContactUploadRow } from '@wacrm/shared/contacts/contact.schema';
import { tagRoutes } from '@wacrm/shared/tags/tag.routes';
import { http } from '../../../lib/api.ts';

/** The campaign tool's calls (admins, plan flag useCampaigns). */
export const campaignsApi = {
  lists: (searchParam: string, pageNumber: number) =>
    http.call(contactListRoutes.page, { query: { searchParam, pageNumber } }),
  allLists: () => http.call(contactListRoutes.all),
  list: (id: number) => http.call(contactListRoutes.find, { params: { id } }),
  createList: (name: string) => http.call(contactListRoutes.create, { body: { name }, silent: true }),
  listFromTags: (name: string, tagIds: number[]) =>
    http.call(contactListRoutes.fromTags, { body: { name, tagIds }, silent: true }),
  renameList: (id: number, name: string) =>
    http.call(contactListRoutes.rename, { params: { id }, body: { name }, silent: true }),
  removeList: (id: number) => http.call(contactListRoutes.remove, { params: { id } }),
  /** The rows the web app read from a sheet (the route also takes the sheet itself, as multipart). */
  upload: (id: number, rows: ContactUploadRow[]) =>
    http.call(contactListRoutes.upload, { params: { id }, body: { rows } }),

  items: (contactListId: number, searchParam: string, pageNumber: number) =>
    http.call(contactListItemRoutes.page, { query: { contactListId, searchParam, pageNumber } }),
  createItem: (body: ContactListItemFields) => http.call(contactListItemRoutes.create, { body, silent: true }),
  updateItem: (id: number, body: ContactListItemFields) =>
    http.call(contactListItemRoutes.update, { params: { id }, body, silent: true }),
  removeItem: (id: number) => http.call(contactListItemRoutes.remove, { params: { id } }),

  settings: () => http.call(campaignRoutes.settings),
  saveSettings: (settings: Partial<CampaignSettings>) => http.call(campaignRoutes.saveSettings, { body: { settings } }),

  campaigns: (searchParam: string, pageNumber: number) =>
    http.call(campaignRoutes.page, { query: { searchParam, pageNumber } }),
  create: (body: CampaignFields) => http.call(campaignRoutes.create, { body, silent: true }),
  update: (id: number, body: CampaignFields) =>
    http.call(campaignRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(campaignRoutes.remove, { params: { id } }),
  cancel: (id: number) => http.call(campaignRoutes.cancel, { params: { id } }),
  restart: (id: number) => http.call(campaignRoutes.restart, { params: { id } }),
  report: (id: number) => http.call(campaignRoutes.report, { params: { id } }),
  /** The campaign's own file (its type is read from its content by the server). */
  uploadMedia(id: number, file: File) {
    const form = new FormData();
    form.append('file', file);
    return http.call(campaignRoutes.attachMedia, { params: { id }, body: form, silent: true });
  },
  removeMedia: (id: number) => http.call(campaignRoutes.removeMedia, { params: { id }, silent: true }),
  /** CSV text, not JSON. */
  csv: (id: number) => http.call(campaignRoutes.shippingsCsv, { params: { id } }),

  files: (searchParam: string, pageNumber: number) =>
    http.call(fileListRoutes.page, { query: { searchParam, pageNumber } }),
  createFiles: (body: FileListFields) => http.call(fileListRoutes.create, { body, silent: true }),
  updateFiles: (id: number, body: FileListFields) =>
    http.call(fileListRoutes.update, { params: { id }, body, silent: true }),
  removeFiles: (id: number) => http.call(fileListRoutes.remove, { params: { id } }),
  uploadFile(id: number, option: { id?: number; name: string }, file: File) {
    const form = new FormData();
    form.append('typeArch', 'fileList');
    form.append('name', option.name);
    if (option.id) form.append('id', String(option.id));
    form.append('files', file);
    return http.call(fileListRoutes.upload, { params: { id }, body: form });
  },
  connections: () => http.call(connectionRoutes.list),
  tags: () => http.call(tagRoutes.list),
};
