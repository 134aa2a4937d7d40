import { companySchedulesRoutes } from '@wacrm/shared/company-schedules/company-schedules.contract';
import type { WeeklyScheduleEntry } from '@wacrm/shared/company-schedules/company-schedules.schema';
import type { Setting } from '@wacrm/shared/settings/settings';
import { http } from '../../../lib/api.ts';

export const settingsKeys = {
  list: (companyId: number) => ['settings', companyId] as const,
  schedules: (companyId: number) => ['settings', companyId, 'schedules'] as const,
  timeZone: (companyId: number) => ['settings', companyId, 'time-zone'] as const,
};

export const settingsApi = {
  list: () => http.get<Setting[]>('/api/settings'),
  /** The company's clock; every user may read it (the settings list is admins' only). */
  timeZone: () => http.get<{ timeZone: string }>('/api/settings/time-zone'),
  update: (key: string, value: string) => http.put<Setting>(`/api/settings/${encodeURIComponent(key)}`, { value }),
  /** The super user's companies admin: any company's settings by id. */
  listOf: (companyId: number) => http.get<Setting[]>(`/api/companies/${companyId}/settings`),
  updateOf: (companyId: number, key: string, value: string) =>
    http.put<Setting>(`/api/companies/${companyId}/settings/${encodeURIComponent(key)}`, { value }),
  schedules: (companyId: number) => http.call(companySchedulesRoutes.get, { params: { id: companyId } }),
  saveSchedules: (companyId: number, schedules: WeeklyScheduleEntry[]) =>
    http.call(companySchedulesRoutes.save, { params: { id: companyId }, body: { schedules }, silent: true }),
};
