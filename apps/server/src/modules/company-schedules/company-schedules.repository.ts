import type { WeeklyScheduleEntry } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies } from '../../tables.ts';
import { createCompaniesRepository } from '../companies/index.ts';

/** The weekly hours stored on the company row (`companies.schedules`, written by the companies module). */
export function createCompanySchedulesRepository(db: Database) {
  const companyRows = createCompaniesRepository(db);
  return {
    async find(companyId: number) {
      const [row] = await db
        .select({ schedules: companies.schedules })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row ? row.schedules : null;
    },

    save: (companyId: number, schedules: WeeklyScheduleEntry[]) => companyRows.setSchedules(companyId, schedules),
  };
}

export type CompanySchedulesRepository = ReturnType<typeof createCompanySchedulesRepository>;
