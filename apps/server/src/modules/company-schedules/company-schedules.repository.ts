import type { WeeklyScheduleEntry } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies } from '../../tables.ts';

/** The weekly hours stored on the company row (`companies.schedules`). */
export function createCompanySchedulesRepository(db: Database) {
  return {
    async find(companyId: number) {
      const [row] = await db
        .select({ schedules: companies.schedules })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row ? row.schedules : null;
    },

    async save(companyId: number, schedules: WeeklyScheduleEntry[]) {
      const rows = await db
        .update(companies)
        .set({ schedules, updatedAt: new Date() })
        .where(eq(companies.id, companyId))
        .returning({ schedules: companies.schedules });
      return rows[0]?.schedules ?? null;
    },
  };
}

export type CompanySchedulesRepository = ReturnType<typeof createCompanySchedulesRepository>;
