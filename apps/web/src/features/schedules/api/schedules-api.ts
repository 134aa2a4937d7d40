import { contactRoutes } from '@wacrm/shared/contacts/contact.routes';
import { scheduleRoutes } from '@wacrm/shared/schedules/schedule.routes';
import type { ScheduleFields } from '@wacrm/shared/schedules/schedule.schema';
import { http } from '../../../lib/api.ts';

export const schedulesKeys = {
  all: (companyId: number) => ['schedules', companyId] as const,
  list: (companyId: number, search: string) => ['schedules', companyId, 'list', search] as const,
};

export const schedulesApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.call(scheduleRoutes.page, { query: { searchParam, pageNumber }, signal }),
  /** A contact's schedules, first page (beside the conversation). */
  ofContact: (contactId: number) => http.call(scheduleRoutes.page, { query: { contactId } }),
  /** Silent: the dialog shows the errors itself. */
  create: (body: ScheduleFields) => http.call(scheduleRoutes.create, { body, silent: true }),
  update: (id: number, body: ScheduleFields) =>
    http.call(scheduleRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(scheduleRoutes.remove, { params: { id } }),
  uploadMedia(id: number, file: File) {
    const form = new FormData();
    form.append('file', file);
    return http.call(scheduleRoutes.attachMedia, { params: { id }, body: form, silent: true });
  },
  removeMedia: (id: number) => http.call(scheduleRoutes.removeMedia, { params: { id }, silent: true }),
  /** The contact a link (`?contactId=`) opens the new-schedule dialog for. */
  contact: (id: number) => http.call(contactRoutes.find, { params: { id } }),
};
