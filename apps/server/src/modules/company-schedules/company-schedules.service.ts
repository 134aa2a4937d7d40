import { defaultWeeklySchedule, hasPermission, type WeeklyScheduleEntry, weekdaysEn } from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { CompanySchedulesRepository } from './company-schedules.repository.ts';

/** Monday first, whatever order the client sent. */
const byWeekday = (a: WeeklyScheduleEntry, b: WeeklyScheduleEntry) =>
  weekdaysEn.indexOf(a.weekdayEn) - weekdaysEn.indexOf(b.weekdayEn);

export function createCompanySchedulesService(repository: CompanySchedulesRepository) {
  /**
   * An admin reaches only their own company; the super user any. Another company's id answers
   * 404 so ids cannot be probed.
   */
  function authorize(session: RequestSession, companyId: number) {
    if (session.isSuper) return;
    if (companyId !== session.companyId) throw new AppError('ERR_NOT_FOUND');
    if (!hasPermission(session, 'drawer-admin-items:view')) throw new AppError('ERR_NO_PERMISSION');
  }

  return {
    /** spec: a company with no hours yet gets the default week. */
    async get(session: RequestSession, companyId: number) {
      authorize(session, companyId);
      const stored = await repository.find(companyId);
      if (stored === null) throw new AppError('ERR_NOT_FOUND');
      return { schedules: stored.length > 0 ? stored : defaultWeeklySchedule };
    },

    async save(session: RequestSession, companyId: number, schedules: WeeklyScheduleEntry[]) {
      authorize(session, companyId);
      const saved = await repository.save(companyId, [...schedules].sort(byWeekday));
      if (saved === null) throw new AppError('ERR_NOT_FOUND');
      return { schedules: saved };
    },
  };
}

export type CompanySchedulesService = ReturnType<typeof createCompanySchedulesService>;
