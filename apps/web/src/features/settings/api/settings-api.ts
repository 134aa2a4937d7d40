import { companySchedulesRoutes } from '@wacrm/shared/company-schedules/company-schedules.routes';
import type { WeeklyScheduleEntry } from '@wacrm/shared/company-schedules/company-schedules.schema';
import { settingRoutes } from '@wacrm/shared/settings/settings.routes';
import { http } from '../../../lib/api.ts';

export const settingsKeys = {
  list: (companyId: number) => ['settings', companyId] as const,
  schedules: (companyId: number) => ['settings', companyId, 'schedules'] as const,
  timeZone: (companyId: number) => ['settings', companyId, 'time-zone'] as const,
};

export const settingsApi = {
  list: () => http.call(settingRoutes.list),
  /** The company's clock; every user may read it (the settings list is admins' only). */
  timeZone: () => http.call(settingRoutes.timeZone),
  update: (key: string, value: string) => http.call(settingRoutes.update, { params: { key }, body: { value } }),
  /** The super user's companies admin: any company's settings by id. */
  listOf: (companyId: number) => http.call(settingRoutes.listOfCompany, { params: { id: companyId } }),
  updateOf: (companyId: number, key: string, value: string) =>
    http.call(settingRoutes.updateOfCompany, { params: { id: companyId, key }, body: { value } }),
  schedules: (companyId: number) => http.call(companySchedulesRoutes.get, { params: { id: companyId } }),
  saveSchedules: (companyId: number, schedules: WeeklyScheduleEntry[]) =>
    http.call(companySchedulesRoutes.save, { params: { id: companyId }, body: { schedules }, silent: true }),
};
