import type { ScheduleFields, ScheduleRecord, SchedulesPage } from '@wacrm/shared/schedules/schedule.schema';
import { http } from '../../../lib/api.ts';

export const schedulesKeys = {
  all: (companyId: number) => ['schedules', companyId] as const,
  list: (companyId: number, search: string) => ['schedules', companyId, 'list', search] as const,
};

export const schedulesApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.get<SchedulesPage>('/api/schedules', { query: { searchParam, pageNumber }, signal }),
  /** Silent: the dialog shows the errors itself. */
  create: (body: ScheduleFields) => http.post<ScheduleRecord>('/api/schedules', body, { silent: true }),
  update: (id: number, body: ScheduleFields) =>
    http.put<ScheduleRecord>(`/api/schedules/${id}`, body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/api/schedules/${id}`),
  uploadMedia(id: number, file: File) {
    const form = new FormData();
    form.append('file', file);
    return http.post<ScheduleRecord>(`/api/schedules/${id}/media-upload`, form, { silent: true });
  },
  removeMedia: (id: number) => http.delete<ScheduleRecord>(`/api/schedules/${id}/media-upload`, { silent: true }),
};
