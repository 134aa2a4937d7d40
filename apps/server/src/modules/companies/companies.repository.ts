import { type CompanyFields, type CompanyRecord, pageSizes, type Recurrence } from '@wacrm/shared';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { containsText, likePattern } from '../../platform/db/text-search.ts';
import { authSessions, companies, plans, settings, users, whatsapps } from '../../tables.ts';
import { defaultSettingsRows } from '../settings/index.ts';

const CAMPAIGNS_SETTING = 'campaignsEnabled';

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
 * Companies are the tenants themselves; only the super user's routes reach most of this.
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

    /** The company row and every default setting (campaignsEnabled as given). */
    async insert(fields: CompanyFields) {
      const { campaignsEnabled, schedules, ...columns } = fields;
      const [row] = await db
        .insert(companies)
        .values({ ...columns, ...(schedules ? { schedules } : {}) })
        .returning({ id: companies.id });
      const defaults = defaultSettingsRows(row.id).map((setting) =>
        setting.key === CAMPAIGNS_SETTING ? { ...setting, value: String(campaignsEnabled) } : setting,
      );
      await db.insert(settings).values(defaults);
      return row.id;
    },

    async insertAdminUser(companyId: number, user: { name: string; email: string; passwordHash: string }) {
      const [row] = await db
        .insert(users)
        .values({ companyId, ...user, profile: 'admin', allTicket: 'enabled' })
        .returning({ id: users.id });
      return row.id;
    },

    async update(id: number, fields: CompanyFields) {
      const { campaignsEnabled, schedules, ...columns } = fields;
      const rows = await db
        .update(companies)
        .set({ ...columns, ...(schedules ? { schedules } : {}), updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning({ id: companies.id });
      if (rows.length === 0) return false;
      await db
        .insert(settings)
        .values({ companyId: id, key: CAMPAIGNS_SETTING, value: String(campaignsEnabled) })
        .onConflictDoUpdate({
          target: [settings.companyId, settings.key],
          set: { value: String(campaignsEnabled), updatedAt: new Date() },
        });
      return true;
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

    /**
     * Ends every session of the company's users except super users': their refresh sessions go,
     * and a bumped token version makes their access tokens fail even if the company comes back.
     */
    async endUserSessions(id: number) {
      const regularUsers = and(eq(users.companyId, id), eq(users.isSuper, false));
      await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(regularUsers);
      await db
        .delete(authSessions)
        .where(
          and(
            eq(authSessions.companyId, id),
            inArray(authSessions.userId, db.select({ id: users.id }).from(users).where(regularUsers)),
          ),
        );
    },

    async setDueDate(id: number, dueDate: string) {
      await db.update(companies).set({ dueDate, updatedAt: new Date() }).where(eq(companies.id, id));
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
