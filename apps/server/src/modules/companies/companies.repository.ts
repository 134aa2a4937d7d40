import {
  type CompanyFields,
  type CompanyRecord,
  pageSizes,
  type Recurrence,
  type WeeklyScheduleEntry,
} from '@wacrm/shared';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client.ts';
import { containsText, likePattern } from '../../platform/db/text-search.ts';
import { companies, plans, settings, users, whatsapps } from '../../tables.ts';

export const CAMPAIGNS_SETTING = 'campaignsEnabled';

/** A new company's row (its settings and first admin are written by their own modules). */
export type NewCompany = PgInsertValue<typeof companies>;

/** campaignsEnabled lives in the settings table; a missing row means the default ('true'). */
const campaignsSetting = sql<string | null>`(
  select ${settings.value} from ${settings}
  where ${settings.companyId} = ${companies.id} and ${settings.key} = ${CAMPAIGNS_SETTING}
)`;

const companyColumns = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  planId: companies.planId,
  planName: plans.name,
  status: companies.status,
  campaignsSetting,
  dueDate: companies.dueDate,
  recurrence: companies.recurrence,
  schedules: companies.schedules,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

const selectCompanies = (db: Database) =>
  db.select(companyColumns).from(companies).leftJoin(plans, eq(plans.id, companies.planId));
type CompanyRow = Awaited<ReturnType<typeof selectCompanies>>[number];

function toRecord(row: CompanyRow): CompanyRecord {
  const { planName, campaignsSetting: campaigns, ...company } = row;
  return {
    ...company,
    plan: company.planId !== null && planName !== null ? { id: company.planId, name: planName } : null,
    campaignsEnabled: campaigns !== 'false',
    recurrence: company.recurrence as Recurrence,
    createdAt: new Date(company.createdAt).toISOString(),
    updatedAt: new Date(company.updatedAt).toISOString(),
  };
}

/**
 * Companies are the tenants themselves; only the super user's routes reach most of this. The
 * other writers of a company row (signup, billing, the weekly hours, the seed) come here too.
 * Give it a transaction to make several calls one unit.
 */
export function createCompaniesRepository(db: Database) {
  return {
    async page(searchParam: string, pageNumber: number) {
      const size = pageSizes.companies;
      const term = searchParam.trim();
      const where: SQL | undefined = term
        ? or(
            containsText(companies.name, term),
            containsText(companies.email, term),
            ilike(companies.phone, likePattern(term)),
          )
        : undefined;
      const [rows, [{ value: total }]] = await Promise.all([
        selectCompanies(db)
          .where(where)
          .orderBy(asc(companies.name), asc(companies.id))
          .limit(size)
          .offset((pageNumber - 1) * size),
        db.select({ value: count() }).from(companies).where(where),
      ]);
      return { companies: rows.map(toRecord), count: total, hasMore: pageNumber * size < total };
    },

    async listAll() {
      const rows = await selectCompanies(db).orderBy(asc(companies.name), asc(companies.id));
      return rows.map(toRecord);
    },

    async findById(id: number) {
      const [row] = await selectCompanies(db).where(eq(companies.id, id));
      return row ? toRecord(row) : null;
    },

    async planExists(planId: number) {
      const [row] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
      return Boolean(row);
    },

    async isUserEmailTaken(email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return Boolean(row);
    },

    async insert(values: NewCompany) {
      const [row] = await db.insert(companies).values(values).returning({
        id: companies.id,
        name: companies.name,
        dueDate: companies.dueDate,
        recurrence: companies.recurrence,
        status: companies.status,
        planId: companies.planId,
      });
      return row;
    },

    /** The admin screen's fields (campaignsEnabled is a setting, written by the caller). */
    async update(id: number, fields: Omit<CompanyFields, 'campaignsEnabled'>) {
      const { schedules, ...columns } = fields;
      const rows = await db
        .update(companies)
        .set({ ...columns, ...(schedules ? { schedules } : {}), updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning({ id: companies.id });
      return rows.length > 0;
    },

    /** Locks the row so two renewals at once advance the date twice, not once from the same start. */
    async findForRenewal(id: number) {
      const [row] = await db
        .select({ dueDate: companies.dueDate, recurrence: companies.recurrence })
        .from(companies)
        .where(eq(companies.id, id))
        .for('update');
      return row ? { ...row, recurrence: row.recurrence as Recurrence } : null;
    },

    /** Status and due date before a change, locked so two edits at once see each other's result. */
    async findAccessState(id: number) {
      const [row] = await db
        .select({ companyStatus: companies.status, dueDate: companies.dueDate })
        .from(companies)
        .where(eq(companies.id, id))
        .for('update');
      return row ?? null;
    },

    async setDueDate(id: number, dueDate: string) {
      await db.update(companies).set({ dueDate, updatedAt: new Date() }).where(eq(companies.id, id));
    },

    /** A paid invoice: the company is paid up to `dueDate`, on the plan it paid for. */
    async setDueDateAndPlan(id: number, dueDate: string, planId: number | null) {
      await db.update(companies).set({ dueDate, planId, updatedAt: new Date() }).where(eq(companies.id, id));
    },

    /** The weekly opening hours (the company-schedules module's screen); null when the company is gone. */
    async setSchedules(id: number, schedules: WeeklyScheduleEntry[]) {
      const rows = await db
        .update(companies)
        .set({ schedules, updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning({ schedules: companies.schedules });
      return rows[0]?.schedules ?? null;
    },

    /** Every tenant table references companies with ON DELETE CASCADE: one statement removes it all. */
    async remove(id: number) {
      const rows = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
      return rows.length > 0;
    },

    /** The company's connections, whose live sessions must stop before it goes. */
    async connectionIdsOf(id: number) {
      const rows = await db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.companyId, id));
      return rows.map((row) => row.id);
    },

    async hasSuperUser(id: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, id), eq(users.isSuper, true)))
        .limit(1);
      return Boolean(row);
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
